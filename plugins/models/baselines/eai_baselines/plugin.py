from eai.plugin_api import hookimpl
from eai_baselines import BaselineProvider


@hookimpl
def eai_register_models(register):
    register(BaselineProvider())
