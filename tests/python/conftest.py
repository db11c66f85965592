"""The Python suite's shared set-up: the CLI the package is compared with (build/native/mirofish)."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
CLI = Path(os.environ.get("MIROFISH_CLI", ROOT / "build" / "native" / "mirofish"))


@pytest.fixture(scope="session")
def cli():
    """Runs the native CLI, returns its stdout (the suite builds it before pytest runs)."""
    if not CLI.is_file():
        pytest.fail(f"the native CLI {CLI} is not built (cmake --build --preset native)")

    def run(*args: str, cwd: Path | None = None) -> str:
        return subprocess.run([str(CLI), *args], check=True, capture_output=True, text=True, cwd=cwd).stdout

    return run


def cli_state_hash(output: str) -> str:
    last = output.strip().splitlines()[-1]
    assert last.startswith("state-hash "), last
    return last.split()[1]
