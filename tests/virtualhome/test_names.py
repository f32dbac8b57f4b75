"""``resolve_args``: the spellings models use for objects."""

import pytest


@pytest.mark.parametrize("raw, expected", [
    (["soap"], ["soap.1002"]),
    (["Soap"], ["soap.1002"]),
    (["soap", "1002"], ["soap.1002"]),
    (["soap", 1002], ["soap.1002"]),
    (["soap.1002"], ["soap.1002"]),
    (["soap (1002)"], ["soap.1002"]),
    (["<soap> (1002)"], ["soap.1002"]),
    (["soap_1002"], ["soap.1002"]),
    (["1002"], ["soap.1002"]),
    (["washing machine"], ["washing_machine.1001"]),
    (["soap", "1002", "washing_machine", "1001"], ["soap.1002", "washing_machine.1001"]),
    (["soap", "washing_machine"], ["soap.1002", "washing_machine.1001"]),
    (["soap", "1003"], [None]),          # 1003 is the jacket
    (["soap", "99999"], [None]),
    (["unicorn"], [None]),
    (["character"], [None]),
    (["character", "65"], [None]),
    (["character.65"], [None]),
    ([], []),
])
def test_spellings(world, raw, expected):
    assert world.resolve_args(raw) == expected


def test_a_shared_class_name_prefers_the_relevant_object(world, wash_clothes):
    assert "basket_for_clothes.1000" in wash_clothes.relevant
    assert "basket_for_clothes.2000" not in wash_clothes.relevant
    assert world.resolve_args(["basket_for_clothes"]) == ["basket_for_clothes.1000"]


def test_otherwise_the_smallest_node_id(world, wash_clothes):
    cups = sorted((o.id for o in wash_clothes.objects if o.class_name == "cup"), key=lambda i: int(i.split(".")[1]))
    assert len(cups) > 1 and not set(cups) & set(wash_clothes.relevant)
    assert world.resolve_args(["cup"]) == [cups[0]]
