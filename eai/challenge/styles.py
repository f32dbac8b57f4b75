"""The prompt style ``upstream`` (``eai run --prompts upstream``): the EAI
Challenge's prompts, which the simulators of its two environments (VirtualHome,
BEHAVIOR) declare as :attr:`Simulator.prompt_styles` ``{"upstream":
UPSTREAM_PROMPTS}``. The builders are named, not imported, so that registering
a simulator stays cheap; they are :mod:`eai.challenge.official_prompts`'.
:data:`EAI_EVAL` is the official evaluator's wheel, which holds the prompts
(and BEHAVIOR's task data)."""

from eai.tasks.sources import Pin

UPSTREAM = "upstream"
UPSTREAM_PROMPTS = {module: f"eai.challenge.official_prompts:{module}" for module in
                    ("goal_interpretation", "subgoal_decomposition", "action_sequencing", "transition_modeling")}
SCENE_PREFIXED = {("virtualhome", "subgoal_decomposition"): "scene_1_"}  # the kit's VirtualHome subgoal ids


def kit_identifier(suite: str, module: str, task_id: str) -> str:
    """The kit's identifier of a task (``scene_1_27_2`` for VirtualHome subgoal decomposition, else the task id)."""
    return SCENE_PREFIXED.get((suite, module), "") + task_id
EAI_EVAL = Pin("eai-eval", "1.0.5", "fe09f2a84cfb2451e111d02a2fa57e18797e747b73de23cb036d0d4e6502099f")  # MIT
