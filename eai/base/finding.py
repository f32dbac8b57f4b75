"""What a check of ``eai doctor`` found (a plugin's ``doctor()`` returns a list of them)."""

from __future__ import annotations

from dataclasses import asdict, dataclass


@dataclass(frozen=True)
class Finding:
    name: str
    ok: bool
    detail: str = ""
    fix: str = ""
    required: bool = True

    def to_dict(self) -> dict[str, object]:
        return asdict(self)
