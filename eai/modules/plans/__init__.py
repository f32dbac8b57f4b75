"""Plans as answers: reading an action plan from model text in every shape
models write it (:mod:`.parse`), its steps as ground actions (:mod:`.grounding`)
and its similarity to the gold plan (:mod:`.similarity`). Action sequencing,
the turn-by-turn agents, the viewer and plugin modules read plans so."""
