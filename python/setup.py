"""Builds libmirofish (src/capi) with CMake from the clone this folder is in, and puts it inside the package.

The package is plain Python over a C library (ctypes), so its wheel is tagged py3-none-<platform>: one wheel serves
every CPython 3.x on that platform. Settings, all optional:
  MIROFISH_BUILD_DIR   the CMake build folder, relative to the clone (default: build/python). One already configured
                       (the native preset's build/native, say) is built as it is: only the library target.
  MIROFISH_LIBRARY_FILE  a libmirofish already built: copied instead of building.
  MIROFISH_WEB_DIST    the page's files for school.show() (default: <clone>/build/web/dist when it is there).
  MIROFISH_FRAMES      ON or OFF: the native renderer for School.poster() (default: ON where pkg-config finds EGL,
                       OpenGL ES, libpng and libwebp).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

from setuptools import Distribution, setup
from setuptools.command.build_py import build_py

try:
    from wheel.bdist_wheel import bdist_wheel
except ImportError:  # building without wheel (setup.py install): no tag to set
    bdist_wheel = None

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
LIBRARY = {"darwin": "libmirofish.dylib", "win32": "mirofish.dll"}.get(sys.platform, "libmirofish.so")
WEB_FILES = ("mirofish.js", "mirofish-host.js", "mirofish-engine.js", "mirofish.wasm")  # the classic tag show() embeds


def build_library() -> Path:
    given = os.environ.get("MIROFISH_LIBRARY_FILE")
    if given:
        return Path(given)
    if not (ROOT / "CMakeLists.txt").is_file():
        sys.exit(f"mirofish: no MiroFish clone around {HERE} (CMakeLists.txt); build from a clone of the repository")
    build = Path(os.environ.get("MIROFISH_BUILD_DIR") or "build/python")
    build = build if build.is_absolute() else ROOT / build  # pip runs this from python/: relative is the clone's
    if not (build / "CMakeCache.txt").is_file():
        # The native preset's compiler settings (CMakePresets.json): -O2 and, from CMakeLists.txt, no fast-math and
        # no FMA contraction, so the library's schools are the CLI's bit for bit. The native renderer (School.poster)
        # where this machine has EGL and OpenGL ES (Debian: libegl-dev libgles-dev libpng-dev libwebp-dev); a wheel
        # for every machine is built without it (MIROFISH_FRAMES=OFF in the environment).
        frames = os.environ.get("MIROFISH_FRAMES") or ("ON" if has_gl() else "OFF")
        subprocess.check_call(
            [
                "cmake",
                "-S",
                str(ROOT),
                "-B",
                str(build),
                "-DCMAKE_BUILD_TYPE=Release",
                "-DCMAKE_CXX_FLAGS_RELEASE=-O2 -DNDEBUG",
                "-DMIROFISH_TESTS=OFF",
                f"-DMIROFISH_FRAMES={frames}",
                "-DMIROFISH_FUZZ_REPLAY=OFF",
                "-DMIROFISH_CAPI=ON",
            ]
        )
    jobs = str(os.cpu_count() or 1)
    subprocess.check_call(["cmake", "--build", str(build), "--target", "mirofish_c", "-j", jobs])
    found = list(build.glob(f"**/{LIBRARY}"))
    if not found:
        sys.exit(f"mirofish: the build made no {LIBRARY} under {build}")
    return found[0]


def has_gl() -> bool:
    try:
        return subprocess.call(["pkg-config", "--exists", "egl", "glesv2", "libpng", "libwebp"]) == 0
    except OSError:
        return False


def web_dist() -> Path | None:
    named = os.environ.get("MIROFISH_WEB_DIST")
    folder = Path(named) if named else ROOT / "build" / "web" / "dist"
    if all((folder / f).is_file() for f in WEB_FILES):
        return folder
    if named:
        sys.exit(f"mirofish: MIROFISH_WEB_DIST={named} lacks some of {', '.join(WEB_FILES)}")
    return None


class BuildWithLibrary(build_py):
    def run(self):
        super().run()
        target = Path(self.build_lib) / "mirofish"
        target.mkdir(parents=True, exist_ok=True)
        shutil.copy2(build_library(), target / LIBRARY)
        web = web_dist()
        if web is not None:  # school.show(): the page's own engine, offline
            (target / "web").mkdir(exist_ok=True)
            for name in WEB_FILES:
                shutil.copy2(web / name, target / "web" / name)
        else:
            print("mirofish: no web build (build/web/dist): school.show() will say how to get one", file=sys.stderr)


class BinaryDistribution(Distribution):
    def has_ext_modules(self):  # the library inside makes the wheel platform-specific
        return True


commands = {"build_py": BuildWithLibrary}
if bdist_wheel is not None:

    class Wheel(bdist_wheel):
        def get_tag(self):
            _, _, platform = super().get_tag()
            return "py3", "none", platform  # ctypes: no CPython ABI in the library

    commands["bdist_wheel"] = Wheel

setup(cmdclass=commands, distclass=BinaryDistribution)
