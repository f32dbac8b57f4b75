"""The plugin API: everything a plugin may use of eai, in one flat module.

Plugins import from here (and ``eai.EaiError``, ``eai.__version__`` from
``eai``) and nothing else of eai; tests/test_plugin_edge.py checks the
built-in ones and the example, and docs/plugins.md ("The plugin API") says
what each name is. Each name is imported from where it lives when first
used (PEP 562), so importing this module costs next to nothing at start-up.
PDDL's formula names are here flat; LTL's, which share them (``And``,
``Not``, ...), are the namespace ``ltl`` (``ltl.parse``, ``ltl.And``).
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # what type checkers see; tests/test_plugin_edge.py checks it imports what _WHERE names
    from eai import ltl
    from eai.collaboration.episode import Profile
    from eai.collaboration.evaluation import EvaluationFunctions
    from eai.simulation.predicates import RELATIONAL, PredicateMap
    from eai.collaboration.prompt import Turn, rooms as visible_rooms
    from eai.compose.planning import plan as plan_answer, planned_actions, subgoals as subgoals_answer
    from eai.compose.stages import Stage
    from eai.llm.credentials import url_secrets, without_credentials
    from eai.simulation.environment import Disagreement, Environment, EnvironmentProvider, Observation, StepResult, Unbuildable
    from eai.tasks.episode_import import Converted, EpisodeImporter, Progress as ImportProgress
    from eai.tasks.examples import capture as capture_examples
    from eai.exceptions import UnknownNameError
    from eai.runner.executors import Executor, ScoreProgress, unit_endpoint, work_unit
    from eai.base.finding import Finding
    from eai.generation.certify import reaches
    from eai.generation.generator import Candidate, Category, Generator
    from eai.simulation.goals import GoalChecker
    from eai.host.hookspecs import hookimpl
    from eai.host.install import install_command
    from eai.host.installed import load as load_installed, package_path, required as required_package
    from eai.llm.model import (
        CONNECT_TIMEOUT, REFUSED, Answer, GenerationConfig, LanguageModel, Message, ModelCallError, ModelProvider,
        Request, Usage, retry_after,
    )
    from eai.runner.merge import join_scores
    from eai.modules import get_module
    from eai.modules.transition_modeling.prompt import fill as fill_transition_prompt
    from eai.base.names import name_key
    from eai.base.paths import name_problem, tasks_dir
    from eai.pddl.expand import expand_quantifiers
    from eai.pddl.formula import TRUE, And, Exists, Forall, Formula, Imply, Not, Or, Pred, TypedVar, When, to_sexpr
    from eai.pddl.model import Domain, Operator, PredicateDecl, Problem
    from eai.pddl.parser import parse_domain
    from eai.simulation.planner import Budget, Outcome, PddlPlanner, PlanResult, SearchPlanner
    from eai.host.manager import Plugins, get_plugins
    from eai.results.responses import Response, bare_identifier, read_responses
    from eai.runner.config import Progress, RunConfig, Say, Unit
    from eai.runner.run import claimed_units
    from eai.tasks.shards import Shard
    from eai.results.scoring import ScoreResult, score
    from eai.simulation.simulator import ActionList, ActionSpec, Check, Simulator, Vocabulary, World, signature_error
    from eai.tasks.sources import Archive, Pin, Snapshot
    from eai.tasks.stats import spread
    from eai.tasks.suite import TaskSuite
    from eai.tasks.folders import suite_name
    from eai.tasks.taskfile import (
        GoalSpec, InitialState, ObjectSpec, Scene, SourceSpec, SuiteFile, TaskFile, TransitionModelSpec,
    )
    from eai.tasks.store import DirectorySuite, build_task
    from eai.tasks.writer import dumps as task_json, write_suite
    from eai.simulation.taxonomy import execute as execute_plan
    from eai.world import (
        Action, Atom, AtomIndex, Decoded, Goal, Literal, Obj, SharedAtoms, State, Task, Trajectory, atom_set,
        format_atom,
    )

# name -> "module:attribute" ("module" alone: the module itself)
_WHERE = {
    # hooks and the loaded plugins
    "hookimpl": "eai.host.hookspecs:hookimpl",
    "Plugins": "eai.host.manager:Plugins",
    "get_plugins": "eai.host.manager:get_plugins",
    "Finding": "eai.base.finding:Finding",
    "UnknownNameError": "eai.exceptions:UnknownNameError",
    # the world: tasks, states, actions, goals
    "Action": "eai.world:Action",
    "Atom": "eai.world:Atom",
    "AtomIndex": "eai.world:AtomIndex",
    "Decoded": "eai.world:Decoded",
    "Goal": "eai.world:Goal",
    "Literal": "eai.world:Literal",
    "Obj": "eai.world:Obj",
    "SharedAtoms": "eai.world:SharedAtoms",
    "State": "eai.world:State",
    "Task": "eai.world:Task",
    "Trajectory": "eai.world:Trajectory",
    "atom_set": "eai.world:atom_set",
    "format_atom": "eai.world:format_atom",
    # simulators
    "ActionList": "eai.simulation.simulator:ActionList",
    "ActionSpec": "eai.simulation.simulator:ActionSpec",
    "Check": "eai.simulation.simulator:Check",
    "Simulator": "eai.simulation.simulator:Simulator",
    "Vocabulary": "eai.simulation.simulator:Vocabulary",
    "World": "eai.simulation.simulator:World",
    "signature_error": "eai.simulation.simulator:signature_error",
    "GoalChecker": "eai.simulation.goals:GoalChecker",
    "PredicateMap": "eai.simulation.predicates:PredicateMap",
    "RELATIONAL": "eai.simulation.predicates:RELATIONAL",
    "execute_plan": "eai.simulation.taxonomy:execute",
    "fill_transition_prompt": "eai.modules.transition_modeling.prompt:fill",
    "spread": "eai.tasks.stats:spread",
    # live environments (step by step) and compose stages
    "Environment": "eai.simulation.environment:Environment",
    "EnvironmentProvider": "eai.simulation.environment:EnvironmentProvider",
    "Observation": "eai.simulation.environment:Observation",
    "StepResult": "eai.simulation.environment:StepResult",
    "Disagreement": "eai.simulation.environment:Disagreement",
    "Unbuildable": "eai.simulation.environment:Unbuildable",
    "package_path": "eai.host.installed:package_path",
    "required_package": "eai.host.installed:required",
    "load_installed": "eai.host.installed:load",
    "Stage": "eai.compose.stages:Stage",
    # PDDL (flat) and LTL (a namespace)
    "TRUE": "eai.pddl.formula:TRUE",
    "And": "eai.pddl.formula:And",
    "Exists": "eai.pddl.formula:Exists",
    "Forall": "eai.pddl.formula:Forall",
    "Formula": "eai.pddl.formula:Formula",
    "Imply": "eai.pddl.formula:Imply",
    "Not": "eai.pddl.formula:Not",
    "Or": "eai.pddl.formula:Or",
    "Pred": "eai.pddl.formula:Pred",
    "TypedVar": "eai.pddl.formula:TypedVar",
    "When": "eai.pddl.formula:When",
    "to_sexpr": "eai.pddl.formula:to_sexpr",
    "Domain": "eai.pddl.model:Domain",
    "Operator": "eai.pddl.model:Operator",
    "PredicateDecl": "eai.pddl.model:PredicateDecl",
    "Problem": "eai.pddl.model:Problem",
    "expand_quantifiers": "eai.pddl.expand:expand_quantifiers",
    "parse_domain": "eai.pddl.parser:parse_domain",
    "ltl": "eai.ltl",
    # planners
    "Budget": "eai.simulation.planner:Budget",
    "Outcome": "eai.simulation.planner:Outcome",
    "PddlPlanner": "eai.simulation.planner:PddlPlanner",
    "PlanResult": "eai.simulation.planner:PlanResult",
    "SearchPlanner": "eai.simulation.planner:SearchPlanner",
    "planned_actions": "eai.compose.planning:planned_actions",
    "plan_answer": "eai.compose.planning:plan",
    "subgoals_answer": "eai.compose.planning:subgoals",
    "reaches": "eai.generation.certify:reaches",
    # model backends
    "Answer": "eai.llm.model:Answer",
    "CONNECT_TIMEOUT": "eai.llm.model:CONNECT_TIMEOUT",
    "GenerationConfig": "eai.llm.model:GenerationConfig",
    "LanguageModel": "eai.llm.model:LanguageModel",
    "Message": "eai.llm.model:Message",
    "ModelCallError": "eai.llm.model:ModelCallError",
    "ModelProvider": "eai.llm.model:ModelProvider",
    "REFUSED": "eai.llm.model:REFUSED",
    "Request": "eai.llm.model:Request",
    "Usage": "eai.llm.model:Usage",
    "retry_after": "eai.llm.model:retry_after",
    "url_secrets": "eai.llm.credentials:url_secrets",
    "without_credentials": "eai.llm.credentials:without_credentials",
    "install_command": "eai.host.install:install_command",
    "Response": "eai.results.responses:Response",
    "bare_identifier": "eai.results.responses:bare_identifier",
    "read_responses": "eai.results.responses:read_responses",
    # task files and suites
    "GoalSpec": "eai.tasks.taskfile:GoalSpec",
    "InitialState": "eai.tasks.taskfile:InitialState",
    "ObjectSpec": "eai.tasks.taskfile:ObjectSpec",
    "Scene": "eai.tasks.taskfile:Scene",
    "SourceSpec": "eai.tasks.taskfile:SourceSpec",
    "SuiteFile": "eai.tasks.taskfile:SuiteFile",
    "TaskFile": "eai.tasks.taskfile:TaskFile",
    "TransitionModelSpec": "eai.tasks.taskfile:TransitionModelSpec",
    "DirectorySuite": "eai.tasks.store:DirectorySuite",
    "build_task": "eai.tasks.store:build_task",
    "TaskSuite": "eai.tasks.suite:TaskSuite",
    "task_json": "eai.tasks.writer:dumps",
    "write_suite": "eai.tasks.writer:write_suite",
    "tasks_dir": "eai.base.paths:tasks_dir",
    "name_problem": "eai.base.paths:name_problem",
    "name_key": "eai.base.names:name_key",
    "Archive": "eai.tasks.sources:Archive",
    "Pin": "eai.tasks.sources:Pin",
    "Snapshot": "eai.tasks.sources:Snapshot",
    "capture_examples": "eai.tasks.examples:capture",
    # task generators and episode importers
    "Candidate": "eai.generation.generator:Candidate",
    "Category": "eai.generation.generator:Category",
    "Generator": "eai.generation.generator:Generator",
    "Converted": "eai.tasks.episode_import:Converted",
    "EpisodeImporter": "eai.tasks.episode_import:EpisodeImporter",
    "ImportProgress": "eai.tasks.episode_import:Progress",
    "EvaluationFunctions": "eai.collaboration.evaluation:EvaluationFunctions",
    "Profile": "eai.collaboration.episode:Profile",
    "Turn": "eai.collaboration.prompt:Turn",
    "visible_rooms": "eai.collaboration.prompt:rooms",
    # executors
    "Executor": "eai.runner.executors:Executor",
    "ScoreProgress": "eai.runner.executors:ScoreProgress",
    "unit_endpoint": "eai.runner.executors:unit_endpoint",
    "work_unit": "eai.runner.executors:work_unit",
    "Progress": "eai.runner.config:Progress",
    "RunConfig": "eai.runner.config:RunConfig",
    "Say": "eai.runner.config:Say",
    "Unit": "eai.runner.config:Unit",
    "claimed_units": "eai.runner.run:claimed_units",
    "Shard": "eai.tasks.shards:Shard",
    "ScoreResult": "eai.results.scoring:ScoreResult",
    "score": "eai.results.scoring:score",
    "join_scores": "eai.runner.merge:join_scores",
    "get_module": "eai.modules:get_module",
    "suite_name": "eai.tasks.folders:suite_name",
}

__all__ = [
    "Action", "ActionList", "ActionSpec", "And", "Answer", "Archive", "Atom", "AtomIndex", "Budget", "CONNECT_TIMEOUT",
    "Candidate", "Category", "Check", "Converted", "Decoded", "DirectorySuite", "Disagreement", "Domain",
    "Environment", "EnvironmentProvider", "EpisodeImporter", "EvaluationFunctions", "Executor", "Exists", "Finding",
    "Forall", "Formula", "GenerationConfig", "Generator", "Goal", "GoalChecker", "GoalSpec", "Imply", "ImportProgress",
    "InitialState", "LanguageModel", "Literal", "Message", "ModelCallError", "ModelProvider", "Not", "Obj",
    "ObjectSpec", "Observation", "Operator", "Or", "Outcome", "PddlPlanner", "Pin", "PlanResult", "Plugins", "Pred",
    "PredicateDecl", "PredicateMap", "Problem", "Profile", "Progress", "REFUSED", "RELATIONAL", "Request", "Response",
    "RunConfig", "Say", "Scene", "ScoreProgress", "ScoreResult", "SearchPlanner", "Shard", "SharedAtoms", "Simulator",
    "Snapshot", "SourceSpec", "Stage", "State", "StepResult", "SuiteFile", "TRUE", "Task", "TaskFile", "TaskSuite",
    "Trajectory", "TransitionModelSpec", "Turn", "TypedVar", "Unbuildable", "Unit", "UnknownNameError", "Usage",
    "Vocabulary", "When", "World", "atom_set", "bare_identifier", "build_task", "capture_examples", "claimed_units",
    "execute_plan", "expand_quantifiers", "fill_transition_prompt", "format_atom", "get_module", "get_plugins",
    "hookimpl", "install_command", "join_scores", "load_installed", "ltl", "name_key", "name_problem", "package_path",
    "parse_domain", "plan_answer", "planned_actions", "reaches", "read_responses", "required_package", "retry_after",
    "score", "signature_error", "spread", "subgoals_answer", "suite_name", "task_json", "tasks_dir", "to_sexpr",
    "unit_endpoint", "url_secrets", "visible_rooms", "without_credentials", "work_unit", "write_suite",
]


def __getattr__(name: str) -> Any:
    """Import ``name`` from where it lives, once (PEP 562)."""
    where = _WHERE.get(name)
    if where is None:
        raise AttributeError(f"module 'eai.plugin_api' has no attribute {name!r}")
    module, _, attribute = where.partition(":")
    value = importlib.import_module(module)
    if attribute:
        value = getattr(value, attribute)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return __all__
