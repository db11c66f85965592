"""mirofish.sweep: the rows `mirofish sweep` runs, the same CSV bytes, on any executor."""

from __future__ import annotations

import concurrent.futures

import pytest

import mirofish

BASE = "n=60&seed=1"
STEPS = 240


@pytest.fixture(scope="module")
def cli_csv(cli, tmp_path_factory):
    """The CLI's CSV for an ablation sweep over two seeds, and for a --vary sweep over two seeds."""
    out = {}
    folder = tmp_path_factory.mktemp("cli")
    for name, args in {
        "ablation": ["--ablation", "--seeds", "1-2"],
        "vary": ["--vary", "wcoh=0:1:0.5", "--vary", "rsep=20,30", "--seeds", "3,5"],
    }.items():
        path = folder / f"{name}.csv"
        cli("sweep", "--hash", BASE, "--steps", str(STEPS), "--out", str(path), "--jobs", "1", *args)
        out[name] = path.read_bytes()
    return out


SWEEPS = {
    "ablation": dict(ablation=True, seeds=range(1, 3)),
    "vary": dict(vary={"wcoh": "0:1:0.5", "rsep": [20, 30]}, seeds=[3, 5]),
}


@pytest.mark.parametrize("name", sorted(SWEEPS))
def test_the_default_executor_writes_the_clis_bytes(cli_csv, tmp_path, name):
    out = tmp_path / "py.csv"
    table = mirofish.sweep(BASE, steps=STEPS, out=out, as_frame=False, **SWEEPS[name])
    assert out.read_bytes() == cli_csv[name]
    header = cli_csv[name].decode().splitlines()[1].split(",")
    assert list(table) == header
    assert list(table["run"]) == list(range(len(table["run"])))


def test_a_process_pool_gives_the_same_table(cli_csv, tmp_path):
    out = tmp_path / "pool.csv"
    with concurrent.futures.ProcessPoolExecutor(max_workers=2) as pool:
        mirofish.sweep(BASE, steps=STEPS, executor=pool, out=out, chunksize=3, **SWEEPS["ablation"])
    assert out.read_bytes() == cli_csv["ablation"]


def test_dask_gives_the_same_table(cli_csv, tmp_path):
    distributed = pytest.importorskip("distributed")  # Debian's python3-distributed; scripts/ensure-deps installs it
    out = tmp_path / "dask.csv"
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster:
        with distributed.Client(cluster) as client:
            mirofish.sweep(BASE, steps=STEPS, executor=client.get_executor(), out=out, **SWEEPS["vary"])
    assert out.read_bytes() == cli_csv["vary"]


def test_the_ablation_tells_the_rules_apart():
    table = mirofish.sweep("n=120&seed=2", ablation=True, steps=1200, as_frame=False)
    assert list(table["label"]) == [
        "all",
        "no-separation",
        "no-alignment",
        "no-cohesion",
        "separation-only",
        "alignment-only",
        "cohesion-only",
    ]
    # The seed's reading of each rule: separation alone keeps the fish apart, cohesion alone packs them.
    neighbours = dict(zip(table["label"], table["mean_avg_neighbours"]))
    assert min(neighbours, key=neighbours.get) == "separation-only"
    assert max(neighbours, key=neighbours.get) == "cohesion-only"
    assert len(set(table["state_hash"])) == 7
    # each row's hash replays that run
    school = mirofish.School.from_hash(table["hash"][3]).step(1200)
    assert school.state_hash() == table["state_hash"][3]


@pytest.mark.parametrize(
    "kwargs, message",
    [
        (dict(vary={"bogus": [1]}), "unknown parameter 'bogus'"),
        (dict(vary={"wcoh": [0, 1]}, ablation=True), "ablation"),
        (dict(vary={"seed": [1, 2]}), "seeds are swept with --seeds"),
        (dict(vary={"rsep": [9999]}), "outside"),
        (dict(seeds="5-1"), "empty"),
        (dict(steps=0), "steps"),
        (dict(base="n=oops"), "not a number"),
    ],
)
def test_bad_sweeps_fail_before_any_run(kwargs, message):
    with pytest.raises(ValueError, match=message):
        mirofish.sweep(**{"base": BASE, "steps": STEPS, **kwargs})
