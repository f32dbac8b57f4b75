"""The ``ray`` executor: ``eai run --executor ray [--address ...]``."""

from eai.plugin_api import hookimpl
from eai_ray.executor import RayExecutor


@hookimpl
def eai_register_executors(register):
    register(RayExecutor())
