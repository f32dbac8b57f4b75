"""Lamps: SWITCHON/SWITCHOFF on objects that have a switch."""

from __future__ import annotations

from eai.plugin_api import (
    Action,
    ActionSpec,
    And,
    Check,
    Domain,
    Goal,
    Literal,
    Not,
    Obj,
    Operator,
    Pred,
    PredicateDecl,
    Simulator,
    Task,
    TaskSuite,
    UnknownNameError,
    Vocabulary,
    World,
)
from eai_example.prompts import action_sequencing_prompt, goal_interpretation_prompt

ACTIONS = {
    "SWITCHON": ActionSpec("SWITCHON", 1, (("HAS_SWITCH",),), "Turn on an item with a switch"),
    "SWITCHOFF": ActionSpec("SWITCHOFF", 1, (("HAS_SWITCH",),), "Turn off an item with a switch"),
}
TURNS = {"SWITCHON": ("ON", "OFF"), "SWITCHOFF": ("OFF", "ON")}


class LampWorld(World):
    actions = ACTIONS  # the kernel's check refuses other actions, or the wrong number of objects

    @property
    def initial(self):
        return self.index.state(self.task.init)

    def unaffordable(self, action):
        obj = self.objects.get(action.args[0])
        if obj is None:
            return f"unknown object {action.args[0]}"
        return "" if obj.has("HAS_SWITCH") else f"{obj.id} has no switch"

    def check_state(self, state, action):
        becomes, was = TURNS[action.name]
        if (becomes, action.args[0]) in state:
            return Check(redundant=True, reason=f"{action.args[0]} is already {becomes}")
        return Check()

    def apply(self, state, action):
        becomes, was = TURNS[action.name]
        return state.apply(add=[(becomes, action.args[0])], delete=[(was, action.args[0])])

    def successors(self, state, objects=None):
        for obj_id in sorted(objects if objects is not None else self.objects):
            for name in ACTIONS:
                action = Action(name, (obj_id,))
                if self.objects[obj_id].has("HAS_SWITCH") and not self.check(state, action).redundant:
                    yield action, self.apply(state, action)


class LampSimulator(Simulator):
    name = "lamps"
    description = "Switch lamps on and off (example plugin)"
    # the modules it has prompts for, and their builders: eai runs its suite on these two
    prompts = {"goal_interpretation": goal_interpretation_prompt, "action_sequencing": action_sequencing_prompt}

    @property
    def vocabulary(self):
        return Vocabulary(ACTIONS, state_predicates=frozenset({"ON", "OFF"}))

    def world(self, task):
        return LampWorld(task)

    def transition_model(self):
        ops = tuple(
            Operator(name.lower(), (("?o", "object"),),
                     And((Pred("has_switch", ("?o",)), Pred(was.lower(), ("?o",)))),
                     And((Pred(becomes.lower(), ("?o",)), Not(Pred(was.lower(), ("?o",))))))
            for name, (becomes, was) in TURNS.items()
        )
        preds = tuple(PredicateDecl(p, (("?o", "object"),)) for p in ("on", "off", "has_switch"))
        return Domain("lamps", (), preds, ops)


def _task(task_id, instruction, goal_on):
    objects = (
        Obj("lamp.1", "lamp", frozenset({"HAS_SWITCH"})),
        Obj("lamp.2", "lamp", frozenset({"HAS_SWITCH"})),
        Obj("vase.3", "vase"),
    )
    goal = Goal(" and ".join(f"ON({o})" for o in goal_on), state=tuple(Literal(True, ("ON", o)) for o in goal_on))
    return Task(
        id=task_id, suite="lamps", name="Turn on light", instruction=instruction, objects=objects,
        init=frozenset({("OFF", "lamp.1"), ("OFF", "lamp.2")}), goal=goal,
        gold_plan=tuple(Action("SWITCHON", (o,)) for o in goal_on),
        relevant=tuple(o.id for o in objects),
    )


class LampSuite(TaskSuite):
    name = "lamps"
    simulator = "lamps"
    description = "Two lamp-switching tasks (example plugin)"
    _tasks = {
        "lamps_1": ("Turn on the first lamp.", ("lamp.1",)),
        "lamps_2": ("Turn on both lamps.", ("lamp.1", "lamp.2")),
    }

    def ids(self):
        return list(self._tasks)

    def load(self, ids=None):
        for i in ids or ():
            if i not in self._tasks:
                raise UnknownNameError("task", i, self._tasks)
        return [_task(i, *self._tasks[i]) for i in (ids if ids is not None else self.ids())]
