"""Grouped bar charts drawn by plotly, for report.html: one HTML page, offline.

plotly.js is inlined once per page (the first chart); every chart has a fixed
element id, so the same report gives the same bytes. Missing values draw no
bar (the table shows "-"); a real 0 is a bar labelled 0.0.
"""

from __future__ import annotations

from collections.abc import Sequence

import plotly.graph_objects as go

PALETTE = ("#4e79a7", "#f28e2b", "#59a14f", "#e15759", "#76b7b2", "#edc948", "#b07aa1", "#9c755f", "#ff9da7", "#bab0ac")


def bar_chart(chart_id: str, title: str, groups: Sequence[tuple[str, str]],
              series: Sequence[tuple[str, Sequence[float | None]]], first: bool) -> str:
    """Bars for each (series name with its n, one value in percent per
    (group, label) category) as an HTML fragment; ``first`` inlines plotly.js."""
    figure = go.Figure()
    x = [[g for g, _ in groups], [label for _, label in groups]] if any(g for g, _ in groups) else [label for _, label in groups]
    for i, (name, values) in enumerate(series):
        figure.add_bar(name=name, x=x, y=list(values), marker_color=PALETTE[i % len(PALETTE)],
                       text=[None if v is None else f"{v:.1f}" for v in values], textposition="outside",
                       hovertemplate="%{y:.1f}%<extra>%{fullData.name}</extra>", cliponaxis=False)
    figure.update_layout(title={"text": title}, barmode="group", showlegend=True, height=460, template="plotly_white",
                         yaxis={"title": {"text": "%"}, "range": [0, 110]},
                         legend={"title": {"text": "series (n = tasks scored)"}},
                         margin={"l": 60, "r": 20, "t": 60, "b": 60}, font={"size": 12})
    return figure.to_html(full_html=False, include_plotlyjs=first, div_id=chart_id,
                          config={"displaylogo": False, "responsive": True})
