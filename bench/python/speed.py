#!/usr/bin/env python3
"""Steps a second from Python against the CLI and against the seed's own minimal Boids, at the same n and radii.

For each fish count n (default 60, 500, 5 000), in rounds that alternate the contenders (A B C D, A B C D, ...):

  A  MiroFish from Python, ``school.step(1, measure=False)`` called S times (one call a step);
  B  MiroFish from Python, ``school.step(600, measure=False)`` called S / 600 times (one call for 600 steps);
  C  the CLI, ``mirofish run --hash H --steps S`` timed as a process, less a ``--steps 1`` run of the same hash
     (its start, making the school, the last step's metrics): (T(S) - T(1)) / (S - 1) a step;
  D  the seed's Boids (bench/python/seed_boids.py: the tutorial's §5 program, Pygame, O(n^2)), headless, no drawing,
     no clock.tick, for a few frames (stopped after the frame that passes --seed-seconds).

A, B and C step the same school from the same hash, n=N&seed=7&rsep=25&rali=50&rcoh=50&w=900&h=600: the seed's
SEPARATION_RADIUS / ALIGNMENT_RADIUS / COHESION_RADIUS and its 900x600 world; D runs with those radii. The three
MiroFish runs must end on the same state-hash (checked). A step is 1/60 s in both programs (the seed's loop ticks at
60 fps). The wrapper's cost of a call: the Python time of a step(k) call less k steps of the CLI's.

Medians over rounds, and the ratios taken within each round (the machine's speed drifts between runs), as a
Markdown table; --json OUT keeps every raw number.

  MIROFISH_LIBRARY=build/native/src/capi/libmirofish.so PYTHONPATH=python /usr/bin/python3 bench/python/speed.py \\
      --json bench/results/debian12-2core-vm/python-speed.json
  /usr/bin/python3 bench/python/speed.py --quick     # a smoke test: tiny sizes, two rounds, seconds

Without MIROFISH_LIBRARY and PYTHONPATH it uses the clone's build/native/src/capi/libmirofish.so and python/.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import platform
import re
import statistics
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
CALL_K = 600  # contender B's k

SEED_RADII = (25, 50, 50)  # the seed's SEPARATION_RADIUS, ALIGNMENT_RADIUS, COHESION_RADIUS
SEED_WORLD = (900, 600)  # its WIDTH, HEIGHT
SCHOOL_SEED = 7

FULL = dict(sizes=[60, 500, 5000], rounds=5, seed_seconds=20.0)
QUICK = dict(sizes=[30, 120], rounds=2, seed_seconds=2.0)


def default_steps(n: int) -> int:
    """MiroFish's steps a run: enough that the CLI's run outlasts its process start well (3 600 at 100 fish or less)."""
    return 3600 if n <= 100 else CALL_K


def default_seed_frames(n: int) -> int:
    """The seed's frames a run: ~1 s at 60 fish, ~3 s at 500; 2 at 5 000 (each ~6 s of O(n^2) on debian12-2core-vm)."""
    return 600 if n <= 100 else (60 if n <= 1000 else 2)


CONTENDERS = ("py_k1", "py_k600", "cli", "seed")
LABELS = {
    "py_k1": "MiroFish, Python `step(1)`",
    "py_k600": "MiroFish, Python `step(600)`",
    "cli": "MiroFish, CLI `run`",
    "seed": "the seed's §5 Boids (Pygame)",
}


# ---- the library and the seed ----


def import_mirofish(library: str | None):
    if library:
        os.environ["MIROFISH_LIBRARY"] = str(Path(library).resolve())
    elif "MIROFISH_LIBRARY" not in os.environ:
        built = REPO / "build/native/src/capi/libmirofish.so"
        if built.is_file():
            os.environ["MIROFISH_LIBRARY"] = str(built)
    try:
        import mirofish
    except ModuleNotFoundError:
        sys.path.insert(0, str(REPO / "python"))
        import mirofish
    return mirofish


def import_seed():
    sys.path.insert(0, str(HERE))
    import seed_boids

    return seed_boids


# ---- the contenders: each returns seconds for its steps (and the state-hash it ended on) ----


def school_hash(n: int) -> str:
    rsep, rali, rcoh = SEED_RADII
    w, h = SEED_WORLD
    return f"n={n}&seed={SCHOOL_SEED}&rsep={rsep}&rali={rali}&rcoh={rcoh}&w={w}&h={h}"


def run_py_k1(mirofish, n: int, steps: int) -> dict:
    school = mirofish.School.from_hash(school_hash(n))
    gc.collect()
    start = time.perf_counter()
    for _ in range(steps):
        school.step(1, measure=False)
    seconds = time.perf_counter() - start
    state = school.state_hash()
    school.close()
    return {"seconds": seconds, "steps": steps, "calls": steps, "state_hash": state}


def run_py_k600(mirofish, n: int, steps: int) -> dict:
    school = mirofish.School.from_hash(school_hash(n))
    calls = []
    gc.collect()
    for _ in range(steps // CALL_K):
        start = time.perf_counter()
        school.step(CALL_K, measure=False)
        calls.append(time.perf_counter() - start)
    state = school.state_hash()
    school.close()
    return {"seconds": sum(calls), "steps": steps, "calls": len(calls), "call_seconds": calls, "state_hash": state}


def _cli_once(cli: str, n: int, steps: int) -> tuple[float, str]:
    args = [cli, "run", "--hash", school_hash(n), "--steps", str(steps)]
    start = time.perf_counter()
    done = subprocess.run(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    seconds = time.perf_counter() - start
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(args)}: exit {done.returncode}: {done.stderr.strip()}")
    found = re.search(r"state-hash ([0-9a-f]{16})", done.stdout)
    return seconds, found.group(1) if found else ""


def run_cli(cli: str, n: int, steps: int, reps: int) -> dict:
    """T(S) and T(1), alternating, `reps` times each (the S run again only while the S runs so far took < 1 s): the
    least of each, so a slow process start counts as little as it can."""
    full, base, state = [], [], ""
    for i in range(reps):
        base.append(_cli_once(cli, n, 1)[0])
        if i == 0 or sum(full) < 1.0:
            seconds, state = _cli_once(cli, n, steps)
            full.append(seconds)
    per_step = (min(full) - min(base)) / (steps - 1)
    return {
        "seconds": per_step * steps,  # S steps at the per-step time, start subtracted
        "steps": steps,
        "per_step": per_step,
        "process_seconds": full,
        "one_step_seconds": base,
        "state_hash": state,
    }


def run_seed(seed_boids, n: int, frames: int, max_seconds: float) -> dict:
    rsep, rali, rcoh = SEED_RADII
    w, h = SEED_WORLD
    gc.collect()
    r = seed_boids.step_headless(
        n, frames, rsep, rali, rcoh, width=w, height=h, seed=SCHOOL_SEED, draw=False, max_seconds=max_seconds
    )
    return {"seconds": r["seconds"], "steps": r["frames"], "asked": frames}


# ---- the summary ----


def median(values):
    values = [v for v in values if v is not None]
    return statistics.median(values) if values else None


def spread(values):
    values = [v for v in values if v is not None]
    return (min(values), max(values)) if values else (None, None)


def summarize(rounds: list[dict], sizes: list[int]) -> dict:
    out = {}
    for n in sizes:
        key = str(n)
        per_round = [r["sizes"][key] for r in rounds]
        rate = {
            c: [p[c]["steps"] / p[c]["seconds"] if c in p and p[c]["seconds"] > 0 else None for p in per_round]
            for c in CONTENDERS
        }
        ratios = {}
        for a, b in (("py_k1", "cli"), ("py_k600", "cli"), ("py_k600", "seed"), ("cli", "seed"), ("py_k1", "seed")):
            ratios[f"{a}/{b}"] = [x / y if x and y else None for x, y in zip(rate[a], rate[b])]
        cost = {
            "k1_minus_cli_us": [],
            "k600_minus_cli_us": [],
            "k1_minus_k600_us": [],
            "cli_step_us": [],
            "cli_start_ms": [],
        }
        for p in per_round:
            cli_step = p["cli"]["per_step"]
            k1_call = p["py_k1"]["seconds"] / p["py_k1"]["calls"]
            k600_call = p["py_k600"]["seconds"] / p["py_k600"]["calls"]
            cost["cli_step_us"].append(cli_step * 1e6)
            cost["cli_start_ms"].append(min(p["cli"]["one_step_seconds"]) * 1e3)
            cost["k1_minus_cli_us"].append((k1_call - cli_step) * 1e6)
            cost["k600_minus_cli_us"].append((k600_call - CALL_K * cli_step) * 1e6)
            cost["k1_minus_k600_us"].append((k1_call - k600_call / CALL_K) * 1e6)
        hashes = {c: sorted({p[c]["state_hash"] for p in per_round}) for c in ("py_k1", "py_k600", "cli")}
        same = len({h for hs in hashes.values() for h in hs}) == 1
        out[key] = {
            "steps_per_second": {
                c: {"median": median(v), "min": spread(v)[0], "max": spread(v)[1], "rounds": v} for c, v in rate.items()
            },
            "ratios": {
                k: {"median": median(v), "min": spread(v)[0], "max": spread(v)[1], "rounds": v}
                for k, v in ratios.items()
            },
            "wrapper": {
                k: {"median": median(v), "min": spread(v)[0], "max": spread(v)[1], "rounds": v} for k, v in cost.items()
            },
            "seed_frames": [p["seed"]["steps"] for p in per_round] if "seed" in per_round[0] else [],
            "state_hashes": hashes,
            "same_state_hash": same,
        }
    return out


def fmt_rate(x) -> str:
    if x is None:
        return "-"
    if x >= 1000:
        return f"{x:,.0f}".replace(",", " ")
    if x >= 10:
        return f"{x:.0f}"
    if x >= 1:
        return f"{x:.2f}"
    return f"{x:.3f}"


def fmt_ratio(r: dict) -> str:
    if r["median"] is None:
        return "-"
    m, lo, hi = r["median"], r["min"], r["max"]
    digits = 2 if m < 10 else (1 if m < 100 else 0)
    text = f"{m:,.{digits}f}".replace(",", " ") + "×"
    if lo is not None and hi is not None and hi > lo:
        text += f" ({lo:,.{digits}f}-{hi:,.{digits}f})".replace(",", " ")
    return text


def fmt_us(r: dict, digits: int = 1) -> str:
    if r["median"] is None:
        return "-"
    text = f"{r['median']:.{digits}f}"
    if r["max"] > r["min"]:
        text += f" ({r['min']:.{digits}f} to {r['max']:.{digits}f})"
    return text


def tables(summary: dict, config: dict, meta: dict) -> str:
    seed_on = not config["no_seed"]
    lines = []
    head = ["fish", "steps", LABELS["py_k1"], LABELS["py_k600"], LABELS["cli"]]
    if seed_on:
        head.append(LABELS["seed"])
    head += ["`step(1)` ÷ CLI", "`step(600)` ÷ CLI"]
    if seed_on:
        head += ["`step(600)` ÷ seed", "CLI ÷ seed"]
    lines.append(
        f"Steps a second, median of {config['rounds']} alternating rounds (each ratio: the median of the "
        "rounds' own ratios, their range in brackets):"
    )
    lines.append("")
    lines.append("| " + " | ".join(head) + " |")
    lines.append("|" + "---|" * len(head))
    for i, n in enumerate(config["sizes"]):
        s = summary[str(n)]
        sps = s["steps_per_second"]
        seed_frames = s["seed_frames"]
        steps = f"{config['steps'][i]:,}".replace(",", " ")
        if seed_on:
            frames = sorted(set(seed_frames))
            steps += " (seed " + "/".join(str(f) for f in frames) + ")"
        row = [
            f"{n:,}".replace(",", " "),
            steps,
            fmt_rate(sps["py_k1"]["median"]),
            fmt_rate(sps["py_k600"]["median"]),
            fmt_rate(sps["cli"]["median"]),
        ]
        if seed_on:
            row.append(fmt_rate(sps["seed"]["median"]))
        row += [fmt_ratio(s["ratios"]["py_k1/cli"]), fmt_ratio(s["ratios"]["py_k600/cli"])]
        if seed_on:
            row += [fmt_ratio(s["ratios"]["py_k600/seed"]), fmt_ratio(s["ratios"]["cli/seed"])]
        lines.append("| " + " | ".join(row) + " |")
    lines.append("")
    lines.append("The wrapper's cost of a call, µs, median (range) of the rounds:")
    lines.append("")
    head2 = [
        "fish",
        "CLI, µs a step",
        "CLI process, 1 step, ms",
        "`step(1)` call − 1 CLI step",
        "`step(600)` call − 600 CLI steps",
        "`step(1)` call − a step of `step(600)`",
        "same state-hash",
    ]
    lines.append("| " + " | ".join(head2) + " |")
    lines.append("|" + "---|" * len(head2))
    for n in config["sizes"]:
        s = summary[str(n)]
        w = s["wrapper"]
        lines.append(
            "| "
            + " | ".join(
                [
                    f"{n:,}".replace(",", " "),
                    f"{w['cli_step_us']['median']:.1f}",
                    f"{w['cli_start_ms']['median']:.1f}",
                    fmt_us(w["k1_minus_cli_us"]),
                    fmt_us(w["k600_minus_cli_us"], 0),
                    fmt_us(w["k1_minus_k600_us"]),
                    "yes" if s["same_state_hash"] else "**no**: " + json.dumps(s["state_hashes"]),
                ]
            )
            + " |"
        )
    lines.append("")
    loads = meta["load_per_round"]
    lines.append(
        f"`{meta['machine']}`, {meta['date']}, `{meta['commit']}`, load {min(loads):.1f}-{max(loads):.1f}; "
        f"Python {meta['python']}, NumPy {meta['numpy']}, Pygame {meta.get('pygame', '-')}, "
        f"mirofish {meta['mirofish']}; hash `{school_hash('N')}`."
    )
    return "\n".join(lines)


# ---- main ----


def per_size(text: str | None, default: list, sizes: list[int], what: str, kind=int) -> list:
    if text is None:
        return default
    values = [kind(v) for v in text.split(",")]
    if len(values) == 1:
        return values * len(sizes)
    if len(values) != len(sizes):
        raise SystemExit(f"--{what}: one value, or one per size ({len(sizes)}), not {len(values)}")
    return values


def git_commit() -> str:
    try:
        head = subprocess.run(
            ["git", "-C", str(REPO), "rev-parse", "--short", "HEAD"], capture_output=True, text=True
        ).stdout.strip()
        dirty = subprocess.run(
            ["git", "-C", str(REPO), "status", "--porcelain", "--untracked-files=no"], capture_output=True, text=True
        ).stdout.strip()
        return head + ("+dirty" if dirty else "")
    except OSError:
        return "?"


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0], formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("--quick", action="store_true", help="a smoke test: n 30 and 120, 2 rounds, the seed ≤ 2 s a run")
    ap.add_argument("--sizes", help="fish counts, comma-separated (default 60,500,5000)")
    ap.add_argument(
        "--steps",
        help=f"MiroFish steps a run, one or one per size, multiples of {CALL_K} "
        "(default 3600 at n <= 100, else 600)",
    )
    ap.add_argument(
        "--seed-frames",
        help="the seed's frames a run, one or one per size (default 600 at n <= 100, 60 " "at n <= 1000, else 2)",
    )
    ap.add_argument(
        "--seed-seconds",
        type=float,
        help="stop the seed's run after the frame that passes this " "(default 20; its n=5000 frame takes seconds)",
    )
    ap.add_argument("--rounds", type=int, help="alternating rounds (default 5)")
    ap.add_argument(
        "--cli", default=str(REPO / "build/native/mirofish"), help="the CLI (default build/native/mirofish)"
    )
    ap.add_argument("--cli-reps", type=int, default=3, help="CLI runs a round, least time kept (default 3)")
    ap.add_argument("--library", help="libmirofish to load (default $MIROFISH_LIBRARY, else the clone's build)")
    ap.add_argument("--no-seed", action="store_true", help="leave the seed's Boids out (no Pygame needed)")
    ap.add_argument("--machine", default="debian12-2core-vm", help="the machine's name for the table and the JSON")
    ap.add_argument("--json", metavar="OUT", help="write every raw number here")
    args = ap.parse_args(argv)

    base = QUICK if args.quick else FULL
    sizes = [int(v) for v in args.sizes.split(",")] if args.sizes else base["sizes"]
    steps = per_size(args.steps, [default_steps(n) for n in sizes], sizes, "steps")
    seed_frames = per_size(args.seed_frames, [default_seed_frames(n) for n in sizes], sizes, "seed-frames")
    rounds = args.rounds or base["rounds"]
    seed_seconds = args.seed_seconds if args.seed_seconds is not None else base["seed_seconds"]
    for s in steps:
        if s < CALL_K or s % CALL_K:
            raise SystemExit(f"--steps: {s} is not a multiple of {CALL_K}")
    if rounds < 1 or args.cli_reps < 1:
        raise SystemExit("--rounds and --cli-reps: at least 1")
    cli = str(Path(args.cli).resolve())
    if not os.access(cli, os.X_OK):
        raise SystemExit(
            f"--cli {args.cli}: not an executable " "(cmake --preset native && cmake --build --preset native)"
        )

    mirofish = import_mirofish(args.library)
    seed_boids = None if args.no_seed else import_seed()

    import numpy

    meta = {
        "machine": args.machine,
        "date": time.strftime("%Y-%m-%d"),
        "commit": git_commit(),
        "python": platform.python_version(),
        "numpy": numpy.__version__,
        "mirofish": mirofish.__version__,
        "library": os.environ.get("MIROFISH_LIBRARY", ""),
        "cli": cli,
        "cpus": os.cpu_count(),
        "load_per_round": [],
    }
    if seed_boids is not None:
        meta["pygame"] = seed_boids.pygame.version.ver
    config = {
        "sizes": sizes,
        "steps": steps,
        "seed_frames": seed_frames,
        "seed_seconds": seed_seconds,
        "rounds": rounds,
        "cli_reps": args.cli_reps,
        "call_k": CALL_K,
        "no_seed": args.no_seed,
        "hash": school_hash("N"),
        "quick": args.quick,
    }

    print(
        f"# {rounds} rounds over n = {sizes}; MiroFish {steps} steps, the seed {seed_frames} frames "
        f"(≤ {seed_seconds:g} s); load {os.getloadavg()[0]:.2f}",
        file=sys.stderr,
        flush=True,
    )
    started = time.perf_counter()
    all_rounds = []
    for r in range(rounds):
        load_before = os.getloadavg()[0]
        this = {"round": r + 1, "load_before": load_before, "sizes": {}}
        for i, n in enumerate(sizes):
            got = {}
            got["py_k1"] = run_py_k1(mirofish, n, steps[i])
            got["py_k600"] = run_py_k600(mirofish, n, steps[i])
            got["cli"] = run_cli(cli, n, steps[i], args.cli_reps)
            if seed_boids is not None:
                got["seed"] = run_seed(seed_boids, n, seed_frames[i], seed_seconds)
            this["sizes"][str(n)] = got
            rates = "  ".join(
                f"{c} {fmt_rate(g['steps'] / g['seconds']) if g['seconds'] > 0 else '-'}" for c, g in got.items()
            )
            print(f"round {r + 1}/{rounds}  n={n}: {rates} steps/s", file=sys.stderr, flush=True)
        this["load_after"] = os.getloadavg()[0]
        meta["load_per_round"] += [load_before, this["load_after"]]
        all_rounds.append(this)
    meta["seconds"] = time.perf_counter() - started

    summary = summarize(all_rounds, sizes)
    text = tables(summary, config, meta)
    print(text)
    if args.json:
        out = Path(args.json)
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(
            json.dumps(
                {"meta": meta, "config": config, "summary": summary, "rounds": all_rounds, "table": text}, indent=1
            )
            + "\n"
        )
        print(f"# wrote {out}", file=sys.stderr)
    bad = [n for n in sizes if not summary[str(n)]["same_state_hash"]]
    if bad:
        print(f"# the Python and CLI runs ended on different state-hashes at n = {bad}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
