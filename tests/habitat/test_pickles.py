"""LLaRP's pickles are read with an unpickler that admits numpy's three array
globals and nothing else; arrays come back as nested lists, without numpy."""

import os
import pickle

import pytest
from hypothesis import given, settings, strategies as st

from eai.exceptions import EaiError
from eai_habitat import pickles
from eai_habitat.pickles import RefusedPickle


class Shell:
    """Unpickling this would run a shell command."""

    def __reduce__(self):
        return (os.system, ("echo unpickled",))


def test_a_pickle_holding_os_system_is_refused_before_anything_runs(capfd):
    data = pickle.dumps({"all_eps": [Shell()]})
    with pytest.raises(RefusedPickle, match=r"context\.pickle: refusing global (posix|nt)\.system \(admitted: "
                                            r"numpy\.core\.multiarray\._reconstruct, numpy\._core\.multiarray\._reconstruct, "
                                            r"numpy\.ndarray, numpy\.dtype\)"):
        pickles.load(data, "context.pickle")
    assert "unpickled" not in capfd.readouterr().out


@pytest.mark.parametrize("value", [pickle.loads, eval, pytest.Mark, {1, 2}.__class__, bytearray(b"x")])
def test_any_other_global_is_refused(value):
    with pytest.raises(RefusedPickle, match="refusing global"):
        pickles.load(pickle.dumps([value]), "f.pickle")


def test_plain_data_needs_no_global():
    data = {"idx_to_name": {0: "a"}, "all_eps": [{"x": [1, 2.5, "s", None, True, (1, 2)]}]}
    assert pickles.load(pickle.dumps(data, protocol=4), "f.pickle") == data


def test_garbage_is_a_clear_error():
    with pytest.raises(EaiError, match="f.pickle: not a readable pickle"):
        pickles.load(b"\x80\x04not a pickle", "f.pickle")


class TestNumpyArrays:
    """Arrays pickled by numpy (when it is installed) are rebuilt as its ``tolist()``."""

    np = pytest.importorskip("numpy")

    @pytest.mark.parametrize("make", [
        lambda np: np.array([[33, 34], [35, 36]]),
        lambda np: np.arange(24, dtype=np.float32).reshape(2, 3, 4),
        lambda np: np.array([0.3, 0.0, -0.62]),
        lambda np: np.array([True, False]),
        lambda np: np.array([1, 2, 3], dtype=">i4"),
        lambda np: np.zeros((0, 2), dtype=np.int64),
        lambda np: np.array(7, dtype=np.uint8),
    ])
    def test_number_arrays(self, make):
        array = make(self.np)
        loaded = pickles.load(pickle.dumps({"a": array, "b": [array]}, protocol=4), "f.pickle")
        assert loaded == {"a": array.tolist(), "b": [array.tolist()]}

    def test_object_and_structured_and_fortran_arrays_are_refused(self):
        np = self.np
        for array in (np.array([{"x": 1}], dtype=object), np.zeros(2, dtype=[("a", "i4")]),
                      np.asfortranarray(np.ones((2, 3)))):
            with pytest.raises(RefusedPickle):
                pickles.load(pickle.dumps(array, protocol=4), "f.pickle")


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=80))
def test_any_bytes_load_or_fail_with_one_clear_error(data):
    try:
        pickles.load(b"\x80\x04" + data, "f.pickle")
    except EaiError as exc:
        assert str(exc).startswith("f.pickle: ")


@settings(max_examples=200, deadline=None)
@given(st.recursive(st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
                    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=4), inner, max_size=4),
                    max_leaves=20))
def test_plain_data_comes_back_as_it_was(value):
    assert pickles.load(pickle.dumps(value, protocol=4), "f.pickle") == value


def laughs(levels: int) -> bytes:
    """A "billion laughs" pickle: a list holding the same list twice, ``levels`` deep (2^levels lists written out)."""
    value: list = []
    for _ in range(levels):
        value = [value, value]
    return pickle.dumps(value, protocol=4)


def counted_rebuilds(monkeypatch) -> list[int]:
    """The values the reader rebuilds, one entry per value it visits."""
    visits: list[int] = []
    rebuilt = pickles._Rebuild._rebuilt

    def counting(self, value):
        visits.append(1)
        return rebuilt(self, value)

    monkeypatch.setattr(pickles._Rebuild, "_rebuilt", counting)
    return visits


def test_a_373_byte_billion_laughs_pickle_is_refused_after_visiting_each_value_once(monkeypatch):
    data = laughs(60)
    assert len(data) < 400
    visits = counted_rebuilds(monkeypatch)
    with pytest.raises(RefusedPickle, match=r"^f\.pickle: its value written out would hold more than \d+ values "
                                            r"\(16 per byte of the file\): the same values referred to over and over$"):
        pickles.load(data, "f.pickle")
    assert len(visits) <= 2 * 60 + 1  # each reference the pickle holds at most once (copying visited 2^60 values)


def test_shared_references_stay_shared_and_are_visited_once(monkeypatch):
    shared = {"name": "cup", "joints": [0.5, 1.5]}
    data = pickle.dumps({"all_eps": [shared] * 50}, protocol=4)
    visits = counted_rebuilds(monkeypatch)
    loaded = pickles.load(data, "f.pickle")
    assert loaded == {"all_eps": [shared] * 50}
    assert all(ep is loaded["all_eps"][0] for ep in loaded["all_eps"])
    assert len(visits) == 1 + 1 + 50 + 4  # the dict, its list, 50 references, what the shared dict holds once


def test_a_pickle_holding_itself_is_refused():
    loop: list = []
    loop.append(loop)
    with pytest.raises(RefusedPickle, match=r"^f\.pickle: it holds a value that holds itself$"):
        pickles.load(pickle.dumps({"all_eps": loop}, protocol=4), "f.pickle")


def test_the_same_numpy_array_referred_to_many_times_is_rebuilt_once(monkeypatch):
    np = pytest.importorskip("numpy")
    array = np.arange(1000, dtype=np.int64)
    loaded = pickles.load(pickle.dumps([array] * 100, protocol=4), "f.pickle")
    assert loaded[0] == list(range(1000)) and all(item is loaded[0] for item in loaded)
