"""Fast Downward for eai: the ``fast_downward`` PDDL planner plugin.

The Fast Downward build that ships inside the ``up-fast-downward`` package,
running a portfolio of three searches in turn (``runner.searches``): eager
greedy search with the FF heuristic, then lazy greedy search with FF and the
causal-graph heuristic, then lama-first, each going on only when the one
before gave up, on one of two routes:

- ``fast_downward`` (the default): our ``Domain`` and ``Problem`` become a
  unified-planning problem built through UP's API (``up_problem.py``; never
  through UP's PDDL reader, which rejects the EAI files), so UP validates
  every operator: an ill-formed one (undefined predicate, wrong arity, bad
  types, unbound variable) is left out and reported in
  ``PlanResult.rejected``, and planning goes on without it. Quantified
  conditions over one literal are written out over the objects first
  (``eai.pddl.expand``), which spares Fast Downward's heuristics the axioms
  they estimate poorly. UP's writer makes the planner's input.
- ``fast_downward_direct``: our model's own PDDL text as written,
  unvalidated (Fast Downward's translator rejects the whole task on the first
  fault).

Budgets (``eai.simulation.planner.Budget``): ``cpu_seconds`` bounds the CPU time of a
whole run (preparing, translating, every search; each search's share is CPU
time too), ``memory_mb`` its address space; either ends a run with
``budget_exhausted`` (running out of memory in the translator however it
shows: ``child.py``). Load cannot use up CPU time, so the same input gets the
same verdict and the same plan on an idle or a busy machine, as long as its
need is not close to a limit (the gold problems use at most 1.3 s of 30).
``wall_seconds`` is a safety net: a run it stops ends with
``infrastructure_failure``, no verdict. ``nodes`` is not supported (Fast
Downward has no expansion limit).

Runs happen in *planner hosts* (``host.py``): a small process that keeps a
*worker* (``worker.py``) and forks a child per search (``child.py``). The
worker imports the translator (and, on the first route, unified-planning,
kept from importing scipy) once, then prepares (converts and writes the
files) and translates run after run in-process, each run within its own CPU
and memory limits and in a unified-planning environment of its own; a run out
of time or memory ends the worker with that verdict and the next run gets a
new one. Starting Python and importing cost about 0.07 s of CPU for the
translator alone and 0.17 s with unified-planning, paid once per worker; a
gold problem then costs a median of about 0.02 s (VirtualHome) and 0.05 s
(BEHAVIOR) of CPU, most of it Fast Downward's translator and search
(benchmarks/planner_gold.py). Forking a child of a 60-90 MB host per run cost
as much again (its touched pages copied, then torn down). Idle hosts stay for
later runs until the process exits or the planner's ``close()`` ends them.

Each run has its own directory (``workdirs``: no shared ``sas_plan``; always
removed, and locked so that one left by a killed process is removed by the
next), its own session and its limits. Nothing outlives the process that
plans: a host ends when its stdin closes, killing its run and removing its
directory first, and a run's processes get SIGKILL when their host ends.
``solve_all`` keeps ``workers`` runs going at once (threads that only wait
on the runs) and ends them at once on Ctrl-C. A bad domain or problem is an
outcome (``error`` with the reason), never an exception. POSIX only (the
death signal, Linux only, is a second line of defence). Importing the plugin
imports no unified-planning; only the workers do.
"""
