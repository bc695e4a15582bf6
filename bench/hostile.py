"""How long the bridge takes to refuse hostile input, and the memory it needs: the cases of
issue 12, against its bar of one second. Each case runs in a fresh Python, so its peak memory
is its own.

    python3 bench/hostile.py [--runs 3]

Prints wall and CPU seconds (the median of the runs) and the peak resident memory of the
process, with the answer's code; never fails on a figure. The long legal game is a Lost
Cities game of 19,000 moves whose players keep taking from the discard piles.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

CASES = {
    "SGF: AB + [aa:ss] x 140,000": """{"op": "import", "game": "go", "format": "sgf",
        "text": "(;GM[1]FF[4]SZ[19]AB" + "[aa:ss]" * 140_000 + ")"}""",
    "SGF: HA[inf]": """{"op": "import", "game": "go", "format": "sgf", "text": "(;GM[1]SZ[9]HA[inf])"}""",
    "SGF: HA[1e999]": """{"op": "import", "game": "go", "format": "sgf", "text": "(;GM[1]SZ[9]HA[1e999])"}""",
    "SGF: HA[nan]": """{"op": "import", "game": "go", "format": "sgf", "text": "(;GM[1]SZ[9]HA[nan])"}""",
    ".mat: 5,000-digit match length": """{"op": "import", "game": "backgammon", "format": "mat",
        "text": " " + "7" * 5000 + " point match\\n\\n Game 1\\n"}""",
    "JSON nested 1,000 deep": """'{"op": "new", "game": "kalah", "options": ' + "[" * 1000 + "]" * 1000 + "}\"""",
    "a 4,400-digit number": """'{"op": "new", "game": "kalah", "seed": ' + "9" * 4400 + "}\"""",
    "computer_move, player []": """{"op": "computer_move", "record": {"game": "kalah", "players": 2}, "player": []}""",
    "watch link: 20,000 deals, wrong views": """{"op": "load", "watch_url": pack(json.dumps({"game": "lostcities",
        "options": {}, "players": 2, "moves": ["deal"] * 20_000, "views": "0" * 120_000}), "w1")}""",
    "legal link: Lost Cities, 19,000 moves": """{"op": "load", "url": long_game().to_url()}""",
}

RUN = """
import json, resource, sys, time
sys.path.insert(0, {root!r}); sys.path.insert(0, {tests!r})
from pygames_core import bridge
from pygames_core.record import pack
from test_hostile_input import long_lost_cities_record
long_game = lambda: long_lost_cities_record(19_000)
request = {case}
text = request if isinstance(request, str) else json.dumps(request)
wall, cpu = time.perf_counter(), time.process_time()
answer = json.loads(bridge.handle(text))
wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
code = "ok" if answer["ok"] else answer["error"]["code"]
print(json.dumps([wall, cpu, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, code]))
"""


def measure(case: str) -> tuple[float, float, float, str]:
    script = RUN.format(root=str(ROOT), tests=str(ROOT / "tests"), case=case)
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    return tuple(json.loads(result.stdout))  # type: ignore[return-value]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3)
    runs = parser.parse_args().runs
    print(f"{'case':<42}{'wall s':>8}{'cpu s':>8}{'peak MB':>9}  answer")
    for name, case in CASES.items():
        figures = [measure(case) for _ in range(runs)]
        wall = statistics.median(figure[0] for figure in figures)
        cpu = statistics.median(figure[1] for figure in figures)
        peak = max(figure[2] for figure in figures)
        print(f"{name:<42}{wall:>8.3f}{cpu:>8.3f}{peak:>9.0f}  {figures[0][3]}")


if __name__ == "__main__":
    main()
