"""report.html of a real run: the configuration first, grouped headings,
tables that scroll in their box, "-" apart from 0, n on every chart series,
and every number linked to its tasks in the viewer."""

import re
from html import unescape
from urllib.parse import parse_qs


def test_report_page_says_n_keeps_dash_apart_from_zero_and_links_to_tasks(replay_run):
    folder = replay_run[0]
    page = (folder / "report.html").read_text()
    assert page.index("<h2>Configuration") < page.index("Table 4")
    assert "overflow-x:auto" in page and page.count("<table>") == page.count('<div class="box"><table>')
    assert '<th colspan="14">Runtime error</th>' not in page and '<th colspan="4">Runtime error</th>' in page  # one suite
    assert '<td class="na" title="not applicable">-</td>' in page  # VirtualHome has no task progress
    links = re.findall(r'<td><a href="([^"]+)">([^<]+)</a></td>', page)
    assert any(text == "0.0" for _, text in links)  # a real zero is a number, linked
    for href, _ in links:
        target, _, fragment = unescape(href).partition("#")
        query = parse_qs(fragment)
        assert target == "view/index.html" and query["suite"] == ["virtualhome"] and query["module"] == ["action_sequencing"]
    errors = {parse_qs(unescape(h).partition("#")[2]).get("error", [""])[0] for h, _ in links}
    assert {"missing_step", "parsing", "additional_step"} <= errors
    assert (folder / "view" / "index.html").is_file()
    names = re.findall(r'"name":"([^"]*)"', page)
    assert names and all(re.search(r"\(n=\d+\)$", name) for name in names), names
