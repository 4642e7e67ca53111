"""Build hook for the optional C core; the metadata lives in pyproject.toml.

The extension is optional: when it cannot be compiled (no compiler, no
headers, a failing link) the install goes on without it and
``huegames.hue._backend`` falls back to the pure-Python grid with a warning.
"""

from __future__ import annotations

import sys

from cffi import VerificationError
from setuptools import setup
from setuptools.command.build_ext import build_ext
from setuptools.errors import BaseError, CCompilerError

# BaseError is distutils' DistutilsError (platform, exec, file errors);
# CCompilerError covers CompileError and LinkError; OSError a missing tool.
BUILD_ERRORS = (BaseError, CCompilerError, VerificationError, OSError)


class OptionalBuildExt(build_ext):
    """build_ext that warns and carries on when the C core fails to build."""

    def run(self) -> None:
        try:
            super().run()
        except BUILD_ERRORS as error:
            _warn(error)

    def build_extension(self, ext) -> None:
        try:
            super().build_extension(ext)
        except BUILD_ERRORS as error:
            _warn(error)


def _warn(error: BaseException) -> None:
    print(
        f"\n*** WARNING: huegames could not build its C core ({type(error).__name__}: {error})\n"
        "*** Installing without it: huegames will use the pure-Python backend, "
        "which is much slower.\n",
        file=sys.stderr,
    )


setup(
    cffi_modules=["src/huegames/hue/_hue_core_build.py:ffibuilder"],
    cmdclass={"build_ext": OptionalBuildExt},
)
