"""How the model acts in ``eai run`` and ``eai compose``: plans (the default), two agents
(``--agents 2``, ``--turn-by-turn``) or one agent step by step (``--episode``):
run.json's options for each, and the combinations that cannot run."""

from __future__ import annotations

from typing import Annotated, Any

import typer

from eai.agent.chat import NAV_WINDOW, Chat, check_chat
from eai.agent.forms import FORMS
from eai.agent.protocol import MAX_INVALID, MAX_STEPS
from eai.exceptions import EaiError
from eai.modules import MODULES, get_module

EPISODE_HELP = ("One agent acting step by step, EmbodiedBench's protocol: the model's actions are carried out until "
                "one fails, it gets the world's feedback and plans again from where it is, until the goal first "
                "holds or a budget ends the episode (module action_sequencing; docs/architecture.md).")
Episode = Annotated[bool, typer.Option("--episode", help=EPISODE_HELP)]
MaxSteps = Annotated[int, typer.Option("--max-steps", min=1, help="With --episode: environment steps before the episode ends (EmbodiedBench: 30).")]
MaxInvalid = Annotated[int, typer.Option("--max-invalid", min=1, help="With --episode: invalid actions before the episode ends (EmbodiedBench: 10).")]
ChatHistory = Annotated[bool, typer.Option("--chat-history", help="With --episode: EmbodiedBench's chat-history mode: each turn sends the episode's conversation so far (the prompts and the model's answers), not one message (json and react; docs/episodes.md).")]
ChatWindow = Annotated[int, typer.Option("--chat-window", min=0, help=f"With --chat-history: send only the last N messages, as EmbodiedBench's EB-Navigation planner does (its window: {NAV_WINDOW}); 0, the default: all, as its EB-ALFRED and EB-Habitat planner does.")]
ActAs = Annotated[str, typer.Option("--act-as", help=f"With --episode: how the model answers: {', '.join(FORMS)} (json: the plan as the world's prompt asks; react: Thought: ... Action: ...; tools: native tool calling, each action a tool).")]


def agent_options(agents: int, turn_by_turn: bool, human: str, partial: bool, episode: bool = False,
                  max_steps: int = MAX_STEPS, max_invalid: int = MAX_INVALID, act_as: str = FORMS[0],
                  chat_history: bool = False, chat_window: int = 0) -> dict[str, Any]:
    """run.json's options for the agent setup (none for one agent writing plans, as before; the
    chat history's only when it is on)."""
    if episode:
        chat = {"chat_history": True, "chat_window": chat_window} if chat_history else {}
        return {"episode": True, "max_steps": max_steps, "max_invalid": max_invalid, "act_as": act_as, **chat}
    if agents != 2:
        return {}
    if not turn_by_turn:
        return {"agents": 2}
    return {"agents": 2, "turn_by_turn": True, "human": human, "partial": partial}


def sharing() -> list[str]:
    """The modules whose answer is a plan two agents may share (action sequencing)."""
    return [name for name in MODULES if get_module(name).plans]


def default_modules(values: dict[str, Any]) -> list[str]:
    """The modules a run names none of runs: action sequencing for episodes, the shared plans' with two agents, else all."""
    return ["action_sequencing"] if values["episode"] else sharing() if values["agents"] == 2 else list(MODULES)


def check_agents(values: dict[str, Any]) -> None:
    """One line for a combination of agent options that cannot run."""
    if values["turn_by_turn"] and values["agents"] != 2:
        raise EaiError("--turn-by-turn needs --agents 2")
    if (values["partial"] or values["human"] != "scripted") and not values["turn_by_turn"]:
        raise EaiError(f"{'--partial' if values['partial'] else '--human'} needs --agents 2 --turn-by-turn "
                       "(the scripted pair sharing a plan does not read what it sees)")
    if values["agents"] == 2 and [name for name in values["module"] if not get_module(name).plans]:
        raise EaiError(f"--agents 2 runs {' and '.join(sharing())} only (a plan shared by a human and a robot)")
    if values["turn_by_turn"] and (values["replan"] or values["action_failure_p"] or values["environment"]):
        raise EaiError("--turn-by-turn runs in the symbolic world without --replan, --action-failure-p or --environment")
    check_episode(values)


def check_episode(values: dict[str, Any]) -> None:
    """One line for ``--episode`` options that cannot run."""
    if not values["episode"]:
        given = [flag for flag, key, default in (("--max-steps", "max_steps", MAX_STEPS),
                                                 ("--max-invalid", "max_invalid", MAX_INVALID),
                                                 ("--act-as", "act_as", FORMS[0]),
                                                 ("--chat-history", "chat_history", False),
                                                 ("--chat-window", "chat_window", 0)) if values[key] != default]
        if given:
            raise EaiError(f"{' and '.join(given)} need(s) --episode")
        return
    if values["act_as"] not in FORMS:
        raise EaiError(f"--act-as: one of {', '.join(FORMS)}, not {values['act_as']!r}")
    check_chat(Chat(values["chat_history"], values["chat_window"]), values["act_as"])
    if values["agents"] == 2:
        raise EaiError("--episode plays one agent: drop --agents 2 (two agents turn by turn: --turn-by-turn)")
    if [name for name in values["module"] if name != "action_sequencing"]:
        raise EaiError("--episode plays action_sequencing turn by turn: run it with --module action_sequencing")
    if values["replan"] or values["action_failure_p"] or values["environment"]:
        raise EaiError("--episode runs in the symbolic world without --replan, --action-failure-p or --environment")
