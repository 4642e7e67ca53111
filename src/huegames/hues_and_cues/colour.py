"""Colour maths, all through coloraide: parsing, OKLab coordinates, ΔE."""

from __future__ import annotations

import re
from functools import lru_cache

from coloraide import Color as _BaseColor
from coloraide.spaces.okhsl import Okhsl
from coloraide.spaces.okhsv import Okhsv

from ..records import brief
from ..text import quoted

HEX = re.compile(r"#[0-9a-f]{6}")


class Color(_BaseColor):
    """coloraide's Color with the Okhsl and Okhsv spaces registered."""


Color.register([Okhsl(), Okhsv()])


def normalise_hex(text: object) -> str:
    """``"#A1b2C3"`` → ``"#a1b2c3"``; a clear ValueError for anything else."""
    if isinstance(text, str):
        value = text.strip().lower()
        if not value.startswith("#"):
            value = "#" + value
        if HEX.fullmatch(value):
            return value
    shown = quoted(text) if isinstance(text, str) else brief(text)
    raise ValueError(f"{shown} is not a hex colour like '#1a2b3c'")


@lru_cache(maxsize=4096)
def oklab(hex_colour: str) -> tuple[float, float, float]:
    """OKLab coordinates (L, a, b) of an sRGB hex colour."""
    lightness, a, b = Color(hex_colour).convert("oklab").coords()
    return (lightness, a, b)


@lru_cache(maxsize=4096)
def oklch(hex_colour: str) -> tuple[float, float, float]:
    """OKLCh coordinates (L, C, h in degrees; h is 0 for greys)."""
    lightness, chroma, hue = Color(hex_colour).convert("oklch").coords(nans=False)
    return (lightness, chroma, hue)


def delta_e(first: str, second: str, method: str = "ok") -> float:
    """ΔE between two hex colours: ``"ok"`` (OKLab distance) or ``"2000"``."""
    return Color(first).delta_e(Color(second), method=method)


def from_oklab(coords: tuple[float, float, float]) -> str:
    """The sRGB hex colour nearest to OKLab ``coords`` (gamut-mapped)."""
    return Color("oklab", list(coords)).convert("srgb").fit().to_string(hex=True)
