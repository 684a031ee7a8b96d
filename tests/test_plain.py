"""elgrande.plain's eq, hash and repr behave as the methods attrs generates."""

from __future__ import annotations

import attrs
import pytest

from elgrande.model.plain import plain_eq, plain_hash, plain_repr


def _fields() -> dict[str, object]:
    return {"a": attrs.field(), "b": attrs.field(default="x"), "c": attrs.field(default=()),
            "hidden": attrs.field(default=0, repr=False),
            "shown": attrs.field(default="s", repr=lambda v: f"<{v}>"),
            "ignored": attrs.field(default=0, eq=False)}


#: attrs' generated methods, and the same fields with elgrande.plain's (as data/ builds them)
Generated = attrs.make_class("Generated", _fields(), frozen=True, slots=False)
Shared = attrs.make_class("Shared", _fields(), frozen=True, slots=False, repr=False, eq=False,
                          class_body={"__eq__": plain_eq, "__hash__": plain_hash,
                                      "__repr__": plain_repr})


@attrs.define(repr=False, eq=False)
class SharedMutable:
    __eq__ = plain_eq

    a: list[int] = attrs.field(factory=list)


@attrs.frozen(slots=True, repr=False, eq=False)
class SharedSlots:
    a: int
    __repr__ = plain_repr
    __eq__ = plain_eq  # no __hash__: unhashable


ARGS = [(1,), (1, "y"), (2, "x", (1, 2)), (1, "x", (), 5), (1, "x", (), 0, "t"),
        (1, "x", (), 0, "s", 9)]


@pytest.mark.parametrize("args", ARGS)
def test_repr_as_attrs_writes_it(args: tuple[object, ...]) -> None:
    assert repr(Shared(*args)) == repr(Generated(*args)).replace("Generated", "Shared")


@pytest.mark.parametrize("x", ARGS)
@pytest.mark.parametrize("y", ARGS)
def test_eq_and_hash_as_attrs(x: tuple[object, ...], y: tuple[object, ...]) -> None:
    same = Generated(*x) == Generated(*y)
    assert (Shared(*x) == Shared(*y)) is same
    assert (Shared(*x) != Shared(*y)) is not same
    if same:
        assert hash(Shared(*x)) == hash(Shared(*y))


def test_other_classes_are_not_equal() -> None:
    assert Shared(1) != Generated(1)
    assert Shared(1).__eq__(Generated(1)) is NotImplemented
    assert Shared(1) != (1, "x", (), 0, "s")


def test_mutable_class_is_unhashable_as_attrs_makes_it() -> None:
    assert SharedMutable([1]) == SharedMutable([1]) != SharedMutable([2])
    with pytest.raises(TypeError):
        hash(SharedMutable())
    with pytest.raises(TypeError):
        hash(attrs.make_class("M", ["a"])(1))  # attrs' own mutable eq class: the same


def test_slotted_class_keeps_no_dict() -> None:
    s = SharedSlots(3)
    assert not hasattr(s, "__dict__")
    assert repr(s) == "SharedSlots(a=3)" and s == SharedSlots(3) != SharedSlots(4)
    with pytest.raises(TypeError):
        hash(s)
