"""Build the Cython search core (``ext/*.pyx``) as ``ciapano._core``.

Compiler directives are set here, once, for every module.  Set the environment variable
``CIAPANO_DEBUG=1`` when building to turn bounds checks, wrap-around and None checks back on
and to compile without optimisation (``-O0 -g``), for debugging the core.

With GCC the core is built twice, profile-guided (as CPython's ``--enable-optimizations``
does): first instrumented, then, after a training run that solves a few full deals
(``tools/pgo_train.py``, 5-10 s), again with the profile, so that the compiler lays out the
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
if platform.machine().lower() in ("x86_64", "amd64"):
    # POPCNT and friends (x86-64-v2, every x86-64 processor since about 2009) for the bit masks.
    compile_args.append("-march=x86-64-v2")

extensions = [
    Extension(
        "ciapano._core",
        sources=["ext/_core.pyx"],
        include_dirs=["ext"],
        extra_compile_args=compile_args,
    ),
]

ROOT = os.path.dirname(os.path.abspath(__file__))
PGO = not DEBUG and os.environ.get("CIAPANO_PGO", "1") not in ("", "0")
#: The modules ciapano.solve needs, copied beside the instrumented core for the training run.
TRAINING_MODULES = ("cards.py", "errors.py", "position.py", "rules.py", "solve.py")


def _is_gcc(compiler) -> bool:
    """Whether the C compiler setuptools will call is GCC (the flags below are GCC's)."""
    cc = getattr(compiler, "compiler_so", None) or [sysconfig.get_config_var("CC") or "cc"]
    try:
        out = subprocess.run([cc[0], "--version"], capture_output=True, text=True, timeout=30)
    except (OSError, subprocess.SubprocessError):
        return False
    return out.returncode == 0 and "GCC" in out.stdout.upper() and "CLANG" not in out.stdout.upper()


class ProfileGuidedBuild(build_ext):
    """build_ext, twice with GCC: instrumented, a training run, then with the profile."""

    def build_extension(self, ext):
        if not PGO or not _is_gcc(self.compiler):
            return super().build_extension(ext)
        plain_args = list(ext.extra_compile_args)
        plain_link = list(ext.extra_link_args)
        with tempfile.TemporaryDirectory(prefix="ciapano-pgo-") as tmp:
            prof = os.path.join(tmp, "profile")
            try:
                # The profile is keyed on the object file's path: both builds write the same one.
                ext.extra_compile_args = [
                    *plain_args,
                    f"-fprofile-generate={prof}",
                    "-fprofile-update=single",
                ]
                ext.extra_link_args = [*plain_link, f"-fprofile-generate={prof}"]
                self.force = True
                super().build_extension(ext)
                package = os.path.join(tmp, "train", "ciapano")
                os.makedirs(package)
                open(os.path.join(package, "__init__.py"), "w").close()
                for name in TRAINING_MODULES:
                    shutil.copy(os.path.join(ROOT, "solver", name), package)
                built = self.get_ext_fullpath(ext.name)
                shutil.copy(built, os.path.join(package, os.path.basename(built)))
                subprocess.run(
                    [
                        sys.executable,
                        os.path.join(ROOT, "tools", "pgo_train.py"),
                        os.path.join(tmp, "train"),
                    ],
                    check=True,
                    timeout=900,
                    cwd=tmp,
                )
                if not os.path.isdir(prof) or not os.listdir(prof):
                    raise RuntimeError("the training run wrote no profile")
                ext.extra_compile_args = [
                    *plain_args,
                    f"-fprofile-use={prof}",
                    "-fprofile-correction",
                    "-Wno-missing-profile",
                ]
                ext.extra_link_args = plain_link
                super().build_extension(ext)
                return None
            except Exception as exc:  # any failure: fall back to the plain build
                print(
                    f"warning: profile-guided build failed ({exc}); building without it",
                    file=sys.stderr,
                )
            finally:
                ext.extra_compile_args = plain_args
                ext.extra_link_args = plain_link
            return super().build_extension(ext)


setup(
    cmdclass={"build_ext": ProfileGuidedBuild},
    ext_modules=cythonize(
        extensions,
        include_path=["ext"],
        compiler_directives=directives,
        # Rebuild when the .pxd files of the core change.
        force=DEBUG,
    ),
)
