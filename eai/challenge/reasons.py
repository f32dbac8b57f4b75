"""Why eai's verdict on a task differs from the official evaluator's.

Each :class:`Reason` is a difference docs/ already describes: an upstream
defect eai does not reproduce (docs/metrics.md, "Where we differ from the
upstream evaluator(s)" of each module) or a deliberate choice of eai. A rule
gives a reason to a differing task only on evidence from that task: the
answer, the two verdicts and what the upstream logged or wrote, eai's
record. A difference no rule explains is *unexplained* and shown as such.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from eai.challenge.outcomes import Verdict
from eai.world.task import Task

DEFECT, CHOICE, UNEXPLAINED = "upstream defect", "eai's choice", "unexplained"
AS_DOCS = "docs/metrics.md, Action sequencing, Where we differ from the upstream evaluator"
VH_DOCS = "docs/virtualhome-simulator.md"


@dataclass(frozen=True)
class Reason:
    """A documented difference: its kind (:data:`DEFECT` or :data:`CHOICE`), what it is, where docs/ says so."""

    key: str
    kind: str
    text: str
    where: str


@dataclass(frozen=True)
class Evidence:
    """What a rule may read about one differing task."""

    task: Task
    answer: str
    ours: Verdict
    theirs: Verdict
    record: dict[str, Any]


Rule = Callable[[Evidence], bool]

EMPTY_STEP = re.compile(r'"[A-Za-z_]+"\s*:\s*\[\s*\]')  # a zero-argument step in the upstream's answer format
PLUG = re.compile(r"\bPLUG_?(IN|OUT)\b", re.I)
GRAMMAR = ("parsing", "hallucination", "arity")  # verdicts given before a plan runs
NEEDS_MOVABLE = re.compile(r"^(PUSH|PULL)\(.*needs an object with MOVABLE")

LEFT_OUT = Reason("left out", DEFECT, "it leaves out tasks whose own gold final state fails its goal check "
                  "(those with two or more relation goals, 37 of 342); eai scores every task", AS_DOCS)
SHORTCUT = Reason("gold shortcut", DEFECT, "an answer equal to the gold program is counted executable without "
                  "being simulated, and never successful", AS_DOCS)
PLUG_ACTIONS = Reason("PLUGIN/PLUGOUT", DEFECT, "PLUGIN and PLUGOUT are hallucinations to it, though its prompt "
                      "offers them and its simulator executes them", AS_DOCS)
EMPTY_ARGUMENTS = Reason("[] steps dropped", DEFECT, "its reader drops zero-argument steps written [] "
                         "(STANDUP, SLEEP, WAKEUP), so the plan it runs is not the answer", AS_DOCS)
GOAL_ORDER = Reason("action goals by hash seed", DEFECT, "it checks the action goals in an order that follows "
                    "Python's hash seed (they went through set()), so goals met in the gold order can be missed",
                    AS_DOCS)
UNLISTED = Reason("unlisted object", CHOICE, "it calls an object its prompt does not list a hallucination (the "
                  "prompt lists those whose state or relations the gold program changes); eai accepts every "
                  "object of the scene", AS_DOCS)
MOVABLE = Reason("PUSH needs MOVABLE", CHOICE, "PUSH and PULL need a MOVABLE object in eai; VirtualHome's own "
                 "check lets them through for every object", VH_DOCS)


def plugs(e: Evidence) -> bool:
    return e.theirs.shown == "hallucination" and bool(PLUG.search(e.answer))


def goal_order(e: Evidence) -> bool:
    """The upstream checked two or more action goals in another order than the task's."""
    logged = e.theirs.detail.get("action_goals") or []
    gold = ["|".join(step) for step in e.task.goal.action]
    return len(gold) > 1 and [g.upper() for g in logged] != [g.upper() for g in gold]


# Rules in order; an exclusive one (the task was not judged on its answer at all) stands alone.
ACTION_SEQUENCING: tuple[tuple[Reason, Rule, bool], ...] = (
    (LEFT_OUT, lambda e: bool(e.theirs.detail.get("dropped")), True),
    (SHORTCUT, lambda e: bool(e.theirs.detail.get("shortcut")), True),
    (PLUG_ACTIONS, plugs, False),
    (EMPTY_ARGUMENTS, lambda e: e.theirs.shown not in GRAMMAR and bool(EMPTY_STEP.search(e.answer)), False),
    (GOAL_ORDER, lambda e: e.theirs.shown == "executable" and e.ours.shown == "success" and goal_order(e), False),
    (UNLISTED, lambda e: e.theirs.shown == "hallucination" and e.ours.shown != "hallucination" and not plugs(e),
     False),
    (MOVABLE, lambda e: e.ours.shown == "affordance" and bool(NEEDS_MOVABLE.match(e.record.get("error_detail") or "")),
     False),
)

SD_DOCS = "docs/metrics.md, Subgoal decomposition, Where we differ from the upstream evaluator"
GI_DOCS = "docs/metrics.md, Goal interpretation, Where we differ from the upstream evaluators"
RUNTIME = ("missing_step", "affordance", "wrong_order")

UNKNOWN_PRIMITIVE = Reason("action missing from its grammar", DEFECT, "its subgoal grammar lacks actions of the "
                           "vocabulary its prompt offers (POUR): a subgoal naming one is a hallucination", SD_DOCS)
RANDOM_OR = Reason("or chosen at random", DEFECT, "it refines one alternative of an `or` subgoal, chosen at random "
                   "(here random.seed(0)); eai refines each and keeps the best", SD_DOCS)
ONE_HAND = Reason("one template for both hands", DEFECT, "HOLDS_RH and HOLDS_LH have one template, FIND then GRAB, "
                  "whichever hand the grab fills (the right one first)", SD_DOCS)
TEMPLATE = Reason("fixed template", DEFECT, "it refines a subgoal by a fixed action template, which does not take "
                  "the steps the state needs first (open the container, stand up, lie down before SLEEP...); eai "
                  "refines every subgoal by search", SD_DOCS)
TEMPLATES_AND_ORDER = Reason("templates skip or undo subgoals", DEFECT, "its templates skip subgoals that have "
                             "none (SITTING, FACING, NEXT_TO...) and reach each subgoal without keeping the earlier "
                             "ones; eai refines every subgoal by search and prefers plans that keep them", SD_DOCS)


def or_alternative(e: Evidence) -> bool:
    """The upstream's failing subgoal is one alternative of a line written with ``or``."""
    failed = e.theirs.detail.get("failed_subgoal") or ""
    return any(failed in line and " or " in line for line in re.findall(r'"([^"]*)"', e.answer))


def goals_unmet(e: Evidence) -> bool:
    return e.theirs.detail.get("report") == "GoalUnreachable" and e.ours.shown == "success"


SUBGOAL_DECOMPOSITION: tuple[tuple[Reason, Rule, bool], ...] = (
    (UNKNOWN_PRIMITIVE, lambda e: "Unknown primitive" in e.theirs.detail.get("message", "")
     and e.ours.shown != "hallucination", True),
    (RANDOM_OR, lambda e: e.theirs.shown == "affordance" and or_alternative(e), True),
    (ONE_HAND, lambda e: goals_unmet(e) and "HOLDS_LH" in e.answer, True),  # its GRAB fills the right hand first
    (TEMPLATE, lambda e: e.theirs.shown in RUNTIME and e.ours.shown in ("success", "executable"), True),
    (TEMPLATES_AND_ORDER, goals_unmet, True),
)

CLASS_NAME = Reason("class name read as one object", DEFECT, "a class name stands for one object, the last its "
                    "prompt lists, so gold goals on the other objects of the class are missed", GI_DOCS)
NOT_READ = Reason("answer not read", DEFECT, "an answer its reader cannot parse (it replaces every ' by \" and "
                  "takes only a leading fence) is skipped: its gold goals count nowhere", GI_DOCS)
UNCOUNTED = Reason("hallucinations uncounted", DEFECT, "hallucinated and malformed goals count neither as true "
                   "nor as false positives, so they cost no precision", GI_DOCS)
ACTION_MATCHING = Reason("action goals matched loosely", DEFECT, "a gold action step can be matched by several "
                         "predictions, in an order following the hash seed; eai matches each step once", GI_DOCS)
CASE = Reason("names compared as written", DEFECT, "predicate and relation names are compared case-sensitively "
              "as written; eai ignores case and _ and reads the printed relation names back", GI_DOCS)


def kind_counts(v: Verdict, kind: str) -> tuple[int, int, int]:
    return v.detail.get("kinds", {}).get(kind, (0, 0, 0))


GOAL_INTERPRETATION: tuple[tuple[Reason, Rule, bool], ...] = (
    (NOT_READ, lambda e: bool(e.theirs.detail.get("unread")), True),
    (CLASS_NAME, lambda e: e.theirs.key[0] < e.ours.key[0]
     and any(len(found) > 1 for found in e.record.get("ambiguous", {}).values()), False),
    (UNCOUNTED, lambda e: e.theirs.key[1] < e.ours.key[1]
     and bool(e.record.get("hallucinations") or e.record.get("malformed")), False),
    (ACTION_MATCHING, lambda e: kind_counts(e.theirs, "action") != kind_counts(e.ours, "action"), False),
    (CASE, lambda e: e.theirs.key[0] < e.ours.key[0] and bool(re.search(r'"(state|relation)"\s*:\s*"[^"]*[a-z]',
                                                                          e.answer)), False),
)

TM_DOCS = "docs/metrics.md, Transition modeling, Where we differ from the upstream evaluator"
BGI_DOCS = "docs/metrics.md, Goal interpretation, Where we differ from the upstream evaluators (BEHAVIOR)"

SAS_PLAN = Reason("plan lost to sas_plan", DEFECT, "its 32 planner processes share one sas_plan file, so a run "
                  "can lose its plan to another (its log shows the missing sas_plan)", TM_DOCS)
GOLD_COMPLETION = Reason("domain completed with gold", DEFECT, "it completes the domain with the gold operator "
                         "for every operator the answer lacks, so a partial answer plans with the gold domain", TM_DOCS)

TRANSITION_MODELING: tuple[tuple[Reason, Rule, bool], ...] = (
    (SAS_PLAN, lambda e: bool(e.theirs.detail.get("race")), True),
    (GOLD_COMPLETION, lambda e: e.theirs.key == (True,) and bool(e.record.get("missing")), True),
)

OWN_ANNOTATION = Reason("its own gold goals", DEFECT, "its gold is its goal-interpretation annotation "
                        "(all_conditions.json), not the task's goal: the two count different gold goals here",
                        BGI_DOCS)
SEPARATE_OPTIONS = Reason("options chosen apart", DEFECT, "it chooses the option of each condition separately, so "
                          "the chosen options can contradict each other; eai chooses one option of the whole goal",
                          BGI_DOCS)
FIRST_BRACES = Reason("answer read as first {...}", DEFECT, "it reads an answer as its first {...} without nested "
                      "braces, lower-cased, ' replaced by \"; eai reads what models write", BGI_DOCS)


def gold_count(v: Verdict) -> int:
    return v.key[0] + v.key[2]


BEHAVIOR_GOAL_INTERPRETATION: tuple[tuple[Reason, Rule, bool], ...] = (
    (FIRST_BRACES, lambda e: e.theirs.detail.get("predicted", 0) == 0 and e.ours.key[0] + e.ours.key[1] > 0, True),
    (OWN_ANNOTATION, lambda e: e.theirs.detail.get("gold") != gold_count(e.ours), True),
    (SEPARATE_OPTIONS, lambda e: e.record.get("option") is not None, True),
)

RULES = {("virtualhome", "action_sequencing"): ACTION_SEQUENCING,
         ("virtualhome", "transition_modeling"): TRANSITION_MODELING,
         ("behavior", "transition_modeling"): TRANSITION_MODELING,
         ("behavior", "goal_interpretation"): BEHAVIOR_GOAL_INTERPRETATION,
         ("virtualhome", "subgoal_decomposition"): SUBGOAL_DECOMPOSITION,
         ("virtualhome", "goal_interpretation"): GOAL_INTERPRETATION}


def explain(suite: str, module: str, evidence: Evidence) -> tuple[Reason, ...]:
    """The documented reasons that hold for this difference (none: unexplained)."""
    found = []
    for reason, rule, exclusive in RULES.get((suite, module), ()):
        if rule(evidence):
            if exclusive:
                return (reason,)
            found.append(reason)
    return tuple(found)


def kind_of(reasons: tuple[Reason, ...]) -> str:
    """The class of a difference: its reasons' kinds, or unexplained."""
    return ", ".join(dict.fromkeys(r.kind for r in reasons)) or UNEXPLAINED
