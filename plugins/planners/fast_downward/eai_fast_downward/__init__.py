"""Fast Downward for eai: the ``fast_downward`` PDDL planner plugin.

The Fast Downward build that ships inside the ``up-fast-downward`` package:
lama-first for half the time limit, then (if it gave up) greedy search
alternating the FF and causal-graph heuristics (``runner.searches``), on one
of two routes:

- ``fast_downward`` (the default): our ``Domain`` and ``Problem`` become a
  unified-planning problem built through UP's API (``up_problem.py``; never
  through UP's PDDL reader, which rejects the EAI files), so UP validates
  every operator: an ill-formed one (undefined predicate, wrong arity, bad
  types, unbound variable) is left out and reported in
  ``PlanResult.rejected``, and planning goes on without it. UP's writer
  makes the planner's input.
- ``fast_downward_direct``: our model's own PDDL text, unvalidated (Fast
  Downward's translator rejects the whole task on the first fault).

Both run in *planner hosts* (``host.py``): a process that imports the
translator (and, on the first route, unified-planning) once and forks one
child per run, which (on the first route) converts and writes the files,
translates in-process and then becomes the search. Starting Python and importing cost about 0.07 s
of CPU per run for the translator alone and about 1.5 s for unified-planning
(its environment imports scipy), so paying them once per host is what makes
either route fast. Converting and writing one gold problem through UP costs
about 15 ms once UP's writer is kept from grounding every predicate to list
the initial state (``up_problem._Problem``).

Measured on the 2-core machine class while other jobs kept the load between
1.3 and 2 (``benchmarks/planner_gold.py``: the 296 VirtualHome and 100 BEHAVIOR
gold problems with the whole gold domains, 2 workers): 37-41 s wall and 73 s
of CPU through unified-planning, 26 s and 50 s on our text. Per run, the
unified-planning route adds about 25 ms (forking the larger host, converting,
writing); each host pays 1.5 s once. As transition modeling plans (only the
operators each task needs; ``benchmarks/transition_modeling_gold.py``):
42-56 s wall for all 396, against 31-51 s. See docs/metrics.md, section
"Transition modeling".

Each run has its own directory (no shared ``sas_plan``; always removed), its
own session (killed as a group at the time limit, so no search outlives its
budget), an address-space limit from ``Budget.memory_mb`` and a CPU-time
backstop. ``solve_all`` keeps ``workers`` runs going at once (threads that
only wait on the runs). A bad domain or problem is an outcome (``error``
with the reason), never an exception. POSIX only. Importing the plugin
imports no unified-planning; only the hosts do.
"""
