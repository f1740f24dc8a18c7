"""A throwaway PostgreSQL cluster for tests: `initdb` in a temporary folder owned by the
``postgres`` user, `pg_ctl` on a free loopback port, stopped and removed afterwards. The
server refuses to run as root, so as root it runs as ``postgres`` (``runuser``).

One cluster serves the whole run (the ``postgres_cluster`` fixture of tests/conftest.py):
starting one costs a second or two, a fresh database on it a tenth of that."""

from __future__ import annotations

import contextlib
import itertools
import os
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from ports import free_port  # also postgres.free_port, as tests/scaleout uses it

VERSIONS = ("17", "16", "15")
_RUNNING: dict[int, Cluster] = {}  # port -> the cluster listening there


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


@dataclass
class Cluster:
    """A running cluster: the commands that drive it, and the databases made on it."""

    folder: Path  # the binaries
    root: Path  # the data folder's parent, the socket and the log
    port: int
    as_user: list[str]  # runuser -u postgres -- when running as root
    names: Iterator[int] = field(default_factory=itertools.count)

    @property
    def options(self) -> str:
        return f"-p {self.port} -k {self.root} -c listen_addresses=127.0.0.1 -c fsync=off"

    def pg_ctl(self, *args: str) -> list[str]:
        data = str(self.root / "data")
        return [*self.as_user, str(self.folder / "pg_ctl"), "-D", data, *args]

    def run(self, command: list[str], check: bool = True) -> None:
        subprocess.run(command, check=check, capture_output=True, cwd=self.root)

    def database(self) -> str:
        """A new, empty database; its SQLAlchemy URL."""
        name = f"bigtwo{next(self.names)}"
        createdb = str(self.folder / "createdb")
        port = str(self.port)
        self.run([*self.as_user, createdb, "-h", "127.0.0.1", "-p", port, "-U", "postgres", name])
        return f"postgresql+psycopg://postgres@127.0.0.1:{self.port}/{name}"


@contextlib.contextmanager
def cluster() -> Iterator[Cluster]:
    """Start a cluster; yield it (`Cluster.database` makes a database on it)."""
    folder = binaries()
    assert folder is not None, why_not()
    root = Path(tempfile.mkdtemp(prefix="bigtwo-pg-"))
    as_user: list[str] = []
    if os.geteuid() == 0:
        shutil.chown(root, "postgres", "postgres")
        as_user = ["runuser", "-u", "postgres", "--"]
    running = Cluster(folder, root, free_port(), as_user)
    initdb = [str(folder / "initdb"), "-D", str(root / "data"), "-A", "trust", "-U", "postgres"]
    running.run([*as_user, *initdb, "--no-sync"])
    try:
        running.run(running.pg_ctl("-o", running.options, "-l", str(root / "log"), "-w", "start"))
        _RUNNING[running.port] = running
        yield running
    finally:
        _RUNNING.pop(running.port, None)
        running.run(running.pg_ctl("-m", "immediate", "-w", "stop"), check=False)
        shutil.rmtree(root, ignore_errors=True)


def restart(url: str) -> None:
    """Restart the cluster serving ``url`` as an operator would: a fast shutdown (sessions
    are ended, the work in hand rolled back), then a start."""
    port = int(url.rsplit(":", 1)[1].split("/", 1)[0])
    running = _RUNNING[port]
    log = str(running.root / "log")
    running.run(running.pg_ctl("-o", running.options, "-l", log, "-m", "fast", "-w", "restart"))
