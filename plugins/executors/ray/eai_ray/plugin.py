"""The ``ray`` executor: ``eai run --executor ray [--address ...]``."""

from eai.hookspecs import hookimpl
from eai_ray.executor import RayExecutor


@hookimpl
def eai_register_executors(register):
    register(RayExecutor())
