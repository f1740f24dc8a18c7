#!/usr/bin/env python3
"""Set up the project's virtual environment with what a task needs (on first use, when the
task needs more than is installed, or when pyproject.toml changes) and run the task in it.
Needs only Python 3.11+.

    python3 dev.py serve [ARGS…]  the server extra, then `bigtwo serve` (the online server)
    python3 dev.py play [ARGS…]   the package alone, then `bigtwo play`
    python3 dev.py test [ARGS…]   everything (the dev extra; TypeScript's checker with npm),
                                  then the whole suite: ruff, mypy --strict, pytest
    python3 dev.py bigtwo ARGS…   what the command needs (arena: the arena extra, --dataset:
                                  rl), then any `bigtwo` command

One .venv serves every task: a task that needs more installs the rest into it, and
.venv/.bigtwo-installed remembers which extras are in (a set that includes another, as dev
includes them all, counts for it).
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import time
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
STAMP = VENV / ".bigtwo-installed"
# Debian's fonts-noto-cjk: without a CJK font, Chromium draws the Chinese catalogues as boxes
CJK_FONTS = Path("/usr/share/fonts/opentype/noto")
# and fonts-noto-color-emoji, for the emoji a name or a chat line may hold (the page's font
# stack names it, as the phones' and desktops' own colour emoji fonts)
EMOJI_FONTS = Path("/usr/share/fonts/truetype/noto")


def extras_for(task: str, args: list[str]) -> set[str]:
    """The extras of pyproject.toml that ``task`` with ``args`` needs."""
    if task == "test":
        return {"dev"}
    if task == "bigtwo":
        task, args = (args[0], args[1:]) if args else ("", [])
    needed = set()
    if task == "serve":
        needed.add("server")
        if any("postgres" in a for a in args):  # a PostgreSQL URL (or --workers with one)
            needed.add("postgres")
    if task == "arena":
        needed.add("arena")
    if any(a == "--dataset" or a.startswith("--dataset=") for a in args):
        needed.add("rl")
    return needed


def included(extras: set[str], optional: dict[str, list[str]]) -> set[str]:
    """``extras`` and every extra they bring through ``bigtwo[…]`` (dev brings them all)."""
    out: set[str] = set()
    todo = list(extras)
    while todo:
        extra = todo.pop()
        if extra in out:
            continue
        out.add(extra)
        for requirement in optional.get(extra, []):
            found = re.match(r"bigtwo\[([^\]]+)\]", requirement)
            if found:
                todo += [e.strip() for e in found.group(1).split(",")]
    return out


def read_stamp() -> tuple[str, set[str]]:
    """The pyproject.toml digest and the extras the venv was set up with ("" when never)."""
    try:
        text = STAMP.read_text()
    except OSError:
        return "", set()
    try:
        stamp = json.loads(text)
        return str(stamp["pyproject"]), set(stamp["extras"])
    except (ValueError, KeyError, TypeError):  # the older stamp: the digest of a dev install
        return text.strip(), {"dev"}


def ensure_env(needed: set[str]) -> None:
    """Create .venv and install the project with the ``needed`` extras when they are not in."""
    import tomllib

    text = (ROOT / "pyproject.toml").read_bytes()
    digest = hashlib.sha256(text).hexdigest()
    optional = tomllib.loads(text.decode())["project"]["optional-dependencies"]
    done, extras = read_stamp()
    if done == digest and included(needed, optional) <= included(extras, optional):
        return
    wanted = extras | needed  # what was in stays in, also when pyproject.toml changed
    wanted = {e for e in wanted if not any(e in included({o}, optional) - {o} for o in wanted)}
    if not (BIN / "python").exists():
        print("creating .venv (first run only)…", flush=True)
        venv.EnvBuilder(with_pip=True).create(VENV)
    spec = f"{ROOT}[{','.join(sorted(wanted))}]" if wanted else str(ROOT)
    pip_install(spec, f"bigtwo[{','.join(sorted(wanted))}]" if wanted else "bigtwo")
    STAMP.write_text(json.dumps({"pyproject": digest, "extras": sorted(wanted)}))


def pip_install(spec: str, label: str) -> None:
    """``pip install -e spec``, showing each package as pip collects it; pip's whole output
    only when it fails."""
    print(f"installing {label} into .venv…", flush=True)
    start = time.monotonic()
    cmd = [str(BIN / "python"), "-m", "pip", "install", "--disable-pip-version-check"]
    pip = subprocess.Popen(  # --no-compile: a module is compiled when first imported, not all
        [*cmd, "--progress-bar", "off", "--no-compile", "-e", spec],  # now (a third faster)
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        errors="replace",
        env={**os.environ, "PYTHONUNBUFFERED": "1"},  # each line as it happens, not in bursts
    )
    assert pip.stdout is not None
    log, count = [], 0
    for line in pip.stdout:
        log.append(line)
        name = collected(line)
        if name:
            count += 1
            print(f"  {count:3}  {name}", flush=True)
        elif line.startswith("Installing collected packages:"):
            print(f"  unpacking {len(line.split(','))} packages…", flush=True)
    if pip.wait():
        sys.stdout.write("".join(log))
        sys.exit(f"pip could not install {label} (its output is above)")
    print(f"  installed in {time.monotonic() - start:.0f} s", flush=True)


def collected(line: str) -> str | None:
    """The package a line of pip's output says it is fetching (from an index, or a file)."""
    if line.startswith("Collecting "):
        return re.split(r"[^A-Za-z0-9._-]", line.split()[1], maxsplit=1)[0]
    if line.startswith("Processing ") and line.split()[1].endswith((".whl", ".tar.gz")):
        return Path(line.split()[1]).name.split("-")[0]
    return None


def missing_system_packages() -> list[str]:
    """Debian packages the tests drive for real: PostgreSQL (a throwaway cluster per run),
    Chromium (the browser tests; Playwright can't download browsers here) and the fonts for
    the Chinese pages it shows and for emoji, so that screenshots are what players see."""
    missing = []
    if not shutil.which("pg_ctl") and not list(Path("/usr/lib/postgresql").glob("*/bin/pg_ctl")):
        missing.append("postgresql")
    if not shutil.which("chromium"):
        missing.append("chromium")
    if not list(CJK_FONTS.glob("NotoSansCJK*")):
        missing.append("fonts-noto-cjk")
    if not (EMOJI_FONTS / "NotoColorEmoji.ttf").exists():
        missing.append("fonts-noto-color-emoji")
    return missing


def ensure_system() -> None:
    """Install the missing system packages with apt-get where we are root on Debian (once);
    elsewhere the tests that need them say why they are skipped."""
    missing = missing_system_packages()
    if not missing or not Path("/etc/debian_version").exists():
        return
    if not hasattr(os, "geteuid") or os.geteuid() != 0:
        return
    print(f"installing {' '.join(missing)} with apt-get (first run only)…", flush=True)
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    quiet = {"env": env, "stdout": subprocess.DEVNULL}
    subprocess.run(["apt-get", "update", "-qq"], **quiet)  # type: ignore[call-overload]
    done = subprocess.run(["apt-get", "install", "-y", "-qq", *missing], **quiet)  # type: ignore[call-overload]
    if done.returncode:
        print(
            f"apt-get could not install {' '.join(missing)}; the tests that need them will say so",
            flush=True,
        )


TYPESCRIPT = "typescript@5.9.3"  # dev-only: tsc checks the page's code against the protocol
TSC = VENV / "node" / "node_modules" / ".bin" / "tsc"


def ensure_typescript() -> None:
    """TypeScript's checker into .venv/node with npm, once, where npm exists (without it, the
    test that runs tsc says it was skipped and why)."""
    npm = shutil.which("npm")
    if TSC.exists() or npm is None:
        return
    print(f"installing {TYPESCRIPT} with npm (first run only)…", flush=True)
    done = subprocess.run(
        [npm, "install", "--prefix", str(VENV / "node"), "--no-audit", "--no-fund", TYPESCRIPT],
        capture_output=True,
        text=True,
    )
    if done.returncode:
        print(f"npm could not install {TYPESCRIPT}: {done.stderr.strip()[-300:]}", flush=True)


def run(cmd: list[str]) -> int:
    return subprocess.run(cmd, cwd=ROOT).returncode


def workers(args: list[str]) -> list[str]:
    """pytest-xdist's workers, one a core (at most four), unless the caller chose (`-n`,
    `-p no:xdist`): most of the suite's time is spent waiting on servers, browsers and pip, so
    two cores halve it."""
    if any(a == "-n" or a.startswith(("-n", "--numprocesses")) or "xdist" in a for a in args):
        return []
    return ["-n", str(min(4, os.cpu_count() or 1))]


def durations(args: list[str]) -> list[str]:
    """The slowest tests named at the end (unless the caller chose): where the suite's time
    goes, on any machine it runs on."""
    return [] if any(a.startswith("--durations") for a in args) else ["--durations=15"]


def test(args: list[str]) -> int:
    steps = [
        [str(BIN / "ruff"), "check", "src", "tests", "benchmarks", "examples"],
        [str(BIN / "ruff"), "format", "--check", "src", "tests", "benchmarks", "examples"],
        [str(BIN / "mypy"), "--strict", "src"],
        [str(BIN / "python"), "-m", "pytest", *workers(args), *durations(args), *args],
    ]
    for step in steps:
        print(
            "$",
            " ".join(Path(step[0]).name if i == 0 else a for i, a in enumerate(step)),
            flush=True,
        )
        code = run(step)
        if code:
            return code
    return 0


def main(argv: list[str]) -> int:
    if not argv or argv[0] not in ("serve", "play", "test", "bigtwo"):
        print(__doc__)
        return 2
    if sys.version_info < (3, 11):  # noqa: UP036 (dev.py runs on any python3 to say so)
        sys.exit(f"bigtwo needs Python 3.11 or newer; this is {sys.version.split()[0]}")
    task, rest = argv[0], argv[1:]
    ensure_env(extras_for(task, rest))
    if task == "test":
        ensure_system()
        ensure_typescript()
        return test(rest)
    if task in ("play", "serve"):
        return run([str(BIN / "bigtwo"), task, *rest])
    return run([str(BIN / "bigtwo"), *rest])


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
