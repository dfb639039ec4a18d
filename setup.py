"""Build the Cython search core (``ext/*.pyx``) as ``ciapano._core``.

Compiler directives are set here, once, for every module.  Set the environment variable
``CIAPANO_DEBUG=1`` when building to turn bounds checks, wrap-around and None checks back on
and to compile without optimisation (``-O0 -g``), for debugging the core.
"""

import os
import platform

from Cython.Build import cythonize
from setuptools import Extension, setup

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

setup(
    ext_modules=cythonize(
        extensions,
        include_path=["ext"],
        compiler_directives=directives,
        # Rebuild when the .pxd files of the core change.
        force=DEBUG,
    ),
)
