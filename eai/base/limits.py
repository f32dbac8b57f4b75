"""The default budgets that can decide a verdict, counted or in CPU time
(docs/metrics.md), kept apart so the command line shows them without
importing the modules that use them.

- ``MAX_NODES``: states one subgoal-refinement search may expand.
- ``CPU_SECONDS`` and ``MEMORY_MB``: per transition-modeling planning problem.
- The wall-clock limit of a planning problem, ``WALL_FACTOR`` times its CPU
  limit plus ``WALL_SLACK`` seconds, is only a safety net: a run it stops is
  an infrastructure failure, not the answer's.
"""

MAX_NODES = 2000
CPU_SECONDS = 30.0
MEMORY_MB = 2048
WALL_FACTOR = 10.0
WALL_SLACK = 60.0
