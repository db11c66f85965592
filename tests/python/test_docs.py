"""The docs' Python examples run as written: every ```python block of docs/python.md, and of README.md's Python
section, in the order the page gives them, in one namespace per page, in an empty folder (the current directory).

A ```sh block's lines that start with `mirofish ` run there too, in their place among the Python blocks
(the CLI of conftest.py), so an example can read what the CLI wrote (`load_trajectory("run.f32")`) or compare bytes
with it; the page's other shell lines (the install) are not run. A block whose first line is `# not run: <reason>`
is skipped, and says why; such a block with no reason fails. A failing example's traceback names the page and its
line.
"""

from __future__ import annotations

import re
import shlex
import subprocess

import pytest

from conftest import CLI, ROOT

# (page, the section whose blocks run: None for the whole page)
PAGES = [("docs/python.md", None), ("README.md", "Python")]
NOT_RUN = re.compile(r"#\s*not run\b:?\s*(.*)")
FENCE = re.compile(r"^```(\w*)\s*$")
CLI_LINE = "mirofish "


def blocks(page: str, section: str | None) -> list[tuple[str, str, int]]:
    """(language, code, line of the code's first line) of each ```python and ```sh block, in order."""
    lines = (ROOT / page).read_text(encoding="utf-8").splitlines()
    if section is not None:
        heading = f"## {section}"
        starts = [i for i, line in enumerate(lines) if line.strip() == heading]
        assert starts, f"{page} has no '{heading}' section"
        start = starts[0] + 1
        end = next((i for i in range(start, len(lines)) if lines[i].startswith("## ")), len(lines))
    else:
        start, end = 0, len(lines)
    found = []
    i = start
    while i < end:
        m = FENCE.match(lines[i])
        if m and m.group(1):
            close = next(j for j in range(i + 1, len(lines)) if lines[j].startswith("```"))
            if m.group(1) in ("python", "sh"):
                found.append((m.group(1), "\n".join(lines[i + 1 : close]) + "\n", i + 2))
            i = close + 1
        else:
            i += 1
    return found


def not_run_reason(code: str) -> str | None:
    first = code.lstrip("\n").splitlines()[0] if code.strip() else ""
    m = NOT_RUN.fullmatch(first.strip())
    return m.group(1).strip() if m else None


def cli_commands(code: str) -> list[list[str]]:
    """The `mirofish ...` lines of a sh block (a trailing backslash joins the next line)."""
    joined = re.sub(r"\\\n\s*", " ", code)
    return [shlex.split(line, comments=True) for line in joined.splitlines() if line.startswith(CLI_LINE)]


def run_page(page: str, section: str | None) -> int:
    namespace: dict = {"__name__": "__main__"}
    ran = 0
    for language, code, line in blocks(page, section):
        reason = not_run_reason(code)
        if reason is not None:
            assert reason, f"{page}:{line - 1}: '# not run' needs a reason after it ('# not run: <reason>')"
            continue
        if language == "sh":
            for argv in cli_commands(code):
                if not CLI.is_file():
                    pytest.fail(f"{page}:{line}: the native CLI {CLI} is not built (cmake --build --preset native)")
                done = subprocess.run([str(CLI), *argv[1:]], capture_output=True, text=True)
                command = shlex.join(argv)
                assert done.returncode == 0, f"{page}:{line}: {command} exited {done.returncode}: {done.stderr}"
            continue
        # Padded so that a traceback's line numbers are the page's.
        exec(compile("\n" * (line - 1) + code, str(ROOT / page), "exec"), namespace)
        ran += 1
    return ran


@pytest.mark.parametrize("page,section", PAGES, ids=[p for p, _ in PAGES])
def test_the_examples_run_as_written(page, section, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    ran = run_page(page, section)
    assert ran >= 1, f"{page}: no ```python example ran"


def test_the_pages_have_their_examples():
    """What the extraction finds: a change of fence or heading that hid the examples would pass silently otherwise."""
    python_md = [b for b in blocks("docs/python.md", None) if b[0] == "python"]
    assert len(python_md) >= 10
    readme = blocks("README.md", "Python")
    assert [lang for lang, _, _ in readme].count("python") == 1
    assert "docs/python.md" in (ROOT / "README.md").read_text(encoding="utf-8")
    assert not_run_reason("# not run: needs a browser\nx = 1\n") == "needs a browser"
    assert not_run_reason("x = 1  # not run: no\n") is None
    assert cli_commands("mirofish run --steps 1 \\\n  --hash 'n=2'   # a comment\nls\n") == [
        ["mirofish", "run", "--steps", "1", "--hash", "n=2"]
    ]
