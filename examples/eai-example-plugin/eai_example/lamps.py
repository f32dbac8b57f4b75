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
    @property
    def initial(self):
        return self.index.state(self.task.init)

    def check(self, state, action):
        obj = self.objects[action.args[0]]
        if not obj.has("HAS_SWITCH"):
            return Check(affordable=False, reason=f"{obj.id} has no switch")
        becomes, was = TURNS[action.name]
        if (becomes, obj.id) in state:
            return Check(redundant=True, reason=f"{obj.id} is already {becomes}")
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
    modules = ("goal_interpretation", "action_sequencing")  # the modules it has prompts for

    def prompt(self, module, task):
        if module == "goal_interpretation":
            return goal_interpretation_prompt(task, ACTIONS)
        if module == "action_sequencing":
            return action_sequencing_prompt(task, ACTIONS)
        return super().prompt(module, task)

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
