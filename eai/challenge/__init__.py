"""The EAI Challenge round trip (docs/challenge.md): the submission's format
and the starter kit's identifiers (:mod:`.submission`), a run exported as a
submission (:mod:`.export`), and the official evaluator, eai-eval 1.0.5 in a
virtual environment of its own (:mod:`.upstream`), run on the same answers
beside eai: its verdicts read task by task (:mod:`.outcomes`), compared with
eai's (:mod:`.compare`), each difference given its documented reasons
(:mod:`.reasons`) and printed (:mod:`.report`)."""
