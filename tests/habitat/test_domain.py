"""The habitat YAML domain converted into our PDDL model: the conversion
rules on a domain written in habitat's format, and the converted domain the
suite stores."""

from eai.host.manager import get_plugins
from eai.pddl.formula import And, Exists, Forall, Not, Pred, When
from eai.pddl.parser import parse_domain
from eai_habitat.domain import convert

SPEC = {  # the shape of habitat's domain YAML (LLaRP's pddl_domain_replica_cad.yaml, cut down)
    "types": {"static_obj_type": ["recep_type", "movable_entity_type"],
              "recep_type": ["static_receptacle_entity_type", "art_receptacle_entity_type", "nav_receptacle"],
              "nav_receptacle": ["static_receptacle_entity_type", "art_receptacle_entity_type"],
              "art_receptacle_entity_type": ["cab_type", "fridge_type"],
              "static_receptacle_entity_type": ["place_receptacle"]},
    "predicates": [
        {"name": "in", "args": [{"name": "obj", "expr_type": "movable_entity_type"},
                                {"name": "receptacle", "expr_type": "art_receptacle_entity_type"}]},
        {"name": "on_top", "args": [{"name": "obj", "expr_type": "movable_entity_type"},
                                    {"name": "receptacle", "expr_type": "static_receptacle_entity_type"}]},
        {"name": "holding", "args": [{"name": "obj", "expr_type": "movable_entity_type"}]},
        {"name": "not_holding", "args": []},
        {"name": "opened_cab", "args": [{"name": "cab_id", "expr_type": "cab_type"}]},
        {"name": "closed_cab", "args": [{"name": "cab_id", "expr_type": "cab_type"}]},
        {"name": "opened_fridge", "args": [{"name": "fridge_id", "expr_type": "fridge_type"}]},
        {"name": "closed_fridge", "args": [{"name": "fridge_id", "expr_type": "fridge_type"}]},
        {"name": "robot_at_closest", "args": [{"name": "Y", "expr_type": "static_obj_type"}]},
        {"name": "robot_at_obj", "args": [{"name": "Y", "expr_type": "movable_entity_type"}]},
        {"name": "robot_at", "args": [{"name": "Y", "expr_type": "static_obj_type"}]},
        {"name": "at", "args": [{"name": "obj", "expr_type": "movable_entity_type"},
                                {"name": "at_entity", "expr_type": "recep_type"}]},
    ],
    "actions": [
        {"name": "noop", "parameters": {}, "precondition": None, "postcondition": []},
        {"name": "nav", "parameters": [{"name": "entity", "expr_type": "nav_receptacle"}], "precondition": None,
         "postcondition": ["robot_at_closest(entity)"]},
        {"name": "pick", "parameters": [{"name": "obj", "expr_type": "movable_entity_type"},
                                        {"name": "robot", "expr_type": "robot_entity_type"}],
         "precondition": {"expr_type": "AND", "sub_exprs": [
             "not_holding()", "robot_at_obj(obj)",
             {"quantifier": "FORALL", "inputs": [{"name": "recep", "expr_type": "cab_type"}], "expr_type": "NAND",
              "sub_exprs": ["in(obj, recep)", "closed_cab(recep)"]}]},
         "postcondition": ["holding(obj)"]},
        {"name": "place", "parameters": [{"name": "recep", "expr_type": "place_receptacle"}],
         "precondition": {"expr_type": "AND", "quantifier": "EXISTS",
                          "inputs": [{"name": "place_obj", "expr_type": "movable_entity_type"}],
                          "sub_exprs": ["holding(place_obj)", "robot_at(recep)"]},
         "postcondition": ["not_holding()", "at(place_obj, recep)"]},
        *({"name": f"{verb}_{kind}", "parameters": [{"name": "x", "expr_type": f"{kind}_type"}],
           "precondition": {"expr_type": "AND", "sub_exprs": ["robot_at(x)", f"{other}_{kind}(x)"]},
           "postcondition": [f"{done}_{kind}(x)"]}
          for verb, other, done in (("open", "closed", "opened"), ("close", "opened", "closed"))
          for kind in ("fridge", "cab")),
    ],
}


def test_types_take_their_most_specific_parent_and_categories_are_movable():
    types = dict(convert(SPEC, ["toy airplane"]).types)
    assert types["static_receptacle_entity_type"] == "nav_receptacle" and types["nav_receptacle"] == "recep_type"
    assert types["art_receptacle_entity_type"] == "nav_receptacle" and types["static_obj_type"] == ""
    assert types["robot_entity_type"] == "" and types["toy_airplane"] == "movable_entity_type"


def test_predicates_set_only_by_actions_or_measured_are_replaced_and_not_holding_takes_the_robot():
    domain = convert(SPEC, [])
    names = [p.name for p in domain.predicates]
    assert "robot_at_closest" not in names and "at" not in names and "robot_at_obj" not in names
    assert next(p for p in domain.predicates if p.name == "not_holding").parameters == (("?robot", "robot_entity_type"),)
    assert names[-1] == "part_of"


def test_the_allowed_actions_with_habitats_reading_of_their_expressions():
    domain = convert(SPEC, [])
    assert [op.name for op in domain.operators] == ["nav", "pick", "place", "open_fridge", "close_fridge",
                                                     "open_cab", "close_cab"]
    pick = domain.operator("pick")
    shut = Forall((("?recep", "cab_type"),), Not(And((Pred("in", ("?obj", "?recep")), Pred("closed_cab", ("?recep",))))))
    near = Exists((("?r1", "static_receptacle_entity_type"),),
                  And((Pred("robot_at", ("?r1",)), Pred("on_top", ("?obj", "?r1")))))
    assert pick.precondition == And((Pred("not_holding", ("?robot",)), near, shut))
    assert Pred("holding", ("?obj",)) in pick.effect.args and Not(Pred("not_holding", ("?robot",))) in pick.effect.args
    nav = domain.operator("nav")  # at the place and at its part_of partner, as habitat's 2 m rule has it
    partners = (Forall((("?r0", "nav_receptacle"),), When(Pred("part_of", ("?r0", "?entity")), Pred("robot_at", ("?r0",)))),
                Forall((("?a0", "nav_receptacle"),), When(Pred("part_of", ("?entity", "?a0")), Pred("robot_at", ("?a0",)))))
    assert nav.effect == And((Forall((("?p0", "static_obj_type"),), Not(Pred("robot_at", ("?p0",)))),
                              Pred("robot_at", ("?entity",)), *partners))


def test_a_variable_bound_by_the_precondition_is_every_object_satisfying_it_in_the_effects():
    place = convert(SPEC, []).operator("place")
    held = And((Pred("holding", ("?place_obj",)), Pred("robot_at", ("?recep",))))
    assert Forall((("?place_obj", "movable_entity_type"),),
                  When(held, Pred("on_top", ("?place_obj", "?recep"))) ) in place.effect.args
    inside = When(And((held, Pred("part_of", ("?recep", "?a0")))), Pred("in", ("?place_obj", "?a0")))
    assert Forall((("?place_obj", "movable_entity_type"), ("?a0", "art_receptacle_entity_type")), inside) in place.effect.args
    assert Forall((("?b0", "robot_entity_type"),), Pred("not_holding", ("?b0",))) in place.effect.args


def test_the_stored_domain_is_the_simulators_transition_model_and_parses_back():
    plugins = get_plugins()
    domain = plugins.simulators.get("habitat").transition_model()
    stored = parse_domain(plugins.suites.get("langr").file("domain").read_text())
    assert domain == stored and parse_domain(stored.to_pddl()) == stored
    assert len(domain.operators) == 7 and ("ball", "movable_entity_type") in domain.types
