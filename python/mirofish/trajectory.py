"""The CLI's trajectory files (``mirofish run --trajectory run.f32``) as a memory map, with their side-car."""

from __future__ import annotations

import json
import os

import numpy as np

FORMAT = "mirofish-trajectory"
VERSION = 1  # src/sim/trajectory.h kTrajectoryFormatVersion


class Trajectory(np.memmap):
    """A (frames, fish, 4) float32 memory map of x, y, vx, vy; ``.meta`` is the side-car (FILE.json) as a dict."""

    meta: dict


def load_trajectory(path: str | os.PathLike) -> Trajectory:
    """The file `mirofish run --trajectory PATH` wrote, mapped, not read: frame f, fish i is ``t[f, i]`` (x, y, vx,
    vy). Its side-car PATH.json says the shape; a file that does not match it raises ValueError."""
    path = os.fspath(path)
    side = path + ".json"
    try:
        with open(side, encoding="utf-8") as f:
            meta = json.load(f)
    except FileNotFoundError:
        raise ValueError(f"{path}: its side-car {side} is missing (the CLI writes both)") from None
    except json.JSONDecodeError as e:
        raise ValueError(f"{side}: not JSON ({e})") from None
    if meta.get("format") != FORMAT:
        raise ValueError(f"{side}: not a MiroFish trajectory (format {meta.get('format')!r})")
    if meta.get("version") != VERSION:
        raise ValueError(f"{side}: trajectory version {meta.get('version')!r}, this package reads {VERSION}")
    frames, fish = int(meta["frames"]), int(meta["fish"])
    expected = frames * fish * 16
    size = os.path.getsize(path)
    if size != expected:
        raise ValueError(f"{path}: {size} bytes, the side-car says {frames} frames of {fish} fish ({expected} bytes)")
    if expected == 0:
        t = np.zeros((frames, fish, 4), np.float32).view(Trajectory)
    else:
        t = Trajectory(path, dtype="<f4", mode="r", shape=(frames, fish, 4))
    t.meta = meta
    return t
