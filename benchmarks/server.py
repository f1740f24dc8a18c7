"""The online server under load: tables held, actions a second, CPU, memory per table and the
latency of each person's action, on loopback.

Run ``python benchmarks/server.py [--tables N] [--seconds S] [--think T] [--ramp]
[--database postgresql://… --workers 2]``.

With ``--database`` the server runs on that database (its bigtwo tables are emptied before
each run: give it a database of its own; and its cluster's WAL is warmed, `warm_wal`, which
needs a superuser for the checkpoint) and ``--workers N`` starts N server processes on the
port; CPU and memory are then those of the whole process tree (the supervisor and its
workers), not counting the database server's, which is shown apart when it runs on this
machine (processes named ``postgres``).

`bigtwo serve` runs as a child process on a free loopback port with a fresh SQLite file
(durable: every accepted action is committed before anyone hears of it). One or more client
processes (``--clients``, apart from the server's) open N WebSocket connections; each creates
a room with three ``hard`` bots, starts it and plays its seat like a person: about ``--think``
seconds (0.5x to 1.5x, at random) after its turn comes it sends a random offered action, and
as long after a deal ends it says ``ready`` on the deal's summary (a turn that spans a deal's
end is not counted).
Connections open at ``--open-rate`` a second; measuring starts once they are all open and
a few turns have gone round, and lasts ``--seconds``. Printed for that window:

* tables held (connections that played to the end of it), actions a second (acknowledged),
* the server's CPU (``/proc/PID/stat``, percent of one core) and memory (``/proc/PID/status``
  VmRSS: the total, and the growth over the idle server divided by the tables), the clients'
  CPU beside it (they share the machine), and the CPU time the server (and the database)
  spent per person's action,
* action -> ``ack`` and action -> next turn (the ``update`` in which the seat is awaited
  again; the three bots play in between) latency, p50, p99 and worst, in ms, as the client
  sees it: its own event loop's delay is included (its garbage collector is off for the
  window, whose pauses would be counted too).
* on PostgreSQL, the WAL written and the transactions committed per person's action (the
  cluster's counters over the window: several changes share a commit when they arrive
  together).
* the bytes the server wrote to disk per person's action, beside the bytes it sent: its
  processes' ``write_bytes`` (``/proc/PID/io``: the SQLite file and its WAL) less what its
  log grew by, plus, on PostgreSQL, the cluster's WAL (its checkpoints' page writes later are
  not counted).

``--ramp`` runs a fresh server at N = ``--tables``, then ``--step`` more at a time (up to
``--max-tables``), and stops at the first N where either p99 reaches ``--target`` ms (50) or
tables were lost; it prints the largest N that kept both p99s under the target.

The server caps connections from one address (`bigtwo.server.app.PER_ADDRESS`); the clients
spread theirs over many loopback source addresses (127.1.x.y, all of 127/8 is loopback on
Linux), a few tables each, so the cap stays as it is.

``--bare`` runs `benchmarks/bare_server.py` in the server's place under the same load: a
WebSocket server on the same stack with a stand-in engine and a durable write per action,
the yardstick for the server's CPU, latency and bytes (alternate it with the real one).

``--src DIR`` runs the server from another source tree (an older checkout's ``src``): its
figures beside this tree's, in the same session (alternate the two). The clients speak
protocol 2 (an update's patch applied to the state before) and read an older server's whole
states as well. Printed beside the rest: the bytes of every frame the server sent, per
person's action.

``--profile FILE`` runs the server under ``yappi`` (CPU clock, every thread; ``pip install
yappi`` in the venv) and saves pstats to FILE, printing the top functions. The server's own
log goes to a temporary file; its tracebacks, if any, are counted.

Times are wall clock on whatever else the machine is doing: on a shared machine, repeat.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import json
import multiprocessing as mp
import os
import random
import resource
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections import Counter
from collections.abc import Awaitable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import orjson
from trees import source_tree

from bigtwo.view_patch import follow_in_place

PER_SOURCE = 24  # tables a loopback source address (under the server's cap)
TICKS = os.sysconf("SC_CLK_TCK")
PAGE = os.sysconf("SC_PAGE_SIZE")

SERVER = """
import gc, json, os, sys, time
from bigtwo.cli.app import main
sys.argv = ["bigtwo", *sys.argv[1:]]
out = os.environ.get("BIGTWO_BENCH_PROFILE")
gc_setting = os.environ.get("BIGTWO_BENCH_GC")
if gc_setting:
    if gc_setting == "off":
        gc.disable()
    else:
        import bigtwo.server.app  # noqa: F401  (imported before freezing)
        gc.collect()
        gc.freeze()
        gc.set_threshold(*map(int, gc_setting.split(",")))
pauses = []  # (when, generation, seconds) of every collection
def timed(phase, info, started=[0.0]):
    if phase == "start":
        started[0] = time.perf_counter()
    else:
        pauses.append((time.time(), info["generation"], time.perf_counter() - started[0]))
gc.callbacks.append(timed)
if out:
    import yappi
    yappi.set_clock_type("cpu")
    yappi.start(builtins=False)
try:
    main()
finally:
    with open(os.environ["BIGTWO_BENCH_PAUSES"], "w") as f:
        json.dump(pauses, f)
    if out:
        yappi.stop()
        yappi.get_func_stats().save(out, type="pstat")
"""


# -- the server ---------------------------------------------------------------------------------
def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@dataclass
class Server:
    proc: subprocess.Popen[bytes]
    port: int
    log: Path

    @property
    def url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/ws?protocol=2"


def empty_database(url: str) -> None:
    """Remove the rows of earlier runs from a PostgreSQL database (the schema stays)."""
    import sqlalchemy as sa

    from bigtwo.server.store import Store

    store = Store(url)  # migrates it first if needed
    with store.engine.begin() as conn:
        conn.execute(sa.text("TRUNCATE rooms, actions, records, changes, leases"))
    store.close()


WARM_ROWS = 2_000_000  # about 260 MB of WAL: enough recycled segments for the longest run


def warm_wal(database: str) -> str:
    """Have PostgreSQL's next WAL segments ready, as on a cluster that has run a while, and
    say whether that was done.

    A cluster makes a new 16 MB segment file (written through with zeros, and synced) each
    time its WAL outgrows the ones it has; a commit waiting on that took 50-70 ms, on both
    processes at once, every 3.6 s at 3,200 tables on a fresh cluster. A running cluster
    recycles old segments at each checkpoint for the WAL it expects until the next one, so
    the benchmark writes a few hundred MB of WAL, then checkpoints."""
    import sqlalchemy as sa

    from bigtwo.server.store import engine_url

    engine = sa.create_engine(engine_url(database), isolation_level="AUTOCOMMIT")
    try:
        with engine.connect() as conn:
            conn.exec_driver_sql(
                "CREATE TABLE bench_warm AS SELECT g, repeat('x', 100) AS pad"
                f" FROM generate_series(1, {WARM_ROWS}) AS g"
            )
            conn.exec_driver_sql("DROP TABLE bench_warm")
            conn.exec_driver_sql("CHECKPOINT")  # a superuser's (or pg_checkpoint's)
        return "WAL warmed: a checkpoint after 260 MB, so its segments are reused"
    except sa.exc.DBAPIError as exc:
        return f"WAL not warmed ({exc.orig}): new WAL segments may stall commits"
    finally:
        engine.dispose()


def start_server(
    workdir: Path,
    profile: str | None,
    extra: list[str],
    gc: str | None = None,
    database: str | None = None,
    src: str | None = None,
    bare: bool = False,
) -> Server:
    port = free_port()
    db = workdir / f"bench-{port}.db"
    log = workdir / f"server-{port}.log"
    env = dict(os.environ)
    env["BIGTWO_BENCH_PAUSES"] = str(workdir / f"pauses-{port}.json")
    if src:  # another tree's server (the clients stay this tree's)
        env["PYTHONPATH"] = os.pathsep.join([str(Path(src).resolve()), env.get("PYTHONPATH", "")])
    if gc:
        env["BIGTWO_BENCH_GC"] = gc
    if profile:
        env["BIGTWO_BENCH_PROFILE"] = str(Path(profile).resolve())
    if bare:  # the yardstick: the transport and a durable write, no game behind them
        cmd = [sys.executable, str(Path(__file__).with_name("bare_server.py"))]
        cmd += ["--host", "127.0.0.1", "--port", str(port), "--database", str(db)]
    else:
        cmd = [sys.executable, "-c", SERVER, "serve", "--host", "127.0.0.1", "--port", str(port)]
        cmd += ["--database", database or f"sqlite:///{db}", *extra]
        if knows_pace(src):  # the bots answer within the change, as a tree before paces did
            cmd += ["--bot-pace", "instant"]
    with log.open("wb") as out:
        proc = subprocess.Popen(cmd, stdout=out, stderr=subprocess.STDOUT, env=env)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            sys.exit(f"the server stopped at once:\n{log.read_text()[-2000:]}")
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=1) as r:
                if r.status == 200:
                    return Server(proc, port, log)
        except OSError:
            time.sleep(0.1)
    stop_server(Server(proc, port, log))
    sys.exit("the server didn't answer /healthz within 30 s")


def knows_pace(src: str | None) -> bool:
    """Whether the server of tree ``src`` (None: this one) takes ``--bot-pace``: a tree
    without it always answers with the bots within the change, and one with it must be told
    to (its default paces them as people see them)."""
    if src is None:
        return True
    serve = Path(src) / "bigtwo" / "cli" / "serve.py"
    return serve.exists() and "--bot-pace" in serve.read_text()


def stop_server(server: Server) -> None:
    if server.proc.poll() is None:
        server.proc.send_signal(signal.SIGINT)
        try:
            server.proc.wait(30)
        except subprocess.TimeoutExpired:
            server.proc.kill()
            server.proc.wait()


def tree(pid: int) -> list[int]:
    """``pid`` and its descendants (the workers of ``--workers``)."""
    found = [pid]
    for task in Path(f"/proc/{pid}/task").glob("*"):
        with contextlib.suppress(OSError):
            for child in (task / "children").read_text().split():
                found += tree(int(child))
    return found


def named(name: str) -> list[int]:
    """The processes called ``name`` (the database server's, when it runs here)."""
    found = []
    for entry in Path("/proc").glob("[0-9]*"):
        with contextlib.suppress(OSError):
            if (entry / "comm").read_text().strip() == name:
                found.append(int(entry.name))
    return found


def cpu_seconds(pid: int) -> float:
    """User and system CPU seconds of process ``pid`` and its children (all threads)."""
    total = 0.0
    for one in tree(pid):
        with contextlib.suppress(OSError):
            fields = Path(f"/proc/{one}/stat").read_text().rsplit(")", 1)[1].split()
            total += (int(fields[11]) + int(fields[12])) / TICKS
    return total


def cpu_by_process(pids: list[int]) -> dict[int, float]:
    found = {}
    for one in pids:
        with contextlib.suppress(OSError):
            fields = Path(f"/proc/{one}/stat").read_text().rsplit(")", 1)[1].split()
            found[one] = (int(fields[11]) + int(fields[12])) / TICKS
    return found


def cpu_since(before: dict[int, float], now: dict[int, float]) -> float:
    """CPU seconds spent between two readings (a process started since counts from 0)."""
    return sum(t - before.get(pid, 0.0) for pid, t in now.items())


def written_by_process(pids: list[int]) -> dict[int, int]:
    """Bytes each process has written to storage so far (``write_bytes``, /proc/PID/io)."""
    found = {}
    for one in pids:
        with contextlib.suppress(OSError):
            for line in Path(f"/proc/{one}/io").read_text().splitlines():
                if line.startswith("write_bytes:"):
                    found[one] = int(line.split()[1])
    return found


def rss_bytes(pid: int) -> int:
    total = 0
    for one in tree(pid):
        with contextlib.suppress(OSError):
            for line in Path(f"/proc/{one}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    total += int(line.split()[1]) * 1024
    return total


# -- the clients --------------------------------------------------------------------------------
@dataclass
class Results:
    acks: list[float] = field(default_factory=list)
    turns: list[float] = field(default_factory=list)
    errors: Counter[str] = field(default_factory=Counter)
    held: int = 0  # tables still playing at the end of the window
    opened: int = 0
    received: int = 0  # bytes of the frames received within the window
    all_open_at: float = 0.0
    cpu: float = 0.0  # this process's CPU seconds over the window


async def quiet(sending: Awaitable[None]) -> None:
    with contextlib.suppress(Exception):  # closed at the end of the window
        await sending


async def one_table(
    url: str, source: str, think: float, begin: float, end: float, res: Results, rng: random.Random
) -> None:
    from websockets.asyncio.client import connect

    loop = asyncio.get_running_loop()
    async with connect(url, max_size=2**22, local_addr=(source, 0), open_timeout=60) as ws:
        res.opened += 1
        await ws.send(json.dumps({"type": "create", "name": "bench", "seats": ["hard"] * 3}))
        ids = 0
        sent: tuple[str, float] | None = None  # the action in flight: its id, when sent
        turn_from: float | None = None  # when the last action was sent, until the next turn
        acting: asyncio.TimerHandle | None = None
        readying: asyncio.TimerHandle | None = None  # `ready` on a deal's summary, to be sent
        sending: set[asyncio.Task[None]] = set()
        started = False

        def send(msg: dict[str, Any]) -> None:
            sending.add(loop.create_task(quiet(ws.send(json.dumps(msg)))))
            sending.difference_update([t for t in sending if t.done()])

        def act(state: dict[str, Any]) -> None:
            nonlocal ids, sent, acting
            acting = None
            ids += 1
            sent = (str(ids), time.time())
            msg = {"type": "act", "id": sent[0], "action": rng.choice(state["offers"])}
            msg["seq"] = state["seq"]
            send(msg)

        def say_ready() -> None:
            nonlocal readying
            readying = None
            send({"type": "ready"})

        def rest(summary: dict[str, Any], seat: int) -> None:
            """A deal's summary: read it for as long as a turn takes, then say `ready` (the
            table would otherwise rest its whole pause, and hold fewer actions a second)."""
            nonlocal turn_from, readying
            turn_from = None  # the next deal's first turn is no answer to the last action
            if readying is None and seat not in summary.get("ready", ()):
                readying = loop.call_later(think * rng.uniform(0.5, 1.5), say_ready)

        def decide(state: dict[str, Any]) -> None:
            nonlocal turn_from, acting
            mine = state["seat"] in state["awaiting"] and bool(state["offers"])
            if not mine or sent is not None:
                return
            if turn_from is not None:
                if turn_from >= begin:
                    res.turns.append(time.time() - turn_from)
                turn_from = None
            if acting is not None:
                acting.cancel()
            acting = loop.call_later(think * rng.uniform(0.5, 1.5), act, state)

        state: dict[str, Any] | None = None
        try:
            async with asyncio.timeout(end - time.time()):
                async for raw in ws:
                    now = time.time()
                    if begin <= now:
                        res.received += len(raw)
                    msg = orjson.loads(raw)
                    kind = msg["type"]
                    if kind == "welcome" and not started:
                        started = True
                        await ws.send(json.dumps({"type": "host", "what": "start"}))
                    elif kind == "ack":
                        if sent is not None and msg["id"] == sent[0]:
                            if sent[1] >= begin:
                                res.acks.append(now - sent[1])
                            turn_from, sent = sent[1], None
                    elif kind == "error":
                        res.errors[str(msg.get("code"))] += 1
                        sent = turn_from = None
                        if state is not None:
                            decide(state)
                    elif kind in ("state", "update"):
                        if kind == "state" or "state" in msg:  # protocol 1 sent it whole
                            state = msg.get("state", msg)
                        elif state is not None:  # this client's own copy: no copies made
                            state = follow_in_place(state, msg)
                        if state is None:
                            continue
                        if state["room"]["status"] == "over":
                            await ws.send(json.dumps({"type": "host", "what": "rematch"}))
                        elif state.get("summary") is not None:
                            rest(state["summary"], state["seat"])
                        else:
                            decide(state)
        except TimeoutError:
            res.held += 1
        for handle in (acting, readying):
            if handle is not None:
                handle.cancel()


async def clients(
    url: str, n: int, first: int, think: float, rate: float, begin: float, end: float
) -> Results:
    res = Results()
    rng = random.Random(first)
    tasks = []
    for i in range(first, first + n):
        k = i // PER_SOURCE
        source = f"127.1.{k // 250}.{k % 250 + 1}"
        tasks.append(asyncio.create_task(one_table(url, source, think, begin, end, res, rng)))
        await asyncio.sleep(1 / rate)
    res.all_open_at = time.time()
    # a latency is measured on the client's own loop: its collector's pauses (58-97 ms for a
    # full young-generation pass at 2,800 tables) are no part of the server's; the window is
    # short, and the garbage cycles it makes can wait for the process to end (one last full
    # pass now, before the window)
    gc.collect()
    gc.freeze()
    gc.disable()
    while time.time() < begin:
        await asyncio.sleep(0.05)
    cpu = time.process_time()
    done = await asyncio.gather(*tasks, return_exceptions=True)
    res.cpu = time.process_time() - cpu
    for d in done:
        if isinstance(d, BaseException):
            res.errors[type(d).__name__] += 1
    return res


def client_process(
    queue: mp.Queue[Results], url: str, n: int, first: int, think: float, rate: float,
    begin: float, end: float,
) -> None:  # fmt: skip
    # the clients share the machine with the server: the cheaper they are, the more of it the
    # server has (uvloop and orjson where installed, as the server itself uses them)
    running = asyncio.run
    with contextlib.suppress(ImportError):
        import uvloop

        running = uvloop.run
    queue.put(running(clients(url, n, first, think, rate, begin, end)))


# -- one run ------------------------------------------------------------------------------------
def pct(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return 1000 * ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def run(args: argparse.Namespace, n: int, workdir: Path) -> dict[str, Any]:
    extra = list(args.server_arg)
    if args.workers > 1:
        extra += ["--workers", str(args.workers)]
    if args.database:
        empty_database(args.database)
        print(f"         {warm_wal(args.database)}", flush=True)
    server = start_server(workdir, args.profile, extra, args.gc, args.database, args.src, args.bare)
    try:
        pid = server.proc.pid
        time.sleep(0.5 + args.workers)
        idle_rss = rss_bytes(pid)
        opening = n / args.open_rate
        begin = time.time() + opening + max(2 * args.think, 3.0)
        end = begin + args.seconds
        ctx = mp.get_context("spawn")
        queue: mp.Queue[Results] = ctx.Queue()
        procs, first = [], 0
        for c in range(args.clients):
            share = n // args.clients + (c < n % args.clients)
            rate = args.open_rate / args.clients
            p = ctx.Process(
                target=client_process,
                args=(queue, server.url, share, first, args.think, rate, begin, end),
            )
            p.start()
            procs.append(p)
            first += share
        while time.time() < begin:
            time.sleep(0.01)
        db0 = cpu_by_process(named("postgres")) if args.database else {}
        wal0 = wal_and_commits(args.database)
        disk0, log0 = written_by_process(tree(pid)), server.log.stat().st_size
        cpu0, t0 = cpu_seconds(pid), time.monotonic()
        while time.time() < end:
            time.sleep(0.01)
        db1 = cpu_by_process(named("postgres")) if args.database else {}
        wal1 = wal_and_commits(args.database)
        disk1, log1 = written_by_process(tree(pid)), server.log.stat().st_size
        cpu1, t1 = cpu_seconds(pid), time.monotonic()
        rss = rss_bytes(pid)
        results = [queue.get(timeout=120) for _ in procs]
        for p in procs:
            p.join(30)
    finally:
        stop_server(server)
    log = server.log.read_text(errors="replace")
    gc_line = collections(workdir / f"pauses-{server.port}.json", begin, end, args.seconds)
    database_cpu = 100 * cpu_since(db0, db1) / (t1 - t0) if args.database else None
    wal = [b - a for a, b in zip(wal0, wal1, strict=True)] if wal0 and wal1 else None
    disk = sum(b - disk0.get(one, 0) for one, b in disk1.items()) - (log1 - log0)
    disk += wal[0] if wal else 0
    acks = [x for r in results for x in r.acks]
    turns = [x for r in results for x in r.turns]
    errors: Counter[str] = Counter()
    for r in results:
        errors.update(r.errors)
    late = max(r.all_open_at for r in results) - begin
    return {
        "tables": n,
        "seconds": args.seconds,
        "held": sum(r.held for r in results),
        "opened": sum(r.opened for r in results),
        "late": late,
        "actions": len(acks) / args.seconds,
        "received": sum(r.received for r in results) / max(len(acks), 1),
        "disk": disk / max(len(acks), 1),
        "cpu": 100 * (cpu1 - cpu0) / (t1 - t0),
        "database_cpu": database_cpu,
        "client_cpu": 100 * sum(r.cpu for r in results) / args.seconds,
        "rss": rss,
        "per_table": (rss - idle_rss) / n,
        "ack": (pct(acks, 0.5), pct(acks, 0.99), 1000 * max(acks, default=float("nan"))),
        "turn": (pct(turns, 0.5), pct(turns, 0.99), 1000 * max(turns, default=float("nan"))),
        "errors": dict(errors),
        "tracebacks": log.count("Traceback"),
        "first_traceback": first_traceback(log),
        "wal": wal,
        "gc": gc_line if args.workers == 1 and not args.bare else "",
    }


def collections(path: Path, begin: float, end: float, seconds: float) -> str:
    """The server's garbage collections in the window, per generation: how many, their total
    and longest pause."""
    try:
        found = json.loads(path.read_text())
    except (OSError, ValueError):
        return "garbage collections: not reported (the server didn't stop cleanly)"
    parts = []
    for gen in range(3):
        took = [s for when, g, s in found if g == gen and begin <= when < end]
        if took:
            parts.append(
                f"gen{gen} {len(took) / seconds:.1f}/s {1000 * sum(took) / seconds:.1f} ms/s"
                f" longest {1000 * max(took):.1f} ms"
            )
    return f"garbage collections: {'; '.join(parts) or 'none'}"


def wal_and_commits(database: str | None) -> tuple[int, int] | None:
    """PostgreSQL's WAL bytes written and transactions committed so far (its whole cluster;
    the benchmark's database is the only busy one), or None on SQLite."""
    if not database:
        return None
    import sqlalchemy as sa

    from bigtwo.server.store import engine_url

    engine = sa.create_engine(engine_url(database))
    with engine.connect() as conn:
        wal = conn.exec_driver_sql("SELECT wal_bytes FROM pg_stat_wal").scalar()
        commits = conn.exec_driver_sql("SELECT sum(xact_commit) FROM pg_stat_database").scalar()
    engine.dispose()
    return int(wal or 0), int(commits or 0)


def first_traceback(log: str) -> str:
    """The server log's first traceback, with the line that logged it and its error line."""
    at = log.find("Traceback")
    if at < 0:
        return ""
    lines = log[log.rfind("\n", 0, max(at - 1, 0)) + 1 :].splitlines()
    end = next((i for i, line in enumerate(lines[2:], 2) if line and not line[0].isspace()), 1)
    return "\n".join(lines[: end + 1])


def per_action(cpu: float, actions: float) -> str:
    """CPU time an action, from a percent of one core and actions a second."""
    return f"{cpu * 10 / actions:.2f} ms" if actions else "-"


def show(r: dict[str, Any]) -> None:
    ack, turn = r["ack"], r["turn"]
    late = f"  (the last connection opened {r['late']:.1f} s late)" if r["late"] > 0 else ""
    print(
        f"N={r['tables']:5d}  held {r['held']:5d}/{r['opened']:5d}  {r['actions']:7.1f} actions/s"
        f"  server CPU {r['cpu']:5.1f}%  clients CPU {r['client_cpu']:5.1f}%"
        + (f"  database CPU {r['database_cpu']:5.1f}%" if r["database_cpu"] is not None else "")
        + f"  RSS {r['rss'] / 2**20:6.1f} MB ({r['per_table'] / 1024:5.1f} KB/table){late}\n"
        f"         ack p50 {ack[0]:7.2f} p99 {ack[1]:7.2f} max {ack[2]:8.2f} ms"
        f"   next turn p50 {turn[0]:7.2f} p99 {turn[1]:7.2f} max {turn[2]:8.2f} ms"
        + (f"   errors {r['errors']}" if r["errors"] else "")
        + (f"   server tracebacks {r['tracebacks']}" if r["tracebacks"] else "")
        + f"\n         sent {r['received']:6.0f} bytes, wrote {r['disk']:6.0f} bytes to disk"
        " a person's action;"
        + f" CPU a person's action: {per_action(r['cpu'], r['actions'])} the server"
        + (
            f", {per_action(r['database_cpu'], r['actions'])} the database"
            if r["database_cpu"] is not None
            else ""
        )
        + (f"\n         {r['gc']}" if r["gc"] else "")
        + (
            f"\n         database: {r['wal'][0] / 1024 / max(r['actions'] * r['seconds'], 1):.1f}"
            f" KB of WAL and {r['wal'][1] / max(r['actions'] * r['seconds'], 1):.2f}"
            " commits a person's action"
            if r["wal"]
            else ""
        ),
        flush=True,
    )
    if r["first_traceback"]:
        print(f"the server's first traceback:\n{r['first_traceback']}", file=sys.stderr)


def passes(r: dict[str, Any], target: float) -> bool:
    return bool(
        r["held"] == r["tables"]
        and r["ack"][1] < target
        and r["turn"][1] < target
        and not r["tracebacks"]
    )


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    p.add_argument("--tables", type=int, default=200, help="tables (connections), or the first")
    p.add_argument("--seconds", type=float, default=30.0, help="the measured window")
    p.add_argument("--think", type=float, default=3.0, help="a person's mean think time, s")
    p.add_argument("--clients", type=int, default=1, help="client processes")
    p.add_argument("--open-rate", type=float, default=200.0, help="connections opened a second")
    p.add_argument("--ramp", action="store_true", help="raise N until p99 reaches --target")
    p.add_argument("--step", type=int, default=None, help="ramp step (default: --tables)")
    p.add_argument("--max-tables", type=int, default=10000)
    p.add_argument("--target", type=float, default=50.0, help="p99 target, ms")
    p.add_argument(
        "--src",
        metavar="DIR",
        type=source_tree,
        help="run the server from this source tree (a checkout, or its src folder)",
    )
    p.add_argument("--profile", metavar="FILE", help="profile the server with yappi into FILE")
    p.add_argument(
        "--gc",
        metavar="off|G0,G1,G2",
        help="the server's garbage collector off, or frozen at start with these thresholds"
        " (to see what collections cost)",
    )
    p.add_argument("--database", help="a PostgreSQL URL (default: a fresh SQLite file)")
    p.add_argument(
        "--bare",
        action="store_true",
        help="measure benchmarks/bare_server.py instead: the transport and a durable write alone",
    )
    p.add_argument("--workers", type=int, default=1, help="server processes (--database)")
    p.add_argument(
        "--server-arg", action="append", default=[], help="an extra `bigtwo serve` argument"
    )
    return p


def main(argv: list[str] | None = None) -> None:
    args = parser().parse_args(argv)
    if args.tables < 1 or args.seconds <= 0 or args.clients < 1 or args.open_rate <= 0:
        sys.exit("--tables, --seconds, --clients and --open-rate must be positive")
    _, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))  # the children inherit it
    print(
        f"server on loopback, {'PostgreSQL' if args.database else 'SQLite'},"
        f" {args.workers} process(es), {os.cpu_count()} cores; {args.clients} client process(es);"
        f" think {args.think} s; window {args.seconds} s",
        flush=True,
    )
    best = None
    with tempfile.TemporaryDirectory(prefix="bigtwo-bench-") as tmp:
        n = args.tables
        while True:
            r = run(args, n, Path(tmp))
            show(r)
            if not args.ramp:
                break
            if not passes(r, args.target):
                break
            best = n
            n += args.step or args.tables
            if n > args.max_tables:
                break
    if args.ramp:
        print(f"largest N with p99 < {args.target:g} ms (ack and next turn): {best or 'none'}")
    if args.profile:
        import pstats

        pstats.Stats(args.profile).sort_stats("tottime").print_stats(30)
        pstats.Stats(args.profile).sort_stats("cumulative").print_stats(40)


if __name__ == "__main__":
    main()
