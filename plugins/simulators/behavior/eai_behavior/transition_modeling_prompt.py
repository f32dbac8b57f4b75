"""The paper's BEHAVIOR transition-modeling prompt (appendix I.4), filled
from a task.

The wording is that of the upstream prompts (eai-eval 1.0.5,
``behavior_eval/evaluation/transition_modeling/resources/prompts/helm_prompts.json``,
made from ``prompt1`` of ``prompt_templates/prompts.py``). Filled from our
data: the domain's types and predicates from the suite's gold domain file
(the same text as the upstream copy), the problem is the task's PDDL
problem, and the operators to fill are those the task needs, in the task's
order, with the gold domain's parameters. Upstream wrote each header closed
early (``(:action grasp)`` then ``:parameters ...``), in an order that
depended on Python's hash seed; ours are well-formed and in a fixed order.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from eai.plugin_api import FewShot, Task, examples_in, fill_transition_prompt

if TYPE_CHECKING:
    from eai_behavior.simulator import BehaviorSimulator

TEMPLATE = """
The following is predicates defined in this domain file. Pay attention to the types for each predicate.
<domain>
Objective: Given the problem file of pddl, which defines objects in the task (:objects), initial conditions (:init) and goal conditions (:goal), write the body of PDDL actions (:precondition and :effect) given specific action names and parameters. 
Each PDDL action definition consists of four main components: action name, parameters, precondition, and effect. Here is the general format to follow:
(:action [action name]
  :parameters ([action parameters])
  :precondition ([action precondition])
  :effect ([action effect]) 
)
The :parameters is the list of variables on which the action operates. It lists variable names and variable types. 
The :precondition is a first-order logic sentence specifying preconditions for an action. The precondition consists of predicates and 3 possible logical operators: or, and, and not. The precondition should be structured in Disjunctive Normal Form (DNF), meaning an OR of ANDs. The not operator should only be used within these conjunctions. For example, (or (and (predicate1 ?x) (predicate2 ?y)) (and (predicate3 ?x)))
The :effect lists the changes which the action imposes on the current state. The precondition consists of predicates and 3 possible logical operators: and, not and when. 1. The effects should generally be several effects connected by AND operators. 2. For each effect, if it is a conditional effect, use WHEN to check the conditions. The semantics of (when [condition] [effect]) are as follows: If [condition] is true before the action, then [effect] occurs afterwards. 3. If it is not a conditional effect, use predicates directly. 4. The NOT operator is used to negate a predicate, signifying that the condition will not hold after the action is executed. And example of effect is (and (when (predicate1 ?x) (not (predicate2 ?y))) (predicate3 ?x))
In any case, the occurrence of a predicate should agree with its declaration in terms of number and types of arguments defined in DOMAIN FILE at the beginning.
Here are some other commonly used actions and their PDDL definition:
(:action navigate_to
        :parameters (?objto - object ?agent - agent)
        :precondition (not (in_reach_of_agent ?objto))
        :effect (and (in_reach_of_agent ?objto) 
                    (forall 
                        (?objfrom - object) 
                        (when 
                            (and 
                                (in_reach_of_agent ?objfrom) 
                                (not (same_obj ?objfrom ?objto))
                            )
                            (not (in_reach_of_agent ?objfrom))
                        )
                    )
                )
)
(:action grasp
:parameters (?obj - object ?agent - agent)
:precondition (and (not (holding ?obj))
                    (not (handsfull ?agent)) 
                    (in_reach_of_agent ?obj)
                    (not (exists (?obj2 - object) (and (inside ?obj ?obj2) (not (open ?obj2)))))
                )
:effect (and (holding ?obj) 
                (handsfull ?agent)
                ;; Conditional effects for all predicates involving ?obj and ?other_obj
                (forall (?other_obj - object)
                    (and (not (inside ?obj ?other_obj))
                            (not (ontop ?obj ?other_obj))
                            (not (under ?obj ?other_obj))
                            (not (under ?other_obj ?obj))
                            (not (nextto ?obj ?other_obj))
                            (not (nextto ?other_obj ?obj))
                            (not (onfloor ?obj ?other_obj))
                            ;; Add other predicates as needed
                    )
                )
            )
)

hint: 
1. In many cases WHEN is not necessary. Don't enforce the use of WHEN
2. You MUST only use predicates and object types exactly as they appear in the domain file at the beginning. Now given the input, please fill in the action body for each provided actions in PDDL format. 
For actions to be finished, write their preconditions and effects, and return in standard PDDL format:
(:action [action name]
  :parameters ([action parameters])
  :precondition ([action precondition])
  :effect ([action effect]) 
)
Concatenate all actions PDDL string into a single string. Output in json format where key is "output" and value is your output string: {"output": YOUR OUTPUT STRING}

Here is an example of the input problem file and unfinished action:
Input:
Problem file:
(define (problem cleaning_floor_0)
    (:domain igibson)

    (:objects
    	floor_n_01_1 - floor_n_01
    	rag_n_01_1 - rag_n_01
    	sink_n_01_1 - sink_n_01
    	agent_n_01_1 - agent_n_01
    )
    
    (:init 
        (dusty floor_n_01_1) 
        (stained floor_n_01_2) 
        (ontop rag_n_01_1 table_n_02_1) 
        (inroom sink_n_01_1 storage_room) 
        (onfloor agent_n_01_1 floor_n_01_2)
    )
    
    (:goal 
        (and 
        (not (dusty floor_n_01_1)) 
        (not (stained floor_n_01_2))
        )
    )
)
Action to be finished:
(:action navigate_to
        :parameters (?objto - object ?agent - agent)
        :precondition ()
        :effect ()
    )
(:action clean-stained-floor-rag
  :parameters (?rag - rag_n_01 ?floor - floor_n_01 ?agent - agent_n_01)
  :precondition ()
  :effect ()
)
(:action clean-dusty-floor-rag
  :parameters (?rag - rag_n_01 ?floor - floor_n_01 ?agent - agent_n_01)
  :precondition ()
  :effect ()
)
(:action soak-rag
  :parameters (?rag - rag_n_01 ?sink - sink_n_01 ?agent - agent_n_01)
  :precondition ()
  :effect ()
)
Output:
{"output":"(:action navigate_to
        :parameters (?objto - object ?agent - agent)
        :precondition (not (in_reach_of_agent ?objto))
        :effect (and (in_reach_of_agent ?objto) 
                    (forall 
                        (?objfrom - object) 
                        (when 
                            (and 
                                (in_reach_of_agent ?objfrom) 
                                (not (same_obj ?objfrom ?objto))
                            )
                            (not (in_reach_of_agent ?objfrom))
                        )
                    )
                )
)
(:action clean-stained-floor-rag
  :parameters (?rag - rag_n_01 ?floor - floor_n_01 ?agent - agent_n_01)
  :precondition (and (in_reach_of_agent ?floor)
                      (stained ?obj)
                      (soaked ?rag)
                      (holding ?rag))
  :effect (not (stained ?floor)) 
)
(:action clean-dusty-floor-rag
  :parameters (?rag - rag_n_01 ?floor - floor_n_01 ?agent - agent_n_01)
  :precondition (and (in_reach_of_agent ?floor)
                      (stained ?obj) 
                      (holding ?rag)) 
  :effect (not (dusty ?floor))
)
(:action soak-rag
  :parameters (?rag - rag_n_01 ?sink - sink_n_01 ?agent - agent_n_01)
  :precondition  (and (holding ?rag)
                      (in_reach_of_agent ?sink)
                      (toggled_on ?sink))
  :effect (soaked ?rag)
)"}

Input:
Problem file:
<problem>
Action to be finished:
<operators>
Output:
"""


EXAMPLES = examples_in(TEMPLATE, ("Here is an example of the input problem file",), "Input:\nProblem file:\n<problem>")


def transition_modeling_prompt(task: Task, simulator: BehaviorSimulator, shots: int) -> str:
    """The prompt for ``task`` with its worked example when ``shots`` is 1 (none at 0), with the suite's gold
    domain file as it is written."""
    return fill_transition_prompt(EXAMPLES.kept(shots), task, simulator.domain_text())


TRANSITION_MODELING = FewShot(transition_modeling_prompt, len(EXAMPLES.items))
