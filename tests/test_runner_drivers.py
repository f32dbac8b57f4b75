"""The runner core's guard around a driver's play (eai/runner/core.py, UnitWork.play_guarded):
a model plugin that raises (a defect, not a failed call) on one task loses neither the other
tasks of an episode run nor of a turn-by-turn run; that task is logged as an internal error,
not scored, and asked again on --resume."""

import asyncio
import json

from eai.host.hookspecs import hookimpl
from eai.host.manager import load_plugins, set_plugins
from eai.llm.model import LanguageModel, ModelProvider
from eai.results.store import ResponseLog
from eai.runner.config import RunConfig
from eai.runner.run import run


class Defective(LanguageModel):
    """Answers the gold plan, but raises on the tasks named in ``broken``."""

    provider, cacheable = "defective", False

    def __init__(self, broken):
        self.model, self.broken = "gold", broken

    async def generate(self, request):
        if request.task is not None and request.task.id in self.broken:
            raise RuntimeError("a defect of this model plugin")
        return json.dumps([[a.name, *a.args] for a in request.task.gold_plan])


class Plugin:
    def __init__(self, broken):
        self.broken = broken

    @hookimpl
    def eai_register_models(self, register):
        broken = self.broken

        class Provider(ModelProvider):
            name = "defective"

            def create(self, model, options):
                return Defective(broken)

        register(Provider())


def played(tmp_path, broken, **settings):
    plugins = load_plugins(extra={"defective": Plugin(broken)})
    set_plugins(plugins)
    config = RunConfig(models=["defective:gold"], modules=["action_sequencing"], out=tmp_path / "run", cache=None,
                       **settings)
    (folder,) = asyncio.run(run(config, plugins))
    items = ResponseLog(folder / "responses.jsonl").read_items()
    records = [json.loads(line) for line in (folder / "records.jsonl").read_text().splitlines()]
    return items, records, json.loads((folder / "summary.json").read_text())


def test_an_episode_whose_model_raises_is_an_internal_error_and_the_others_are_played(tmp_path):
    items, records, summary = played(tmp_path, {"417_1"}, suites=["virtualhome"], task_ids=["27_2", "417_1"], replan=1)
    assert items["417_1"]["error"] == "internal error: RuntimeError: a defect of this model plugin"
    assert [r["identifier"] for r in records] == ["27_2"] and records[0]["success"]
    assert (summary["tasks"], summary["n"]) == (2, 1)


def test_a_turn_by_turn_episode_whose_model_raises_is_an_internal_error_and_the_others_are_played(tmp_path):
    from eai.host.manager import get_plugins

    first, second = get_plugins().suites.get("partnr-vh").ids()[:2]
    items, records, summary = played(tmp_path, {second}, suites=["partnr-vh"], task_ids=[first, second],
                                     options={"agents": 2, "turn_by_turn": True, "human": "scripted", "partial": False})
    assert items[second]["error"] == "internal error: RuntimeError: a defect of this model plugin"
    assert [r["identifier"] for r in records] == [first]
    assert (summary["tasks"], summary["n"]) == (2, 1)
