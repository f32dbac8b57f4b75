"""The real engines' tests run where their extras are installed, and are skipped, saying so, where not."""

import pytest

from eai_alfworld.engine import missing as alfworld_missing
from eai_evolving_graph.engine import missing as evolving_graph_missing

needs_alfworld = pytest.mark.skipif(bool(alfworld_missing()), reason=f"alfworld engine: {alfworld_missing()}")
needs_evolving_graph = pytest.mark.skipif(bool(evolving_graph_missing()),
                                          reason=f"VirtualHome's evolving graph: {evolving_graph_missing()}")
