"""The site's colours pass WCAG 2.1 AA: 4.5:1 for text against what it is drawn on, in both
schemes of style.css's palette (each colour is light-dark(light, dark) or one colour for both)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

STYLE = (Path(__file__).resolve().parent.parent / "web" / "style.css").read_text(encoding="utf-8")

# (text, background) pairs of custom properties that are used together.
PAIRS = [("ink", "bg"), ("ink", "card"), ("muted", "bg"), ("muted", "card"), ("accent", "bg"), ("accent", "card"),
         ("accent-ink", "accent"), ("accent-ink", "accent-hover"), ("ink", "field"), ("ink", "hover"),
         ("ink", "highlight"), ("muted", "highlight"), ("ink", "notice"), ("ink", "code"), ("problem-ink", "problem"),
         ("info-ink", "info")]
SCHEMES = ["light", "dark"]
COLOUR = r"#[0-9a-fA-F]{3,6}"


def palette(scheme: str) -> dict[str, str]:
    block = re.search(r":root\s*\{([^}]*)\}", STYLE)
    assert block, "style.css has no :root block"
    colours = {}
    for name, value in re.findall(r"--([\w-]+):\s*([^;]+);", block.group(1)):
        pair = re.fullmatch(rf"light-dark\(({COLOUR}),\s*({COLOUR})\)", value.strip())
        if pair:
            colours[name] = pair.group(1 + SCHEMES.index(scheme))
        elif re.fullmatch(COLOUR, value.strip()):
            colours[name] = value.strip()
    return colours


def luminance(colour: str) -> float:
    digits = colour.lstrip("#")
    if len(digits) == 3:
        digits = "".join(digit * 2 for digit in digits)
    channels = [int(digits[index : index + 2], 16) / 255 for index in (0, 2, 4)]
    linear = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast(a: str, b: str) -> float:
    light, dark = sorted((luminance(a), luminance(b)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def test_the_contrast_formula() -> None:
    assert contrast("#000", "#fff") == pytest.approx(21)
    assert contrast("#777", "#fff") == pytest.approx(4.48, abs=0.01)  # the classic near miss


@pytest.mark.parametrize("scheme", SCHEMES)
@pytest.mark.parametrize(("text", "background"), PAIRS)
def test_text_colours_pass_aa(scheme: str, text: str, background: str) -> None:
    colours = palette(scheme)
    ratio = contrast(colours[text], colours[background])
    assert ratio >= 4.5, f"{scheme}: --{text} on --{background} is {ratio:.2f}:1"


def test_the_schemes_differ() -> None:
    light, dark = palette("light"), palette("dark")
    assert light["bg"] != dark["bg"] and luminance(dark["bg"]) < 0.05 < luminance(light["bg"])
