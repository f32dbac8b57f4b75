"""The ``partnr`` episode importer (``eai tasks import partnr``): what it is and
its licence; the conversion (:mod:`eai_partnr.episodes`) is imported when a
file is converted, so registering the importer stays cheap."""

from __future__ import annotations

from collections import Counter
from typing import Any

from eai import EaiError
from eai.plugin_api import Converted, EpisodeImporter, ImportProgress, get_plugins

LICENCE = ("PARTNR's episodes (github.com/facebookresearch/partnr-planner, the partnr_episodes data set) are "
           "licensed CC BY-NC 4.0: non-commercial use only, with attribution to Chang et al., PARTNR "
           "(arXiv:2411.00081). Their scenes (HSSD) are gated and not read. Keep the converted folder under the "
           "same terms; never commit it to eai.")


class PartnrEpisodes(EpisodeImporter):
    name = "partnr"
    description = "PARTNR's collaboration episodes (a user's copy, CC BY-NC 4.0) as VirtualHome tasks"
    simulator = "virtualhome"
    licence = LICENCE

    def convert(self, data: Any, progress: ImportProgress) -> Converted:
        from eai_partnr.episodes import Skip, convert_episode

        if not isinstance(data, dict) or not isinstance(data.get("episodes"), list):
            raise EaiError("not a PARTNR episode file: no list 'episodes' at the top level")
        simulator = get_plugins().simulators.get(self.simulator)
        episodes = data["episodes"]
        made = Converted([], len(episodes), Counter())
        seen: set[str] = set()
        for i, episode in enumerate(episodes):
            if i % 50 == 0:
                progress(f"converting episodes {i + 1}-{min(i + 50, len(episodes))} of {len(episodes)}")
            try:
                task = convert_episode(episode, simulator)
                if task.id in seen:
                    raise Skip("episode_id repeated")
            except Skip as skip:
                made.skipped[str(skip)] += 1
                continue
            seen.add(task.id)
            made.tasks.append(task)
        certified = sum(bool(t.gold_plan) for t in made.tasks)
        made.notes = [f"{certified} of {len(made.tasks)} tasks have a gold plan (the planner's plan for the goal, "
                      f"reaching percent complete 1); the others have none",
                      "furniture and objects are named class.N; simulator_specific.partnr.handles maps them back "
                      "to the episode's handles"]
        return made
