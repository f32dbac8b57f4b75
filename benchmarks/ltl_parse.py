"""LTL throughput: parsing VirtualHome/BEHAVIOR-style goals, evaluating them on a 50-step trajectory.

Run from the repository root: ``python benchmarks/ltl_parse.py``.
"""

from __future__ import annotations

import random
import time
from itertools import islice

from eai.ltl import Universe, evaluate, options, parse
from eai.world import Action, AtomIndex, Obj, Trajectory

TEMPLATES = [
    "(CLOSED({a}) and ON({a}) and PLUGGED_IN({a}) and ONTOP({b}, {a}) and ONTOP({c}, {a}))",
    "(exists x0. ((LOOKAT(x0) or WATCH(x0))) then (ON({a}) and PLUGGED_IN({a}) and FACING(character.65, {a})))",
    "(exists x0. (GRAB(x0)) then exists x0. ((WASH(x0) or RINSE(x0) or SCRUB(x0) or WIPE(x0))))",
    "(exists x0. ((READ(x0) or LOOKAT(x0))) then (HOLDS_LH(character.65, {b}) and HOLDS_RH(character.65, {c})))",
    "(SITTING(character.65) and ONTOP(character.65, {a}))",
    "forall x0. (not {k}(x0) or forn 1. x1. (not {l}(x1) or inside(x1, x0))) and "
    "forall x1. (not {l}(x1) or forn 1. x0. (not {k}(x0) or inside(x1, x0)))",
    "ontop({b}, {a}) then not (holds_rh(character.65, {b}) or holds_lh(character.65, {b})) "
    "then facing(character.65, {c})",
]
CLASSES = ["cup", "plate", "television", "basket.n.01", "candle.n.01", "towel", "sink", "table"]


def formulas(count: int, rng: random.Random) -> list[str]:
    def obj() -> str:
        return f"{rng.choice(CLASSES)}.{rng.randrange(1000, 1100)}"

    return [
        rng.choice(TEMPLATES).format(a=obj(), b=obj(), c=obj(), k=rng.choice(CLASSES), l=rng.choice(CLASSES))
        for _ in range(count)
    ]


def world(rng: random.Random) -> tuple[Universe, Trajectory]:
    """About 100 objects and a 50-step trajectory that changes a few atoms per step."""
    objects = [Obj("character.65", "character")] + [
        Obj(f"{cls}.{1000 + i}", cls) for cls in CLASSES for i in range(12)
    ]
    ids = [obj.id for obj in objects[1:]]
    universe = Universe(objects, action_names={"LOOKAT", "WATCH", "GRAB", "WASH", "RINSE", "SCRUB", "WIPE", "WALK"})
    unary, binary = ["ON", "PLUGGED_IN", "CLOSED"], ["ONTOP", "inside", "HOLDS_RH", "FACING"]
    index = AtomIndex()
    atoms: set = set()
    states, actions = [index.state()], []
    for _ in range(50):
        for _ in range(4):
            name = rng.choice(unary + binary)
            atoms ^= {(name, *rng.sample(ids, 1 if name in unary else 2))}
        actions.append(Action(rng.choice(sorted(universe.action_names)), (rng.choice(ids),)))
        states.append(index.state(atoms))
    return universe, Trajectory(tuple(states), tuple(actions))


def timed(run, repeat: int) -> float:
    start = time.perf_counter()
    for _ in range(repeat):
        run()
    return (time.perf_counter() - start) / repeat


def main() -> None:
    rng = random.Random(0)
    texts = formulas(400, rng)
    seconds = timed(lambda: [parse(text) for text in texts], 5)
    chars = sum(map(len, texts)) // len(texts)
    print(f"parse: {len(texts) / seconds:,.0f} formulas/s over {len(texts)} formulas of {chars} chars on average")

    universe, trajectory = world(rng)
    goals = {
        "watch tv (exists then and)": TEMPLATES[1].format(a="television.1001", b="", c=""),
        "3-step then with not": TEMPLATES[6].format(a="table.1000", b="cup.1003", c="sink.1002"),
        "basket/candle matching (typed forall, forn)": TEMPLATES[5].format(k="basket.n.01", l="candle.n.01"),
        "nested then under exists": "exists x. (ON(x) then not ON(x) then ON(x))",
    }
    print(f"evaluate on a {len(trajectory.actions)}-step trajectory, {len(universe.objects)} objects:")
    for label, text in goals.items():
        goal = parse(text)
        seconds = timed(lambda goal=goal: evaluate(goal, trajectory, universe), 5)
        print(f"  {label}: {seconds * 1000:.2f} ms -> {evaluate(goal, trajectory, universe)}")

    matching = parse(goals["basket/candle matching (typed forall, forn)"])
    first = timed(lambda: next(options(matching, universe)), 3)
    hundred = timed(lambda: list(islice(options(matching, universe), 100)), 3)
    print(f"ground the 12x12 matching (12^12 raw combinations): first option {first * 1000:.1f} ms, "
          f"first 100 options {hundred * 1000:.0f} ms")


if __name__ == "__main__":
    main()
