"""Reading LLaRP's episode pickles safely: the numpy arrays they hold, and nothing else.

The pickles (``LangRearrangeDatasetV0.to_binary``) hold dicts, lists, strings
and numbers, and numpy arrays pickled as numpy pickles them:
``_reconstruct(ndarray, (0,), b'b')``, then ``__setstate__((version, shape,
dtype, fortran, raw bytes))``, a dtype as ``dtype('i8', False, True)`` then
``__setstate__((version, byte order, ...))``. LLaRP's files name exactly
these three globals (numpy 2 writes ``numpy._core.multiarray`` for the
first). The unpickler here admits them and no other (a class, ``os.system``...: refused before it is
looked up), and rebuilds each array without numpy, as nested lists of Python
numbers. Arrays of Python objects, of structured dtypes or in Fortran order
are refused too.
"""

from __future__ import annotations

import io
import pickle
import struct
from typing import Any

from eai.exceptions import EaiError

RECONSTRUCT = ("numpy.core.multiarray", "_reconstruct")
RECONSTRUCT_2 = ("numpy._core.multiarray", "_reconstruct")  # the same function, as numpy 2 names it
NDARRAY = ("numpy", "ndarray")
DTYPE = ("numpy", "dtype")
ADMITTED = (RECONSTRUCT, RECONSTRUCT_2, NDARRAY, DTYPE)

# numpy's scalar type codes (kind + item size) -> struct format characters
FORMATS = {"b1": "?", "i1": "b", "u1": "B", "i2": "h", "u2": "H", "i4": "i", "u4": "I", "i8": "q", "u8": "Q",
           "f2": "e", "f4": "f", "f8": "d"}
ORDERS = {"<": "<", ">": ">", "|": "<", "=": "="}


class RefusedPickle(EaiError):
    """A pickle that asks for something other than numpy arrays."""


class _Dtype:
    """A numpy dtype as its pickle describes it: type code and byte order."""

    def __init__(self, code: str, align: bool = False, copy: bool = True) -> None:
        if code not in FORMATS:
            raise RefusedPickle(f"arrays of dtype {code!r} are not admitted (only numbers)")
        self.code, self.order = code, "|"

    def __setstate__(self, state: tuple) -> None:
        if len(state) < 5 or state[2] is not None or state[3] is not None:
            raise RefusedPickle("structured numpy dtypes are not admitted")
        self.order = state[1]


class _NdarrayType:
    """Stands for ``numpy.ndarray`` as the first argument of ``_reconstruct``."""


class Array:
    """A numpy array rebuilt from its pickled state: ``values`` as nested lists."""

    def __init__(self) -> None:
        self.values: Any = []

    def __setstate__(self, state: tuple) -> None:
        if len(state) != 5:
            raise RefusedPickle("unexpected numpy array state")
        _, shape, dtype, fortran, raw = state
        if not isinstance(dtype, _Dtype) or not isinstance(raw, (bytes, bytearray)):
            raise RefusedPickle("numpy arrays of Python objects are not admitted")
        if fortran:
            raise RefusedPickle("Fortran-ordered numpy arrays are not read")
        count = 1
        for size in shape:
            count *= size
        flat = list(struct.unpack(f"{ORDERS.get(dtype.order, '<')}{count}{FORMATS[dtype.code]}", raw))
        self.values = _nest(flat, tuple(shape))


def _reconstruct(kind: object, shape: tuple, code: bytes) -> Array:
    if kind is not _NdarrayType:
        raise RefusedPickle("_reconstruct of something other than numpy.ndarray")
    return Array()


def _nest(flat: list, shape: tuple[int, ...]) -> Any:
    """Values in C order as nested lists of ``shape``."""
    if not shape:
        return flat[0]
    for size in reversed(shape[1:]):
        flat = [flat[i:i + size] for i in range(0, len(flat), size)]
    return flat


class _Unpickler(pickle.Unpickler):
    def find_class(self, module: str, name: str) -> Any:
        if (module, name) in (RECONSTRUCT, RECONSTRUCT_2):
            return _reconstruct
        if (module, name) == NDARRAY:
            return _NdarrayType
        if (module, name) == DTYPE:
            return _Dtype
        admitted = ", ".join(".".join(g) for g in ADMITTED)
        raise RefusedPickle(f"refusing global {module}.{name} (admitted: {admitted})")


def load(data: bytes, source: str) -> Any:
    """The object pickled in ``data``, numpy arrays as nested lists; ``source``
    names the file in errors."""
    try:
        return _unwrap(_Unpickler(io.BytesIO(data)).load())
    except RefusedPickle as exc:
        raise RefusedPickle(f"{source}: {exc}") from None
    except Exception as exc:  # untrusted bytes: whatever the unpickler trips on is one error
        raise EaiError(f"{source}: not a readable pickle ({type(exc).__name__}: {exc})") from None


def _unwrap(value: Any) -> Any:
    """Arrays replaced by their values, inside dicts, lists and tuples."""
    if isinstance(value, Array):
        return value.values
    if isinstance(value, dict):
        return {key: _unwrap(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_unwrap(item) for item in value]
    if isinstance(value, tuple):
        return tuple(_unwrap(item) for item in value)
    return value
