"""The EAI Challenge round trip (docs/challenge.md): the submission's format
and the starter kit's identifiers (:mod:`.submission`) and a run exported as
a submission (:mod:`.export`)."""
