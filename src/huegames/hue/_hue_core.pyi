# The compiled core (built by csrc/cores.py from csrc/hue_core.h): cffi objects.
from typing import Any

ffi: Any
lib: Any
