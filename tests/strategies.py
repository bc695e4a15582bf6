"""Hypothesis strategies shared by the parsers' property tests."""

from __future__ import annotations

from hypothesis import strategies as st


@st.composite
def mutated(draw: st.DrawFn, text: str, alphabet: str) -> str:
    """`text` with a few short stretches replaced by random characters of `alphabet`."""
    for _ in range(draw(st.integers(1, 4))):
        start = draw(st.integers(0, len(text)))
        end = draw(st.integers(start, min(len(text), start + 6)))
        text = text[:start] + draw(st.text(alphabet, max_size=6)) + text[end:]
    return text
