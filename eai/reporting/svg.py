"""Grouped bar charts as inline SVG: no plotting library, renders offline."""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

PALETTE = ("#4e79a7", "#f28e2b", "#59a14f", "#e15759", "#76b7b2", "#edc948", "#b07aa1", "#9c755f")


def bar_chart(title: str, groups: Sequence[str], series: Sequence[tuple[str, Sequence[float | None]]],
              unit: str = "%", top: float = 100.0) -> str:
    """Bars for each (series name, one value per group); missing values leave gaps."""
    width, height, left, bottom, pad = 720, 300, 48, 64, 8
    plot_w, plot_h = width - left - pad, height - bottom - 32
    slot = plot_w / max(1, len(groups))
    bar = max(2.0, (slot - 8) / max(1, len(series)))
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" role="img" '
             f'aria-label="{escape(title)}" font-family="sans-serif" font-size="11">',
             f'<text x="{left}" y="16" font-size="13" font-weight="bold">{escape(title)}</text>']
    for tick in range(0, 101, 25):
        y = 24 + plot_h * (1 - tick / 100)
        parts.append(f'<line x1="{left}" y1="{y:.1f}" x2="{width - pad}" y2="{y:.1f}" stroke="#ddd"/>')
        parts.append(f'<text x="{left - 4}" y="{y + 4:.1f}" text-anchor="end">{top * tick / 100:g}{unit}</text>')
    for g, group in enumerate(groups):
        x0 = left + g * slot + 4
        for s, (name, values) in enumerate(series):
            v = values[g]
            if v is None:
                continue
            h = plot_h * max(0.0, min(v, top)) / top
            x, y = x0 + s * bar, 24 + plot_h - h
            parts.append(f'<rect x="{x:.1f}" y="{y:.1f}" width="{bar - 1:.1f}" height="{h:.1f}" '
                         f'fill="{PALETTE[s % len(PALETTE)]}"><title>{escape(name)}, {escape(group)}: {v:g}{unit}</title></rect>')
        parts.append(f'<text x="{x0 + slot / 2 - 4:.1f}" y="{height - bottom + 16}" text-anchor="middle">{escape(group)}</text>')
    for s, (name, _) in enumerate(series):
        x = left + s * 160
        parts.append(f'<rect x="{x}" y="{height - 22}" width="10" height="10" fill="{PALETTE[s % len(PALETTE)]}"/>')
        parts.append(f'<text x="{x + 14}" y="{height - 13}">{escape(name)}</text>')
    parts.append("</svg>")
    return "".join(parts)
