"""The plugin API: everything a plugin may use of eai, in one flat module.

Plugins import from here (and ``eai.EaiError``, ``eai.__version__`` from
``eai``) and nothing else of eai; tests/test_plugin_edge.py checks the
built-in ones and the example, and docs/plugins.md ("The plugin API") says
what each name is (type checkers read plugin_api.pyi). Each name is imported from where it lives when first
used (PEP 562), so importing this module costs next to nothing at start-up.
PDDL's formula names are here flat; LTL's, which share them (``And``,
``Not``, ...), are the namespace ``ltl`` (``ltl.parse``, ``ltl.And``).
"""

from __future__ import annotations

import importlib
from typing import Any

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
    "FewShot": "eai.simulation.prompt_builders:FewShot",
    "examples_in": "eai.simulation.prompt_builders:examples_in",
    "GoalChecker": "eai.simulation.goals:GoalChecker",
    "PredicateMap": "eai.simulation.predicates:PredicateMap",
    "RELATIONAL": "eai.simulation.predicates:RELATIONAL",
    "execute_plan": "eai.simulation.taxonomy:execute",
    "fill_transition_prompt": "eai.modules.transition_prompt:fill",
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
    "PlannerStage": "eai.compose.stages:PlannerStage",
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
    "build_task": "eai.tasks.building:build_task",
    "TaskSuite": "eai.tasks.suite:TaskSuite",
    "task_json": "eai.tasks.writer:dumps",
    "write_suite": "eai.tasks.writer:write_suite",
    "tasks_dir": "eai.base.paths:tasks_dir",
    "name_problem": "eai.base.paths:name_problem",
    "name_key": "eai.base.names:name_key",
    "Archive": "eai.tasks.sources:Archive",
    "Pin": "eai.tasks.sources:Pin",
    "EAI_EVAL": "eai.challenge.styles:EAI_EVAL",
    "UPSTREAM_PROMPTS": "eai.challenge.styles:UPSTREAM_PROMPTS",
    "NoPrompt": "eai.simulation.simulator:NoPrompt",
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
    "eb_prompt": "eai.agent.embodiedbench:eb_prompt",
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
    "DeferredModule": "eai.modules.deferred:DeferredModule",
    "suite_name": "eai.tasks.folders:suite_name",
    # ability modules (docs/plugins.md, An ability module)
    "AbilityModule": "eai.modules.base:AbilityModule",
    "Env": "eai.modules.base:Env",
    "Record": "eai.modules.base:Record",
    "percent": "eai.modules.base:percent",
    "Rate": "eai.base.rates:Rate",
    "TableSpec": "eai.modules.tables:TableSpec",
    "Column": "eai.modules.tables:Column",
    "columns": "eai.modules.tables:columns",
    "OTHER_OUTCOMES": "eai.modules.tables:OTHER_OUTCOMES",
    "ACTION_ERRORS": "eai.modules.tables:ACTION_ERRORS",
    "GOAL_SUCCESS": "eai.modules.tables:GOAL_SUCCESS",
    "EMPTY_PLAN_COLUMN": "eai.modules.tables:EMPTY_PLAN_COLUMN",
    "TASK_PROGRESS": "eai.modules.tables:TASK_PROGRESS",
    "UnitResult": "eai.reporting.collect:UnitResult",
    "UnitTable": "eai.reporting.unit_table:UnitTable",
    "plan_steps": "eai.viewer.trace:steps",
    "trajectory_record": "eai.modules.trajectory:trajectory_record",
    "trajectory_summary": "eai.modules.trajectory:trajectory_summary",
    "benchmark_fields": "eai.modules.benchmark:benchmark_fields",
    "empty_plan_detail": "eai.modules.trajectory:empty_plan_detail",
    "EMPTY_PLAN": "eai.modules.trajectory:EMPTY_PLAN",
    "run_plan": "eai.modules.trajectory:run_plan",
    "judge_loop": "eai.modules.repetition:judge_loop",
    "collaboration_fields": "eai.collaboration.policies:collaboration_fields",
    "parse_plan": "eai.modules.plans.parse:parse_plan",
    "ParsedPlan": "eai.modules.plans.parse:ParsedPlan",
    "ground_plan": "eai.modules.plans.grounding:ground",
    "class_steps": "eai.modules.plans.similarity:class_steps",
    "lcs_length": "eai.modules.plans.similarity:lcs_length",
    "similarity": "eai.modules.plans.similarity:similarity",
    "similarity_summary": "eai.modules.plans.similarity:similarity_summary",
    "parse_subgoals": "eai.modules.subgoals.parse:parse_subgoals",
    "ParsedSubgoals": "eai.modules.subgoals.parse:ParsedSubgoals",
    "ground_lines": "eai.modules.subgoals.ground:ground_lines",
    "Refiner": "eai.modules.subgoals.refine:Refiner",
    "SubgoalStep": "eai.modules.subgoals.refine:Step",
    "search_budget": "eai.modules.subgoals.refine:budget",
    "UNREACHABLE": "eai.modules.subgoals.refine:UNREACHABLE",
    "BUDGET_EXHAUSTED": "eai.modules.subgoals.refine:BUDGET_EXHAUSTED",
    "capped": "eai.base.answer_cap:capped",
    "find_value": "eai.base.jsonish:find_value",
    "is_cut": "eai.base.jsonish:is_cut",
    "Pairs": "eai.base.jsonish:Pairs",
    "limits": "eai.base.limits",
    "Counts": "eai.pddl.logic_form:Counts",
    "total_counts": "eai.pddl.logic_form:total",
    "OperatorScore": "eai.pddl.logic_form:OperatorScore",
    "score_operator": "eai.pddl.logic_form:score_operator",
    "operator_differences": "eai.pddl.logic_form:operator_differences",
    "parse_problem": "eai.pddl.parser:parse_problem",
    "parse_operators": "eai.pddl.response:parse_operators",
    "OperatorParse": "eai.pddl.response:OperatorParse",
}

__all__ = sorted(_WHERE)  # the literal list is in plugin_api.pyi, for type checkers and linters


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
