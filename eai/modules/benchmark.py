"""What a benchmark adds to the record of a trajectory (action sequencing,
subgoal decomposition): its task progress, PARTNR's evaluation functions
(:mod:`eai.collaboration.evaluation`), and tasks it leaves out of the rates
(:meth:`eai.simulation.simulator.Simulator.progress`, ``excluded``). A
feature beside the modules' interface: it judges with the collaboration
package's evaluation."""

from __future__ import annotations

from eai.collaboration.evaluation import judge
from eai.modules.base import Record
from eai.simulation.simulator import Simulator
from eai.world import Task, Trajectory


def benchmark_fields(simulator: Simulator, task: Task, trajectory: Trajectory) -> Record:
    """``task_progress`` of ``trajectory`` (a fraction) when the benchmark
    defines progress, ``percent_complete`` and ``evaluation_success`` (a
    fraction, a verdict) when the task has evaluation functions
    (docs/collaboration.md), and ``excluded`` (why) when it leaves the task out."""
    fields: Record = {}
    if task.evaluation:
        tracker = judge(task, simulator, trajectory.states)
        fields["percent_complete"] = round(tracker.percent_complete, 6)
        fields["evaluation_success"] = tracker.success
    progress = simulator.progress(task, trajectory)
    if progress is not None:
        fields["task_progress"] = round(progress, 4)
    reason = simulator.excluded(task)
    if reason:
        fields["excluded"] = reason
    return fields
