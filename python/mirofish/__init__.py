"""MiroFish in Python: the same koi school as the page and the CLI (one C++ simulation, libmirofish), as NumPy arrays,
its metrics, sweeps on any executor, and a notebook view.

>>> import mirofish
>>> school = mirofish.School(n=300, seed=7)
>>> school.step(600).state_hash()  # == mirofish run --hash 'n=300&seed=7' --steps 600
"""

from __future__ import annotations

from ._lib import lib as _library

from .school import School
from .sweep import sweep
from .table import FISH_STATES, metric_names, param, params
from .trajectory import load_trajectory
from .views import StaleViewError

__version__ = _library.mf_version().decode()


def poster_available() -> bool:
    """Whether this libmirofish draws School.poster() with the native renderer (a clone's build with EGL)."""
    return bool(_library.mf_poster_available())


__all__ = [
    "School",
    "StaleViewError",
    "sweep",
    "params",
    "param",
    "metric_names",
    "load_trajectory",
    "FISH_STATES",
    "poster_available",
    "__version__",
]
