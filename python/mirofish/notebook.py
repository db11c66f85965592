"""A school live in a notebook: ``show(school)`` is the page's own engine, offline, swimming the same school from its
hash (its still picture, ``_repr_png_``, is pictures.py's).
"""

from __future__ import annotations

import base64
import html
import json
import os
import re
from pathlib import Path
from typing import Any

__all__ = ["show", "view_html", "web_dist"]

WEB_FILES = {  # the classic script's four files, and the type each blob gets
    "mirofish.js": "text/javascript",
    "mirofish-host.js": "text/javascript",
    "mirofish-engine.js": "text/javascript",
    "mirofish.wasm": "application/wasm",
}
# The URL the files are named by inside the view: a name no network answers (RFC 2606 reserves .invalid), never
# fetched: every request for it is answered from the blob: URLs of the embedded bytes.
VIRTUAL_BASE = "https://mirofish.invalid/dist/"

_web_cache: dict[tuple, dict[str, bytes]] = {}


def web_dist() -> Path:
    """The folder with the page's files: $MIROFISH_WEB_DIST, else the copy installed beside this module (``web/``)."""
    named = os.environ.get("MIROFISH_WEB_DIST")
    if named:
        folder = Path(named)
        if not folder.is_dir():
            raise RuntimeError(f"MIROFISH_WEB_DIST={named}: no such folder (it names the web build, build/web/dist)")
        return folder
    folder = Path(__file__).resolve().parent / "web"
    if folder.is_dir():
        return folder
    raise RuntimeError(
        "school.show() needs the page's files (mirofish.js, mirofish-host.js, mirofish-engine.js, mirofish.wasm), "
        f"and neither $MIROFISH_WEB_DIST nor {folder} holds them: build the web bundle in a clone (`scripts/demo`, or "
        "`cmake --preset web && cmake --build --preset web`), then reinstall the package (`pip install ./python`, "
        "which copies build/web/dist into it), or point MIROFISH_WEB_DIST at build/web/dist"
    )


def _web_files() -> dict[str, bytes]:
    folder = web_dist()
    stamp = []
    for name in WEB_FILES:
        path = folder / name
        if not path.is_file():
            raise RuntimeError(
                f"{path} is missing: school.show() needs {', '.join(WEB_FILES)} from one web build "
                "(build/web/dist; `scripts/demo` or `cmake --build --preset web` makes them)"
            )
        st = path.stat()
        stamp.append((name, st.st_size, st.st_mtime_ns))
    key = (str(folder), tuple(stamp))
    files = _web_cache.get(key)
    if files is None:
        # No check of the files against each other here: the loader checks each against the hash it was built with,
        # in the browser, and names a file of another build (docs/hosting.md#integrity).
        files = {name: (folder / name).read_bytes() for name in WEB_FILES}
        _web_cache.clear()
        _web_cache[key] = files
    return files


# The view's document (an <iframe srcdoc>). The classic script's loader finds its three siblings by URL, beside its
# own src (`new URL(name, script.src)`), and has the browser check each against the hash it was built with. A blob:
# URL cannot be a base for another URL, so the loader is given a hierarchical name that no network answers, and the
# document maps that name to blob: URLs of the embedded bytes wherever one of the files is requested: a <script>'s src
# (the loader's, the host's, the main-thread engine's: the element still reports the name, so the loader reads its
# own URL), fetch() (the engine's script, checked before it becomes the Worker; the wasm on the main thread), and the
# wasm's URL in the engine's `hello` (fetched inside the Worker: a data: URL there, since a Worker of a page opened
# from a file may not fetch that page's blob: URLs). Every file still loads against its integrity.
_DOCUMENT = r"""<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>MiroFish</title>
<style>html{background:#0d2531}html,body{margin:0;height:100%;overflow:hidden;color:#e8eef0;font:12px sans-serif}
#mf-note{position:fixed;left:8px;bottom:6px;opacity:.75;pointer-events:none}</style>
</head><body data-mirofish-hash="__HASH_ATTR__"><div id="mf-note"></div>
<script>
(function () {
  'use strict';
  var BASE = __BASE__;
  var FILES = __FILES__;
  var toBlob = {}, toName = {};
  Object.keys(FILES).forEach(function (name) {
    var text = atob(FILES[name][1]);
    var bytes = new Uint8Array(text.length);
    for (var i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
    var url = URL.createObjectURL(new Blob([bytes], { type: FILES[name][0] }));
    toBlob[BASE + name] = url;
    toName[url] = BASE + name;
  });
  // BASE + name (any query kept off, the fragment kept: the wasm's carries its integrity) -> its blob: URL
  function map(url) {
    if (typeof url !== 'string' || url.indexOf(BASE) !== 0) return null;
    var hash = url.indexOf('#') >= 0 ? url.slice(url.indexOf('#')) : '';
    var blob = toBlob[url.split(/[?#]/)[0]];
    return blob ? blob + hash : null;
  }
  var src = Object.getOwnPropertyDescriptor(HTMLScriptElement.prototype, 'src');
  Object.defineProperty(HTMLScriptElement.prototype, 'src', {
    configurable: true,
    enumerable: true,
    get: function () {
      var v = src.get.call(this);
      return toName[v] || v;
    },
    set: function (v) {
      src.set.call(this, map(String(v)) || v);
    },
  });
  var realFetch = window.fetch;
  window.fetch = function (input, init) {
    var m = map(typeof input === 'string' ? input : input instanceof URL ? input.href : null);
    return realFetch.call(this, m || input, init);
  };
  // The Worker fetches the wasm itself: a data: URL of it (a blob: URL of a page opened from a file, whose origin is
  // opaque, is not the Worker's to fetch), its integrity still in the fragment.
  if (typeof Worker === 'function') {
    var post = Worker.prototype.postMessage;
    Worker.prototype.postMessage = function (msg) {
      if (msg && msg.t === 'hello' && map(msg.wasm)) {
        var hash = msg.wasm.indexOf('#') >= 0 ? msg.wasm.slice(msg.wasm.indexOf('#')) : '';
        msg.wasm = 'data:' + FILES['mirofish.wasm'][0] + ';base64,' + FILES['mirofish.wasm'][1] + hash;
      }
      return post.apply(this, arguments);
    };
  }
  var note = document.getElementById('mf-note');
  var warnings = [];
  var warn = console.warn;
  // MiroFish's warnings name the files by the URLs they came from: the names here, as the loader knows them.
  console.warn = function () {
    var line = Array.prototype.join.call(arguments, ' ');
    if (!/^MiroFish/.test(line)) return warn.apply(console, arguments);
    line = line
      .replace(/data:application\/wasm;base64,[A-Za-z0-9+\/=]+/g, BASE + 'mirofish.wasm')
      .replace(/blob:[^\s)]+/g, function (url) { return toName[url] || url; });
    warnings.push(line);
    note.textContent = line;
    return warn.call(console, line);
  };
  window.__mirofishNotebook = { hash: __HASH__, warnings: warnings };
  var tag = document.createElement('script');
  tag.src = BASE + 'mirofish.js';
  var options = __OPTIONS__;
  Object.keys(options).forEach(function (k) { tag.setAttribute('data-' + k, options[k]); });
  document.body.appendChild(tag);
})();
</script></body></html>
"""


def _length(value: Any, name: str) -> str:
    if isinstance(value, bool):
        raise TypeError(f"{name}: {value!r} is not a CSS length")
    if isinstance(value, (int, float)):
        return f"{value:g}px"
    text = str(value).strip()
    if not re.fullmatch(r"\d+(\.\d+)?(px|%|em|rem|vh|vw)?", text):
        raise ValueError(f"{name}: {value!r} is not a CSS length (420, '420px', '100%')")
    return text + "px" if re.fullmatch(r"\d+(\.\d+)?", text) else text


class _Html:
    """What show() returns where IPython is missing: an object a notebook front end shows as HTML."""

    def __init__(self, data: str):
        self.data = data

    def _repr_html_(self) -> str:
        return self.data

    def __repr__(self) -> str:
        return f"<mirofish view, {len(self.data)} characters of HTML>"


def view_html(
    school, width: str | int = "100%", height: str | int = 420, *, controls: bool = True, thread: str = "auto"
) -> str:
    """The HTML of show(): an <iframe srcdoc> with the page's engine and its files inside, and the school's hash.
    `controls`: the page's pause button; `thread`: 'auto' (a Worker where the browser can) or 'main'."""
    if thread not in ("auto", "main"):
        raise ValueError(f"thread: {thread!r} is not 'auto' or 'main'")
    hash_text = school.hash()
    files = _web_files()
    payload = {name: [WEB_FILES[name], base64.b64encode(data).decode("ascii")] for name, data in files.items()}
    options = {"hash": hash_text, "layer": "behind"}
    if controls:
        options["controls"] = "bottom-right"
    if thread == "main":
        options["thread"] = "main"
    script_json = lambda value: json.dumps(value).replace("</", "<\\/")  # noqa: E731 (inside a <script>)
    document = (
        _DOCUMENT.replace("__BASE__", script_json(VIRTUAL_BASE))
        .replace("__OPTIONS__", script_json(options))
        .replace("__HASH_ATTR__", html.escape(hash_text, quote=True))
        .replace("__HASH__", script_json(hash_text))
        .replace("__FILES__", script_json(payload))
    )
    w = _length(width, "width")
    h = _length(height, "height")
    return (
        f'<div class="mirofish-view" data-mirofish-hash="{html.escape(hash_text, quote=True)}">'
        f'<iframe title="MiroFish: the school of #{html.escape(hash_text, quote=True)}" '
        f'style="width:{w};height:{h};border:0;display:block;border-radius:4px;background:#0d2531" '
        f'srcdoc="{html.escape(document, quote=True)}"></iframe>'
        f'<div style="font:12px sans-serif;opacity:.7;margin-top:2px;word-break:break-all">the page\'s own engine, '
        f"offline, from step 0: <code>#{html.escape(hash_text)}</code></div></div>"
    )


def show(school, width: str | int = "100%", height: str | int = 420):
    """The page's own engine in a notebook cell, offline: the same school (from ``school.hash()``), swimming live.

    Returns an ``IPython.display.HTML`` (or, without IPython, an object with ``_repr_html_``) holding an
    ``<iframe srcdoc>``: a document of its own, with the web build's classic files inside it as base64 (the loader
    ``mirofish.js``, ``mirofish-host.js``, ``mirofish-engine.js``, ``mirofish.wasm``: ~390 KB of HTML), so it needs no
    server and no network, in Jupyter, VS Code, or an ``nbconvert --to html`` file opened from disk.

    How it loads (the choice): the classic script tag, with ``data-hash`` = ``school.hash()`` (the tag's ``hash``
    option: read this hash instead of the URL's, which a srcdoc document has none of) and ``data-controls`` (the
    page's pause button). The loader finds its siblings beside its own ``src`` and checks each against the SHA-384 it
    was built with; a ``blob:`` URL cannot be a base for another URL, so the loader is named
    ``https://mirofish.invalid/dist/mirofish.js`` (never fetched), and the document answers every request for that
    name from the embedded bytes: a ``<script>``'s src and ``fetch()`` from ``blob:`` URLs of them, the wasm's URL the
    host hands the engine's Worker as a ``data:`` URL (its integrity still in the fragment). So every file still loads
    against the loader's hash (the browser checks them: a changed byte is refused and named, in the console and in
    the view), the engine runs in its Worker from its checked bytes (or on the main thread where no Worker may
    start), and no file's bytes are changed.
    The ES module was the other way: it carries no hashes, and its engine and wasm are ``import.meta.url``-relative
    (``new URL('./mirofish-engine.mjs', import.meta.url)``), which no blob: or data: module can resolve.

    The view replays ``school.hash()`` from step 0: the parameters the school holds now and its seed, not its step
    or the events since (``scare()``, ``feed()``, ``pointer()``). The files come from
    ``$MIROFISH_WEB_DIST``, else the ``web/`` folder installed with the package; RuntimeError says how to get them.
    """
    data = view_html(school, width=width, height=height)
    try:
        from IPython.display import HTML
    except ImportError:
        return _Html(data)
    return HTML(data)
