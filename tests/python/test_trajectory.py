"""trajectory() and load_trajectory(): the CLI's frames, the same floats, its file as a memory map."""

from __future__ import annotations

import json

import numpy as np
import pytest

import mirofish


def test_trajectory_is_the_clis_file(cli, tmp_path):
    path = tmp_path / "run.f32"
    cli("run", "--hash", "n=120&seed=3", "--steps", "300", "--every", "30", "--trajectory", str(path))
    loaded = mirofish.load_trajectory(path)
    ours = mirofish.School(n=120, seed=3).trajectory(300, every=30)
    assert ours.shape == loaded.shape == (11, 120, 4)
    assert isinstance(loaded, np.memmap)
    np.testing.assert_array_equal(ours, loaded)  # bit for bit
    assert loaded.meta["fish"] == 120 and loaded.meta["every"] == 30


def test_trajectory_ends_where_step_would():
    a = mirofish.School(n=50, seed=8)
    frames = a.trajectory(95, every=10)  # frames at 0..90, then 5 more steps
    assert frames.shape == (10, 50, 4) and a.step_count == 95
    b = mirofish.School(n=50, seed=8).step(95)
    assert a.state_hash() == b.state_hash()


def test_a_damaged_trajectory_is_refused(tmp_path, cli):
    path = tmp_path / "run.f32"
    cli("run", "--hash", "n=10", "--steps", "10", "--trajectory", str(path))
    with open(path, "ab") as f:
        f.write(b"\0" * 4)
    with pytest.raises(ValueError, match="the side-car says"):
        mirofish.load_trajectory(path)
    (tmp_path / "other.f32").write_bytes(b"")
    with pytest.raises(ValueError, match="side-car .* is missing"):
        mirofish.load_trajectory(tmp_path / "other.f32")
    meta = json.loads((tmp_path / "run.f32.json").read_text())
    meta["version"] = 99
    (tmp_path / "run.f32.json").write_text(json.dumps(meta))
    with pytest.raises(ValueError, match="version 99"):
        mirofish.load_trajectory(path)
