"""Build the Cython search core: one engine per game, ``ciapano._engine_<game>``, and the
limits they share, ``ciapano._limits``.

Games as compile-time modules: every engine is the same skeleton (``ext/core``: the driver,
search, move generation, transposition table) compiled with one game's ``game.pxd`` (and
``game_search.pxd``), which the skeleton cimports by those names.  Which game an engine gets is
the include path of its extension: ``ext/<game>`` first, then ``ext/core``.  So a game's rules,
scoring and techniques are inlined into its own search, and a technique a game does not use
costs it nothing at run time (the C compiler removes it).  To add a game: a directory
``ext/<game>`` with ``game.pxd``, ``game_search.pxd`` and ``_engine_<game>.pyx`` (one line:
``include "driver.pxi"``), and its name in ``GAMES`` below.

Compiler directives are set here, once, for every module.  Set the environment variable
``CIAPANO_DEBUG=1`` when building to turn bounds checks, wrap-around and None checks back on
and to compile without optimisation (``-O0 -g``), for debugging the core.  ``CIAPANO_ORACLE=1``
compiles in the move-order oracle, a measurement of how far the move order is from perfect
(``bench/order_ceiling.py``); off, it costs nothing.

With GCC the engines are built twice, profile-guided (as CPython's ``--enable-optimizations``
does): first instrumented, then, after a training run that solves a few full deals of each game
(``tools/pgo_train.py``, 5-10 s a game), again with the profile, so that the compiler lays out the
search's hot branches from measured counts.  Same nodes and values; time -3.3% and -3.8%
(3 players, two sets of 6 and 7 deals), -2.9% (4 players, 6 deals), ``bench/compare_builds.py``
in one process, best of 2.  Set ``CIAPANO_PGO=0`` for a single plain build (quicker, and
what to use when timing a change to the core against another build made the same way).  If
any step of the profile-guided build fails, the plain build is made instead, with a warning.
"""

import os
import platform
import shutil
import subprocess
import sys
import sysconfig
import tempfile

from Cython.Build import cythonize
from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

DEBUG = os.environ.get("CIAPANO_DEBUG", "") not in ("", "0")

directives = {
    "language_level": 3,
    "boundscheck": DEBUG,
    "wraparound": DEBUG,
    "initializedcheck": DEBUG,
    "nonecheck": DEBUG,
    "cdivision": not DEBUG,
    "embedsignature": True,
}

compile_args = ["-O0", "-g"] if DEBUG else ["-O3"]
if os.environ.get("CIAPANO_ORACLE", "") not in ("", "0"):
    # The move-order oracle, a measurement (ext/core/search.pxd, bench/order_ceiling.py).
    compile_args.append("-DCIAPANO_ORACLE=1")
if platform.machine().lower() in ("x86_64", "amd64"):
    # POPCNT and friends (x86-64-v2, every x86-64 processor since about 2009) for the bit masks.
    compile_args.append("-march=x86-64-v2")

#: The games with an engine: ext/<game>/_engine_<game>.pyx, compiled with ext/<game>/game.pxd.
GAMES = ("ciapano", "busca", "mattazza", "kifameno", "calabrasella", "tarocchi", "bridge")
#: The directories a game's engine takes .pxd files from besides its own and ext/core: Kifameno
#: scores as Ciapanò (ext/ciapano/scoring.pxd, bounds.pxd).
BORROWS = {"kifameno": ["ext/ciapano"]}


def _cythonized(name: str, source: str, include: list[str]) -> list[Extension]:
    # One cythonize call per extension: each has its own include path, which decides the game
    # its skeleton is compiled with.  force: Cython's dependency tracking keeps one include
    # path per process, so it cannot tell which game.pxd an engine depends on.
    ext = Extension(name, sources=[source], include_dirs=include, extra_compile_args=compile_args)
    return cythonize([ext], include_path=include, compiler_directives=directives, force=True)


extensions = _cythonized("ciapano._limits", "ext/core/_limits.pyx", ["ext/core"])
for _game in GAMES:
    extensions += _cythonized(
        f"ciapano._engine_{_game}",
        f"ext/{_game}/_engine_{_game}.pyx",
        [f"ext/{_game}", *BORROWS.get(_game, []), "ext/core"],
    )

ROOT = os.path.dirname(os.path.abspath(__file__))
PGO = not DEBUG and os.environ.get("CIAPANO_PGO", "1") not in ("", "0")


def _is_gcc(compiler) -> bool:
    """Whether the C compiler setuptools will call is GCC (the flags below are GCC's)."""
    cc = getattr(compiler, "compiler_so", None) or [sysconfig.get_config_var("CC") or "cc"]
    try:
        out = subprocess.run([cc[0], "--version"], capture_output=True, text=True, timeout=30)
    except (OSError, subprocess.SubprocessError):
        return False
    return out.returncode == 0 and "GCC" in out.stdout.upper() and "CLANG" not in out.stdout.upper()


class ProfileGuidedBuild(build_ext):
    """build_ext; with GCC the engines twice: instrumented, a training run, with the profile."""

    def build_extensions(self):
        engines = [e for e in self.extensions if e.name.startswith("ciapano._engine_")]
        if not PGO or not engines or not _is_gcc(self.compiler):
            return super().build_extensions()
        saved = {id(e): (list(e.extra_compile_args), list(e.extra_link_args)) for e in engines}
        with tempfile.TemporaryDirectory(prefix="ciapano-pgo-") as tmp:
            prof = os.path.join(tmp, "profile")
            try:
                # The profile is keyed on the object file's path: both builds write the same one.
                for ext in engines:
                    plain_args, plain_link = saved[id(ext)]
                    ext.extra_compile_args = [
                        *plain_args,
                        f"-fprofile-generate={prof}",
                        "-fprofile-update=single",
                    ]
                    ext.extra_link_args = [*plain_link, f"-fprofile-generate={prof}"]
                self.force = True
                super().build_extensions()
                package = os.path.join(tmp, "train", "ciapano")
                os.makedirs(package)
                open(os.path.join(package, "__init__.py"), "w").close()
                for ext in self.extensions:
                    built = self.get_ext_fullpath(ext.name)
                    shutil.copy(built, os.path.join(package, os.path.basename(built)))
                subprocess.run(
                    [
                        sys.executable,
                        os.path.join(ROOT, "tools", "pgo_train.py"),
                        os.path.join(tmp, "train"),
                        *(e.name.removeprefix("ciapano._engine_") for e in engines),
                    ],
                    check=True,
                    timeout=900,
                    cwd=tmp,
                )
                if not os.path.isdir(prof) or not os.listdir(prof):
                    raise RuntimeError("the training run wrote no profile")
                for ext in engines:
                    plain_args, plain_link = saved[id(ext)]
                    ext.extra_compile_args = [
                        *plain_args,
                        f"-fprofile-use={prof}",
                        "-fprofile-correction",
                        "-Wno-missing-profile",
                    ]
                    ext.extra_link_args = plain_link
                super().build_extensions()
                return None
            except Exception as exc:  # any failure: fall back to the plain build
                print(
                    f"warning: profile-guided build failed ({exc}); building without it",
                    file=sys.stderr,
                )
            finally:
                for ext in engines:
                    ext.extra_compile_args, ext.extra_link_args = saved[id(ext)]
            return super().build_extensions()


setup(cmdclass={"build_ext": ProfileGuidedBuild}, ext_modules=extensions)
