"""Bytes of our own files in dist/ (the wheel, JS, CSS, HTML and the rest; not Pyodide) against
a 200 KB target.

    python3 bench/size.py

Builds dist/ first. "KB" is 1000 bytes. The gzip column is what a compressing host sends for
text files (the wheel is already a zip). Prints figures only; never fails on size.
"""

from __future__ import annotations

import gzip
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
import build  # noqa: E402

TARGET = 200_000


def main() -> None:
    manifest = build.build()
    ours = {name: entry["size"] for name, entry in manifest["files"].items() if not name.startswith("pyodide/")}
    ours["manifest.json"] = (build.DIST / "manifest.json").stat().st_size
    groups: dict[str, list[str]] = {}
    for name in sorted(ours):
        kind = "wheel" if name.endswith(".whl") else Path(name).suffix.lstrip(".") or "other"
        groups.setdefault(kind, []).append(name)

    print(f"{'file':<58}{'bytes':>9}{'gzip':>9}")
    total = total_gzip = 0
    for kind in sorted(groups):
        for name in groups[kind]:
            data = (build.DIST / name).read_bytes()
            packed = len(data) if name.endswith((".whl", ".png", ".zip")) else len(gzip.compress(data, 9))
            total += len(data)
            total_gzip += packed
            print(f"{name:<58}{len(data):>9}{packed:>9}")
    print("-" * 76)
    for kind in sorted(groups):
        size = sum(ours[name] for name in groups[kind])
        print(f"{kind + ' (' + str(len(groups[kind])) + ' files)':<58}{size:>9}")
    print(f"{'ours in total':<58}{total:>9}{total_gzip:>9}")
    verdict = "within" if total <= TARGET else "OVER"
    print(f"target {TARGET // 1000} KB: {total / 1000:.1f} KB, {verdict} target ({100 * total / TARGET:.0f}%)")
    print("\nwhat one table loads (play.html, its scripts and style, the game's renderer, the wheel):")
    shared = ["play.html", "style.css", "app.js", "client.js", "worker.js", "games/svg.js", manifest["wheel"]]
    for game in sorted(name[len("games/"):-len(".svg")] for name in ours if name.endswith(".svg") and "/" in name):
        files = [*shared, f"games/{game}.js"]
        size = sum(ours[name] for name in files if name in ours)
        verdict = "within" if size <= TARGET else "OVER"
        print(f"  {game:<14}{size:>9} bytes, {verdict} the target ({100 * size / TARGET:.0f}%)")
    runtime = sum(e["size"] for n, e in manifest["files"].items() if n.startswith("pyodide/"))
    print(f"(Pyodide runtime, not counted: {runtime / 1e6:.2f} MB)")


if __name__ == "__main__":
    main()
