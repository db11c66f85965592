"""``mirofish sweep`` from Python: the same runs, numbered the same, the same CSV bytes, on any executor.

Each row depends only on its run's hash, so every executor gives the same table: a ``ProcessPoolExecutor`` on one
machine, Dask's ``Client.get_executor()`` on a cluster (Dask runs on Slurm, PBS and Kubernetes), or the default, a
thread pool over this machine's cores (the library runs without the GIL).
"""

from __future__ import annotations

import concurrent.futures
import csv
import ctypes
import io
import math
import os
from typing import Any, Iterable, Mapping, Sequence

import numpy as np

from . import _lib
from ._lib import lib
from .school import _frame
from .table import metric_columns, number_text, param, to_hash

__all__ = ["sweep"]


class _Plan:
    """The library's plan for (base, vary, seeds, ablation): made again in each worker from those texts alone."""

    def __init__(self, base: str, vary: Sequence[str], seeds: str, ablation: bool):
        arr = (ctypes.c_char_p * max(len(vary), 1))(*[_lib.c_text(v) for v in vary])
        handle = lib.mf_sweep_new(_lib.c_text(base), arr, len(vary), _lib.c_text(seeds), 1 if ablation else 0)
        if not handle:
            raise ValueError(_lib.last_error())
        self.handle = ctypes.c_void_p(handle)

    def __del__(self):
        if getattr(self, "handle", None):
            lib.mf_sweep_free(self.handle)
            self.handle = None

    @property
    def size(self) -> int:
        return lib.mf_sweep_size(self.handle)

    def comment(self, steps: int) -> str:
        return _lib.text(lib.mf_sweep_comment, self.handle, steps)

    def header(self) -> str:
        return _lib.text(lib.mf_sweep_header, self.handle)

    def row(self, index: int, steps: int) -> str:
        # Room for any row up front (a hash is at most 4 096 characters): a second call would run the school again.
        return _lib.text(lib.mf_sweep_row, self.handle, index, steps, size=16384)


_plans: dict = {}  # a worker's plans, by their texts: a chunk's rows share one


def _rows(spec: tuple, indices: Sequence[int], steps: int) -> list[str]:
    """The CSV rows of runs `indices`: what an executor runs (a module function: it pickles by name)."""
    plan = _plans.get(spec)
    if plan is None:
        if len(_plans) > 8:
            _plans.clear()
        plan = _plans[spec] = _Plan(*spec)
    return [plan.row(i, steps) for i in indices]


def _vary_texts(vary: Mapping[str, Any] | None) -> list[str]:
    """{name: values} as --vary texts: values a list, a range, an array, or the CLI's 'START:STOP:STEP' text."""
    texts = []
    for name, values in (vary or {}).items():
        param(name)  # unknown names fail here, by name
        if isinstance(values, str):
            texts.append(f"{name}={values}")
            continue
        if np.isscalar(values):
            values = [values]
        texts.append(f"{name}=" + ",".join(number_text(f"vary {name}", v) for v in values))
    return texts


def _seeds_text(seeds: Iterable[int] | str | int | None) -> str:
    if seeds is None:
        return ""
    if isinstance(seeds, str):
        return seeds
    if isinstance(seeds, (int, np.integer)) and not isinstance(seeds, bool):
        seeds = [seeds]
    if isinstance(seeds, range) and seeds.step == 1 and len(seeds) > 0:
        return f"{seeds.start}-{seeds.stop - 1}"
    out = []
    for s in seeds:
        if isinstance(s, bool) or not isinstance(s, (int, np.integer)):
            raise TypeError(f"seeds: {s!r} is not a whole number")
        out.append(str(int(s)))
    if not out:
        raise ValueError("seeds: no seeds")
    return ",".join(out)


def _parse(header: str, rows: list[str]) -> dict[str, np.ndarray]:
    names = header.split(",")
    cells = list(csv.reader(io.StringIO("".join(rows))))
    kinds = _column_kinds(names)
    table: dict[str, np.ndarray] = {}
    for c, name in enumerate(names):
        column = [r[c] for r in cells]
        kind = kinds[name]
        if kind == "text":
            table[name] = np.array(column, dtype=str)
        elif kind == "count":
            table[name] = np.array([int(v) for v in column], dtype=np.int64)
        else:  # an empty mean (no step had one) and the CSV's -1 for no pair close enough are NaN, as in run()
            values = np.array([float(v) if v else math.nan for v in column], dtype=np.float64)
            if name == "min_distance":
                values[values < 0] = math.nan
            table[name] = values
    return table


def _column_kinds(names: list[str]) -> dict[str, str]:
    """Each sweep column's type from the tables it comes from: the parameter table for the varied parameters, the
    metric columns for the end values, numbers for the means, text for the modes, the labels and the hashes."""
    metrics = dict(metric_columns())
    kinds = {}
    for name in names:
        if name in ("run", "seed", "window_steps"):
            kinds[name] = "count"
        elif name in ("label", "hash", "state_hash") or name.startswith("mode_"):
            kinds[name] = "text"
        elif name.startswith("mean_"):
            kinds[name] = "number"
        elif name in metrics:
            kinds[name] = {"category": "text", "count": "count", "number": "number"}[metrics[name]]
        else:
            kinds[name] = "count" if param(name)["integer"] else "number"
    return kinds


def sweep(
    base: str | Mapping[str, Any] = "",
    vary: Mapping[str, Any] | None = None,
    seeds: Iterable[int] | str | None = None,
    ablation: bool = False,
    steps: int = 3600,
    executor: concurrent.futures.Executor | None = None,
    *,
    out: str | os.PathLike | None = None,
    chunksize: int | None = None,
    as_frame: bool | None = None,
):
    """The runs ``mirofish sweep`` runs, as its table.

    base: a hash ('n=300&seed=7', t= seeks first) or a dict of parameters; vary: {name: values} (a list, a range, an
    array, or 'START:STOP:STEP'); seeds: a range, a list, or the CLI's '1-10' text (None: the base's seed);
    ablation: the seed's seven rule variants (all three rules, each removed, each alone); steps: per run.
    executor: any ``concurrent.futures.Executor`` (a process pool, Dask's ``client.get_executor()``); None runs on a
    thread pool over this machine's cores. out: also write the CSV, byte for byte what ``mirofish sweep --out``
    writes for the same arguments. Returns columns (a dict of arrays, or a pandas DataFrame when pandas is there).
    """
    base_text = to_hash(base) if isinstance(base, Mapping) else str(base)
    if isinstance(steps, bool) or not isinstance(steps, (int, np.integer)) or steps < 1:
        raise ValueError(f"steps must be a whole number >= 1, got {steps!r}")
    spec = (base_text, tuple(_vary_texts(vary)), _seeds_text(seeds), bool(ablation))
    plan = _Plan(*spec)  # every bad argument fails here, before any run
    size = plan.size
    own = executor is None
    if own:
        executor = concurrent.futures.ThreadPoolExecutor(max_workers=os.cpu_count() or 1)
    try:
        workers = getattr(executor, "_max_workers", None) or os.cpu_count() or 1
        chunk = chunksize or max(1, math.ceil(size / (workers * 4)))
        futures = [
            executor.submit(_rows, spec, list(range(start, min(start + chunk, size))), int(steps))
            for start in range(0, size, chunk)
        ]
        rows = [row for f in futures for row in f.result()]
    finally:
        if own:
            executor.shutdown()
    header = plan.header()
    if out is not None:
        with open(out, "w", encoding="utf-8", newline="") as f:
            f.write(plan.comment(int(steps)) + header + "\n" + "".join(rows))
    return _frame(_parse(header, rows), as_frame)
