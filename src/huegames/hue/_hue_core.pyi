# The compiled core (built by _hue_core_build.py from csrc/hue_core.h): cffi objects.
from typing import Any

ffi: Any
lib: Any
