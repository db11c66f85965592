"""A MiroFish school in Python: the C++ simulation (libmirofish), bit for bit the CLI's and the page's."""

from __future__ import annotations

import ctypes
from typing import Any

import numpy as np

from . import _lib
from ._lib import check, lib, text
from .table import finite, metric_columns, param, to_hash
from .views import StaleViewError, view

__all__ = ["School", "StaleViewError"]

STEP_SECONDS = 1 / 60  # the fixed step (S-SIM-10)


def _hash_of_link(link: str) -> str:
    """'n=300&seed=7', '#n=300&seed=7' or a whole shared link -> its hash text."""
    if not isinstance(link, str):
        raise TypeError(f"a hash or a link is text, not {type(link).__name__}")
    if "#" in link:
        return link.split("#", 1)[1]
    if "://" in link:
        raise ValueError(f"{link!r}: the link has no #hash, so it names no school")
    return link


class School:
    """A school of koi, stepped at 60 steps a simulated second, the same school the page draws for the same hash.

    ``School(n=300, seed=7, sepRadius=30)`` takes any parameter of ``mirofish.params()`` by its name or hash key;
    ``School.from_hash('n=300&seed=7')`` or ``School.from_hash(link)`` takes a shared link's hash. A name the table
    does not know, a value out of range, or a bad hash raises ``ValueError`` naming it.

    ``pos`` and ``vel`` are read-only ``(n, 2)`` float32 views of the school's own memory, valid until the school
    next changes (a step, or a ``set``); a stale one raises :class:`StaleViewError` when read.
    """

    def __init__(self, n: int | None = None, seed: int | None = None, **params: Any):
        given: dict[str, Any] = {}
        if n is not None:
            given["n"] = n
        if seed is not None:
            given["seed"] = seed
        given.update(params)
        self._open(to_hash(given))

    @classmethod
    def from_hash(cls, hash_or_link: str) -> "School":
        """The school of a URL hash ('n=300&seed=7', with or without '#') or of a whole shared link."""
        school = cls.__new__(cls)
        school._open(_hash_of_link(hash_or_link))
        return school

    def _open(self, hash_text: str) -> None:
        self._closed = True  # until the library has made it
        self._generation = 0
        self._measured = False
        handle = lib.mf_school_new(_lib.c_text(hash_text))
        if not handle:
            raise ValueError(_lib.last_error())
        self._handle = ctypes.c_void_p(handle)
        self._closed = False
        self._measured = self.step_count > 0  # a t= seek measured its last step

    # ---- lifetime ----
    def close(self) -> None:
        """Frees the school now (its views then raise StaleViewError); also on garbage collection."""
        if not getattr(self, "_closed", True):
            self._closed = True
            self._generation += 1
            lib.mf_school_free(self._handle)

    def __del__(self):
        try:
            self.close()
        except Exception:  # interpreter shutdown: the library may be gone already
            pass

    def __enter__(self) -> "School":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def _h(self) -> ctypes.c_void_p:
        if self._closed:
            raise ValueError("the school is closed")
        return self._handle

    def _changed(self) -> None:
        self._generation += 1

    # ---- stepping ----
    def step(self, k: int = 1, *, measure: bool = True) -> "School":
        """k steps of 1/60 s. With measure (the default), the last is measured, so metrics() describes the state
        after it (as ``mirofish run`` measures its last step); measure=False skips that for tight loops."""
        k = _whole("k", k)
        handle = self._h()
        if k > 0:
            self._changed()
        check(lib.mf_school_step(handle, k, 1 if measure else 0))
        if k > 0:
            self._measured = bool(measure)
        return self

    @property
    def n(self) -> int:
        """The number of fish now."""
        return lib.mf_school_count(self._h())

    @property
    def step_count(self) -> int:
        return lib.mf_school_step_count(self._h())

    @property
    def time(self) -> float:
        """Simulated seconds since step 0."""
        return self.step_count * STEP_SECONDS

    # ---- the fish, without a copy ----
    def _view(self) -> _lib.FishView:
        out = _lib.FishView()
        lib.mf_school_fish(self._h(), ctypes.byref(out))
        return out

    def _pair(self, what: str, a, b) -> np.ndarray:
        v = self._view()
        if v.count == 0:
            return np.empty((0, 2), np.float32)
        xa = ctypes.cast(a(v), ctypes.c_void_p).value
        xb = ctypes.cast(b(v), ctypes.c_void_p).value
        return view(self, what, xa, (v.count, 2), (4, xb - xa), np.float32)

    def _one(self, what: str, field: str, dtype) -> np.ndarray:
        v = self._view()
        if v.count == 0:
            return np.empty((0,), dtype)
        address = ctypes.cast(getattr(v, field), ctypes.c_void_p).value
        return view(self, what, address, (v.count,), (np.dtype(dtype).itemsize,), dtype)

    @property
    def pos(self) -> np.ndarray:
        """(n, 2) float32 positions in world px, a read-only view valid until the next step or set()."""
        return self._pair("pos", lambda v: v.x, lambda v: v.y)

    @property
    def vel(self) -> np.ndarray:
        """(n, 2) float32 velocities in px/s, a read-only view valid until the next step or set()."""
        return self._pair("vel", lambda v: v.vx, lambda v: v.vy)

    @property
    def heading(self) -> np.ndarray:
        """(n, 2) float32 unit headings (kept when a fish is still), a view as pos is."""
        return self._pair("heading", lambda v: v.hx, lambda v: v.hy)

    @property
    def state(self) -> np.ndarray:
        """(n,) uint8 behaviour states: 0 cruise, 1 sprint, 2 hover, 3 startle (mirofish.FISH_STATES)."""
        return self._one("state", "state", np.uint8)

    @property
    def species(self) -> np.ndarray:
        """(n,) uint8 species of each fish (0 .. species - 1)."""
        return self._one("species", "species", np.uint8)

    @property
    def depth(self) -> np.ndarray:
        """(n,) float32 depth, 0 at the back to 1 at the front."""
        return self._one("depth", "depth", np.float32)

    @property
    def panic(self) -> np.ndarray:
        """(n,) float32 seconds of panic left."""
        return self._one("panic", "panic", np.float32)

    # ---- the CLI's events ----
    def scare(self, x: float, y: float) -> "School":
        """A fright at (x, y) world px from the next step on (the CLI's scare@T:X,Y, a click on the page)."""
        check(lib.mf_school_scare(self._h(), finite("x", x), finite("y", y)))
        return self

    def feed(self, x: float, y: float) -> "School":
        """A pellet dropped at (x, y) world px (the CLI's feed@T:X,Y)."""
        check(lib.mf_school_feed(self._h(), finite("x", x), finite("y", y)))
        return self

    def pointer(self, x: float | None, y: float | None = None) -> "School":
        """The visitor's pointer at (x, y) world px from the next step on; pointer(None): it left."""
        if x is None:
            check(lib.mf_school_pointer(self._h(), 0, 0.0, 0.0))
        else:
            if y is None:
                raise TypeError("pointer(x, y): y is missing (pointer(None) says the pointer left)")
            check(lib.mf_school_pointer(self._h(), 1, finite("x", x), finite("y", y)))
        return self

    def set(self, name: str, value: float | str) -> "School":
        """A parameter from the next step on, as the page's set() and the CLI's set@T:KEY=VALUE. An unknown name, a
        page setting or a value out of range raises ValueError and leaves the school unchanged."""
        param(name)  # the ValueError for an unknown name, before anything changes
        handle = self._h()
        if isinstance(value, str):
            status = lib.mf_school_set_named(handle, _lib.c_text(name), _lib.c_text(value))
        else:
            status = lib.mf_school_set(handle, _lib.c_text(name), finite(name, value))
        if status == 0:
            self._changed()
        check(status)
        return self

    def get(self, name: str) -> float:
        """A parameter's value now, by name or hash key."""
        out = ctypes.c_double()
        check(lib.mf_school_get(self._h(), _lib.c_text(name), ctypes.byref(out)))
        return out.value

    @property
    def params(self) -> dict[str, float]:
        """Every parameter a hash carries, by name, as the school holds it."""
        from .table import params as table

        return {p["name"]: self.get(p["name"]) for p in table() if p["in_hash"]}

    # ---- hashes ----
    def hash(self) -> str:
        """The URL hash that makes this school again (its parameters and seed; not its step or its events)."""
        return text(lib.mf_school_hash, self._h(), 0)

    def url(self, base: str, *, at: bool = False) -> str:
        """The link that replays this school in a browser: base (a page with the MiroFish tag: the demo that
        ``scripts/demo`` serves, the site's home, your own page) + '#' + hash(). With at=True it seeks to this step
        (t=), which replays this moment when no event changed the school on the way."""
        if not isinstance(base, str) or not base:
            raise ValueError("url(base): base is the page that shows the school, e.g. 'http://localhost:8080/'")
        h = text(lib.mf_school_hash, self._h(), 1 if at else 0)
        return base.split("#", 1)[0] + "#" + h

    def state_hash(self) -> str:
        """The state hash, 16 hex digits as ``mirofish run`` prints it: FNV-1a over x, y, vx, vy of every fish."""
        return f"{lib.mf_school_state_hash(self._h()):016x}"

    # ---- metrics ----
    def metrics(self) -> dict[str, Any]:
        """The metrics of the last measured step (``run --metrics``'s columns): numbers as floats (NaN where that
        step had none, as min_distance with no pair close enough; the CSV writes -1), the state as its name."""
        handle = self._h()
        if not self._measured:
            raise RuntimeError(
                "metrics(): the last step was not measured (step(k, measure=False), or no step yet): step(1) first"
            )
        columns = metric_columns()
        out = (ctypes.c_double * len(columns))()
        check(lib.mf_school_metrics(handle, out))
        result: dict[str, Any] = {}
        for i, (name, kind) in enumerate(columns):
            if kind == "category":
                result[name] = lib.mf_school_metric_category(handle, i).decode()
            elif kind == "count":
                result[name] = int(out[i])
            else:
                result[name] = out[i]
        return result

    def run(self, steps: int, every: int = 1, *, as_frame: bool | None = None):
        """Steps the school `steps` steps and returns the metrics of every step whose count is a multiple of `every`,
        the rows ``mirofish run --metrics FILE --every N`` writes, as columns: a dict of arrays, or a pandas DataFrame
        when pandas is installed (as_frame=None), or asked for (True)."""
        steps = _whole("steps", steps)
        every = _whole("every", every, low=1)
        handle = self._h()
        columns = metric_columns()
        rows: list[dict[str, Any]] = []
        lib.mf_school_measure_every(handle, every)
        try:
            left = steps
            while left > 0:
                to_next = every - self.step_count % every
                k = min(to_next, left)
                self.step(k)
                left -= k
                if self.step_count % every == 0:
                    rows.append(self.metrics())
        finally:
            lib.mf_school_measure_every(handle, 0)
        table = {}
        for name, kind in columns:
            values = [r[name] for r in rows]
            dtype = str if kind == "category" else (np.int64 if kind == "count" else np.float64)
            table[name] = np.array(values, dtype=dtype)
        return _frame(table, as_frame)

    def trajectory(self, steps: int, every: int = 1) -> np.ndarray:
        """A (frames, n, 4) float32 array of x, y, vx, vy: frame 0 the state now, frame f the state f * every steps
        later (steps // every + 1 frames), the floats ``mirofish run --trajectory`` writes."""
        steps = _whole("steps", steps)
        every = _whole("every", every, low=1)
        frames = steps // every + 1
        n = self.n
        out = np.empty((frames, n, 4), np.float32)
        self._frame_into(out[0])
        for f in range(1, frames):
            self.step(every, measure=False)
            if self.n != n:
                raise RuntimeError("trajectory(): the fish count changed during the run")
            self._frame_into(out[f])
        rest = steps - (frames - 1) * every
        if rest:
            self.step(rest, measure=False)
        return out

    def _frame_into(self, frame: np.ndarray) -> None:
        frame[:, 0:2] = self.pos
        frame[:, 2:4] = self.vel

    # ---- showing ----
    def poster(self, width: int | None = None, height: int | None = None, dpr: float = 1.0) -> np.ndarray:
        """This step as the page draws it, by the library's native renderer (the CLI's poster's: OpenGL ES through
        EGL): an (h, w, 4) uint8 RGBA array, straight alpha over transparent. width x height CSS px (default: 800 px
        wide, the world's shape); RuntimeError where the library has no native renderer (a wheel's: see
        mirofish.poster_available())."""
        if not lib.mf_poster_available():
            raise RuntimeError(
                "this libmirofish has no native renderer (built without EGL): mirofish.poster_available()"
            )
        if width is None and height is None:
            width = 800
        ratio = self.get("height") / self.get("width")
        width = int(width if width is not None else round(height / ratio))
        height = int(height if height is not None else round(width * ratio))
        pw, ph = int(round(width * dpr)), int(round(height * dpr))
        rgba = np.empty((ph, pw, 4), np.uint8)
        check(lib.mf_school_poster(self._h(), width, height, float(dpr), rgba.ctypes.data_as(_lib.c_uint8_p)))
        return rgba

    def __repr__(self) -> str:
        if self._closed:
            return "<mirofish.School (closed)>"
        return f"<mirofish.School n={self.n} step={self.step_count} hash={self.hash()!r}>"

    def _repr_png_(self) -> bytes | None:
        from .pictures import poster_png

        return poster_png(self)

    def show(self, width: str = "100%", height: int = 420):
        """The page's own engine in a notebook cell, offline: the same school from its hash, swimming live."""
        from .notebook import show

        return show(self, width=width, height=height)


def _frame(table: dict, as_frame: bool | None):
    if as_frame is False:
        return table
    try:
        import pandas  # noqa: F401
    except ImportError:
        if as_frame:
            raise
        return table
    import pandas as pd

    return pd.DataFrame(table)


def _whole(name: str, value, low: int = 0) -> int:
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
        raise TypeError(f"{name} must be a whole number, not {value!r}")
    if value < low:
        raise ValueError(f"{name} must be >= {low}, got {value}")
    if value > _MAX_STEPS:
        raise ValueError(f"{name} must be <= {_MAX_STEPS}, got {value}")
    return int(value)


_MAX_STEPS = 10**12  # about 500 years of simulated time: far past any run, well inside the C interface's 64 bits
