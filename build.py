#!/usr/bin/env python3
"""Build, serve and test the pygames site. Standard library only (Python 3.11+).

    python3 build.py                      build dist/
    python3 build.py serve [--port 8000]  build, then serve dist/ on http://127.0.0.1:PORT
    python3 build.py test [pytest args]   set up .venv, node_modules and Chromium, build, run pytest

dist/ holds:
  everything in web/ (worker.js gets the build's paths written into it, see BUILD_INFO below,
                     and sw.js the build hash and the files it precaches)
  icons/                       the PNG icons of manifest.webmanifest, drawn from web/icon.svg
  rules/                       the rule-explainer pages and their baked diagrams (site_rules.py)
  starts/<id>.json             each table's first position, drawn before Python starts (site_starts.py)
  pyodide/<pyodide version>/   the runtime files loadPyodide fetches, micropip, and a
                               pyodide-lock.json that lists micropip alone
  wheels/<hash>/pygames_core-<version>-py3-none-any.whl   our package, built here with zipfile
  simple/                      a PEP 503 index of that wheel, for micropip in other Pyodide pages
  manifest.json                every file but sw.js with its sha256 and size, and a `build` hash
                               over them (sw.js is written from this listing)

Both pyodide/ and wheels/ carry a version or a content hash in their path, so netlify.toml can
cache them for a year as immutable; HTML, sw.js and manifest.json are never cached.
"""

from __future__ import annotations

import argparse
import ast
import base64
import fnmatch
import functools
import hashlib
import html
import http.server
import json
import math
import os
import re
import shutil
import struct
import subprocess
import sys
import tokenize
import tomllib
import zipfile
import zlib
from pathlib import Path
from xml.etree import ElementTree

ROOT = Path(__file__).resolve().parent
WEB = ROOT / "web"
DIST = ROOT / "dist"
CACHE = ROOT / ".cache"
PACKAGE = ROOT / "pygames_core"
NODE_PYODIDE = ROOT / "node_modules" / "pyodide"
VENV = ROOT / ".venv"
CHROMIUM = Path("/usr/bin/chromium")

# What loadPyodide fetches from indexURL (read from pyodide.mjs): the module pyodide.asm.mjs,
# pyodide.asm.wasm, python_stdlib.zip and pyodide-lock.json. pyodide.mjs is what we import.
PYODIDE_RUNTIME = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")

# worker.js holds `/*BUILD_INFO*/ {...} /*END_BUILD_INFO*/`; the build writes the real paths there,
# so the worker knows where Pyodide and the wheels are without fetching anything first.
BUILD_INFO_START, BUILD_INFO_END = "/*BUILD_INFO*/", "/*END_BUILD_INFO*/"
CATALOGUE_MARK = "<!--CATALOGUE-->"
# A static import of a module of ours, and a page's module script: what write_module_preloads reads.
STATIC_IMPORT = re.compile(r"""^\s*import\s+(?:[^'";]*?\s+from\s+)?['"](\.{1,2}/[^'"]+)['"]""", re.MULTILINE)
PAGE_MODULE = re.compile(r'<script type="module" src="([^"]+)"[^>]*></script>')
CHARSET_META = '<meta charset="utf-8">'  # every page's first line in <head>; the policy's <meta> follows it

MIME_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".json": "application/json",
    ".webmanifest": "application/manifest+json",
    ".wasm": "application/wasm",
    ".whl": "application/octet-stream",
    ".zip": "application/zip",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".ico": "image/x-icon",
}

# A fixed time for every zip entry (the earliest a zip can hold), so a wheel depends only on its files.
ZIP_TIME = (1980, 1, 1, 0, 0, 0)


class BuildError(Exception):
    """A failure with a message for the person at the terminal."""


def run(command: list[str], what: str, cwd: Path = ROOT) -> None:
    print(f"build.py: {what}: {' '.join(command)}", flush=True)
    try:
        subprocess.run(command, cwd=cwd, check=True)
    except FileNotFoundError:
        raise BuildError(f"{what} failed: {command[0]} is not installed") from None
    except subprocess.CalledProcessError as error:
        raise BuildError(f"{what} failed (exit code {error.returncode})") from None


def sha256_file(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as file:
        for block in iter(lambda: file.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def read_json(path: Path) -> dict:
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as error:
        raise BuildError(f"cannot read {path.relative_to(ROOT)}: {error}") from None


# ---------------------------------------------------------------------------------------- npm

def npm_stamp() -> Path:
    return ROOT / "node_modules" / ".pygames-package-lock.sha256"


def ensure_node_modules(force_check: bool = False) -> None:
    """`npm ci` when node_modules/pyodide is missing or (with force_check) package-lock.json changed."""
    lock_hash = sha256_file(ROOT / "package-lock.json")
    installed = (NODE_PYODIDE / "pyodide.mjs").exists()
    if installed and not force_check:
        return
    if installed and npm_stamp().exists():
        if npm_stamp().read_text().strip() == lock_hash:
            return
    elif installed:
        # No stamp yet (installed by hand): accept it when the pinned Pyodide is what is there.
        pinned = read_json(ROOT / "package-lock.json").get("packages", {}).get("node_modules/pyodide", {})
        if pinned.get("version") == read_json(NODE_PYODIDE / "package.json").get("version"):
            npm_stamp().write_text(lock_hash + "\n")
            return
    run(["npm", "ci", "--no-audit", "--no-fund"], "installing the Pyodide npm package")
    npm_stamp().write_text(lock_hash + "\n")


# -------------------------------------------------------------------------------------- wheel

def project_metadata() -> dict:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8")).get("project", {})
    if "name" not in project or "version" not in project:
        raise BuildError("pyproject.toml needs project.name and project.version")
    return project


def record_hash(data: bytes) -> str:
    return "sha256=" + base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()


def shipped_source(source: str) -> str:
    """Python source without its comments and docstrings, for the wheel: they are a third of
    its bytes, and every table downloads the wheel. Each statement stays on its own line, so a
    traceback from the browser names the line of the file in the repository."""
    lines = source.splitlines(keepends=True)
    for token in tokenize.generate_tokens(iter(lines).__next__):
        if token.type == tokenize.COMMENT:
            row, column = token.start
            lines[row - 1] = lines[row - 1][:column].rstrip() + "\n"
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str):
            # A string on its own is a docstring or a no-op; an empty one keeps the statement.
            first = node.lineno - 1
            lines[first] = lines[first][: node.col_offset] + '""\n'
            for row in range(first + 1, node.end_lineno):  # type: ignore[operator]
                lines[row] = "\n"
    return "".join(line if line.strip() else "\n" for line in lines)


def build_wheel(out_dir: Path) -> Path:
    """pygames_core as a pure-Python wheel, byte-for-byte the same for the same sources."""
    project = project_metadata()
    name = project["name"].replace("-", "_")
    version = project["version"]
    dist_info = f"{name}-{version}.dist-info"
    files: list[tuple[str, bytes]] = []
    for path in sorted(PACKAGE.rglob("*")):
        relative = path.relative_to(ROOT)
        if path.is_dir() or "__pycache__" in relative.parts or path.suffix in (".pyc", ".pyo"):
            continue
        if any(part.startswith(".") for part in relative.parts):
            continue
        data = path.read_bytes()
        files.append((relative.as_posix(), shipped_source(data.decode()).encode() if path.suffix == ".py" else data))
    if not any(arcname == "pygames_core/bridge.py" for arcname, _ in files):
        raise BuildError("pygames_core/bridge.py is missing: nothing to build")

    fields = {"Metadata-Version": "2.1", "Name": project["name"], "Version": version,
              "Summary": project.get("description"), "Requires-Python": project.get("requires-python"),
              "License": (project.get("license") or {}).get("text")}
    metadata = "".join(f"{key}: {value}\n" for key, value in fields.items() if value)
    files.append((f"{dist_info}/METADATA", metadata.encode()))
    files.append((f"{dist_info}/WHEEL", (
        "Wheel-Version: 1.0\nGenerator: pygames build.py\nRoot-Is-Purelib: true\nTag: py3-none-any\n"
    ).encode()))
    record = "".join(f"{arcname},{record_hash(data)},{len(data)}\n" for arcname, data in files)
    files.append((f"{dist_info}/RECORD", (record + f"{dist_info}/RECORD,,\n").encode()))

    out_dir.mkdir(parents=True, exist_ok=True)
    wheel = out_dir / f"{name}-{version}-py3-none-any.whl"
    with zipfile.ZipFile(wheel, "w") as archive:
        for arcname, data in files:  # package files sorted, then METADATA, WHEEL, RECORD last
            info = zipfile.ZipInfo(arcname, date_time=ZIP_TIME)
            info.external_attr = 0o644 << 16
            info.create_system = 3
            info.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(info, data, compresslevel=9)
    return wheel


# ------------------------------------------------------------------------------------ pyodide

MICROPIP_SHA256 = {"0.11.1": "768de165adb8e66906039d8fec4127a57f522dfdf8e6fbff877a4616941ecfd3"}
"""PyPI's micropip wheel of the version this Pyodide's lock names, pinned by its hash."""


def fetch_micropip(lock: dict) -> Path:
    """The micropip wheel that this Pyodide's lock names, downloaded from PyPI once into .cache/."""
    entry = lock.get("packages", {}).get("micropip")
    if not entry or entry["version"] not in MICROPIP_SHA256:
        raise BuildError("node_modules/pyodide/pyodide-lock.json names a micropip build.py has no pinned hash for")
    wheel = CACHE / entry["file_name"]
    if not wheel.exists():
        CACHE.mkdir(exist_ok=True)
        python = ".".join(lock["info"]["python"].split(".")[:2])  # Pyodide's Python: micropip asks for a recent one
        run([sys.executable, "-m", "pip", "download", "--no-deps", "--only-binary=:all:", "--python-version", python,
             f"micropip=={entry['version']}", "-d", str(CACHE)], "downloading micropip from PyPI")
    if not wheel.exists() or sha256_file(wheel) != MICROPIP_SHA256[entry["version"]]:
        wheel.unlink(missing_ok=True)
        raise BuildError(f"{wheel.name} from PyPI is not the pinned one (sha256 {MICROPIP_SHA256[entry['version']]})")
    return wheel


def copy_pyodide(target: Path) -> None:
    """The runtime files, micropip (for other Pyodide pages that install our package from the
    site's simple index, and for its test; the table never loads it) and a lock file that lists
    micropip alone: the lock is fetched on every start, so it should not promise wheels that are
    not in dist/."""
    target.mkdir(parents=True)
    for name in PYODIDE_RUNTIME[:-1]:
        source = NODE_PYODIDE / name
        if not source.exists():
            raise BuildError(f"node_modules/pyodide/{name} is missing: run `npm ci`")
        shutil.copy2(source, target / name)
    lock = read_json(NODE_PYODIDE / "pyodide-lock.json")
    micropip = fetch_micropip(lock)
    shutil.copy2(micropip, target / micropip.name)
    # loadPackage checks a wheel against the lock's sha256, and PyPI's wheel is not byte for byte
    # the one Pyodide's own build hashed: the lock names the wheel shipped here.
    entry = dict(lock["packages"]["micropip"], sha256=sha256_file(micropip), file_name=micropip.name)
    shipped = {"info": lock["info"], "packages": {"micropip": entry}}
    (target / "pyodide-lock.json").write_text(json.dumps(shipped, indent=1, sort_keys=True) + "\n")


SIMPLE_PROJECT = "pygames-core"  # the package's name normalized as PEP 503 asks


def write_simple_index(site: Path, wheel: Path) -> None:
    """simple/: a PEP 503 index of our wheel, so that any Pyodide page can install the rules with
    `micropip.install("pygames-core", index_urls=["https://<site>/simple"])`."""
    def page(title: str, link: str) -> str:
        return (f"<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n{CHARSET_META}\n<title>{title}</title>\n</head>\n"
                f"<body>\n{link}\n</body>\n</html>\n")
    project = site / "simple" / SIMPLE_PROJECT
    project.mkdir(parents=True)
    (site / "simple" / "index.html").write_text(
        page("Simple index", f'<a href="{SIMPLE_PROJECT}/">{SIMPLE_PROJECT}</a>'), encoding="utf-8")
    href = f"../../{wheel.relative_to(site).as_posix()}#sha256={sha256_file(wheel)}"
    (project / "index.html").write_text(page(f"Links for {SIMPLE_PROJECT}", f'<a href="{html.escape(href)}" '
                                             f'data-requires-python="&gt;=3.11">{wheel.name}</a>'), encoding="utf-8")


# -------------------------------------------------------------------------------------- build

def build(quiet: bool = False) -> dict:
    """Builds dist/ and returns its manifest."""
    if not WEB.is_dir():
        raise BuildError("web/ is missing")
    ensure_node_modules()
    pyodide_version = read_json(NODE_PYODIDE / "package.json")["version"]
    CACHE.mkdir(exist_ok=True)  # staging sits in .cache/ (ignored by git), on dist's file system
    staging = CACHE / f"dist-building-{os.getpid()}"
    shutil.rmtree(staging, ignore_errors=True)
    try:
        shutil.copytree(WEB, staging, ignore=shutil.ignore_patterns(".*", "__pycache__", "*~"))
        pyodide_dir = f"pyodide/{pyodide_version}/"
        copy_pyodide(staging / pyodide_dir)
        wheel_tmp = build_wheel(staging / "wheels")
        wheel_dir = staging / "wheels" / sha256_file(wheel_tmp)[:16]
        wheel_dir.mkdir()
        wheel = wheel_tmp.rename(wheel_dir / wheel_tmp.name)
        info = {
            "pyodide": pyodide_dir,
            "pyodide_version": pyodide_version,
            "wheel": wheel.relative_to(staging).as_posix(),
        }
        write_build_info(staging / "worker.js", info)
        write_simple_index(staging, wheel)
        write_catalogue(staging / "index.html")
        from site_rules import SourceError, write_pages  # rule pages; write_catalogue put ROOT on sys.path
        from site_starts import write_starts
        try:
            write_pages(WEB / "rules", staging / "rules")
        except SourceError as error:
            raise BuildError(f"rules page: {error}") from None
        write_starts(staging / "starts")
        write_policy(staging)
        write_module_preloads(staging)
        write_icons(staging / ICONS)
        manifest = write_manifest(staging, info)
        write_service_worker(staging, manifest)
        old = CACHE / f"dist-old-{os.getpid()}"
        if DIST.exists():
            DIST.rename(old)
        staging.rename(DIST)
        shutil.rmtree(old, ignore_errors=True)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise
    if not quiet:
        size = sum(entry["size"] for entry in manifest["files"].values())
        print(f"build.py: built dist/ ({len(manifest['files'])} files, {size / 1e6:.1f} MB, "
              f"build {manifest['build'][:12]}, {manifest['wheel']})", flush=True)
    return manifest


def page_policy() -> str:
    """The Content-Security-Policy that netlify.toml sends with every file."""
    for pattern, values in netlify_headers():
        if pattern == "/*" and "Content-Security-Policy" in values:
            return values["Content-Security-Policy"]
    raise BuildError('netlify.toml has no Content-Security-Policy for "/*"')


def write_policy(site: Path) -> None:
    """Writes the site's policy into every page as a <meta>, for hosts that send no headers."""
    meta = f'<meta http-equiv="Content-Security-Policy" content="{html.escape(page_policy())}">'
    for page in site.glob("**/*.html"):
        text = page.read_text(encoding="utf-8")
        if CHARSET_META not in text:
            raise BuildError(f"{page.relative_to(site)} has no {CHARSET_META}, which the policy follows")
        page.write_text(text.replace(CHARSET_META, f"{CHARSET_META}\n{meta}", 1), encoding="utf-8")


def static_imports(script: Path) -> list[Path]:
    """Every module `script` imports statically, directly or through others, in a stable order."""
    found: list[Path] = []
    waiting = [script]
    while waiting:
        module = waiting.pop(0)
        for target in STATIC_IMPORT.findall(module.read_text(encoding="utf-8")):
            path = (module.parent / target).resolve()
            if not path.is_file():
                raise BuildError(f"{module.name} imports {target}, which is not in the build")
            if path not in found and path != script:
                found.append(path)
                waiting.append(path)
    return found


def write_module_preloads(site: Path) -> None:
    """Names in each page every module its scripts import, as <link rel="modulepreload">: the
    browser then fetches them all at once, not one level of imports after another (on the table
    that waterfall held the first move back by a round trip or two)."""
    for page in site.glob("**/*.html"):
        text = page.read_text(encoding="utf-8")
        scripts = [(page.parent / source).resolve() for source in PAGE_MODULE.findall(text)]
        imported = [path for script in scripts for path in static_imports(script) if path not in scripts]
        unique = list(dict.fromkeys(imported))
        if unique:
            links = "".join(f'<link rel="modulepreload" href="{Path(os.path.relpath(path, page.parent)).as_posix()}">\n'
                            for path in unique)
            after = text.rindex("</script>", 0, text.index("</head>")) + len("</script>\n")  # the scripts first
            page.write_text(text[:after] + links + text[after:], encoding="utf-8")


def write_build_info(script: Path, info: dict) -> None:
    text = script.read_text(encoding="utf-8")
    start, end = text.find(BUILD_INFO_START), text.find(BUILD_INFO_END)
    if start < 0 or end < start:
        raise BuildError(f"web/{script.name} has no {BUILD_INFO_START} ... {BUILD_INFO_END} to fill in")
    filled = json.dumps(info, sort_keys=True)
    script.write_text(text[: start + len(BUILD_INFO_START)] + " " + filled + " " + text[end:], encoding="utf-8")


def write_catalogue(index: Path) -> None:
    """Fills index.html's catalogue from the registry: one truth for what games exist, and a
    list that paints without Python."""
    sys.path.insert(0, str(ROOT))
    from pygames_core import games  # standard library only, like this script

    entries = []
    for info in games():
        if not (WEB / "games" / f"{info.id}.svg").is_file():
            raise BuildError(f"web/games/{info.id}.svg is missing: every game has a thumbnail")
        players = (f"{info.min_players} players" if info.min_players == info.max_players
                   else f"{info.min_players}-{info.max_players} players")
        entries.append(
            f'    <li data-game="{info.id}">\n'
            f'      <a href="play.html?game={info.id}">\n'
            f'        <img src="games/{info.id}.svg" alt="" width="88" height="60">\n'
            f'        <div>\n'
            f'          <h2>{html.escape(info.title)}</h2>\n'
            f'          <p>{html.escape(info.summary)}</p>\n'
            f'          <p class="players">{players}</p>\n'
            f'        </div>\n'
            f'      </a>\n'
            f'    </li>\n')
    text = index.read_text(encoding="utf-8")
    if CATALOGUE_MARK not in text:
        raise BuildError(f"web/index.html has no {CATALOGUE_MARK} for the catalogue")
    index.write_text(text.replace(CATALOGUE_MARK + "\n", "".join(entries)), encoding="utf-8")


def write_manifest(site: Path, info: dict) -> dict:
    files = {}
    for path in sorted(site.rglob("*")):
        if path.is_file() and path != site / SERVICE_WORKER:
            files[path.relative_to(site).as_posix()] = {"sha256": sha256_file(path), "size": path.stat().st_size}
    listing = "".join(f"{name} {entry['sha256']}\n" for name, entry in files.items())
    manifest = {"build": hashlib.sha256(listing.encode()).hexdigest(), **info, "files": files}
    (site / "manifest.json").write_text(json.dumps(manifest, indent=1, sort_keys=True) + "\n")
    return manifest


# ------------------------------------------------------------------------------ offline (PWA)

SERVICE_WORKER = "sw.js"  # written from the manifest's listing, so not listed in it
ICONS = "icons"  # web/manifest.webmanifest names the files write_icons makes here
ICON_SIZES = (192, 512)
MASKABLE_SCALE = 0.8  # launchers cut a maskable icon to their own outline: keep the picture inside


def icon_shapes(svg: Path) -> tuple[float, list[tuple[str, dict[str, float], tuple[int, int, int]]]]:
    """web/icon.svg as (viewBox side, [(tag, geometry, colour)]), so the PNG icons are drawn from
    the one picture. It understands only what icon.svg uses: a square viewBox, <rect> and
    <circle>, each filled with #rrggbb, the first one the background."""
    root = ElementTree.parse(svg).getroot()
    left, top, width, height = (float(value) for value in root.get("viewBox", "0 0 0 1").split())
    if (left, top) != (0, 0) or width != height:
        raise BuildError(f"web/{svg.name}: the PNG icons need a square viewBox from 0 0")
    attributes = {"rect": ("x", "y", "width", "height", "rx"), "circle": ("cx", "cy", "r")}
    shapes = []
    for element in root:
        tag, fill = element.tag.rpartition("}")[2], element.get("fill", "")
        if tag not in attributes or len(fill) != 7 or not fill.startswith("#"):
            raise BuildError(f"web/{svg.name}: build.py cannot draw <{tag} fill={fill!r}> into the PNG icons")
        geometry = {name: float(element.get(name, 0)) for name in attributes[tag]}
        shapes.append((tag, geometry, (int(fill[1:3], 16), int(fill[3:5], 16), int(fill[5:7], 16))))
    if not shapes:
        raise BuildError(f"web/{svg.name} has nothing to draw")
    return width, shapes


def edge_distance(tag: str, geometry: dict[str, float], x: float, y: float) -> float:
    """How far (x, y) lies outside the shape's edge; negative inside."""
    if tag == "circle":
        return math.hypot(x - geometry["cx"], y - geometry["cy"]) - geometry["r"]
    half_width, half_height, radius = geometry["width"] / 2, geometry["height"] / 2, geometry["rx"]
    beyond_x = abs(x - geometry["x"] - half_width) - half_width + radius
    beyond_y = abs(y - geometry["y"] - half_height) - half_height + radius
    return math.hypot(max(beyond_x, 0), max(beyond_y, 0)) + min(max(beyond_x, beyond_y), 0) - radius


def draw_icon(svg: Path, size: int, maskable: bool) -> bytes:
    """The icon as PNG scanlines (RGBA). A pixel takes as much of a shape as its centre lies
    within half a pixel of the inside, which smooths the edges. A maskable icon fills the whole
    square with the background colour and draws the rest smaller, around the middle."""
    side, (background, *picture) = icon_shapes(svg)
    if maskable:
        background = ("rect", {"x": 0, "y": 0, "width": side, "height": side, "rx": 0}, background[2])
    zoom = MASKABLE_SCALE if maskable else 1.0
    pixel = side / size  # one pixel's side in the viewBox's units
    canvas = bytearray(size * size * 4)  # RGBA, transparent
    for (tag, geometry, colour), scale in [(background, 1.0), *((shape, zoom) for shape in picture)]:
        solid = bytes((*colour, 255))
        for row in range(size):
            y = side / 2 + ((row + 0.5) * pixel - side / 2) / scale
            column = 0
            while column < size:
                x = side / 2 + ((column + 0.5) * pixel - side / 2) / scale
                at = (row * size + column) * 4
                # In pixels, and it changes by at most one from one pixel to the next, so a pixel
                # this far inside (or outside) vouches for the next ones too: skip over them.
                distance = edge_distance(tag, geometry, x, y) * scale / pixel
                if distance <= -0.5:
                    run = min(int(-0.5 - distance) + 1, size - column)
                    canvas[at:at + 4 * run] = solid * run
                    column += run
                elif distance >= 0.5:
                    column += int(distance - 0.5) + 1
                else:
                    canvas[at:at + 4] = over(colour, 0.5 - distance, canvas[at:at + 4])
                    column += 1
    stride = size * 4  # each scanline starts with its filter type, 0: the bytes as they are
    return b"".join(b"\0" + canvas[start:start + stride] for start in range(0, len(canvas), stride))


def over(colour: tuple[int, int, int], cover: float, below: bytes) -> bytes:
    """`colour` covering a fraction `cover` of a pixel drawn over `below` (RGBA, not premultiplied)."""
    seen = below[3] / 255 * (1 - cover)  # how much of `below` still shows
    alpha = cover + seen
    mixed = (round((mine * cover + theirs * seen) / alpha) for mine, theirs in zip(colour, below))
    return bytes((*mixed, round(alpha * 255)))


def png(size: int, scanlines: bytes) -> bytes:
    """A square 8-bit RGBA PNG of the given scanlines."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    header = struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0)  # depth 8, RGBA, deflate, no interlace
    body = chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(scanlines, 9)) + chunk(b"IEND", b"")
    return b"\x89PNG\r\n\x1a\n" + body


def write_icons(folder: Path) -> None:
    """The PNG icons that web/manifest.webmanifest names, drawn from web/icon.svg."""
    folder.mkdir()
    icons = [(f"icon-{size}.png", size, False) for size in ICON_SIZES]
    icons.append((f"maskable-{max(ICON_SIZES)}.png", max(ICON_SIZES), True))
    for name, size, maskable in icons:
        (folder / name).write_bytes(png(size, draw_icon(WEB / "icon.svg", size, maskable)))


def write_service_worker(site: Path, manifest: dict) -> None:
    """Fills sw.js with the build hash and what it precaches: every file of the manifest and
    manifest.json itself, each with its sha256 as subresource integrity."""
    digests = {name: entry["sha256"] for name, entry in manifest["files"].items()}
    digests["manifest.json"] = sha256_file(site / "manifest.json")
    files = {name: "sha256-" + base64.b64encode(bytes.fromhex(digest)).decode()
             for name, digest in digests.items()}
    write_build_info(site / SERVICE_WORKER, {"build": manifest["build"], "files": files})


# -------------------------------------------------------------------------------------- serve

@functools.cache
def netlify_headers() -> list[tuple[str, dict[str, str]]]:
    """The [[headers]] of netlify.toml, so the dev server sends what Netlify sends."""
    path = ROOT / "netlify.toml"
    if not path.exists():
        return []
    rules = tomllib.loads(path.read_text(encoding="utf-8")).get("headers", [])
    return [(rule["for"], {k: " ".join(str(v).split()) for k, v in rule.get("values", {}).items()})
            for rule in rules]


def headers_for(url_path: str) -> dict[str, str]:
    """Every rule whose pattern matches adds its headers (`*` matches across slashes, as on
    Netlify); a header set by two rules gets both values, comma-joined."""
    headers: dict[str, str] = {}
    for pattern, values in netlify_headers():
        if fnmatch.fnmatchcase(url_path, pattern):
            for key, value in values.items():
                headers[key] = f"{headers[key]}, {value}" if key in headers else value
    headers.setdefault("Cache-Control", "public, max-age=0, must-revalidate")  # Netlify's default
    return headers


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    """Serves a directory with the right MIME types and netlify.toml's headers, quietly."""

    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES}
    protocol_version = "HTTP/1.1"  # keep-alive, as a real host: the page fetches a dozen files

    def end_headers(self) -> None:
        path = self.path.split("?", 1)[0].split("#", 1)[0]
        for key, value in headers_for(path).items():
            if key.lower() != "content-type":  # the MIME map above already sent it
                self.send_header(key, value)
        super().end_headers()

    def log_request(self, code: object = "-", size: object = "-") -> None:
        if str(code)[:1] in ("4", "5"):  # quiet: only failed requests are worth a line
            sys.stderr.write(f"serve: {code} {self.requestline}\n")

    def log_message(self, format: str, *args: object) -> None:
        pass


class SiteServer(http.server.ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request: object, client_address: object) -> None:
        if not isinstance(sys.exc_info()[1], (ConnectionError, TimeoutError)):  # browsers hang up
            super().handle_error(request, client_address)


def make_server(directory: Path = DIST, port: int = 0, host: str = "127.0.0.1") -> SiteServer:
    """A server for `directory` (port 0: a free port); call serve_forever() on it."""
    return SiteServer((host, port), functools.partial(SiteHandler, directory=str(directory)))


def serve(port: int) -> None:
    build()
    try:
        server = make_server(DIST, port)
    except OSError as error:
        raise BuildError(f"cannot listen on 127.0.0.1:{port}: {error.strerror}") from None
    print(f"build.py: serving dist/ on http://127.0.0.1:{server.server_address[1]}/ (Ctrl-C stops)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()


# --------------------------------------------------------------------------------------- test

def ensure_venv() -> Path:
    python = VENV / "bin" / "python"
    if not python.exists():
        run([sys.executable, "-m", "venv", str(VENV)], "creating .venv")
    stamp = VENV / ".pygames-pyproject.sha256"
    wanted = sha256_file(ROOT / "pyproject.toml")
    if not stamp.exists() or stamp.read_text().strip() != wanted:
        run([str(python), "-m", "pip", "install", "--quiet", "-e", ".[test]"], "installing the test dependencies")
        stamp.write_text(wanted + "\n")
    return python


def ensure_chromium() -> None:
    if CHROMIUM.exists():
        return
    if os.geteuid() != 0:
        raise BuildError(f"{CHROMIUM} is missing: install Debian's chromium package "
                         "(sudo apt-get install chromium) and run again")
    run(["apt-get", "update"], "updating the Debian package lists")
    run(["apt-get", "install", "-y", "chromium"], "installing Chromium")
    if not CHROMIUM.exists():
        raise BuildError(f"apt-get installed chromium but {CHROMIUM} is still missing")


def test(pytest_args: list[str]) -> int:
    python = ensure_venv()
    ensure_node_modules(force_check=True)
    ensure_chromium()
    build()
    print(f"build.py: running pytest {' '.join(pytest_args)}", flush=True)
    return subprocess.call([str(python), "-m", "pytest", *pytest_args], cwd=ROOT)


# --------------------------------------------------------------------------------------- main

def main(argv: list[str]) -> int:
    if argv[:1] == ["test"]:  # everything after `test` goes to pytest untouched
        command, rest = "test", argv[1:]
    else:
        parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
        parser.add_argument("command", nargs="?", default="build", choices=["build", "serve", "test"])
        parser.add_argument("--port", type=int, default=8000, help="port for serve (default 8000)")
        options = parser.parse_args(argv)
        command, rest = options.command, [str(options.port)]
    try:
        if command == "build":
            build()
        elif command == "serve":
            serve(int(rest[0]))
        else:
            return test(rest)
    except BuildError as error:
        print(f"build.py: error: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
