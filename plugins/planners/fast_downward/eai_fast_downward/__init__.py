"""Fast Downward for eai: the ``fast_downward`` PDDL planner plugin.

A run writes the PDDL text of eai's own ``Domain`` and ``Problem`` (never
re-read through unified-planning's PDDLReader) into a private temporary
directory and solves it with lama-first, using the Fast Downward build that
ships inside the ``up-fast-downward`` package. Nothing here imports
unified-planning, so importing the plugin costs next to nothing.

Why not ``OneshotPlanner`` (measured on the 2-core machine class, VirtualHome
gold problems): unified-planning's reader rejects the EAI files as they are,
its writer drops empty effects (Fast Downward then rejects the domain), its
import costs about 1.5 s, and its ``solve`` alone took 0.28 s median per
problem, against 0.17 s for Fast Downward's own driver on our text and
0.12 s for calling the translator and the search directly. Of those 0.12 s
of CPU about 0.07 s go to starting Python and importing the translator,
0.04 s to translating and 0.01 s to the search; so a *planner host*
(``host.py``) imports the translator once and forks one child per run:
0.05 s of CPU per problem. All 296
VirtualHome and 100 BEHAVIOR gold problems (``benchmarks/planner_gold.py``,
2 workers) took 40 s wall while another job kept one of the 2 cores busy
(54 s of CPU in all, so about 27 s on two free cores), against about 60 s
wall with one interpreter per run under the same load.

Each run has its own directory (no shared ``sas_plan``; always removed), its
own session (killed as a group at the time limit, so no search outlives its
budget), an address-space limit from ``Budget.memory_mb`` and a CPU-time
backstop. ``solve_all`` keeps ``workers`` runs going at once (threads that
only wait on the runs). A bad domain is an outcome (``error`` with Fast
Downward's last words), never an exception. POSIX only.
"""
