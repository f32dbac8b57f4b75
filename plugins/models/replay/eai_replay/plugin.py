from eai.plugin_api import hookimpl
from eai_replay import ReplayProvider


@hookimpl
def eai_register_models(register):
    register(ReplayProvider())
