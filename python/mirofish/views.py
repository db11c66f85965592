"""Read-only NumPy views of a school's own arrays that refuse to be read once the school has moved on.

``school.pos`` is an ``(n, 2)`` float32 view of the school's x and y arrays (structure of arrays, so the second axis
strides from one array to the other): no copy is made. It is valid until the school changes (a step, or a ``set``:
an event acts at the next step); after that, reading it raises :class:`StaleViewError` instead of reading memory the school may have moved.
Views and slices of a view are guarded the same way; results computed from a fresh view (``pos * 2``,
``pos.mean(0)``, ``pos.copy()``) are ordinary arrays that stay. The guard covers indexing, ufuncs, NumPy's functions,
``repr``, ``copy``, ``tolist``, ``tobytes`` and iteration; ``np.array(view)`` and the buffer protocol read the memory
directly, so take those from a fresh view.
"""

from __future__ import annotations

import numpy as np


class StaleViewError(RuntimeError):
    """A view of a school's arrays read after the school changed (or was closed)."""


class _Memory:
    """The school's memory as NumPy sees it: the ``__array_interface__`` and the guard (kept by every view as base)."""

    def __init__(self, address: int, shape, strides, typestr: str, guard: "_Guard"):
        self.__array_interface__ = {
            "version": 3,
            "data": (address, True),  # read-only
            "shape": shape,
            "strides": strides,
            "typestr": typestr,
        }
        self.guard = guard


class _Guard:
    __slots__ = ("school", "generation", "what", "step")

    def __init__(self, school, what: str):
        self.school = school  # keeps the school (and so its memory) alive while a view exists
        self.generation = school._generation
        self.what = what
        self.step = school.step_count

    def check(self) -> None:
        school = self.school
        if school._closed:
            raise StaleViewError(f"school.{self.what}: the school was closed; its views are gone")
        if school._generation != self.generation:
            raise StaleViewError(
                f"school.{self.what} was taken at step {self.step}, and the school has changed since (step "
                f"{school.step_count} now): take school.{self.what} again after each step, or .copy() it to keep it"
            )


def _fresh(value):
    """value as a plain ndarray when it is a guarded view (checked), else unchanged."""
    if isinstance(value, FishArray):
        value._check()
        return value.view(np.ndarray)
    if isinstance(value, tuple):
        return tuple(_fresh(v) for v in value)
    return value


def _check_tree(value) -> None:
    if isinstance(value, FishArray):
        value._check()
    elif isinstance(value, (tuple, list)):
        for v in value:
            _check_tree(v)
    elif isinstance(value, dict):
        for v in value.values():
            _check_tree(v)


class FishArray(np.ndarray):
    """A read-only view of a school's arrays, guarded against use after the school changes (see the module)."""

    _guard = None

    def __array_finalize__(self, obj):
        base = self.base
        while isinstance(base, np.ndarray):  # the chain of views down to the memory (or to a copy's own data)
            base = base.base
        self._guard = base.guard if isinstance(base, _Memory) else None

    def _check(self) -> None:
        if self._guard is not None:
            self._guard.check()

    def __array_ufunc__(self, ufunc, method, *inputs, **kwargs):
        if "out" in kwargs:
            kwargs["out"] = _fresh(kwargs["out"])
        return getattr(ufunc, method)(*(_fresh(x) for x in inputs), **kwargs)

    def __array_function__(self, func, types, args, kwargs):
        _check_tree(args)
        _check_tree(kwargs)
        return super().__array_function__(func, types, args, kwargs)

    def __getitem__(self, key):
        self._check()
        return super().__getitem__(key)

    def __iter__(self):
        self._check()
        return super().__iter__()

    def __repr__(self):
        self._check()
        return repr(self.view(np.ndarray))

    def __str__(self):
        self._check()
        return str(self.view(np.ndarray))

    def __reduce__(self):  # pickles as the plain array it shows
        self._check()
        return self.view(np.ndarray).copy().__reduce__()

    def copy(self, order="C"):
        self._check()
        return np.array(self.view(np.ndarray), order=order, copy=True)

    def tolist(self):
        self._check()
        return self.view(np.ndarray).tolist()

    def tobytes(self, order="C"):
        self._check()
        return self.view(np.ndarray).tobytes(order)

    def item(self, *args):
        self._check()
        return self.view(np.ndarray).item(*args)


def view(school, what: str, address: int, shape, strides, dtype) -> FishArray:
    """A guarded read-only view of the school's memory at address (strides in bytes)."""
    memory = _Memory(address, tuple(shape), tuple(strides), np.dtype(dtype).str, _Guard(school, what))
    return np.asarray(memory).view(FishArray)
