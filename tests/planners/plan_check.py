"""An independent check of a plan: apply its ground operators one by one."""

from itertools import product

from eai.pddl import And, Exists, Forall, Imply, Not, Or, Pred, When


class PlanError(AssertionError):
    pass


class World:
    def __init__(self, domain, problem):
        self.domain = domain
        self.parent = {t: p or "object" for t, p in domain.types}
        self.objects = [(o, t or "object") for o, t in problem.objects]
        self.problem = problem

    def is_a(self, typ, wanted):
        while typ != wanted and typ in self.parent and self.parent[typ] != typ:
            typ = self.parent[typ]
        return wanted in ("", "object") or typ == wanted

    def bindings(self, variables):
        choices = [[o for o, t in self.objects if self.is_a(t, vt)] for _, vt in variables]
        return [dict(zip((v for v, _ in variables), combo)) for combo in product(*choices)]

    def holds(self, f, state, b):
        if isinstance(f, Pred):
            args = tuple(b.get(a, a) for a in f.args)
            return args[0] == args[1] if f.name == "=" else (f.name, *args) in state
        if isinstance(f, Not):
            return not self.holds(f.arg, state, b)
        if isinstance(f, And):
            return all(self.holds(a, state, b) for a in f.args)
        if isinstance(f, Or):
            return any(self.holds(a, state, b) for a in f.args)
        if isinstance(f, Imply):
            return not self.holds(f.lhs, state, b) or self.holds(f.rhs, state, b)
        quantifier = all if isinstance(f, Forall) else any
        assert isinstance(f, (Exists, Forall))
        return quantifier(self.holds(f.body, state, {**b, **more}) for more in self.bindings(f.vars))

    def effects(self, f, state, b, adds, dels):
        if isinstance(f, Pred):
            adds.add((f.name, *(b.get(a, a) for a in f.args)))
        elif isinstance(f, Not):
            dels.add((f.arg.name, *(b.get(a, a) for a in f.arg.args)))
        elif isinstance(f, And):
            for a in f.args:
                self.effects(a, state, b, adds, dels)
        elif isinstance(f, When):
            if self.holds(f.cond, state, b):
                self.effects(f.effect, state, b, adds, dels)
        elif isinstance(f, Forall):
            for more in self.bindings(f.vars):
                self.effects(f.body, state, {**b, **more}, adds, dels)
        else:
            raise PlanError(f"not an effect: {f!r}")

    def run(self, plan):
        """The final state; raises PlanError at the first inapplicable step or an unmet goal."""
        state = set(self.problem.init)
        types = dict(self.objects)
        for i, step in enumerate(plan):
            op = self.domain.operator(step.name)
            if op is None or len(op.parameters) != len(step.args):
                raise PlanError(f"step {i} {step}: no such operator")
            for (_, wanted), arg in zip(op.parameters, step.args):
                if arg not in types or not self.is_a(types[arg], wanted):
                    raise PlanError(f"step {i} {step}: {arg} is not a {wanted}")
            b = {v: a for (v, _), a in zip(op.parameters, step.args)}
            if not self.holds(op.precondition, state, b):
                raise PlanError(f"step {i} {step}: precondition does not hold")
            adds, dels = set(), set()
            self.effects(op.effect, state, b, adds, dels)
            state = (state - dels) | adds
        if not self.holds(self.problem.goal, state, {}):
            raise PlanError("the goal does not hold after the plan")
        return state
