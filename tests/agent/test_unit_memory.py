"""A unit of episodes holds the tasks in play, not the whole suite (issue 33: memory flat over a
1,100-episode langr run): tasks are read a batch at a time as they are played, and a suite
holds only the tasks still in use besides its last ones read."""

import weakref

import eai
from eai.runner.drivers.agent import Agent
from eai.runner.setup import BATCH
from eai.tasks import store


def test_an_episode_unit_of_300_langr_tasks_holds_at_most_two_batches_while_it_plays(tmp_path, monkeypatch):
    alive, seen = weakref.WeakSet(), []
    built, play = store.DirectorySuite._built, Agent.play

    def counted(self, *args):
        task = built(self, *args)
        alive.add(task)
        return task

    async def playing(self, task, work):
        seen.append(len(alive))
        await play(self, task, work)

    monkeypatch.setattr(store, "RECENT", 0)  # the suite keeps no task of its own: what is alive is the unit's
    monkeypatch.setattr(store.DirectorySuite, "_built", counted)
    monkeypatch.setattr(Agent, "play", playing)
    run = eai.run(models=["baseline:planner"], suites=["langr"], modules=["action_sequencing"], limit=300,
                  out=tmp_path / "run", options={"episode": True})
    assert run.results[0].summary["n"] == len(seen) == 300
    assert max(seen) <= 2 * BATCH < 300, max(seen)
    assert run.results[0].summary["success_rate"] == 100.0  # the planner as an agent: these 300 are all solved
