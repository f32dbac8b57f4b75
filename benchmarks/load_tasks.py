"""Time to load all task suites (target: 442 tasks in under 2 s on 2 cores)."""

import time

from eai.plugins import get_plugins


def main() -> None:
    suites = get_plugins().suites
    total, start = 0, time.perf_counter()
    for name in ("virtualhome", "behavior"):
        t0 = time.perf_counter()
        tasks = suites.get(name).load()
        total += len(tasks)
        print(f"{name}: {len(tasks)} tasks in {time.perf_counter() - t0:.2f} s")
    print(f"all: {total} tasks in {time.perf_counter() - start:.2f} s")


if __name__ == "__main__":
    main()
