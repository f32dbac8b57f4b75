"""Breadth-first search over a world's successors, within a budget."""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable, Collection, Iterable

from eai.plugin_api import Action, Budget, Outcome, PlanResult, SearchPlanner, State, World

# Bytes one visited state costs besides its bitset: its dict entry, the
# (parent, action) tuple, the action, the State and its frontier slot
# (tracemalloc on CPython 3.11: about 270).
ENTRY_BYTES = 270


class BreadthFirst(SearchPlanner):
    name = "bfs"
    description = "breadth-first search over a simulator's successors; shortest plans, node/memory budget"

    def search(
        self,
        world: World,
        start: State,
        goal: Callable[[State], bool],
        budget: Budget,
        objects: Iterable[str] | None = None,
        prefer: Callable[[State], bool] | None = None,
        actions: Collection[str] | None = None,
    ) -> PlanResult:
        began = time.perf_counter()
        memory = None if budget.memory_mb is None else budget.memory_mb * 1024 * 1024
        among = None if objects is None else tuple(sorted(set(objects)))

        def result(outcome: Outcome, plan: tuple[Action, ...] = (), detail: str = "") -> PlanResult:
            if outcome is Outcome.BUDGET_EXHAUSTED and found is not None:  # out of budget comparing ties
                return result(Outcome.SOLVED, _path(parents, found[1]))
            return PlanResult(outcome, plan, expanded, time.perf_counter() - began, detail)

        expanded = 0
        parents: dict[int, tuple[int, Action] | None] = {start.bits: None}
        found: tuple[int, int] | None = None  # (depth, bits) of the first goal state ``prefer`` rejects
        if goal(start):
            return result(Outcome.SOLVED)
        frontier = deque([(start, 0)])
        stored = start.bits.__sizeof__() + ENTRY_BYTES
        while frontier:
            if found is not None and frontier[0][1] == found[0]:  # no preferred one at that depth
                return result(Outcome.SOLVED, _path(parents, found[1]))
            if budget.nodes is not None and expanded >= budget.nodes:
                return result(Outcome.BUDGET_EXHAUSTED, detail=f"node limit {budget.nodes} reached")
            if memory is not None and stored >= memory:
                return result(Outcome.BUDGET_EXHAUSTED, detail=f"memory limit {budget.memory_mb} MB reached")
            state, depth = frontier.popleft()
            expanded += 1
            for action, successor in world.successors(state, among):
                bits = successor.bits
                if bits in parents or (actions is not None and action.name not in actions):
                    continue
                parents[bits] = (state.bits, action)
                if goal(successor):
                    if prefer is None or prefer(successor):
                        return result(Outcome.SOLVED, _path(parents, bits))
                    found = found or (depth + 1, bits)
                elif found is None:
                    frontier.append((successor, depth + 1))
                    stored += bits.__sizeof__() + ENTRY_BYTES
        if found is not None:
            return result(Outcome.SOLVED, _path(parents, found[1]))
        return result(Outcome.UNSOLVABLE, detail=f"all {expanded} reachable states expanded")


def _path(parents: dict[int, tuple[int, Action] | None], bits: int) -> tuple[Action, ...]:
    """The actions leading from the start to the state ``bits``."""
    plan = []
    link = parents[bits]
    while link is not None:
        bits, action = link
        plan.append(action)
        link = parents[bits]
    return tuple(reversed(plan))
