"""CPU of a command's whole process tree, read from /proc, split per process.

``RUSAGE_CHILDREN`` counts only the children a process waited for: Ray's
workers end unreaped by the raylet, and a planner host's children are reaped
by the host. Reading every process of the command's session from /proc every
0.2 s counts them all; a process's last 0.2 s may be missed.
"""

from __future__ import annotations

import os
import subprocess
import time
from dataclasses import dataclass, field

TICK = os.sysconf("SC_CLK_TCK")


@dataclass
class Seen:
    """One process of the session at its last reading."""

    parent: int
    name: str
    own: float  # user + system seconds of the process itself
    reaped: float  # of the children it waited for
    reading: int  # the last reading it was seen in
    first: int  # the first


@dataclass
class TreeUsage:
    """Wall seconds of a command and the CPU seconds of each process of its tree."""

    wall: float
    main: int
    processes: dict[int, Seen] = field(default_factory=dict)

    def cpu_of(self, pid: int) -> float:
        """The CPU of ``pid`` and of the children it reaped that were not seen alive."""
        seen = self.processes[pid]
        counted = sum(s.own + s.reaped for s in self.processes.values()
                      if s.parent == pid and s.reading < seen.reading)  # ended before its parent's last reading
        return seen.own + max(0.0, seen.reaped - counted)

    @property
    def cpu(self) -> float:
        return sum(self.cpu_of(pid) for pid in self.processes)

    def split(self) -> dict[str, tuple[int, float]]:
        """CPU by role: the command's own process, its forked workers (same
        name, its children), and the other processes by name; (processes, seconds)."""
        roles: dict[str, tuple[int, float]] = {}
        for pid, seen in self.processes.items():
            if pid == self.main:
                role = "main process"
            elif seen.parent == self.main and seen.name == self.processes[self.main].name:
                role = "forked workers"
            else:
                role = seen.name
            count, cpu = roles.get(role, (0, 0.0))
            roles[role] = (count + 1, cpu + self.cpu_of(pid))
        return dict(sorted(roles.items(), key=lambda item: -item[1][1]))


def session(sid: int) -> dict[int, tuple[int, str, float, float]]:
    """pid -> (parent pid, name, own CPU, CPU of the children it reaped) of the live processes of session ``sid``."""
    found = {}
    for name in os.listdir("/proc"):
        try:
            with open(f"/proc/{name}/stat") as stat:
                text = stat.read()
        except (OSError, ValueError):
            continue
        rest = text[text.rindex(")") + 2:].split()  # state, ppid, pgrp, session, ..., utime (11), stime, cutime, cstime
        if int(rest[3]) == sid:
            found[int(name)] = (int(rest[1]), text[text.index("(") + 1:text.rindex(")")],
                                (int(rest[11]) + int(rest[12])) / TICK, (int(rest[13]) + int(rest[14])) / TICK)
    return found


def tree_usage(command: list[str], **options) -> TreeUsage:
    """Run ``command`` in a session of its own (``options``: ``subprocess.Popen``'s; output
    discarded by default) until it and every process of its session ended."""
    options = {"stdout": subprocess.DEVNULL, "stderr": subprocess.DEVNULL, **options}
    start = time.perf_counter()
    process = subprocess.Popen(command, start_new_session=True, **options)
    usage = TreeUsage(0.0, process.pid)
    reading = 0
    while process.poll() is None or session(process.pid):
        reading += 1
        for pid, (parent, name, own, reaped) in session(process.pid).items():
            if pid in usage.processes:  # its parent when first seen: an orphan's is 1 (or a subreaper) later
                parent, first = usage.processes[pid].parent, usage.processes[pid].first
            else:
                first = reading
            usage.processes[pid] = Seen(parent, name, own, reaped, reading, first)
        time.sleep(0.2)
    usage.wall = time.perf_counter() - start
    if process.returncode:
        raise SystemExit(f"{' '.join(command)} failed ({process.returncode})")
    return usage
