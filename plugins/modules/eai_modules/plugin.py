"""Hooks of the built-in modules plugin: the paper's four ability modules, in
the paper's order, each imported when first used (``eai --help`` need not pay
for their parsers and evaluators); and the pipeline stage that acts with a
search planner (LLM+P), its plan scored as action sequencing."""

from eai.plugin_api import DeferredModule, PlannerStage, hookimpl

WHERE = {
    "goal_interpretation": "eai_modules.goal_interpretation:GoalInterpretation",
    "subgoal_decomposition": "eai_modules.subgoal_decomposition:SubgoalDecomposition",
    "action_sequencing": "eai_modules.action_sequencing:ActionSequencing",
    "transition_modeling": "eai_modules.transition_modeling:TransitionModeling",
}


@hookimpl
def eai_register_modules(register):
    for name, where in WHERE.items():
        register(DeferredModule(name, where))


@hookimpl
def eai_register_stages(register):
    register(PlannerStage("action_sequencing"))
