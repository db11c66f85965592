"""The notebook side: mirofish.pictures' still (poster_png) and mirofish.notebook's live view (show), and the seed tutorial's notebook
(examples/seed001.ipynb) executed as Jupyter would, its outputs read, and its HTML export opened in headless
Chromium, where the live view must swim: the same school, bit for bit, as the package steps it."""

from __future__ import annotations

import asyncio
import base64
import html
import json
import os
import shutil
import struct
import subprocess
import sys
import time
import zlib
from pathlib import Path

import numpy as np
import pytest

import mirofish
from mirofish import notebook, pictures

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOK = ROOT / "examples" / "seed001.ipynb"
SWIMS = Path(__file__).with_name("swims.mjs")
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
STATES = {"cohesive", "dispersed", "oscillating"}
ABLATION = ["all", "no-separation", "no-alignment", "no-cohesion", "separation-only", "alignment-only", "cohesion-only"]


# ---------------------------------------------------------------------------------------------------- helpers
def read_png(data: bytes) -> tuple[np.ndarray, dict[str, str]]:
    """An 8-bit RGB or RGBA PNG (filters None, Sub, Up) as an (H, W, C) array, and its tEXt chunks."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG signature"
    pos, idat, text, header = 8, [], {}, None
    while pos < len(data):
        (length,) = struct.unpack(">I", data[pos : pos + 4])
        kind = data[pos + 4 : pos + 8]
        body = data[pos + 8 : pos + 8 + length]
        (crc,) = struct.unpack(">I", data[pos + 8 + length : pos + 12 + length])
        assert crc == zlib.crc32(kind + body) & 0xFFFFFFFF, f"bad CRC in {kind!r}"
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat.append(body)
        elif kind == b"tEXt":
            key, value = body.split(b"\0", 1)
            text[key.decode("latin-1")] = value.decode("latin-1")
        elif kind == b"IEND":
            break
        pos += 12 + length
    assert header is not None, "no IHDR"
    width, height, depth, colour, _, _, interlace = header
    assert depth == 8 and colour in (2, 6) and interlace == 0, header
    channels = 3 if colour == 2 else 4
    raw = np.frombuffer(zlib.decompress(b"".join(idat)), np.uint8).reshape(height, 1 + width * channels)
    out = np.zeros((height, width * channels), np.uint8)
    previous = np.zeros(width * channels, np.uint8)
    for y in range(height):
        kind, row = raw[y, 0], raw[y, 1:]
        if kind == 0:
            line = row.copy()
        elif kind == 1:  # Sub: a running sum along the row, per channel
            line = (np.cumsum(row.reshape(width, channels).astype(np.int64), axis=0) % 256).astype(np.uint8).ravel()
        elif kind == 2:  # Up
            line = row + previous
        else:
            raise AssertionError(f"row {y}: filter {kind} (this reader takes None, Sub and Up)")
        out[y] = previous = line
    return out.reshape(height, width, channels), text


def png_size(data: bytes) -> tuple[int, int] | None:
    """(width, height) from a PNG's IHDR; None for anything else."""
    if not isinstance(data, bytes) or data[:8] != b"\x89PNG\r\n\x1a\n" or data[12:16] != b"IHDR":
        return None
    return struct.unpack(">II", data[16:24])


def outputs(nb, tag: str) -> list:
    cells = [c for c in nb.cells if c.cell_type == "code" and tag in c.metadata.get("tags", [])]
    assert len(cells) == 1, f"one cell tagged {tag!r}, found {len(cells)}"
    return cells[0].outputs


def stdout(nb, tag: str) -> str:
    return "".join(o.text for o in outputs(nb, tag) if o.output_type == "stream" and o.name == "stdout")


def images(nb, tag: str) -> list[bytes]:
    return [base64.b64decode(o.data["image/png"]) for o in outputs(nb, tag) if "image/png" in o.get("data", {})]


# ---------------------------------------------------------------------------------------------------- the still
def test_poster_png_is_the_native_frame_where_the_library_draws():
    school = mirofish.School(n=200, seed=3).step(120)
    assert png_size(school._repr_png_()) is not None  # what Jupyter shows for a School
    if not mirofish.poster_available():
        pytest.skip("this libmirofish has no native renderer: poster_png is drawn_png (tested below)")
    image, text = read_png(pictures.poster_png(school))
    assert "native" in text["Software"]
    np.testing.assert_array_equal(image, school.poster(640))


def test_drawn_png_is_a_png_of_this_step():
    school = mirofish.School(n=200, seed=3).step(120)
    data = pictures.drawn_png(school)
    image, text = read_png(data)
    assert image.shape == (360, 640, 3)  # a 1600 x 900 world at 640 px wide
    assert school.hash() in text["Comment"] and "step 120" in text["Comment"]

    water = pictures.water(640, 360).astype(np.int16)
    differs = np.abs(image.astype(np.int16) - water).max(axis=2) > 24
    # where each fish is, the picture is not water; away from the fish it is
    scale = 640 / school.get("width")
    centre = np.floor(school.pos.copy() * scale).astype(int)
    inside = (centre[:, 0] >= 0) & (centre[:, 0] < 640) & (centre[:, 1] >= 0) & (centre[:, 1] < 360)
    assert inside.sum() > 150
    on_fish = differs[centre[inside, 1], centre[inside, 0]]
    assert on_fish.mean() > 0.95, f"{(~on_fish).sum()} of {inside.sum()} fish centres show water"
    assert 200 * 8 < differs.sum() < 0.25 * differs.size
    # a moment later the fish are elsewhere: another picture
    school.step(60)
    assert not np.array_equal(read_png(pictures.drawn_png(school))[0], image)


def test_drawn_png_tints_by_state_and_keeps_its_shape():
    school = mirofish.School(n=300, seed=7, width=900, height=900).step(300)
    image, _ = read_png(pictures.drawn_png(school))
    assert image.shape == (640, 640, 3)  # the world's aspect
    calm = image.copy()
    school.scare(450, 450).step(20)  # startled fish are drawn red
    assert (school.state.copy() == mirofish.FISH_STATES.index("startle")).sum() > 0
    scared, _ = read_png(pictures.drawn_png(school))
    red = lambda im: ((im[..., 0] > 150) & (im[..., 1] < 110)).sum()  # noqa: E731
    assert red(scared) > red(calm) + 50


def test_drawn_png_draws_a_large_school():
    school = mirofish.School(n=5000, seed=1).step(10)
    image, _ = read_png(pictures.drawn_png(school))
    assert image.shape == (360, 640, 3)


def test_poster_png_of_a_closed_school_is_none():
    school = mirofish.School(n=20, seed=1)
    school.close()
    assert pictures.poster_png(school) is None


# ---------------------------------------------------------------------------------------------------- the view
@pytest.fixture(scope="module")
def web_files():
    """show() finds the page's files: $MIROFISH_WEB_DIST, the package's web/ (installed), or this clone's build."""
    with pytest.MonkeyPatch.context() as mp:
        if not os.environ.get("MIROFISH_WEB_DIST") and not (Path(notebook.__file__).parent / "web").is_dir():
            dist = ROOT / "build" / "web" / "dist"
            if not (dist / "mirofish.js").is_file():
                pytest.fail(f"the web bundle is not built ({dist}): scripts/demo or cmake --build --preset web")
            mp.setenv("MIROFISH_WEB_DIST", str(dist))
        yield notebook.web_dist()


def test_show_holds_the_engine_and_the_schools_hash(web_files):
    school = mirofish.School(n=120, seed=5, sepRadius=30)
    view = school.show(height=300)
    data = view._repr_html_() if hasattr(view, "_repr_html_") else view.data
    assert school.hash() in html.unescape(data)
    assert f'data-mirofish-hash="{html.escape(school.hash())}"' in data
    assert "<iframe" in data and "srcdoc=" in data and "height:300px" in data
    document = html.unescape(data.split('srcdoc="', 1)[1].split('"', 1)[0])
    assert json.dumps(school.hash()) in document  # the tag's data-hash
    for name in notebook.WEB_FILES:  # every file inside, as it was built
        assert base64.b64encode((web_files / name).read_bytes()).decode() in document, name
    assert "://" not in document.replace(notebook.VIRTUAL_BASE, "")  # nothing to fetch from anywhere


def test_show_without_ipython(web_files, monkeypatch):
    monkeypatch.setitem(sys.modules, "IPython.display", None)  # import fails as where IPython is missing
    view = notebook.show(mirofish.School(n=30, seed=2), width=500)
    assert "width:500px" in view._repr_html_() and not hasattr(view, "metadata")


def test_show_says_where_the_web_files_are(tmp_path, monkeypatch):
    monkeypatch.setenv("MIROFISH_WEB_DIST", str(tmp_path / "nowhere"))
    with pytest.raises(RuntimeError, match="no such folder"):
        notebook.show(mirofish.School(n=10))
    monkeypatch.setenv("MIROFISH_WEB_DIST", str(tmp_path))
    with pytest.raises(RuntimeError, match="mirofish-host.js is missing|mirofish.js is missing"):
        notebook.show(mirofish.School(n=10))
    monkeypatch.delenv("MIROFISH_WEB_DIST")
    monkeypatch.setattr(notebook, "__file__", str(tmp_path / "mirofish" / "notebook.py"))
    with pytest.raises(RuntimeError, match="scripts/demo"):
        notebook.show(mirofish.School(n=10))


def swims(page: Path, shots: Path | None = None) -> dict:
    """tests/python/swims.mjs on a page: what each view of it showed (skips where Chromium or its driver is absent)."""
    if not Path(CHROMIUM).is_file():
        pytest.skip(f"no Chromium at {CHROMIUM} (set CHROMIUM)")
    node = shutil.which("node")
    if not node:
        pytest.skip("no node on PATH (it drives Chromium through playwright-core)")
    if not (ROOT / "node_modules" / "playwright-core").is_dir():
        pytest.skip("playwright-core is not installed (npm ci)")
    command = [node, str(SWIMS), str(page)] + (["--shots", str(shots)] if shots else [])
    run = subprocess.run(command, capture_output=True, text=True, timeout=240, cwd=ROOT)
    assert run.returncode == 0, run.stderr
    return json.loads(run.stdout)


def test_the_browser_checks_the_embedded_files(web_files, tmp_path, monkeypatch):
    """The view's files load against the hashes the loader was built with: a changed byte is refused, and named."""
    school = mirofish.School(n=40, seed=1)
    views = []
    for name in ("mirofish-engine.js", "mirofish.wasm"):
        files = {n: (web_files / n).read_bytes() for n in notebook.WEB_FILES}
        changed = bytearray(files[name])
        changed[-40] ^= 1
        files[name] = bytes(changed)
        monkeypatch.setattr(notebook, "_web_files", lambda files=files: files)
        views.append(notebook.view_html(school, height=200))
    page = tmp_path / "changed.html"
    page.write_text("<!doctype html><body>" + "".join(views) + "</body>", encoding="utf-8")
    result = swims(page)
    assert len(result["views"]) == 2, result
    for view, name in zip(result["views"], ("mirofish-engine.js", "mirofish.wasm")):
        assert view.get("error"), view
        assert any(f"{name} at {notebook.VIRTUAL_BASE}{name} does not match the hash" in n for n in view["notes"]), view


# ---------------------------------------------------------------------------------------------------- the notebook
@pytest.fixture(scope="module")
def executed(web_files, tmp_path_factory):
    """examples/seed001.ipynb run by nbclient in an ipykernel of this interpreter (its package, its environment)."""
    nbformat = pytest.importorskip("nbformat")
    nbclient = pytest.importorskip("nbclient")
    jupyter = tmp_path_factory.mktemp("jupyter")
    nb = nbformat.read(NOTEBOOK, as_version=4)
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("PYDEVD_DISABLE_FILE_VALIDATION", "1")  # debugpy's note about frozen modules, on every start
        kernelspec = pytest.importorskip("ipykernel.kernelspec")
        # The kernel "python3" as ipykernel makes it for sys.executable (a venv's python, say), found before any
        # system-wide one (Debian's names /usr/bin/python3, which would not see a venv's package).
        kernelspec.write_kernel_spec(str(jupyter / "kernels" / "python3"))
        mp.setenv("JUPYTER_PATH", str(jupyter) + os.pathsep + os.environ.get("JUPYTER_PATH", ""))
        started = time.perf_counter()
        client = nbclient.NotebookClient(
            nb, timeout=120, kernel_name="python3", resources={"metadata": {"path": str(NOTEBOOK.parent)}}
        )
        asyncio.run(client.async_execute())  # a loop of its own, closed after
        seconds = time.perf_counter() - started
    print(f"examples/seed001.ipynb executed in {seconds:.1f} s")
    return nb


def test_the_stored_notebook_is_clean():
    nbformat = pytest.importorskip("nbformat")
    nb = nbformat.read(NOTEBOOK, as_version=4)
    nbformat.validate(nb)
    assert nb.nbformat == 4
    for cell in nb.cells:
        if cell.cell_type == "code":
            assert cell.outputs == [] and cell.execution_count is None, cell.metadata.get("tags")


def test_the_notebook_runs_without_errors(executed):
    errors = [o for c in executed.cells if c.cell_type == "code" for o in c.outputs if o.output_type == "error"]
    assert not errors, "\n".join(f"{o.ename}: {o.evalue}" for o in errors)
    stderr = [o.text for c in executed.cells if c.cell_type == "code" for o in c.outputs if o.get("name") == "stderr"]
    assert not stderr, stderr


def test_the_ablation_tells_the_rules_apart(executed):
    rows = [line.split() for line in stdout(executed, "ablation").splitlines()]
    rows = [r for r in rows if r and r[-1] in STATES]
    assert [r[1] for r in rows] == ABLATION
    states = {r[-1] for r in rows}
    assert len(states) > 1, f"every variant is {states}"
    assert rows[ABLATION.index("separation-only")][-1] == "dispersed"


def test_the_figures_are_pictures(executed):
    for tag in ("ablation-posters", "scare", "cohesion"):
        assert images(executed, tag), f"the {tag!r} cell drew no image/png"
    # the scare cell shows the school itself (its _repr_png_) beside its plot
    assert len(images(executed, "scare")) == 2
    (still,) = images(executed, "poster")  # the School's own _repr_png_
    width, height = png_size(still)
    assert width >= 320 and abs(height / width - 900 / 1600) < 0.01
    for data in images(executed, "ablation-posters") + images(executed, "scare") + images(executed, "cohesion"):
        assert png_size(data) is not None


def test_the_links_replay_the_schools(executed):
    for tag in ("ablation-links", "scare", "cohesion"):
        links = [w for w in stdout(executed, tag).split() if "#n=" in w]
        assert links, f"the {tag!r} cell printed no link"
        for link in links:
            text = link.split("#", 1)[1]
            assert mirofish.School.from_hash(link).hash() == text
    assert len([w for w in stdout(executed, "ablation-links").split() if "#n=" in w]) == 7


def test_show_is_in_the_notebook(executed):
    (html_out,) = [o.data["text/html"] for o in outputs(executed, "show") if "text/html" in o.get("data", {})]
    assert "<iframe" in html_out and "srcdoc=" in html_out
    shown = html.unescape(html_out.split('data-mirofish-hash="', 1)[1].split('"', 1)[0])
    assert "click=1" in shown and mirofish.School.from_hash(shown).hash() == shown


# nbconvert 6's HTMLExporter validates with an argument nbformat 5.5 deprecates (Debian bookworm's pair)
@pytest.mark.filterwarnings("ignore:`relax_add_props` kwargs of validate:DeprecationWarning")
def test_the_exported_notebook_swims_in_chromium(executed, tmp_path):
    exporter = pytest.importorskip("nbconvert").HTMLExporter()
    body, _ = exporter.from_notebook_node(executed)
    page = tmp_path / "seed001.html"
    page.write_text(body, encoding="utf-8")
    shots = tmp_path / "shots"
    shots.mkdir()
    result = swims(page, shots)
    assert len(result["views"]) == 1, result
    (view,) = result["views"]
    assert "error" not in view, view
    assert view["notes"] == [], view["notes"]  # no MiroFish warning in the view
    assert view["fish"] == 150 and view["stepsBetween"] > 0 and view["framesBetween"] > 0
    assert view["fishPixels"] > 500, f"the view shows {view['fishPixels']} pixels of fish: blank ({shots})"
    assert view["changed"] > 500, f"{view['changed']} pixels changed in a second: the school does not swim ({shots})"
    # the same school: its hash, and its state after the steps it took, as the package steps it
    assert view["hash"] == view["expectedHash"]
    replay = mirofish.School.from_hash(view["hash"]).step(view["steps"])
    assert replay.state_hash() == view["stateHash"], f"the view's school at step {view['steps']} is another school"
