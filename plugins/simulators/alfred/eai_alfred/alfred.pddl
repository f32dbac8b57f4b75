; The skills of EB-ALFRED as PDDL operators, written for eai from the semantics
; of its symbolic ALFRED simulator (docs/alfred-simulator.md). One operator per
; skill; put_down and drop name the object in hand, put_down also the
; receptacle found last. "Near ?o" (the agent can reach ?o) is spelt out in
; each operator that needs it: the agent is at ?o, at what ?o is in or on, at
; what is in or on ?o, at something in the same receptacle as ?o, at what
; stands beside ?o (a faucet and its sink), or at the whole ?o was sliced from.
(define (domain alfred)
    (:requirements :typing :negative-preconditions :disjunctive-preconditions :conditional-effects
                   :universal-preconditions :existential-preconditions)
    (:types)
    (:predicates
        ; where the agent is and what it holds
        (at ?o - object)                       ; the agent is at ?o, the object it found last
        (holds ?o - object)                    ; the agent holds ?o
        ; where things are
        (in_receptacle ?o - object ?r - object) ; ?o is in or on receptacle ?r
        ; object states
        (is_open ?o - object)
        (is_on ?o - object)
        (is_sliced ?o - object)
        (is_clean ?o - object)
        (is_hot ?o - object)
        (is_cool ?o - object)
        ; what objects afford (fixed)
        (pickupable ?o - object)
        (receptacle ?o - object)
        (openable ?o - object)
        (toggleable ?o - object)
        (sliceable ?o - object)
        (knife ?o - object)                    ; a knife or butter knife: slices
        (fridge ?o - object)                   ; closing it cools what is in it
        (microwave ?o - object)                ; turning it on heats what is in it
        (beside ?a - object ?b - object)       ; ?a stands by ?b: a faucet and the sink it runs into
        (slice_of ?p - object ?w - object)     ; ?p is one of the slices ?w falls into
    )
    (:action find
        :parameters (?o - object)
        :precondition (and (not (at ?o))
                           (not (exists (?w - object) (and (slice_of ?o ?w) (not (is_sliced ?w))))))
        :effect (and (forall (?x - object) (when (at ?x) (not (at ?x)))) (at ?o))
    )
    (:action pick_up
        :parameters (?o - object)
        :precondition (and (pickupable ?o)
                           (not (is_sliced ?o))
                           (not (exists (?h - object) (holds ?h)))
                           (not (exists (?w - object) (and (slice_of ?o ?w) (not (is_sliced ?w)))))
                           (or (at ?o)
                               (exists (?x - object) (and (at ?x) (or (in_receptacle ?o ?x) (in_receptacle ?x ?o)
                                                                      (beside ?x ?o) (slice_of ?o ?x))))
                               (exists (?x - object ?r - object) (and (at ?x) (in_receptacle ?x ?r) (in_receptacle ?o ?r))))
                           (not (exists (?r - object) (and (in_receptacle ?o ?r) (openable ?r) (not (is_open ?r)))))
                           (not (exists (?r - object ?s - object) (and (in_receptacle ?o ?r) (in_receptacle ?r ?s)
                                                                       (openable ?s) (not (is_open ?s))))))
        :effect (and (holds ?o) (forall (?r - object) (when (in_receptacle ?o ?r) (not (in_receptacle ?o ?r))))
                     (forall (?r - object) (when (and (at ?o) (in_receptacle ?o ?r) (openable ?r)) (and (at ?r) (not (at ?o))))))
    )
    (:action put_down
        :parameters (?o - object ?r - object)
        :precondition (and (holds ?o) (at ?r) (receptacle ?r) (not (holds ?r))
                           (or (not (openable ?r)) (is_open ?r)))
        :effect (and (not (holds ?o)) (in_receptacle ?o ?r))
    )
    (:action drop
        :parameters (?o - object)
        :precondition (holds ?o)
        :effect (not (holds ?o))
    )
    (:action open
        :parameters (?o - object)
        :precondition (and (openable ?o) (not (is_open ?o)) (not (is_on ?o))
                           (or (at ?o)
                               (exists (?x - object) (and (at ?x) (or (in_receptacle ?o ?x) (in_receptacle ?x ?o) (beside ?x ?o))))
                               (exists (?x - object ?r - object) (and (at ?x) (in_receptacle ?x ?r) (in_receptacle ?o ?r)))))
        :effect (is_open ?o)
    )
    (:action close
        :parameters (?o - object)
        :precondition (and (openable ?o) (is_open ?o)
                           (or (at ?o)
                               (exists (?x - object) (and (at ?x) (or (in_receptacle ?o ?x) (in_receptacle ?x ?o) (beside ?x ?o))))
                               (exists (?x - object ?r - object) (and (at ?x) (in_receptacle ?x ?r) (in_receptacle ?o ?r)))))
        :effect (and (not (is_open ?o))
                     (forall (?x - object) (when (and (fridge ?o) (in_receptacle ?x ?o)) (is_cool ?x))))
    )
    (:action turn_on
        :parameters (?o - object)
        :precondition (and (toggleable ?o) (not (is_on ?o)) (not (is_open ?o))
                           (or (at ?o)
                               (exists (?x - object) (and (at ?x) (or (in_receptacle ?o ?x) (in_receptacle ?x ?o) (beside ?x ?o))))
                               (exists (?x - object ?r - object) (and (at ?x) (in_receptacle ?x ?r) (in_receptacle ?o ?r)))))
        :effect (and (is_on ?o)
                     (forall (?x - object) (when (and (microwave ?o) (in_receptacle ?x ?o)) (is_hot ?x)))
                     (forall (?s - object ?x - object) (when (and (beside ?o ?s) (receptacle ?s) (in_receptacle ?x ?s))
                                                             (is_clean ?x))))
    )
    (:action turn_off
        :parameters (?o - object)
        :precondition (and (toggleable ?o) (is_on ?o)
                           (or (at ?o)
                               (exists (?x - object) (and (at ?x) (or (in_receptacle ?o ?x) (in_receptacle ?x ?o) (beside ?x ?o))))
                               (exists (?x - object ?r - object) (and (at ?x) (in_receptacle ?x ?r) (in_receptacle ?o ?r)))))
        :effect (not (is_on ?o))
    )
    (:action slice
        :parameters (?o - object)
        :precondition (and (sliceable ?o) (not (is_sliced ?o))
                           (exists (?k - object) (and (holds ?k) (knife ?k)))
                           (or (at ?o)
                               (exists (?x - object) (and (at ?x) (or (in_receptacle ?o ?x) (in_receptacle ?x ?o) (beside ?x ?o))))
                               (exists (?x - object ?r - object) (and (at ?x) (in_receptacle ?x ?r) (in_receptacle ?o ?r))))
                           (not (exists (?r - object) (and (in_receptacle ?o ?r) (openable ?r) (not (is_open ?r)))))
                           (not (exists (?r - object ?s - object) (and (in_receptacle ?o ?r) (in_receptacle ?r ?s)
                                                                       (openable ?s) (not (is_open ?s))))))
        :effect (and (is_sliced ?o)
                     (forall (?r - object) (when (in_receptacle ?o ?r) (not (in_receptacle ?o ?r))))
                     (forall (?p - object ?r - object) (when (and (slice_of ?p ?o) (in_receptacle ?o ?r))
                                                             (in_receptacle ?p ?r))))
    )
)
