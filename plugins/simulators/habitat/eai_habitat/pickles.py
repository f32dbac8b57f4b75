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

A pickle may refer to one value many times (its memo); the value rebuilt
refers to one rebuilt value as many times, so reading costs the pickle's
size, not the size of the value written out. Written out, as JSON would
write it, such a value can be exponentially larger than the file (a
373-byte pickle of lists holding the same list twice, 60 levels deep, is
2^60 values): a pickle whose value written out would hold more than
``MAX_VALUES_PER_BYTE`` values per byte of the file (LLaRP's hold 0.14 to
0.2), or that holds itself, is refused.
"""

from __future__ import annotations

import io
import pickle
import struct
from typing import Any

from eai import EaiError

RECONSTRUCT = ("numpy.core.multiarray", "_reconstruct")
RECONSTRUCT_2 = ("numpy._core.multiarray", "_reconstruct")  # the same function, as numpy 2 names it
NDARRAY = ("numpy", "ndarray")
DTYPE = ("numpy", "dtype")
ADMITTED = (RECONSTRUCT, RECONSTRUCT_2, NDARRAY, DTYPE)

# numpy's scalar type codes (kind + item size) -> struct format characters
FORMATS = {"b1": "?", "i1": "b", "u1": "B", "i2": "h", "u2": "H", "i4": "i", "u4": "I", "i8": "q", "u8": "Q",
           "f2": "e", "f4": "f", "f8": "d"}
ORDERS = {"<": "<", ">": ">", "|": "<", "=": "="}
MAX_VALUES_PER_BYTE = 16


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
        return _Rebuild(MAX_VALUES_PER_BYTE * max(len(data), 64)).value(_Unpickler(io.BytesIO(data)).load())
    except RecursionError:
        raise EaiError(f"{source}: not a readable pickle (nested deeper than Python can rebuild)") from None
    except RefusedPickle as exc:
        raise RefusedPickle(f"{source}: {exc}") from None
    except Exception as exc:  # untrusted bytes: whatever the unpickler trips on is one error
        raise EaiError(f"{source}: not a readable pickle ({type(exc).__name__}: {exc})") from None


class _Rebuild:
    """Values with their arrays replaced by the arrays' values, inside dicts, lists
    and tuples: each array and container once, however often it is referred to,
    and the values it would hold written out counted against ``limit``."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.done: dict[int, tuple[Any, int]] = {}  # id of a value read -> (its value rebuilt, values written out)
        self.open: set[int] = set()  # ids of the containers being rebuilt

    def value(self, value: Any) -> Any:
        return self._rebuilt(value)[0]

    def _rebuilt(self, value: Any) -> tuple[Any, int]:
        if not isinstance(value, (Array, dict, list, tuple)):
            return value, 1
        key = id(value)
        if key in self.done:
            return self.done[key]
        if key in self.open:
            raise RefusedPickle("it holds a value that holds itself")
        self.open.add(key)
        if isinstance(value, Array):
            found, size = value.values, _count(value.values)
        elif isinstance(value, dict):
            items = [(k, self._rebuilt(v)) for k, v in value.items()]
            found, size = {k: v for k, (v, _) in items}, 1 + len(items) + sum(n for _, (_, n) in items)
        else:
            parts = [self._rebuilt(item) for item in value]
            found, size = type(value)(v for v, _ in parts), 1 + sum(n for _, n in parts)
        if size > self.limit:
            raise RefusedPickle(f"its value written out would hold more than {self.limit} values "
                                f"({MAX_VALUES_PER_BYTE} per byte of the file): the same values referred to over and over")
        self.open.discard(key)
        self.done[key] = (found, size)
        return found, size


def _count(values: Any) -> int:
    """The numbers of an array's nested lists, and the lists."""
    return 1 + sum(_count(v) for v in values) if isinstance(values, list) else 1
