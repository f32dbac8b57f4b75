"""VirtualHome's tasks played on VirtualHome 2.3.0's evolving graph, through eai's environment protocol.

``reset`` writes the task's initial state (eai's, with its default states) as
a scene graph (:mod:`eai_evolving_graph.graph`); ``step`` runs the action as a
one-line script with VirtualHome's ``ScriptExecutor`` on the exact nodes the
ids name (instance selection) and reads the graph back as atoms. VirtualHome
has no goal check of its own (its evaluators judge the graphs it returns), so
``goal_reached`` is the task's goal (eai's goal checker, as the paper's
evaluator does) on the states VirtualHome produced.

Feedback: ``WALK(kitchen.205) done``, or ``GRAB(cup.1000) failed: VirtualHome:
<character> (65) is not close to <cup> (1000) ...`` in VirtualHome's words.
"""

from __future__ import annotations

from typing import Any

from eai.plugin_api import (
    Action,
    Disagreement,
    Environment,
    EnvironmentProvider,
    Observation,
    StepResult,
    Task,
    Trajectory,
    get_plugins,
)
from eai_evolving_graph import engine as engines
from eai_evolving_graph.differences import explain
from eai_evolving_graph.graph import atoms_of, graph_of, node_id


class GraphEnvironment(Environment):
    def __init__(self) -> None:
        self._vh = engines.evolving_graph()
        self._simulator = get_plugins().simulators.get("virtualhome")
        self._state: Any = None

    def reset(self, task: Task) -> Observation:
        from eai.plugin_api import GoalChecker  # here: registering the plugin stays cheap (no LTL)

        vh, world = self._vh, self._simulator.world(task)
        self._task, self._world = task, world
        self._ids = {node_id(o.id): o.id for o in task.objects}
        self._character = min(node_id(o.id) for o in task.objects if o.class_name == "character")
        self._checker = GoalChecker(task, self._simulator.vocabulary)
        graph = vh.environment.EnvironmentGraph(graph_of(task, world.initial, vh.environment.Property.__members__))
        self._executor = vh.execution.ScriptExecutor(graph, {})
        self._state = vh.environment.EnvironmentState(graph, {}, instance_selection=True)
        atoms = self._atoms()
        self._trajectory = Trajectory((world.index.state(atoms),))
        return Observation(atoms)

    def _atoms(self) -> frozenset:
        return atoms_of(self._state.to_dict(), self._ids, self._vh.environment.State.__members__, self._character)

    def step(self, action: Action) -> StepResult:
        if self._state is None:
            raise RuntimeError("step() before reset()")
        line, why = self._line(action)
        if line is None:
            return self._result(False, f"{action} failed: {why}")
        vh = self._vh
        self._executor.info = vh.execution.ExecutionInfo()
        try:
            ok, state = self._executor.execute_one_step(vh.scripts.Script([line]), self._state)
        except Exception as exc:  # a defect of VirtualHome's executor: the step fails, the state stays
            return self._result(False, f"{action} failed: VirtualHome's executor raised {type(exc).__name__}: {exc}")
        if not ok:
            said = self._executor.info.get_error_string() or "the script line could not be executed"
            return self._result(False, f"{action} failed: VirtualHome: {said}")
        self._state = state
        atoms = self._atoms()
        self._trajectory = self._trajectory.extend(action, self._world.index.state(atoms))
        return self._result(True, f"{action} done", atoms)

    def _line(self, action: Action) -> tuple[Any, str]:
        """VirtualHome's script line for ``action``, or None and why there is none."""
        scripts = self._vh.scripts
        if action.name not in scripts.Action.__members__:
            return None, f"VirtualHome has no action {action.name}"
        arity = scripts.Action[action.name].value[1]
        if len(action.args) != arity:
            return None, f"{action.name} takes {arity} object(s)"
        unknown = [a for a in action.args if a not in self._task.object_by_id]
        if unknown:
            return None, f"the scene has no {', '.join(unknown)}"
        objects = [scripts.ScriptObject(self._task.object_by_id[a].class_name, node_id(a)) for a in action.args]
        return scripts.ScriptLine(scripts.Action[action.name], objects, 0), ""

    def _result(self, success: bool, feedback: str, atoms: frozenset | None = None) -> StepResult:
        return StepResult(success, feedback, self._atoms() if atoms is None else atoms, self._checker.reached(self._trajectory))


class GraphProvider(EnvironmentProvider):
    name = "virtualhome"
    simulator = "virtualhome"
    description = "VirtualHome 2.3.0's evolving graph (its Python simulator of scripts on scene graphs)"

    def open(self) -> Environment:
        return GraphEnvironment()

    def missing(self) -> str:
        return engines.missing()

    def engine(self) -> str:
        return f"virtualhome {engines.version() or '(missing)'} evolving graph"

    def explain(self, disagreement: Disagreement) -> str:
        return explain(disagreement)
