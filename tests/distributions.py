"""Installed-looking distributions made on the fly, so entry points are discovered for real."""

from __future__ import annotations

from pathlib import Path


def make_distribution(site: Path, name: str, modules: dict[str, str], entry_points: dict[str, str]) -> Path:
    """Write ``modules`` and a ``.dist-info`` declaring ``entry_points`` (group ``eai``) into ``site``."""
    site.mkdir(parents=True, exist_ok=True)
    for module, source in modules.items():
        (site / f"{module}.py").write_text(source)
    info = site / f"{name.replace('-', '_')}-0.0.1.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {name}\nVersion: 0.0.1\n")
    lines = "".join(f"{ep} = {target}\n" for ep, target in entry_points.items())
    (info / "entry_points.txt").write_text(f"[eai]\n{lines}")
    return site
