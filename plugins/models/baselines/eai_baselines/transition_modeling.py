"""A lexical transition model: an operator makes true the predicates its name
names. A floor for transition modeling: no model, no knowledge of the domain
beyond predicate and operator names.

For each operator the task needs (its header, as the prompt gives it), the
effect asserts every predicate whose name's words all occur, stemmed, among the
operator name's words (``switch_on`` -> ``(on ?obj)``; ``slice`` ->
``(sliced ?obj)``; the word ``is`` aside: ``open`` -> ``(is_open ?o)``),
applied to the operator's parameters of the predicate's types, in order; the
precondition is that those effects do not hold yet.
"""

from __future__ import annotations

from eai.plugin_api import And, Domain, Not, Operator, Pred, Task, TypedVar
from eai_baselines.words import stem, words


def bind(wanted: tuple[TypedVar, ...], offered: tuple[TypedVar, ...]) -> tuple[str, ...] | None:
    """The first unused parameter of each wanted type, in order; None when one is lacking."""
    free = list(offered)
    args = []
    for _, kind in wanted:
        match = next((var for var in free if var[1] == kind), None)
        if match is None:
            return None
        free.remove(match)
        args.append(match[0])
    return tuple(args) or None


def operator_guess(header: Operator, domain: Domain) -> Operator:
    name_words = {stem(w) for w in words(header.name.replace("_", " "))}
    effects = []
    for decl in domain.predicates:
        pred_words = {stem(w) for w in words(decl.name.replace("_", " "))} - {"is"}  # ALFRED's is_open, is_on
        args = bind(decl.parameters, header.parameters)
        if pred_words and pred_words <= name_words and args:
            effects.append(Pred(decl.name, args))
    return Operator(header.name, header.parameters, And(tuple(Not(e) for e in effects)), And(tuple(effects)))


def guess(task: Task, domain: Domain) -> str:
    needed = task.transition_model.operators if task.transition_model else ()
    blocks = [operator_guess(op, domain).to_pddl("") for op in domain.operators if op.name in needed]
    return "\n\n".join(blocks)
