"""School: the CLI's school bit for bit, its views, events, metrics and the errors a bad input gets."""

from __future__ import annotations

import math

import numpy as np
import pytest

import mirofish
from conftest import cli_state_hash

GOLDEN = "2f7fef7bf008159c"  # mirofish run --hash 'n=300&seed=7' --steps 600 (tests/cli's golden)


def test_state_hash_equals_the_cli(cli):
    school = mirofish.School(n=300, seed=7)
    assert school.step(600).state_hash() == GOLDEN
    assert cli_state_hash(cli("run", "--hash", "n=300&seed=7", "--steps", "600")) == GOLDEN


@pytest.mark.parametrize(
    "hash_text",
    ["n=120&seed=3&species=3&pred=1", "n=200&seed=9&wsep=0&t=2", "n=150&seed=4&form=rings&at=1"],
)
def test_any_hash_equals_the_cli(cli, hash_text):
    steps = 240
    ours = mirofish.School.from_hash(hash_text).step(steps).state_hash()
    assert ours == cli_state_hash(cli("run", "--hash", hash_text, "--steps", str(steps)))


def test_events_equal_the_cli(cli):
    """scare@2, feed@2.5, pointer@3, pointer-off@5, set@4 as the CLI applies them: before the step at round(T*60)."""
    school = mirofish.School(n=300, seed=7)
    school.step(120).scare(400, 300).step(30).feed(800, 450).step(30).pointer(800, 450)
    school.step(60).set("wcoh", 0.5).step(60).pointer(None).step(300)
    events = ["scare@2:400,300", "feed@2.5:800,450", "pointer@3:800,450", "set@4:wcoh=0.5", "pointer-off@5"]
    args = ["run", "--hash", "n=300&seed=7", "--steps", "600"]
    for e in events:
        args += ["--event", e]
    assert school.step_count == 600
    assert school.state_hash() == cli_state_hash(cli(*args))


def test_keywords_and_hash_make_the_same_school():
    a = mirofish.School(n=80, seed=5, sepRadius=30, wcoh=0.5)
    b = mirofish.School.from_hash("#n=80&seed=5&rsep=30&wcoh=0.5")
    c = mirofish.School.from_hash("https://example.org/koi/?x=1#n=80&seed=5&rsep=30&wcoh=0.5")
    d = mirofish.School.from_hash(a.hash())
    hashes = {s.step(90).state_hash() for s in (a, b, c, d)}
    assert len(hashes) == 1
    assert a.get("rsep") == 30 and a.get("sepRadius") == 30
    assert a.url("http://localhost:8080/").startswith("http://localhost:8080/#n=80&seed=5&")
    assert "&t=1.5" in a.url("http://localhost:8080/#old", at=True)


def test_pos_and_vel_are_views_of_the_school():
    school = mirofish.School(n=50, seed=2)
    pos, vel = school.pos, school.vel
    assert pos.shape == (50, 2) and vel.shape == (50, 2)
    assert pos.dtype == np.float32 and not pos.flags.writeable and not pos.flags.owndata
    frame = school.trajectory(0)[0]  # a copy, the file's layout
    np.testing.assert_array_equal(frame[:, :2], pos)
    np.testing.assert_array_equal(frame[:, 2:], vel)
    with pytest.raises(ValueError):
        pos[0, 0] = 1  # read-only: the school's memory is the school's
    speeds = np.linalg.norm(school.vel, axis=1)
    assert speeds.shape == (50,) and np.all(np.isfinite(speeds))
    assert school.state.shape == (50,) and set(np.unique(school.state)) <= {0, 1, 2, 3}
    np.testing.assert_allclose(np.linalg.norm(school.heading, axis=1), 1, atol=1e-3)


def test_a_stale_view_fails_loudly():
    school = mirofish.School(n=40, seed=1)
    pos, col = school.pos, school.pos[:, 0]
    kept, doubled = pos.copy(), pos * 2
    school.step()
    for read in (
        lambda: pos[0],
        lambda: col.sum(),
        lambda: np.mean(pos),
        lambda: pos + 1,
        lambda: repr(pos),
        lambda: pos.tolist(),
        lambda: list(pos),
        lambda: pos.copy(),
    ):
        with pytest.raises(mirofish.StaleViewError, match="taken at step 0"):
            read()
    # What was computed from a fresh view stays an ordinary array.
    assert type(kept) is np.ndarray and type(doubled) is np.ndarray
    np.testing.assert_array_equal(doubled, kept * 2)
    # A school that grows moves its memory: the old view refuses, a new one reads the new fish.
    pos = school.pos
    school.set("n", 400)
    with pytest.raises(mirofish.StaleViewError):
        pos.sum()
    school.step()
    assert school.pos.shape == (400, 2)
    pos = school.pos
    school.close()
    with pytest.raises(mirofish.StaleViewError, match="closed"):
        pos[0]


def test_a_view_keeps_its_school_alive():
    pos = mirofish.School(n=30, seed=3).pos  # the school has no other reference
    assert np.all(np.isfinite(pos))


def test_metrics_are_the_clis(cli, tmp_path):
    school = mirofish.School(n=300, seed=7)
    columns = school.run(600, every=60, as_frame=False)
    assert list(columns) == mirofish.metric_names()
    csv = tmp_path / "m.csv"
    cli("run", "--hash", "n=300&seed=7", "--steps", "600", "--every", "60", "--metrics", str(csv))
    lines = csv.read_text().splitlines()
    header, rows = lines[1].split(","), [r.split(",") for r in lines[2:]]
    assert header == list(columns)
    assert len(rows) == len(columns["step"]) == 10
    for c, name in enumerate(header):
        ours = columns[name]
        theirs = [r[c] for r in rows]
        if name == "state":
            assert list(ours) == theirs
        elif name == "min_distance":
            expected = [math.nan if float(v) < 0 else float(v) for v in theirs]
            np.testing.assert_allclose(ours, expected, atol=1e-4)
        else:
            np.testing.assert_allclose(ours, [float(v) for v in theirs], atol=1e-3, err_msg=name)
    assert columns["step"].dtype == np.int64 and columns["polarization"].dtype == np.float64
    m = school.metrics()  # the last row
    assert m["step"] == 600 and m["state"] == columns["state"][-1]
    assert school.state_hash() == GOLDEN  # measuring changes no fish


def test_metrics_name_the_seeds_three_states():
    cohesive = mirofish.School(n=200, seed=1).step(1200).metrics()["state"]
    # Strong separation, no cohesion and no points of interest to gather at: the school spreads out.
    dispersed = mirofish.School(n=200, seed=1, wsep=4, wcoh=0, na=0, rcoh=20).step(1200).metrics()["state"]
    assert cohesive == "cohesive" and dispersed == "dispersed"
    assert set(mirofish.School(n=60, seed=1).run(240, every=1)["state"]) <= {"cohesive", "dispersed", "oscillating"}


def test_unmeasured_metrics_say_so():
    school = mirofish.School(n=20)
    with pytest.raises(RuntimeError, match="not measured"):
        school.metrics()
    school.step(5, measure=False)
    with pytest.raises(RuntimeError, match="not measured"):
        school.metrics()
    assert school.step(1).metrics()["step"] == 6


@pytest.mark.parametrize(
    "make, message",
    [
        (lambda: mirofish.School(foo=1), "unknown parameter 'foo'"),
        (lambda: mirofish.School(n=-5), r"fish \(n\): -5 is outside 0\.\.100000"),
        (lambda: mirofish.School(sepRadius=math.nan), "not a finite number"),
        (lambda: mirofish.School(quality=1), "quality is the page's own setting"),
        (lambda: mirofish.School(species="many"), "not one of its values"),
        (lambda: mirofish.School.from_hash("n=abc"), "n='abc' is not a number"),
        (lambda: mirofish.School.from_hash("n=300&bogus=1"), "unknown key 'bogus'"),
        (lambda: mirofish.School.from_hash("about"), "holds no MiroFish parameter"),
        (lambda: mirofish.School.from_hash("https://example.org/page"), "has no #hash"),
        (lambda: mirofish.School.from_hash("n=3\0"), "NUL"),
    ],
)
def test_bad_input_is_a_value_error_naming_it(make, message):
    with pytest.raises(ValueError, match=message):
        make()


def test_a_refused_change_leaves_the_school_unchanged():
    school = mirofish.School(n=100, seed=4).step(30)
    before = (school.hash(), school.state_hash(), school.step_count)
    for name, value, message in [
        ("rsep", 9999, r"sepRadius \(rsep\): 9999 is outside 1\.\.400"),
        ("nope", 1, "unknown parameter 'nope'"),
        ("maxFish", 10, "page's own setting"),
        ("wcoh", math.inf, "not a finite number"),
    ]:
        with pytest.raises(ValueError, match=message):
            school.set(name, value)
    with pytest.raises(ValueError, match="finite"):
        school.scare(math.nan, 0)
    with pytest.raises(ValueError, match=">= 0"):
        school.step(-1)
    with pytest.raises(TypeError):
        school.step(1.5)
    assert (school.hash(), school.state_hash(), school.step_count) == before


def test_params_is_the_one_table(cli):
    import json

    table = json.loads(cli("params", "--json"))
    ours = mirofish.params()
    assert [p["name"] for p in ours] == [p["name"] for p in table]
    for mine, theirs in zip(ours, table):
        assert (mine["key"], mine["default"], mine["min"], mine["max"]) == (
            theirs["key"],
            theirs["def"],
            theirs["min"],
            theirs["max"],
        )
        assert mine["in_hash"] == (theirs["group"] != "page")
