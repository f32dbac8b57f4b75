"""eai's pytest plugin (registered under pytest11): its fixtures, as a plugin's tests use them."""

import json
import urllib.request
from importlib import metadata

from eai.host.manager import get_plugins


def test_the_pytest_plugin_is_registered_under_pytest11():
    assert [ep.value for ep in metadata.entry_points(group="pytest11") if ep.name == "eai"] == [
        "eai.testing.pytest_plugin"]


def test_the_eai_plugins_fixture_is_the_process_wide_plugins_loaded_anew(eai_plugins):
    assert eai_plugins is get_plugins() and eai_plugins.failures == []
    assert {"virtualhome", "behavior"} <= set(eai_plugins.simulators.names())


def test_the_fake_model_server_answers_an_openai_chat_request_over_http(fake_model_server):
    body = {"model": "fake-model", "messages": [{"role": "user", "content": "Plan for task 27_2"}], "max_tokens": 5}
    request = urllib.request.Request(f"{fake_model_server.url}/chat/completions", json.dumps(body).encode(),
                                     {"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=30) as reply:
        answer = json.load(reply)
    assert answer["choices"][0]["message"]["content"] == "[]" and answer["usage"]["prompt_tokens"] == 4
    assert fake_model_server.bodies == [body]
