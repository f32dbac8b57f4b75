"""OpenAI replies read strictly: a message whose ``content`` is null is no
answer.

langchain's ChatOpenAI turns ``"content": null`` into the empty text, which
would be scored as the model's empty answer. A null content without a
``refusal`` (nor tool calls, which eai never asks for) is an unreadable
reply: a ValueError here, so the runner retries it and records a model error
if it stays so. A ``refusal`` is the model's answer: it goes through, and
:mod:`eai_langchain.chat` records it as one.
"""

from __future__ import annotations

import functools
from typing import Any

NO_CONTENT = 'the reply\'s message has no content ("content": null) and no refusal'


def _field(item: Any, name: str) -> Any:
    """``item[name]`` of a dict, or the attribute of an SDK object; None when absent."""
    return item.get(name) if isinstance(item, dict) else getattr(item, name, None)


def check_content(response: Any) -> None:
    """Raise ValueError when a choice of ``response`` (a dict or the SDK's object) has a null content."""
    for choice in _field(response, "choices") or ():
        message = _field(choice, "message")
        if message is None:
            continue  # langchain's own checks name what is missing
        if _field(message, "content") is None and not _field(message, "refusal") and not _field(message, "tool_calls"):
            raise ValueError(NO_CONTENT)


@functools.cache
def checked(chat_openai: type) -> type:
    """A subclass of langchain's ``chat_openai`` class that checks each reply with :func:`check_content`."""

    class CheckedChatOpenAI(chat_openai):  # type: ignore[misc, valid-type]
        def _create_chat_result(self, response: Any, generation_info: dict | None = None) -> Any:
            check_content(response)
            return super()._create_chat_result(response, generation_info)

    return CheckedChatOpenAI
