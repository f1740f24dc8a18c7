"""A throwaway PostgreSQL cluster for tests: `initdb` in a temporary folder owned by the
``postgres`` user, `pg_ctl` on a free loopback port, stopped and removed afterwards. The
server refuses to run as root, so as root it runs as ``postgres`` (``runuser``)."""

from __future__ import annotations

import contextlib
import os
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path

from ports import free_port

VERSIONS = ("17", "16", "15")
_RUNNING: dict[str, list[str]] = {}  # a cluster's URL -> pg_ctl with its data folder


def binaries() -> Path | None:
    """The folder holding initdb and pg_ctl (Debian keeps them off PATH), or None."""
    found = shutil.which("pg_ctl")
    if found:
        return Path(found).resolve().parent
    for version in VERSIONS:
        folder = Path(f"/usr/lib/postgresql/{version}/bin")
        if (folder / "pg_ctl").exists():
            return folder
    return None


def why_not() -> str | None:
    """Why a cluster can't start here (None: it can)."""
    if binaries() is None:
        return "PostgreSQL's binaries are not installed (python3 dev.py test installs them)"
    if os.geteuid() == 0 and shutil.which("runuser") is None:
        return "running as root without runuser to switch to the postgres user"
    return None


@contextlib.contextmanager
def cluster() -> Iterator[str]:
    """Start a cluster; yield a SQLAlchemy URL of an empty database on it."""
    folder = binaries()
    assert folder is not None, why_not()
    root = Path(tempfile.mkdtemp(prefix="bigtwo-pg-"))
    as_user: list[str] = []
    if os.geteuid() == 0:
        shutil.chown(root, "postgres", "postgres")
        as_user = ["runuser", "-u", "postgres", "--"]
    data, port = root / "data", free_port()
    run = {"check": True, "capture_output": True, "cwd": root}
    subprocess.run(
        [
            *as_user,
            str(folder / "initdb"),
            "-D",
            str(data),
            "-A",
            "trust",
            "-U",
            "postgres",
            "--no-sync",
        ],
        **run,
    )  # type: ignore[call-overload]
    options = f"-p {port} -k {root} -c listen_addresses=127.0.0.1 -c fsync=off"
    subprocess.run(
        [
            *as_user,
            str(folder / "pg_ctl"),
            "-D",
            str(data),
            "-o",
            options,
            "-l",
            str(root / "log"),
            "-w",
            "start",
        ],
        **run,
    )  # type: ignore[call-overload]
    try:
        subprocess.run(
            [
                *as_user,
                str(folder / "createdb"),
                "-h",
                "127.0.0.1",
                "-p",
                str(port),
                "-U",
                "postgres",
                "bigtwo",
            ],
            **run,
        )  # type: ignore[call-overload]
        url = f"postgresql+psycopg://postgres@127.0.0.1:{port}/bigtwo"
        pg_ctl = [*as_user, str(folder / "pg_ctl"), "-D", str(data), "-o", options]
        _RUNNING[url] = [*pg_ctl, "-l", str(root / "log")]
        yield url
    finally:
        _RUNNING.pop(f"postgresql+psycopg://postgres@127.0.0.1:{port}/bigtwo", None)
        subprocess.run(
            [*as_user, str(folder / "pg_ctl"), "-D", str(data), "-m", "immediate", "-w", "stop"],
            capture_output=True,
            cwd=root,
        )
        shutil.rmtree(root, ignore_errors=True)


def restart(url: str) -> None:
    """Restart the cluster at ``url`` as an operator would: a fast shutdown (sessions are
    ended, the work in hand rolled back), then a start."""
    pg_ctl = _RUNNING[url]
    subprocess.run(
        [*pg_ctl, "-m", "fast", "-w", "restart"], check=True, capture_output=True, cwd="/tmp"
    )
