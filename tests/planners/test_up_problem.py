"""Our model as a unified-planning problem: names, types, rejected operators,
the written PDDL, and agreement with UP's own Fast Downward engine."""

import dataclasses

import pytest

from eai.pddl import And, Exists, Not, Operator, Or, Pred
from eai.simulation.planner import Budget, Outcome
from eai_fast_downward.planner import FastDownward
from eai_fast_downward.up_problem import ProblemError, convert, write_pddl
from tests.planners.test_fast_downward import BEHAVIOR, VIRTUALHOME, problem

GRAB = (("?char", "character"), ("?obj", "object"))


def with_operators(*operators):
    return dataclasses.replace(VIRTUALHOME, operators=operators)


def test_clashing_names_are_renamed_and_mapped_back(tmp_path):
    conversion = convert(VIRTUALHOME, problem("vh_Pet_cat_1035_1.pddl"))
    assert conversion.rejected == {} and conversion.dropped_init == 0
    names = write_pddl(conversion, tmp_path / "domain.pddl", tmp_path / "problem.pddl")
    assert names["open_1"] == "open" and names["character_1"] == "character"
    assert names["walk_towards"] == "walk_towards"
    domain = (tmp_path / "domain.pddl").read_text()
    assert "(open ?obj - object_)" in domain and "(:action open_1" in domain
    assert "character - object_" in domain  # a character is an object, as in PDDL
    find = domain[domain.index("(:action find"):]
    assert find[: find.index("(:action", 1)].rstrip().endswith(":effect (and))")


def test_ill_typed_init_atoms_are_left_out():
    task = problem("vh_Pet_cat_1035_1.pddl")
    odd = dataclasses.replace(task, init=(*task.init, ("facing", "cat", "cat")))  # facing wants a character
    assert convert(VIRTUALHOME, odd).dropped_init == 1
    assert FastDownward().solve(VIRTUALHOME, odd, Budget(cpu_seconds=30)).solved


@pytest.mark.parametrize("operator, reason", [
    (Operator("grab", GRAB, Pred("gizmo", ("?obj",))), "undefined predicate gizmo"),
    (Operator("grab", GRAB, Pred("next_to", ("?char",))), "next_to takes 2 argument(s), got 1"),
    (Operator("grab", GRAB, Pred("holds_rh", ("?obj", "?char"))), "holds_rh ?obj ?char"),
    (Operator("grab", GRAB, Pred("grabbable", ("?thing",))), "unbound variable ?thing in grabbable"),
    (Operator("grab", GRAB, Pred("grabbable", ("unicorn",))), "undeclared object unicorn in grabbable"),
    (Operator("grab", GRAB, effect=Or((Pred("clean", ("?obj",)), Pred("dirty", ("?obj",))))), "not an effect: or"),
    (Operator("grab", GRAB, effect=Exists((("?o", "object"),), Pred("clean", ("?o",)))), "not an effect: exists"),
    (Operator("grab", GRAB, effect=Not(Not(Pred("clean", ("?obj",))))), "not an effect: not"),
    (Operator("grab", (("?x", "robot"),)), "undeclared type robot"),
    # quantifiers over one literal are checked as written, before they are written out (eai.pddl.expand)
    (Operator("grab", GRAB, Not(Exists((("?o", "object"),), Pred("holds_rh", ("?o", "?char"))))), "holds_rh ?o ?char"),
    (Operator("grab", GRAB, Exists((("?o", "object"),), Pred("gizmo", ("?o",)))), "undefined predicate gizmo"),
    (Operator("grab", (("?x", "object"), ("?x", "object"))), "a parameter is named twice"),
])
def test_ill_formed_operators_are_rejected_with_the_reason(operator, reason):
    fine = VIRTUALHOME.operator("walk_towards")
    conversion = convert(with_operators(operator, fine), problem("vh_Pet_cat_1035_1.pddl"))
    assert list(conversion.rejected) == ["grab"] and reason in conversion.rejected["grab"]
    assert [action.name for action in conversion.problem.actions] == ["walk_towards"]


def test_an_operator_that_can_never_apply_is_left_out_of_the_written_domain(tmp_path):
    never = Operator("grab", GRAB, And((Pred("grabbable", ("?obj",)), Not(Pred("grabbable", ("?obj",))))))
    conversion = convert(with_operators(never, VIRTUALHOME.operator("walk_towards")), problem("vh_Pet_cat_1035_1.pddl"))
    assert conversion.rejected == {}
    names = write_pddl(conversion, tmp_path / "domain.pddl", tmp_path / "problem.pddl")
    assert "grab" not in names and "(:action grab" not in (tmp_path / "domain.pddl").read_text()
    assert FastDownward().solve(with_operators(never), problem("vh_Pet_cat_1035_1.pddl"), Budget(cpu_seconds=30)).outcome \
        is Outcome.UNSOLVABLE


def test_a_constant_in_an_operator_is_a_problem_object(tmp_path):
    task = problem("vh_Pet_cat_1035_1.pddl")
    target = next(name for name, typ in task.objects if typ == "object")
    op = Operator("look", GRAB, And((Pred("next_to", ("?char", target)),)), Pred("clean", (target,)))
    conversion = convert(with_operators(op), task)
    assert conversion.rejected == {}
    write_pddl(conversion, tmp_path / "domain.pddl", tmp_path / "problem.pddl")
    assert f"(:constants\n   {target} - object_" in (tmp_path / "domain.pddl").read_text()


@pytest.mark.parametrize("change, message", [
    (lambda p: dataclasses.replace(p, init=(*p.init, ("grabbable", "unicorn"))), "undeclared object unicorn"),
    (lambda p: dataclasses.replace(p, init=(*p.init, ("shiny", "character"))), "undefined predicate shiny"),
    (lambda p: dataclasses.replace(p, goal=Pred("sitting", ("bathroom",))), "goal:"),
    (lambda p: dataclasses.replace(p, objects=(*p.objects, ("r2", "robot"))), "object r2: undeclared type robot"),
])
def test_a_faulty_problem_raises(change, message):
    with pytest.raises(ProblemError, match=message):
        convert(VIRTUALHOME, change(problem("vh_Pet_cat_1035_1.pddl")))


def without_empty_effects(domain):
    """UP's own writer leaves out ``:effect`` of these (Fast Downward then
    rejects the domain); they change nothing, so plans need none of them."""
    return dataclasses.replace(domain, operators=tuple(op for op in domain.operators if op.effect != And(())))


AGREEMENT = [
    (VIRTUALHOME, "vh_Pet_cat_1035_1.pddl"),
    (VIRTUALHOME, "vh_Cook_some_food_392_2.pddl"),
    (VIRTUALHOME, "vh_Write_an_email_996_2.pddl"),  # proven unsolvable
    (BEHAVIOR, "b_installing_a_modem_0_Beechwood_0_int_0_2021-10-25_20-28-55.pddl"),
    (BEHAVIOR, "b_locking_every_door_0_Merom_1_int_0_2021-10-20_05-53-14.pddl"),
]


@pytest.mark.parametrize("domain, name", AGREEMENT, ids=[name[:24] for _, name in AGREEMENT])
def test_unified_planning_oneshot_planner_agrees(domain, name):
    from unified_planning.engines import PlanGenerationResultStatus as Status
    from unified_planning.shortcuts import OneshotPlanner

    domain, task = without_empty_effects(domain), problem(name)
    ours = FastDownward().solve(domain, task, Budget(cpu_seconds=30))
    with OneshotPlanner(name="fast-downward") as planner:
        theirs = planner.solve(convert(domain, task).problem, timeout=30)
    assert theirs.status in (Status.SOLVED_SATISFICING, Status.UNSOLVABLE_PROVEN)
    assert ours.solved == (theirs.status is Status.SOLVED_SATISFICING)
    assert ours.solved == (name != "vh_Write_an_email_996_2.pddl")



@pytest.mark.parametrize("domain, name", AGREEMENT, ids=[name[:24] for _, name in AGREEMENT])
def test_the_kind_without_linearity_checks_is_unified_plannings_own(domain, name):
    from unified_planning.model import Problem
    from unified_planning.model.walkers import linear_checker

    built = convert(domain, problem(name)).problem
    kind = built.kind  # computed once, UP's linearity checks skipped
    assert linear_checker.LinearChecker.__name__ == "LinearChecker"  # UP's own again
    assert kind == Problem.kind.fget(built)  # UP's computation, checks and all
    assert kind.has_negative_conditions() and kind.has_hierarchical_typing()
