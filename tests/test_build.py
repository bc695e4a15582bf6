"""build.py's wheel: the shipped Python is the repository's code without its comments and
docstrings, each statement on the line where it is written."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import build

SOURCES = sorted(build.PACKAGE.rglob("*.py"))


def without_strings_alone(tree: ast.AST) -> str:
    """The tree's dump with every string statement (docstrings) made empty."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str):
            node.value.value = ""
    return ast.dump(tree)


def statement_lines(tree: ast.AST) -> list[tuple[str, int]]:
    return [(type(node).__name__, node.lineno) for node in ast.walk(tree) if isinstance(node, ast.stmt)]


@pytest.mark.parametrize("path", SOURCES, ids=lambda path: path.relative_to(build.ROOT).as_posix())
def test_the_shipped_source_is_the_same_code_on_the_same_lines(path: Path) -> None:
    source = path.read_text(encoding="utf-8")
    shipped = build.shipped_source(source)
    original, stripped = ast.parse(source), ast.parse(shipped)
    assert statement_lines(stripped) == statement_lines(original)
    assert without_strings_alone(stripped) == without_strings_alone(original)
    assert shipped.count("\n") == source.count("\n")
    assert "#" not in "".join(line for line in shipped.splitlines() if "#" in line and '"' not in line and "'" not in line)


def test_comments_and_docstrings_go_but_strings_in_code_stay() -> None:
    source = (
        '"""Module words."""\n'
        "x = '# not a comment'  # a comment\n"
        "def f():\n"
        '    """Function words,\n'
        '    over two lines."""\n'
        "    return x  # why\n"
    )
    assert build.shipped_source(source) == ('""\n' "x = '# not a comment'\n" "def f():\n" '    ""\n' "\n" "    return x\n")
