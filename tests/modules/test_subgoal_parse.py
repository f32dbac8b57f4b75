"""Reading subgoal plans from model text: the shapes models write, per-line errors, never raising."""

from hypothesis import given, strategies as st

from eai.ltl import And, Not, Or, Prim
from eai.modules.subgoals.parse import parse_subgoals

NEXT_TO = Prim("NEXT_TO", ("character.65", "dvd_player.1000"))
ON = Prim("ON", ("dvd_player.1000",))


def formulas(text):
    parsed = parse_subgoals(text)
    assert not parsed.error and not parsed.line_errors, parsed
    return [line.formula for line in parsed.lines]


def test_the_papers_format_with_its_other_keys():
    text = ('{"necessity_to_use_action": "no", "actions_to_include": [], "output": '
            '["NEXT_TO(character.65, dvd_player.1000)", "PLUGGED_IN(dvd_player.1000) and CLOSED(dvd_player.1000)",'
            ' "ON(dvd_player.1000)"]}')
    assert formulas(text) == [NEXT_TO, And((Prim("PLUGGED_IN", ("dvd_player.1000",)), Prim("CLOSED", ("dvd_player.1000",)))), ON]


def test_cut_off_at_the_stop_sequence_fences_and_prose():
    # upstream generation stops at "}", so the closing brace is often missing
    assert formulas('{"output": ["NEXT_TO(character.65, dvd_player.1000)", "ON(dvd_player.1000)"]') == [NEXT_TO, ON]
    fenced = 'Here is the plan:\n```json\n{"output": ["ON(dvd_player.1000)"]}\n```\nDone.'
    assert formulas(fenced) == [ON]


def test_a_bare_list_and_plain_lines():
    assert formulas('["NEXT_TO(character.65, dvd_player.1000)", "ON(dvd_player.1000)"]') == [NEXT_TO, ON]
    lines = "Plan:\n1. NEXT_TO(character.65, dvd_player.1000),\n- \"ON(dvd_player.1000)\"\n"
    assert formulas(lines) == [NEXT_TO, ON]
    assert formulas('{"output": "NEXT_TO(character.65, dvd_player.1000)\\nON(dvd_player.1000)"}') == [NEXT_TO, ON]


def test_connectives_in_any_case_and_then_as_consecutive_subgoals():
    assert formulas('["NOT ON(dvd_player.1000) OR NEXT_TO(character.65, dvd_player.1000)"]') == [Or((Not(ON), NEXT_TO))]
    assert formulas('["NEXT_TO(character.65, dvd_player.1000) then ON(dvd_player.1000)"]') == [NEXT_TO, ON]


def test_a_bad_line_is_kept_with_its_error_and_the_others_are_read():
    parsed = parse_subgoals('{"output": ["NEXT_TO(character.65, dvd_player.1000)", "ON(dvd_player.1000", 7]}')
    assert parsed.lines[0].formula == NEXT_TO
    assert [i for i, _ in parsed.line_errors] == [1, 2]
    assert "expected" in parsed.line_errors[0][1] and "got int" in parsed.line_errors[1][1]


def test_nested_then_is_a_line_error():
    parsed = parse_subgoals('["(ON(a.1) then ON(b.2)) and ON(c.3)"]')
    assert parsed.lines[0].formula is None and "then" in parsed.lines[0].error


def test_no_plan_at_all():
    assert parse_subgoals("I cannot help with that.").error
    assert parse_subgoals(None).error  # type: ignore[arg-type]
    assert parse_subgoals('{"output": []}') == parse_subgoals("[]")
    assert parse_subgoals("[]").lines == () and not parse_subgoals("[]").error


@given(st.text())
def test_arbitrary_text_never_raises(text):
    parsed = parse_subgoals(text)
    assert parsed.error or all(line.formula is not None or line.error for line in parsed.lines)


@given(st.lists(st.text(alphabet="ONTOP()character.65,_ andornt[]{}\"'\n", max_size=40), max_size=5))
def test_formula_like_text_never_raises(items):
    parse_subgoals('{"output": [' + ", ".join(f'"{item}"' for item in items) + "]}")
    parse_subgoals("\n".join(items))


def test_deep_nesting_is_a_line_error_not_a_crash():
    parsed = parse_subgoals('["' + "not " * 3000 + 'ON(dvd_player.1000)"]')
    assert "nested deeper" in parsed.lines[0].error


# Plain text (issue 30, item 18): a plan only when its formula lines are one list; never lines taken out of prose.

NAMES = st.from_regex(r"[a-z][a-z_]{0,8}[a-z]", fullmatch=True).filter(lambda n: n not in ("not", "and", "or", "then"))
PRIMS = st.builds(lambda name, args: Prim(name, tuple(args)), NAMES,
                  st.lists(st.from_regex(r"[a-z][a-z_]{0,6}_[0-9]", fullmatch=True), min_size=1, max_size=2))
WRITTEN = st.one_of(PRIMS.map(lambda p: (p, f"{p.name}({', '.join(p.args)})")),
                    PRIMS.map(lambda p: (Not(p), f"not {p.name}({', '.join(p.args)})")),
                    st.tuples(PRIMS, PRIMS).map(lambda ps: (And(ps), " and ".join(f"{p.name}({', '.join(p.args)})" for p in ps))))
DECORATED = st.tuples(WRITTEN, st.sampled_from(["", "- ", "* ", "1. ", "2) ", '"', "  "]), st.sampled_from(["", ",", '"', '",'])) \
    .map(lambda w: (w[0][0], w[1] + w[0][1] + w[2] if w[1] != '"' else '"' + w[0][1] + '"' + w[2].lstrip('"')))
WORDS = st.lists(st.from_regex(r"[A-Za-z']{1,9}", fullmatch=True).filter(
    lambda w: w.lower() not in ("not", "forall", "exists", "forn", "initial", "current", "starting", "start")), min_size=1, max_size=8)
PROSE = st.tuples(WORDS, st.sampled_from([".", ":", "!", "", "?"])).map(lambda t: " ".join(t[0]) + t[1])
RESTATING = st.sampled_from(["Initial state:", "## Initial states", "**Current state:**", "The initial state is:",
                             "Starting conditions:", "initial state"])


@given(st.lists(PROSE, max_size=3), st.lists(DECORATED, min_size=1, max_size=8), st.lists(PROSE, max_size=3),
       st.booleans())
def test_plain_text_accepts_one_list_of_formula_lines_with_prose_before_and_after(lead, lines, trail, spaced):
    body = ("\n\n" if spaced else "\n").join(text for _, text in lines)
    text = "\n".join([*lead, body, *trail])
    assert formulas(text) == [formula for formula, _ in lines]


@given(st.lists(DECORATED, min_size=1, max_size=4), PROSE, st.lists(DECORATED, min_size=1, max_size=4),
       st.lists(PROSE, max_size=2))
def test_plain_text_refuses_formula_lines_scattered_through_prose(first, between, then, lead):
    text = "\n".join([*lead, *(t for _, t in first), between, *(t for _, t in then)])
    parsed = parse_subgoals(text)
    assert parsed.lines == () and "scattered through prose" in parsed.error


@given(st.lists(PROSE, max_size=2), RESTATING, st.lists(DECORATED, min_size=1, max_size=6), st.lists(PROSE, max_size=2))
def test_plain_text_refuses_lines_announced_as_the_initial_state(lead, heading, lines, trail):
    parsed = parse_subgoals("\n".join([*lead, heading, *(t for _, t in lines), *trail]))
    assert parsed.lines == () and "restate the state given" in parsed.error


@given(st.lists(DECORATED, min_size=2, max_size=6), st.integers(min_value=1, max_value=8))
def test_plain_text_cut_by_the_provider_leaves_out_the_line_it_ended_inside(lines, keep):
    text = "\n".join(t for _, t in lines)
    last = text.rfind("\n") + 1
    cut = text[:last + min(keep, len(text) - last - 1)]  # the text ends inside its last line
    parsed = parse_subgoals(cut, cut=True)
    assert parsed.truncated and [line.formula for line in parsed.lines] == [f for f, _ in lines[:-1]]
    assert [line.formula for line in parse_subgoals(text + "\n", cut=True).lines] == [f for f, _ in lines]
