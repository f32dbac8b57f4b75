"""Actions written in a benchmark's own words (EmbodiedBench's ``find a Ladle``)
and its answer format ``{"executable_plan": [{"action_id", "action_name"}]}``."""

from hypothesis import given, strategies as st

from eai.modules.plans.parse import RawStep, parse_plan
from eai.simulation.simulator import ActionSpec, Vocabulary
from eai.world import Action

VOCABULARY = Vocabulary({
    "FIND": ActionSpec("FIND", 1, phrases=("find a {}", "find an {}")),
    "PUT_DOWN": ActionSpec("PUT_DOWN", 0, phrases=("put down the object in hand",)),
    "PUT": ActionSpec("PUT", 2, phrases=("put the {} into the {}",)),
})

# shaped like EmbodiedBench's example answers (which quote their outer keys with ')
EB_ANSWER = """{'language_plan': 'Find the box, pick it up...',
'executable_plan': [
{"action_id": 61, "action_name": "find a Box"},
{"action_id": 103, "action_name": "pick up the Box"},
{"action_id": 18, "action_name": "find a DiningTable"},
{"action_id": 133, "action_name": "put down the object in hand"}
]}"""


def test_phrases_read_as_their_action_and_objects():
    assert VOCABULARY.read_phrase("find a Cabinet_2") == ("FIND", ("Cabinet_2",))
    assert VOCABULARY.read_phrase("  Find   an apple ") == ("FIND", ("apple",))
    assert VOCABULARY.read_phrase("find a dining table") == ("FIND", ("dining table",))
    assert VOCABULARY.read_phrase("PUT DOWN the object in hand") == ("PUT_DOWN", ())
    assert VOCABULARY.read_phrase("put the cup into the sink") == ("PUT", ("cup", "sink"))


def test_actions_are_written_in_their_first_phrase():
    assert VOCABULARY.write_phrase(Action("FIND", ("Cabinet_2",))) == "find a Cabinet_2"
    assert VOCABULARY.write_phrase(Action("PUT", ("cup", "sink"))) == "put the cup into the sink"
    assert VOCABULARY.write_phrase(Action("WALK", ("sink",))) == "WALK(sink)"


def test_other_words_are_no_phrase():
    for text in ("find apple", "put down the object", "fly to the moon", "", "find a "):
        assert VOCABULARY.read_phrase(text) is None


NAMES = st.text(st.characters(whitelist_categories=("Lu", "Ll", "Nd"), whitelist_characters="_ "), min_size=1,
                max_size=20).map(lambda s: " ".join(s.split())).filter(bool)


@given(name=NAMES, other=NAMES)
def test_every_phrase_reads_back(name, other):
    assert VOCABULARY.read_phrase(f"put the {name} into the {other}") == ("PUT", (name, other))
    action, args = VOCABULARY.read_phrase(f"find a {name}") or ("", ())
    assert action == "FIND" and args in ((name,), (name.removeprefix("n "),))  # "find a n x" is "find an x"


@given(st.text(max_size=200))
def test_reading_phrases_never_raises(text):
    VOCABULARY.read_phrase(text)
    parse_plan(text)


def test_embodiedbench_answers_keep_their_words():
    parsed = parse_plan(EB_ANSWER)
    assert not parsed.error
    assert [step.text for step in parsed.steps] == ["find a Box", "pick up the Box", "find a DiningTable",
                                                     "put down the object in hand"]
    assert parsed.steps[0] == RawStep("FIND_A_BOX", (), "find a Box", action_id=61)


def test_the_plan_is_found_beside_other_keys():
    text = '{"reasoning_and_reflection": "first find it", "executable_plan": [{"action_id": 1, "action_name": "find a Box"}]}'
    assert [step.text for step in parse_plan(text).steps] == ["find a Box"]
    assert parse_plan('{"plan": [["WALK", "sink"]], "note": "x"}').steps == (RawStep("WALK", ("sink",)),)
