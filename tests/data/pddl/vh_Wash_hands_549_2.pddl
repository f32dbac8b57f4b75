(define (problem Wash_hands)
    (:domain virtualhome)
    (:objects
    character - character
    hands_both soap - object
)
    (:init
    (body_part hands_both)
    (cream soap)
    (grabbable soap)
    (movable soap)
)
    (:goal
    (and
    )
)
    )
    