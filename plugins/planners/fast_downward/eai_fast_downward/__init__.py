"""Fast Downward for eai: the ``fast_downward`` PDDL planner plugin.

Lama-first, with the Fast Downward build that ships inside the
``up-fast-downward`` package, on one of two routes:

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
child per run, which converts and writes the files, translates in-process
and then becomes the search. Starting Python and importing cost about 0.07 s
of CPU per run for the translator alone and about 1.5 s for unified-planning
(its environment imports scipy), so paying them once per host is what makes
either route fast. Converting and writing one gold problem through UP costs
about 15 ms once UP's writer is kept from grounding every predicate to list
the initial state (``up_problem._Problem``).

Measured with ``benchmarks/planner_gold.py`` (296 VirtualHome + 100 BEHAVIOR
gold problems, whole gold domains, 2 workers, while other jobs shared the 2
cores): see docs/metrics.md, section "Transition modeling".

Each run has its own directory (no shared ``sas_plan``; always removed), its
own session (killed as a group at the time limit, so no search outlives its
budget), an address-space limit from ``Budget.memory_mb`` and a CPU-time
backstop. ``solve_all`` keeps ``workers`` runs going at once (threads that
only wait on the runs). A bad domain or problem is an outcome (``error``
with the reason), never an exception. POSIX only. Importing the plugin
imports no unified-planning; only the hosts do.
"""
