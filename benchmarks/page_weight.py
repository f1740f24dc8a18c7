"""The browser page's first load, in bytes: what a browser fetches before it can draw the home
screen, raw and gzip-compressed (``zlib`` level 6, as a server's gzip sends it).

A fresh ``bigtwo serve`` (a free loopback port, an SQLite file in a temporary folder) is asked
for ``/`` and then for what the page loads, found as a browser finds it: the stylesheets and
module scripts ``index.html`` names, every module those import statically (``import … from
"./x.js"``; a dynamic ``import()`` waits until it is needed and is left out), and the message
catalogues ``i18n.js`` reads first (``languages.json``, English, and for ``--lang`` the
chosen catalogue and its parents). The JSON the home screen asks the server for (the rule sets,
the lobby) is data rather than the page, and is counted apart.

    python benchmarks/page_weight.py            # an English browser
    python benchmarks/page_weight.py --lang zh-HK
"""

from __future__ import annotations

import argparse
import json
import os
import re
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
import zlib
from pathlib import Path

# a static import (``import { a } from "./x.js";`` or ``import "./x.js";``) at a line's start
STATIC_IMPORT = re.compile(r'^import\s+(?:[^"\';]*?\s+from\s+)?["\']([^"\']+)["\']', re.M)
STYLESHEET = re.compile(r'<link[^>]*rel="stylesheet"[^>]*href="([^"]+)"')
MODULE = re.compile(r'<script[^>]*type="module"[^>]*src="([^"]+)"')
DATA = ["api/rules", "api/lobby"]  # what the home screen asks the server for


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


SENT: dict[str, int] = {}  # path -> the bytes the server sent for it, as a browser asks (gzip)


def fetch(base: str, path: str) -> bytes:
    asked = urllib.request.Request(f"{base}/{path}", headers={"Accept-Encoding": "gzip"})
    with urllib.request.urlopen(asked, timeout=10) as reply:
        body = bytes(reply.read())
        SENT[path] = len(body)
        packed = reply.headers.get("Content-Encoding") == "gzip"
    return zlib.decompress(body, 31) if packed else body


def gzipped(body: bytes) -> int:
    packer = zlib.compressobj(6, zlib.DEFLATED, 31)  # 31: the gzip wrapper
    return len(packer.compress(body) + packer.flush())


def modules(base: str, first: str) -> dict[str, bytes]:
    """Every module reached from ``first`` by static imports: path → body."""
    found: dict[str, bytes] = {}
    waiting = [first]
    while waiting:
        path = waiting.pop()
        if path in found:
            continue
        found[path] = body = fetch(base, path)
        folder = path.rsplit("/", 1)[0]
        for target in STATIC_IMPORT.findall(body.decode("utf-8")):
            waiting.append(os.path.normpath(f"{folder}/{target}"))
    return found


def catalogues(base: str, lang: str) -> dict[str, bytes]:
    """languages.json, English, and ``lang`` over its parents, as i18n.js loads them."""
    listed = fetch(base, "i18n/languages.json")
    out = {"i18n/languages.json": listed}
    parents = json.loads(listed).get("parents", {})
    chain = [lang]
    while chain[-1] in parents:
        chain.append(parents[chain[-1]])
    for tag in ["en", *reversed(chain)]:
        out.setdefault(f"i18n/{tag}.json", fetch(base, f"i18n/{tag}.json"))
    return out


def first_load(base: str, lang: str) -> dict[str, bytes]:
    page = fetch(base, "")
    html = page.decode("utf-8")
    loaded = {"index.html": page}
    for href in STYLESHEET.findall(html):
        loaded[href] = fetch(base, href)
    for src in MODULE.findall(html):
        loaded.update(modules(base, src))
    loaded.update(catalogues(base, lang))
    return loaded


def serve() -> tuple[subprocess.Popen[bytes], str, tempfile.TemporaryDirectory[str]]:
    folder = tempfile.TemporaryDirectory()
    port = free_port()
    db = Path(folder.name) / "rooms.db"
    cmd = [sys.executable, "-m", "bigtwo", "serve", "--host", "127.0.0.1", "--port", str(port)]
    cmd += ["--database", f"sqlite:///{db}"]
    log = (Path(folder.name) / "server.log").open("wb")
    proc = subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            sys.exit("`bigtwo serve` stopped at once (is bigtwo importable? PYTHONPATH=src)")
        try:
            fetch(base, "healthz")
            return proc, base, folder
        except OSError:
            time.sleep(0.1)
    proc.kill()
    sys.exit("`bigtwo serve` didn't answer /healthz within 30 s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--lang", default="en", help="the page's language (a catalogue's tag)")
    parser.add_argument("--files", action="store_true", help="list every file with its bytes")
    args = parser.parse_args()
    proc, base, folder = serve()
    try:
        loaded = first_load(base, args.lang)
        data = {path: fetch(base, path) for path in DATA}
    finally:
        proc.send_signal(signal.SIGINT)
        try:
            proc.wait(30)
        except subprocess.TimeoutExpired:
            proc.kill()
        folder.cleanup()
    if args.files:
        for path, body in sorted(loaded.items(), key=lambda item: -len(item[1])):
            print(f"  {path:<32} {len(body):>8,} B raw {gzipped(body):>7,} B gzip")
    kinds = {
        "html": [b for p, b in loaded.items() if p.endswith(".html")],
        "css": [b for p, b in loaded.items() if p.endswith(".css")],
        "js": [b for p, b in loaded.items() if p.endswith(".js")],
        "catalogues": [b for p, b in loaded.items() if p.endswith(".json")],
    }
    print(f"first load of the page ({args.lang}), {len(loaded)} files:")
    for kind, bodies in kinds.items():
        raw = sum(len(b) for b in bodies)
        packed = sum(gzipped(b) for b in bodies)
        print(f"  {kind:<11} {len(bodies):>3} files {raw:>9,} B raw {packed:>8,} B gzip")
    raw = sum(len(b) for b in loaded.values())
    packed = sum(gzipped(b) for b in loaded.values())
    print(f"  {'total':<11} {len(loaded):>3} files {raw:>9,} B raw {packed:>8,} B gzip")
    sent = sum(SENT["" if path == "index.html" else path] for path in loaded)
    print(f"  sent by the server to a browser that takes gzip: {sent:,} B")
    extra = sum(len(b) for b in data.values())
    print(f"  and the home screen's data ({', '.join(DATA)}): {extra:,} B raw")


if __name__ == "__main__":
    main()
