"""EB-ALFRED's and EB-Habitat's episode prompts are EmbodiedBench's own: the system prompts and
the planner's strings compared with EmbodiedBench's files at the pinned commit (when the mirror
is on this machine), and a turn laid out as its language-only planner lays one out."""

import ast
import subprocess
from pathlib import Path

import pytest

from eai.agent.chat import NAV_WINDOW
from eai.agent.embodiedbench import FIRST_ASK, TEMPLATE_LANG, action_list_text
from eai.agent.observation import CHAT_NUMBERED_ASK, NUMBERED_ASK, STEP
from eai_alfred.eb_system_prompt import SYSTEM_PROMPT as ALFRED
from eai_habitat.eb_system_prompt import SYSTEM_PROMPT as HABITAT
from tests.agent.scripted import play, task_of

MIRROR = Path("/work/.mirror/EmbodiedBench+EmbodiedBench/repo")
COMMIT = "b24793607b7c5f1f236dad6d9c3f3c94d0bd4b04"
needs_mirror = pytest.mark.skipif(not MIRROR.exists(), reason="EmbodiedBench's mirror is not on this machine")


def eb_file(path):
    return subprocess.run(["git", "-C", str(MIRROR), "show", f"{COMMIT}:{path}"], capture_output=True, text=True,
                          check=True).stdout


def constants(path):
    return {n.targets[0].id: n.value.value for n in ast.parse(eb_file(path)).body
            if isinstance(n, ast.Assign) and isinstance(n.value, ast.Constant) and isinstance(n.targets[0], ast.Name)}


@needs_mirror
def test_the_system_prompts_are_embodiedbench_s():
    found = constants("embodiedbench/evaluator/config/system_prompts.py")
    assert (ALFRED, HABITAT) == (found["alfred_system_prompt"], found["habitat_system_prompt"])


@needs_mirror
def test_the_planner_s_strings_are_embodiedbench_s():
    assert TEMPLATE_LANG == constants("embodiedbench/planner/planner_utils.py")["template_lang"]
    planner = eb_file("embodiedbench/planner/vlm_planner.py")
    last, instruction = "{len(self.actions)-1}", "{user_instruction}"
    assert FIRST_ASK.format(last=last) in planner
    written = NUMBERED_ASK.replace("\n", "\\n").format(instruction=instruction, last=last)
    assert written.replace("history and environment feedback and", "history {'and environment feedback ' if "
                           "self.use_feedback else ''}and") in planner
    assert "'\\nStep {}, action id {}, {}, env feedback: {}'" in planner and STEP.startswith("\nStep {i}, action id {id}")
    assert "'\\naction id ' + str(i) + ': ' + str(available_actions[i])" in planner
    assert action_list_text(["find a Cart", "find a Potato"]) == "\naction id 0: find a Cart, \naction id 1: find a Potato"


def test_eb_alfred_base_0_turns_are_laid_out_as_embodiedbench_s_planner_lays_them_out():
    task, simulator = task_of("eb-alfred", "base_0")
    actions = simulator.action_list(task).actions
    pick = actions.index("pick up the Ladle")
    _, sent = play(task, simulator, [f'{{"executable_plan": [{{"action_id": {pick}, "action_name": "pick up the Ladle"}}]}}',
                                     "[]"])
    first, second = (messages[0].content for messages in sent)
    assert first.startswith(ALFRED.split("{}")[0].format()) and f"(0 ~ {len(actions) - 1})" in first
    assert "\n\n## Now the human instruction is: Rinse off a ladle and move it to the table." in first
    assert first.endswith(FIRST_ASK.format(last=len(actions) - 1) + TEMPLATE_LANG)
    assert f"\n\n The action history:\nStep 0, action id {pick}, pick up the Ladle, env feedback: Last action is invalid." in second
    assert second.endswith(TEMPLATE_LANG) and "output the excutable plan with action ids" in second


@needs_mirror
def test_the_chat_history_strings_and_window_are_embodiedbench_s():
    planner = eb_file("embodiedbench/planner/vlm_planner.py")
    last, instruction = "{len(self.actions)-1}", "{user_instruction}"
    assert "prompt = f'The human instruction is: {user_instruction}.'" in planner
    written = CHAT_NUMBERED_ASK.replace("\n", "\\n").format(instruction=instruction, last=last)
    assert written.replace("history and environment feedback and", "history {'and environment feedback ' if "
                           "self.use_feedback else ''}and") in planner
    assert "self.episode_messages = self.get_message(obs, prompt, self.episode_messages)" in planner
    assert '"role": "assistant",\n                "content": [{"type": "text", "text": out}],' in planner
    navigation = eb_file("embodiedbench/planner/nav_planner.py")
    assert f"MESSAGE_WINDOW_LEN = {NAV_WINDOW}" in navigation and "return messages[-MESSAGE_WINDOW_LEN:]" in navigation
