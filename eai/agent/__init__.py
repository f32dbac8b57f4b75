"""One agent acting step by step in a world, EmbodiedBench's episode protocol
(docs/architecture.md): the protocol itself (:mod:`.protocol`), what the
agent is shown each turn (:mod:`.observation`), the forms it may answer in
(:mod:`.forms`), an episode played with a model and the tasks whose gold plan succeeds as one
(:mod:`.play`) and the
figures over episodes (:mod:`.figures`)."""
