"""The shared library (libmirofish, src/capi/mirofish_c.h) through ctypes: found, loaded once, every signature typed.

One library serves every CPython 3.x and NumPy 1 and 2: it is plain C, loaded with ctypes, with no binding library
between (as llama-cpp-python loads llama.cpp). ``MIROFISH_LIBRARY`` names another build of it (a clone's
``build/native/src/capi/libmirofish.so``, say).
"""

from __future__ import annotations

import ctypes
import os
import sys
from pathlib import Path

ABI_VERSION = 1  # src/capi/mirofish_c.h MF_ABI_VERSION

c_float_p = ctypes.POINTER(ctypes.c_float)
c_uint8_p = ctypes.POINTER(ctypes.c_uint8)


class ParamInfo(ctypes.Structure):
    _fields_ = [
        ("name", ctypes.c_char_p),
        ("key", ctypes.c_char_p),
        ("unit", ctypes.c_char_p),
        ("help", ctypes.c_char_p),
        ("values", ctypes.c_char_p),
        ("default", ctypes.c_double),
        ("min", ctypes.c_double),
        ("max", ctypes.c_double),
        ("integer", ctypes.c_int),
        ("in_hash", ctypes.c_int),
    ]


class FishView(ctypes.Structure):
    _fields_ = [
        ("count", ctypes.c_int),
        ("x", c_float_p),
        ("y", c_float_p),
        ("vx", c_float_p),
        ("vy", c_float_p),
        ("hx", c_float_p),
        ("hy", c_float_p),
        ("state", c_uint8_p),
        ("species", c_uint8_p),
        ("depth", c_float_p),
        ("panic", c_float_p),
    ]


def _library_names() -> list[str]:
    if sys.platform == "darwin":
        return ["libmirofish.dylib"]
    if os.name == "nt":
        return ["mirofish.dll"]
    return ["libmirofish.so"]


def _find() -> Path:
    named = os.environ.get("MIROFISH_LIBRARY")
    if named:
        path = Path(named)
        if not path.is_file():
            raise OSError(f"MIROFISH_LIBRARY={named}: no such file")
        return path
    here = Path(__file__).resolve().parent
    for name in _library_names():
        if (here / name).is_file():
            return here / name
    raise OSError(
        f"libmirofish is not installed beside {here} (build it with `pip install ./python` from a clone, "
        "or point MIROFISH_LIBRARY at a build of it)"
    )


def _signatures(lib: ctypes.CDLL) -> None:
    S = ctypes.c_void_p  # mf_school*, mf_sweep*: opaque
    sz = ctypes.c_size_t
    table = {
        "mf_abi_version": (ctypes.c_int, []),
        "mf_version": (ctypes.c_char_p, []),
        "mf_last_error": (ctypes.c_char_p, []),
        "mf_param_count": (ctypes.c_int, []),
        "mf_param_info_at": (ctypes.c_int, [ctypes.c_int, ctypes.POINTER(ParamInfo)]),
        "mf_school_new": (S, [ctypes.c_char_p]),
        "mf_school_free": (None, [S]),
        "mf_school_step": (ctypes.c_int, [S, ctypes.c_longlong, ctypes.c_int]),
        "mf_school_measure_every": (None, [S, ctypes.c_uint64]),
        "mf_school_count": (ctypes.c_int, [S]),
        "mf_school_step_count": (ctypes.c_uint64, [S]),
        "mf_school_state_hash": (ctypes.c_uint64, [S]),
        "mf_school_hash": (sz, [S, ctypes.c_int, ctypes.c_char_p, sz]),
        "mf_school_get": (ctypes.c_int, [S, ctypes.c_char_p, ctypes.POINTER(ctypes.c_double)]),
        "mf_school_set": (ctypes.c_int, [S, ctypes.c_char_p, ctypes.c_double]),
        "mf_school_set_named": (ctypes.c_int, [S, ctypes.c_char_p, ctypes.c_char_p]),
        "mf_school_scare": (ctypes.c_int, [S, ctypes.c_double, ctypes.c_double]),
        "mf_school_feed": (ctypes.c_int, [S, ctypes.c_double, ctypes.c_double]),
        "mf_school_pointer": (ctypes.c_int, [S, ctypes.c_int, ctypes.c_double, ctypes.c_double]),
        "mf_school_fish": (None, [S, ctypes.POINTER(FishView)]),
        "mf_fish_state_name": (ctypes.c_char_p, [ctypes.c_int]),
        "mf_poster_available": (ctypes.c_int, []),
        "mf_school_poster": (ctypes.c_int, [S, ctypes.c_int, ctypes.c_int, ctypes.c_double, c_uint8_p]),
        "mf_metric_count": (ctypes.c_int, []),
        "mf_metric_name": (ctypes.c_char_p, [ctypes.c_int]),
        "mf_metric_is_category": (ctypes.c_int, [ctypes.c_int]),
        "mf_school_metrics": (ctypes.c_int, [S, ctypes.POINTER(ctypes.c_double)]),
        "mf_school_metric_category": (ctypes.c_char_p, [S, ctypes.c_int]),
        "mf_school_metrics_row": (sz, [S, ctypes.c_char_p, sz]),
        "mf_metrics_header": (sz, [ctypes.c_char_p, sz]),
        "mf_school_measured_step": (ctypes.c_uint64, [S]),
        "mf_sweep_new": (
            S,
            [ctypes.c_char_p, ctypes.POINTER(ctypes.c_char_p), ctypes.c_int, ctypes.c_char_p, ctypes.c_int],
        ),
        "mf_sweep_free": (None, [S]),
        "mf_sweep_size": (ctypes.c_uint64, [S]),
        "mf_sweep_comment": (sz, [S, ctypes.c_longlong, ctypes.c_char_p, sz]),
        "mf_sweep_header": (sz, [S, ctypes.c_char_p, sz]),
        "mf_sweep_run_hash": (sz, [S, ctypes.c_uint64, ctypes.c_char_p, sz]),
        "mf_sweep_row": (sz, [S, ctypes.c_uint64, ctypes.c_longlong, ctypes.c_char_p, sz]),
    }
    for name, (restype, argtypes) in table.items():
        fn = getattr(lib, name)
        fn.restype = restype
        fn.argtypes = argtypes


def _load() -> ctypes.CDLL:
    path = _find()
    lib = ctypes.CDLL(str(path))
    _signatures(lib)
    abi = lib.mf_abi_version()
    if abi != ABI_VERSION:
        raise OSError(f"{path}: C interface version {abi}, this package speaks {ABI_VERSION}: reinstall mirofish")
    return lib


lib = _load()
SIZE_FAILED = ctypes.c_size_t(-1).value


def last_error() -> str:
    return (lib.mf_last_error() or b"").decode("utf-8", "replace")


def check(status: int) -> None:
    """A -1 from the library as the ValueError that names the input and why."""
    if status != 0:
        raise ValueError(last_error())


def text(fill, *args, size: int = 256) -> str:
    """Text a mf_* function writes into a buffer (snprintf's contract: it returns the length it needs; a longer text
    calls it again with room for it, so a function that computes its text is given room up front)."""
    while True:
        buf = ctypes.create_string_buffer(size)
        n = fill(*args, buf, size)
        if n == SIZE_FAILED:
            raise ValueError(last_error())
        if n < size:
            return buf.raw[:n].decode("utf-8")
        size = n + 1


def c_text(value: str) -> bytes:
    if "\0" in value:
        raise ValueError(f"{value!r}: a NUL character cannot be passed")
    return value.encode("utf-8")
