"""The runner's drivers, one per kind of work (:mod:`eai.runner.driver`): the first
of :data:`DRIVERS` that is chosen for a unit runs it."""

from __future__ import annotations

from eai.compose.pipeline import Pipeline
from eai.runner.config import RunConfig
from eai.runner.driver import Driver
from eai.runner.drivers.agent import Agent
from eai.runner.drivers.answers import Answers
from eai.runner.drivers.episodes import Episodes
from eai.runner.drivers.turns import Turns

DRIVERS: tuple[Driver, ...] = (Turns(), Agent(), Episodes(), Answers())


def driver_for(pipeline: Pipeline, config: RunConfig) -> Driver:
    """The driver of units of ``pipeline`` in a run of ``config``."""
    return next(driver for driver in DRIVERS if driver.chosen(pipeline, config))
