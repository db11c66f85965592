"""A school as a picture, for a notebook's ``_repr_png_``: the library's native frame where it has the renderer, else the
package's own drawing in NumPy (a libmirofish built without EGL, as a wheel's is), drawn from the school's arrays, and
the PNG encoding of either.
"""

from __future__ import annotations

import struct
import zlib

import numpy as np

from ._lib import lib

__all__ = ["poster_png", "drawn_png", "encode_png"]

POSTER_WIDTH = 640  # px: the still's width; its height follows the world's aspect
WATER_TOP = (16, 46, 60)  # the dark water, top to bottom (sRGB)
WATER_BOTTOM = (6, 20, 30)
# A fish's colour by its state (mirofish.FISH_STATES order): cruise koi orange, sprint gold, hover pale, startle red.
STATE_COLOURS = np.array(
    [
        (242, 128, 56),  # cruise
        (255, 206, 84),  # sprint
        (236, 226, 214),  # hover
        (232, 58, 70),  # startle
    ],
    np.float32,
)
KOI_LENGTH = 24.0  # world px at size=1: about the page's koi


def poster_png(school) -> bytes | None:
    """A PNG of the school at its current step, for Jupyter (``_repr_png_``): the page's own frame by the library's
    native renderer (``School.poster()``, 640 CSS px wide, over transparent) where the library has it
    (``mirofish.poster_available()``), else the package's own drawing (``drawn_png``). None for a closed school
    (Jupyter then shows its repr)."""
    if getattr(school, "_closed", True):
        return None
    if lib.mf_poster_available():
        try:
            text = {"Software": "mirofish (native renderer)", "Comment": f"#{school.hash()} step {school.step_count}"}
            return encode_png(school.poster(640), text)
        except ValueError:  # no GL context on this machine after all: the NumPy drawing
            pass
    return drawn_png(school)


def drawn_png(school) -> bytes | None:
    """A PNG of the school at its current step: the package's own drawing, in NumPy (no matplotlib).

    This is the package's own drawing where the library has no native renderer (``mirofish.poster_available()``
    false: a libmirofish built without EGL, as a wheel's; the page draws with WebGL inside its wasm, and
    ``mirofish poster`` / ``School.poster()`` with the native one). It is not the page's frame but a picture of the
    same fish, about 640 px wide, the world's
    ``width`` x ``height`` scaled to it, on dark water. Each fish is a small koi (a body and a tail fin) turned to its
    heading, tinted by its state (cruise orange, sprint gold, hover pale, startle red), dimmer the deeper it swims;
    the front ones are drawn last. Vectorised. The PNG (8-bit RGB, zlib)
    carries the school's hash and step in a tEXt chunk. None for a closed school (Jupyter then shows its repr).
    """
    if getattr(school, "_closed", True):
        return None
    text = {"Comment": f"#{school.hash()} step {school.step_count}"}
    world_w = float(school.get("width"))
    world_h = float(school.get("height"))
    if not (world_w > 0 and world_h > 0):
        return None
    pos = np.array(school.pos.copy(), np.float32).reshape(-1, 2)
    heading = np.array(school.heading.copy(), np.float32).reshape(-1, 2)
    state = np.array(school.state.copy(), np.intp).reshape(-1)
    depth = np.array(school.depth.copy(), np.float32).reshape(-1)
    try:
        size = float(school.get("size"))
    except ValueError:
        size = 1.0
    image = draw_school(pos, heading, state, depth, world_w, world_h, size=size)
    return encode_png(image, {"Software": "mirofish (NumPy still)", **text})


def water(width: int, height: int) -> np.ndarray:
    """The background: dark water, lighter at the top and toward the middle, (height, width, 3) float32."""
    y = np.linspace(0.0, 1.0, height, dtype=np.float32)[:, None, None]
    top = np.array(WATER_TOP, np.float32)
    bottom = np.array(WATER_BOTTOM, np.float32)
    img = top * (1 - y) + bottom * y
    xs = np.linspace(-1.0, 1.0, width, dtype=np.float32)[None, :, None]
    ys = np.linspace(-1.0, 1.0, height, dtype=np.float32)[:, None, None]
    glow = np.clip(1.0 - (xs * xs + ys * ys) * 0.5, 0.0, 1.0)
    return np.broadcast_to(img * (0.85 + 0.25 * glow), (height, width, 3)).astype(np.float32)


def draw_school(
    pos: np.ndarray,
    heading: np.ndarray,
    state: np.ndarray,
    depth: np.ndarray,
    world_w: float,
    world_h: float,
    *,
    width: int = POSTER_WIDTH,
    size: float = 1.0,
) -> np.ndarray:
    """(H, W, 3) uint8: the fish drawn on the water, W = width, H from the world's aspect."""
    W = int(width)
    H = max(1, int(round(W * world_h / world_w)))
    s = W / world_w
    img = water(W, H).reshape(-1, 3).copy()
    n = len(pos)
    if n:
        L = max(7.0, KOI_LENGTH * max(size, 0.1) * s)  # px; a little larger than true scale, to read at 640 px
        R = int(np.ceil(0.62 * L)) + 1
        off = np.arange(-R, R + 1, dtype=np.float32)
        ox, oy = np.meshgrid(off, off)  # (P, P)
        ox = ox.reshape(1, -1)
        oy = oy.reshape(1, -1)
        order = np.argsort(depth, kind="stable")  # back first: the front fish are drawn over them
        cx = pos[order, 0:1] * s  # (n, 1) in px
        cy = pos[order, 1:2] * s
        hx = heading[order, 0:1]
        hy = heading[order, 1:2]
        norm = np.sqrt(hx * hx + hy * hy)
        still = norm < 1e-6
        hx = np.where(still, 1.0, hx / np.where(still, 1.0, norm))
        hy = np.where(still, 0.0, hy / np.where(still, 1.0, norm))
        px = np.floor(cx) + ox  # (n, P*P) pixel columns
        py = np.floor(cy) + oy
        dx = px + 0.5 - cx
        dy = py + 0.5 - cy
        u = dx * hx + dy * hy  # along the fish, head forward
        v = -dx * hy + dy * hx  # across it
        alpha = _koi_coverage(u, np.abs(v), L)
        inside = (px >= 0) & (px < W) & (py >= 0) & (py < H) & (alpha > 0.02)
        if inside.any():
            st = np.clip(state[order], 0, len(STATE_COLOURS) - 1)
            shade = (0.6 + 0.4 * np.clip(depth[order], 0.0, 1.0)).astype(np.float32)
            colour = STATE_COLOURS[st] * shade[:, None]  # (n, 3)
            # a paler head, as a koi's
            head = np.clip((u - 0.12 * L) / (0.25 * L), 0.0, 1.0) * 0.35
            rows, cols = np.nonzero(inside)
            a = alpha[rows, cols][:, None]
            c = colour[rows] * (1 - head[rows, cols][:, None]) + 245.0 * head[rows, cols][:, None]
            idx = (py[rows, cols] * W + px[rows, cols]).astype(np.intp)
            img[idx] = img[idx] * (1 - a) + c * a
    return np.clip(img, 0, 255).astype(np.uint8).reshape(H, W, 3)


def _koi_coverage(u: np.ndarray, av: np.ndarray, L: float) -> np.ndarray:
    """How much of each pixel a koi of length L covers (0..1), from its local (u, |v|): an ellipse body, a fan tail."""
    a, b, uc = 0.34 * L, 0.15 * L, 0.12 * L  # the body's half length, half width, centre
    q = np.sqrt(((u - uc) / a) ** 2 + (av / b) ** 2)
    body = np.clip((1.0 - q) * b + 0.5, 0.0, 1.0)  # ~ signed distance in px, antialiased over one pixel
    u0, u1 = -0.5 * L, -0.18 * L  # the tail's ends
    half = 0.04 * L + (u1 - u) * 0.55  # widening toward its end
    d_tail = np.maximum(np.maximum(av - half, u0 - u), u - u1)
    tail = np.clip(0.5 - d_tail, 0.0, 1.0) * 0.9
    return np.maximum(body, tail)


def encode_png(image: np.ndarray, text: dict[str, str] | None = None) -> bytes:
    """An (H, W, 3) or (H, W, 4) uint8 array as PNG bytes (8-bit RGB or RGBA, each row filtered with Sub), with tEXt
    chunks."""
    img = np.ascontiguousarray(image, np.uint8)
    H, W, C = img.shape
    sub = img.astype(np.int16)
    sub[:, 1:] -= img[:, :-1]
    raw = np.empty((H, 1 + W * C), np.uint8)
    raw[:, 0] = 1  # filter: Sub
    raw[:, 1:] = (sub & 0xFF).astype(np.uint8).reshape(H, W * C)

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    colour = {3: 2, 4: 6}[C]  # PNG colour types: truecolour, truecolour with alpha
    out = [b"\x89PNG\r\n\x1a\n", chunk(b"IHDR", struct.pack(">IIBBBBB", W, H, 8, colour, 0, 0, 0))]
    for key, value in (text or {}).items():
        out.append(chunk(b"tEXt", key.encode("latin-1") + b"\0" + value.encode("latin-1", "replace")))
    out.append(chunk(b"IDAT", zlib.compress(raw.tobytes(), 6)))
    out.append(chunk(b"IEND", b""))
    return b"".join(out)
