"""The one parameter table and the metric columns, as the library holds them (src/sim/params.h, metrics_csv.h)."""

from __future__ import annotations

import ctypes
import functools
import math
from typing import Any, Mapping

from . import _lib
from ._lib import lib

FISH_STATES = tuple(lib.mf_fish_state_name(i).decode() for i in range(4))  # cruise, sprint, hover, startle


@functools.lru_cache(maxsize=None)
def _table() -> tuple:
    rows = []
    info = _lib.ParamInfo()
    for i in range(lib.mf_param_count()):
        lib.mf_param_info_at(i, ctypes.byref(info))
        values = info.values.decode()
        rows.append(
            {
                "name": info.name.decode(),
                "key": info.key.decode(),
                "unit": info.unit.decode(),
                "default": info.default,
                "min": info.min,
                "max": info.max,
                "integer": bool(info.integer),
                "in_hash": bool(info.in_hash),
                "values": tuple(values.split("|")) if values else (),
                "help": info.help.decode(),
            }
        )
    return tuple(rows)


def params() -> list[dict[str, Any]]:
    """Every parameter: name, hash key, unit, default, min, max, integer, in_hash (False: the page's own setting, which
    a school here does not have), value names and help, in the hash's order."""
    return [dict(row) for row in _table()]


def param(name: str) -> dict[str, Any]:
    """One parameter by its name (sepRadius) or hash key (rsep); ValueError for neither."""
    if not isinstance(name, str):
        raise TypeError(f"a parameter is named by text, not {type(name).__name__}")
    for row in _table():
        if name in (row["name"], row["key"]):
            return dict(row)
    raise ValueError(f"unknown parameter '{name}' (mirofish.params() lists them)")


def finite(name: str, value: Any) -> float:
    """value as a finite float: TypeError for what is not a number, ValueError for NaN and the infinities."""
    try:
        v = float(value)
    except (TypeError, ValueError):
        raise TypeError(f"{name}: {value!r} is not a number") from None
    if not math.isfinite(v):
        raise ValueError(f"{name}: {value!r} is not a finite number")
    return v


def number_text(name: str, value: Any) -> str:
    """A number as a hash writes it: whole numbers without a point, others as Python's shortest repr."""
    v = finite(name, int(value) if isinstance(value, bool) else value)
    return str(int(v)) if v.is_integer() and abs(v) < 2**53 else repr(v)


def _value_text(row: Mapping[str, Any], value: Any) -> str:
    name = row["name"]
    if isinstance(value, str):
        if value not in row["values"]:
            names = "|".join(row["values"]) or "numbers only"
            raise ValueError(f"{name}: '{value}' is not one of its values ({names})")
        return str(row["values"].index(value))
    return number_text(name, value)


def to_hash(given: Mapping[str, Any]) -> str:
    """Keyword parameters as a URL hash ('n=300&seed=7'); the library checks it as the page does."""
    pairs = []
    for name, value in given.items():
        row = param(name)
        pairs.append(f"{row['key']}={_value_text(row, value)}")
    return "&".join(pairs)


@functools.lru_cache(maxsize=None)
def metric_columns() -> tuple:
    """(name, kind) of run --metrics's columns, kind 'number', 'count' (a whole number in the CSV) or 'category'."""
    names = [lib.mf_metric_name(i).decode() for i in range(lib.mf_metric_count())]
    # Which columns the CSV writes as whole numbers: read from a row the library writes (the one table's formats).
    school = lib.mf_school_new(b"n=2")
    try:
        lib.mf_school_step(school, 1, 1)
        row = _lib.text(lib.mf_school_metrics_row, school).strip().split(",")
    finally:
        lib.mf_school_free(school)
    kinds = []
    for i, name in enumerate(names):
        if lib.mf_metric_is_category(i):
            kinds.append("category")
        else:
            kinds.append("number" if "." in row[i] else "count")
    return tuple(zip(names, kinds))


def metric_names() -> list[str]:
    return [name for name, _ in metric_columns()]
