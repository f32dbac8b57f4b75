"""Grouped bar charts drawn by plotly, for report.html: one HTML page, offline.

plotly.js is inlined once per page (the first chart); every chart has a fixed
element id, so the same report gives the same bytes. Missing values draw no
bar (the table shows "-"); a real 0 is a bar labelled 0.0. A bar with a 95%
interval has it as an error bar.
"""

from __future__ import annotations

from collections.abc import Sequence

import plotly.graph_objects as go

PALETTE = ("#4e79a7", "#f28e2b", "#59a14f", "#e15759", "#76b7b2", "#edc948", "#b07aa1", "#9c755f", "#ff9da7", "#bab0ac")


def bar_chart(chart_id: str, title: str, groups: Sequence[tuple[str, str]],
              series: Sequence[tuple[str, Sequence[float | None]]], first: bool,
              errors: Sequence[Sequence[tuple[float, float, int] | None]] = ()) -> str:
    """Bars for each (series name with its n, one value in percent per
    (group, label) category) as an HTML fragment; ``first`` inlines plotly.js.
    ``errors``: per series, each value's 95% interval (low, high, n) or None, drawn as error bars."""
    figure = go.Figure()
    x = [[g for g, _ in groups], [label for _, label in groups]] if any(g for g, _ in groups) else [label for _, label in groups]
    for i, (name, values) in enumerate(series):
        figure.add_bar(name=name, x=x, y=list(values), marker_color=PALETTE[i % len(PALETTE)],
                       text=[None if v is None else f"{v:.1f}" for v in values], textposition="outside",
                       hovertemplate="%{y:.1f}%<extra>%{fullData.name}</extra>", cliponaxis=False,
                       **({"error_y": _error_y(values, errors[i])} if i < len(errors) else {}))
    figure.update_layout(title={"text": title}, barmode="group", showlegend=True, height=460, template="plotly_white",
                         yaxis={"title": {"text": "%"}, "range": [0, 110]},
                         legend={"title": {"text": "series (n = tasks scored)"}},
                         margin={"l": 60, "r": 20, "t": 60, "b": 60}, font={"size": 12})
    return figure.to_html(full_html=False, include_plotlyjs=first, div_id=chart_id,
                          config={"displaylogo": False, "responsive": True})


def _error_y(values: Sequence[float | None], intervals: Sequence[tuple[float, float, int] | None]) -> dict[str, object]:
    """plotly's asymmetric error bars of ``values`` from their intervals (none where a value has none)."""
    bars = [(v, i) if v is not None and i is not None else None for v, i in zip(values, intervals)]
    return {"type": "data", "symmetric": False, "color": "#333", "thickness": 1,
            "array": [None if bar is None else round(bar[1][1] - bar[0], 2) for bar in bars],
            "arrayminus": [None if bar is None else round(bar[0] - bar[1][0], 2) for bar in bars]}
