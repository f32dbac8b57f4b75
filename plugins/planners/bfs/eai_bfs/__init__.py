"""Breadth-first search for eai: the ``bfs`` search-planner plugin.

:class:`eai_bfs.search.BreadthFirst` searches a simulator's successor
function (``World.successors``) from a start state to the first state a goal
test accepts. It returns a shortest plan; among shortest plans, the first in
the simulator's successor order (which simulators keep deterministic), so the
same call always gives the same plan. With ``prefer``, the first shortest
plan whose final state ``prefer`` accepts, if there is one: the search then
finishes the layer where the goal was first reached (subgoal refinement
prefers plans keeping the subgoals already reached). Each state is expanded
at most once (states are compared by value).

The budget is counted, so the same search ends the same way on any machine
under any load: once per expansion, ``nodes`` caps the expanded states and
``memory_mb`` an estimate of the memory the search keeps (visited states and
their parents, counted in bytes per entry). Hitting either limit returns
``budget_exhausted`` with the number of states expanded (or, while
comparing shortest plans for ``prefer``, the first shortest plan); an exhausted
reachable space returns ``unsolvable``. The time limits of a ``Budget``
(``cpu_seconds``, ``wall_seconds``) are not used: with no node or memory
limit, a search runs until it has an answer.

Pruning is the caller's choice through ``objects``: the search then only
tries actions whose arguments are all in that set; and through ``actions``:
only actions of those names. Subgoal refinement passes the objects the
subgoal mentions plus those its preconditions may need, as
``World.search_objects`` says, and the actions ``World.search_actions`` says
are of use (see ``eai_modules.subgoal_decomposition``).
"""
