"""Word matching shared by the lexical baselines."""

from __future__ import annotations

import re

WORD = re.compile(r"[a-z]+")


def words(text: str) -> list[str]:
    return WORD.findall(text.lower())


def stem(word: str) -> str:
    """A crude stem, enough to meet ``closed``/``close``, ``sliced``/``slice``,
    ``frozen``/``freeze``, ``toggled``/``toggle``."""
    for suffix in ("ing", "ed", "en", "es", "s", "d", "e"):
        if len(word) > len(suffix) + 2 and word.endswith(suffix):
            return word[: -len(suffix)]
    return word


def class_words(class_name: str) -> list[str]:
    """``washing_machine`` -> [washing, machine]; ``bathtub.n.01`` -> [bathtub];
    ``DiningTable`` -> [dining, table]."""
    return words(re.sub(r"(?<=[a-z])(?=[A-Z])", " ", class_name.split(".")[0].replace("_", " ")))


def mentions(text: str, phrase: list[str]) -> int:
    """Position of the first occurrence of ``phrase`` (a word list) in ``text``'s words, or -1."""
    tokens = [stem(w) for w in words(text)]
    target = [stem(w) for w in phrase]
    for i in range(len(tokens) - len(target) + 1):
        if target and tokens[i:i + len(target)] == target:
            return i
    return -1
