"""What type checkers see of :mod:`eai.plugin_api`, which imports each name only when first used;
tests/test_plugin_edge.py checks that this stub and the module's table name the same things."""

from eai import ltl
from eai.agent.embodiedbench import N_SHOTS as EB_N_SHOTS, eb_chat_prompt, eb_examples, eb_prompt
from eai.base import limits
from eai.base.answer_cap import capped
from eai.base.finding import Finding
from eai.base.jsonish import Pairs, find_value, is_cut
from eai.base.names import name_key
from eai.base.paths import name_problem, tasks_dir
from eai.base.rates import Rate
from eai.challenge.styles import EAI_EVAL, UPSTREAM_PROMPTS
from eai.collaboration.episode import Profile
from eai.collaboration.evaluation import EvaluationFunctions
from eai.collaboration.policies import collaboration_fields
from eai.collaboration.prompt import Turn, rooms as visible_rooms
from eai.compose.planning import plan as plan_answer, planned_actions, subgoals as subgoals_answer
from eai.compose.stages import PlannerStage, Stage
from eai.exceptions import UnknownNameError
from eai.generation.certify import reaches
from eai.generation.generator import Candidate, Category, Generator
from eai.host.hookspecs import hookimpl
from eai.host.install import install_command
from eai.host.installed import load as load_installed, package_path, required as required_package
from eai.host.manager import Plugins, get_plugins
from eai.llm.credentials import url_secrets, without_credentials
from eai.llm.model import (
    CONNECT_TIMEOUT,
    REFUSED,
    Answer,
    GenerationConfig,
    LanguageModel,
    Message,
    ModelCallError,
    ModelProvider,
    Request,
    Usage,
    retry_after,
)
from eai.modules import get_module
from eai.modules.base import AbilityModule, Env, Record, percent
from eai.modules.benchmark import benchmark_fields
from eai.modules.deferred import DeferredModule
from eai.modules.plans.grounding import ground as ground_plan
from eai.modules.plans.parse import ParsedPlan, parse_plan
from eai.modules.plans.similarity import class_steps, lcs_length, similarity, similarity_summary
from eai.modules.repetition import judge_loop
from eai.modules.subgoals.ground import ground_lines
from eai.modules.subgoals.parse import ParsedSubgoals, parse_subgoals
from eai.modules.subgoals.refine import (
    BUDGET_EXHAUSTED,
    UNREACHABLE,
    Refiner,
    Step as SubgoalStep,
    budget as search_budget,
)
from eai.modules.tables import (
    ACTION_ERRORS,
    EMPTY_PLAN_COLUMN,
    GOAL_SUCCESS,
    OTHER_OUTCOMES,
    TASK_PROGRESS,
    Column,
    TableSpec,
    columns,
)
from eai.modules.trajectory import EMPTY_PLAN, empty_plan_detail, run_plan, trajectory_record, trajectory_summary
from eai.modules.transition_prompt import fill as fill_transition_prompt
from eai.pddl.expand import expand_quantifiers
from eai.pddl.formula import TRUE, And, Exists, Forall, Formula, Imply, Not, Or, Pred, TypedVar, When, to_sexpr
from eai.pddl.logic_form import Counts, OperatorScore, operator_differences, score_operator, total as total_counts
from eai.pddl.model import Domain, Operator, PredicateDecl, Problem
from eai.pddl.parser import parse_domain, parse_problem
from eai.pddl.response import OperatorParse, parse_operators
from eai.reporting.collect import UnitResult
from eai.reporting.unit_table import UnitTable
from eai.results.responses import Response, bare_identifier, read_responses
from eai.results.scoring import ScoreResult, score
from eai.runner.config import Progress, RunConfig, Say, Unit
from eai.runner.executors import Executor, ScoreProgress, unit_endpoint, work_unit
from eai.runner.merge import join_scores
from eai.runner.run import claimed_units
from eai.simulation.environment import (
    Disagreement,
    Environment,
    EnvironmentProvider,
    Observation,
    StepResult,
    Unbuildable,
)
from eai.simulation.goals import GoalChecker
from eai.simulation.planner import Budget, Outcome, PddlPlanner, PlanResult, SearchPlanner
from eai.simulation.predicates import RELATIONAL, PredicateMap
from eai.simulation.prompt_builders import FewShot, examples_in
from eai.simulation.simulator import (
    ActionList,
    ActionSpec,
    Check,
    NoPrompt,
    Simulator,
    Vocabulary,
    World,
    signature_error,
)
from eai.simulation.taxonomy import execute as execute_plan
from eai.tasks.building import build_task
from eai.tasks.episode_import import Converted, EpisodeImporter, Progress as ImportProgress
from eai.tasks.examples import capture as capture_examples
from eai.tasks.folders import suite_name
from eai.tasks.shards import Shard
from eai.tasks.sources import Archive, Pin, Snapshot
from eai.tasks.stats import spread
from eai.tasks.store import DirectorySuite
from eai.tasks.suite import TaskSuite
from eai.tasks.taskfile import (
    GoalSpec,
    InitialState,
    ObjectSpec,
    Scene,
    SourceSpec,
    SuiteFile,
    TaskFile,
    TransitionModelSpec,
)
from eai.tasks.writer import dumps as task_json, write_suite
from eai.viewer.trace import steps as plan_steps
from eai.world import (
    Action,
    Atom,
    AtomIndex,
    Decoded,
    Goal,
    Literal,
    Obj,
    SharedAtoms,
    State,
    Task,
    Trajectory,
    atom_set,
    format_atom,
)

# name -> "module:attribute" ("module" alone: the module itself)

__all__ = [
    "ACTION_ERRORS", "AbilityModule", "Action", "ActionList", "ActionSpec", "And", "Answer", "Archive", "Atom",
    "AtomIndex", "BUDGET_EXHAUSTED", "Budget", "CONNECT_TIMEOUT", "Candidate", "Category", "Check", "Column",
    "Converted", "Counts", "Decoded", "DeferredModule", "DirectorySuite", "Disagreement", "Domain", "EAI_EVAL", "EB_N_SHOTS",
    "EMPTY_PLAN", "EMPTY_PLAN_COLUMN", "Env", "Environment", "EnvironmentProvider", "EpisodeImporter",
    "EvaluationFunctions", "Executor", "Exists", "FewShot", "Finding", "Forall", "Formula", "GOAL_SUCCESS", "GenerationConfig",
    "Generator", "Goal", "GoalChecker", "GoalSpec", "Imply", "ImportProgress", "InitialState", "LanguageModel",
    "Literal", "Message", "ModelCallError", "ModelProvider", "NoPrompt", "Not", "OTHER_OUTCOMES", "Obj",
    "ObjectSpec", "Observation", "Operator", "OperatorParse", "OperatorScore", "Or", "Outcome", "Pairs",
    "ParsedPlan", "ParsedSubgoals", "PddlPlanner", "Pin", "PlanResult", "PlannerStage", "Plugins", "Pred",
    "PredicateDecl", "PredicateMap", "Problem", "Profile", "Progress", "REFUSED", "RELATIONAL", "Rate", "Record",
    "Refiner", "Request", "Response", "RunConfig", "Say", "Scene", "ScoreProgress", "ScoreResult", "SearchPlanner",
    "Shard", "SharedAtoms", "Simulator", "Snapshot", "SourceSpec", "Stage", "State", "StepResult", "SubgoalStep",
    "SuiteFile", "TASK_PROGRESS", "TRUE", "TableSpec", "Task", "TaskFile", "TaskSuite", "Trajectory",
    "TransitionModelSpec", "Turn", "TypedVar", "UNREACHABLE", "UPSTREAM_PROMPTS", "Unbuildable", "Unit",
    "UnitResult", "UnitTable", "UnknownNameError", "Usage", "Vocabulary", "When", "World", "atom_set",
    "bare_identifier", "benchmark_fields", "build_task", "capped", "capture_examples", "claimed_units",
    "class_steps", "collaboration_fields", "columns", "eb_chat_prompt", "eb_examples", "eb_prompt", "empty_plan_detail", "examples_in", "execute_plan", "expand_quantifiers",
    "fill_transition_prompt", "find_value", "format_atom", "get_module", "get_plugins", "ground_lines",
    "ground_plan", "hookimpl", "install_command", "is_cut", "join_scores", "judge_loop", "lcs_length", "limits",
    "load_installed", "ltl", "name_key", "name_problem", "operator_differences", "package_path", "parse_domain",
    "parse_operators", "parse_plan", "parse_problem", "parse_subgoals", "percent", "plan_answer", "plan_steps",
    "planned_actions", "reaches", "read_responses", "required_package", "retry_after", "run_plan", "score",
    "score_operator", "search_budget", "signature_error", "similarity", "similarity_summary", "spread",
    "subgoals_answer", "suite_name", "task_json", "tasks_dir", "to_sexpr", "total_counts", "trajectory_record",
    "trajectory_summary", "unit_endpoint", "url_secrets", "visible_rooms", "without_credentials", "work_unit",
    "write_suite",
]
