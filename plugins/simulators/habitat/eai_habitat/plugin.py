"""Hooks of the built-in habitat plugin: the langr and eb-habitat suites and their simulator."""

from eai.plugin_api import DirectorySuite, Pin, hookimpl, tasks_dir
from eai_habitat.simulator import HabitatSimulator

APPLE_NOTE = ("The Apple Sample Code License above grants use, reproduction, modification and redistribution; "
              "its notice is kept here verbatim with the data derived from ml-llarp's episodes, category map, "
              "instruction file and PDDL domain.")
LLARP = Pin("llarp", "be7cbd3af35ce1a3f9a98fbd81505b77012ef745", repository="apple/ml-llarp", licence_note=APPLE_NOTE)
EMBODIEDBENCH = Pin(
    "embodiedbench", "b24793607b7c5f1f236dad6d9c3f3c94d0bd4b04", repository="EmbodiedBench/EmbodiedBench",
    licence_note=("The repository has no licence file at this commit; its README says \"MIT License\" (section "
                  "License), which covers its in-context examples (embodiedbench/evaluator/config). Its EB-Habitat "
                  "files carry Apple's header (\"For licensing see accompanying LICENSE file. Copyright (C) 2024 "
                  "Apple Inc.\": the Apple Sample Code License kept above for ml-llarp) and its episodes derive "
                  "from LLaRP's."),
    optional=True)


LANGR = "LLaRP Language Rearrangement: 1,100 ReplicaCAD rearrangement episodes, symbolic (run with --suite langr)"
EB_HABITAT = ("EB-Habitat's six subsets (50 each) drawn from LLaRP's splits by EB's mapping, symbolic "
              "(run with --suite eb-habitat)")


def _langr() -> DirectorySuite:
    def convert(archives, out):
        from eai_habitat import importer

        importer.write_langr(archives["llarp"], [LLARP], out)

    return DirectorySuite("langr", "habitat", LANGR, lambda: tasks_dir() / "langr", (LLARP,), convert,
                          in_default_run=False)


def _eb_habitat() -> DirectorySuite:
    def convert(archives, out):
        from eai_habitat import importer

        eb = archives.get("embodiedbench")
        importer.write_eb_habitat(archives["llarp"], eb, [LLARP, EMBODIEDBENCH] if eb else [LLARP], out)

    return DirectorySuite("eb-habitat", "habitat", EB_HABITAT, lambda: tasks_dir() / "eb-habitat",
                          (LLARP, EMBODIEDBENCH), convert, in_default_run=False)


@hookimpl
def eai_register_suites(register):
    register(_langr())
    register(_eb_habitat())


@hookimpl
def eai_register_simulators(register):
    register(HabitatSimulator(lambda key: (_eb_habitat() if key == "examples" else _langr()).file(key)))  # EB's examples: eb-habitat's
