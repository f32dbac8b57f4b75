"""Hooks of the built-in VirtualHome plugin."""

from eai.hookspecs import hookimpl
from eai.paths import tasks_dir
from eai.sources import EAI_EVAL
from eai.taskstore import DirectorySuite
from eai_virtualhome import importer


def _import(archives, out):
    importer.convert(archives["eai-eval"], [EAI_EVAL], out)


@hookimpl
def eai_register_suites(register):
    register(DirectorySuite("virtualhome", "virtualhome", importer.DESCRIPTION,
                            lambda: tasks_dir() / "virtualhome", (EAI_EVAL,), _import))
