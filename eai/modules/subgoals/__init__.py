"""Subgoal plans: reading LTL subgoal lines (:mod:`.parse`), grounding them in
a world (:mod:`.ground`), and refining each into actions with a search
planner (:mod:`.refine`). Subgoal decomposition scores them; the planner
stage (LLM+P) and task generation plan with them."""
