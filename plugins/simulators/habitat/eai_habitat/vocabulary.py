"""The vocabulary of the symbolic ReplicaCAD world: EB-Habitat's skills and the domain's predicates.

EB-Habitat's 70 skills are ``nav`` to each of 16 places, ``pick`` of each of
33 object categories, ``place`` on each of 11 receptacles, and
``open``/``close`` of the fridge and 4 drawers. Here each takes its object
by id: ``NAV(tv_stand)``, ``PICK(ball_1)``, ``PLACE(tv_stand)``,
``OPEN_FRIDGE(fridge_push_point)``, ``OPEN_CAB(cab_push_point_7)``. An
argument must be of the domain type the operator's parameter has (any of the
listed ones): that is the affordance check. Each action is the domain
operator of its name in lower case (``PICK`` is ``pick``).

Each action also reads in EB-Habitat's words (``transform_action_to_natural_language``
in EmbodiedBench's ``EBHabEnv.py``): ``navigate to the table 1``, ``pick up
the ball`` (a category: any ball within reach, :mod:`eai_habitat.world`),
``place at the TV stand``, ``open the refrigerator``, ``close the cabinet 7``,
the places named as EB names them (:mod:`eai_habitat.scene`).
"""

from __future__ import annotations

from eai.plugin_api import ActionSpec, Vocabulary
from eai_habitat.scene import CAB_TYPE, FRIDGE_TYPE, MOVABLE_TYPE, PLACE_TYPE

NAV_TARGETS = (PLACE_TYPE, FRIDGE_TYPE, CAB_TYPE)

FRIDGE = ("fridge_push_point",)
ACTIONS = {
    "NAV": ActionSpec("NAV", 1, (NAV_TARGETS,), "navigate to a receptacle or to an articulated object's push point",
                      ("navigate to the {}",)),
    "PICK": ActionSpec("PICK", 1, ((MOVABLE_TYPE,),),
                       "pick up an object: the robot at the receptacle it is on, the hand empty, "
                       "the object not in a closed drawer", ("pick up the {}",)),
    "PLACE": ActionSpec("PLACE", 1, ((PLACE_TYPE,),),
                        "place the object in hand on (or in) a receptacle: the robot at the receptacle",
                        ("place at the {}",)),
    "OPEN_FRIDGE": ActionSpec("OPEN_FRIDGE", 1, ((FRIDGE_TYPE,),), "open the fridge: the robot at its push point",
                              named=(("open the refrigerator", FRIDGE),)),
    "CLOSE_FRIDGE": ActionSpec("CLOSE_FRIDGE", 1, ((FRIDGE_TYPE,),), "close the fridge: the robot at its push point",
                               named=(("close the refrigerator", FRIDGE),)),
    "OPEN_CAB": ActionSpec("OPEN_CAB", 1, ((CAB_TYPE,),), "open a drawer: the robot at its push point",
                           ("open the {}",)),
    "CLOSE_CAB": ActionSpec("CLOSE_CAB", 1, ((CAB_TYPE,),), "close a drawer: the robot at its push point",
                            ("close the {}",)),
}
STATE_PREDICATES = frozenset({"holding", "not_holding", "robot_at", "opened_fridge", "closed_fridge",
                              "opened_cab", "closed_cab"})
RELATION_PREDICATES = frozenset({"on_top", "in"})

VOCABULARY = Vocabulary(ACTIONS, STATE_PREDICATES, RELATION_PREDICATES)
