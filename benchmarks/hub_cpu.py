"""The server's CPU per person's action, in process and without sockets: what the hub spends on
a person's action with three ``hard`` bots' replies (the table's step, the change stored on
SQLite by the group commit, the seat's update built and encoded), the garbage collector
scheduled as `bigtwo serve` schedules it (`bigtwo.server.collector`).

Run ``python benchmarks/hub_cpu.py [--rooms N] [--actions N] [--src DIR --pairs K]``.

Each room has one person (a stand-in client that applies each update's patch to its copy of
the state, as a browser does, and sends a random offered action) and three ``hard`` bots at
the instant pace; all rooms act once a round. Printed: the process's CPU time per action
less the stand-in clients' own, the wall time per action, and the collector's passes in the
window. A room whose session ends is replaced by a new one.

``--src DIR`` runs the same loop on another source tree (an older checkout's ``src``) in
turns with this one, ``--pairs`` times each, each run in a fresh process, and prints both
sets of figures with their minimum and median: on a shared machine, compare only figures
of runs made in turns like this.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from typing import Any

from trees import source_tree

HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "src")


async def measure(rooms: int, actions: int, seed: int) -> dict[str, float]:
    """Play ``actions`` persons' actions over ``rooms`` rooms; the figures of the window."""
    from bigtwo.server.collector import FREEZE_EVERY, Collector
    from bigtwo.server.hub import Connection, Hub
    from bigtwo.server.protocol import Act, Create, Host
    from bigtwo.server.settings import Settings
    from bigtwo.server.store import Store, sqlite_url

    try:  # the client's own copy, patched without copies (a tree before it: with them)
        from bigtwo.view_patch import follow_in_place as follow
    except ImportError:
        from bigtwo.view_patch import follow

    client = [0.0]  # CPU seconds spent by the stand-in clients
    folder = tempfile.mkdtemp()
    hub = Hub(
        Store(sqlite_url(os.path.join(folder, "rooms.db"))), Settings(bot_pace="instant", pause=0.0)
    )
    await hub.open()
    rng = random.Random(seed)

    async def open_room(box: dict[str, Any]) -> Any:
        async def send(frame: Any) -> None:
            started = time.process_time()
            message = json.loads(frame)
            if message["type"] == "state":
                box["state"] = message
            elif message["type"] == "update":
                box["state"] = follow(box["state"], message)
            client[0] += time.process_time() - started

        conn = Connection(send=send, address="x")
        await hub.create(conn, Create(type="create", name="Ann", seats=["hard"] * 3))
        await hub.host(conn, Host(type="host", what="start"))
        return conn

    boxes: list[dict[str, Any]] = [{} for _ in range(rooms)]
    conns = [await open_room(box) for box in boxes]
    sent = [0]

    async def one(i: int) -> bool:
        state = boxes[i]["state"]
        if state["room"]["status"] != "playing" or not state["offers"]:
            return False
        if 0 not in state["awaiting"]:
            return False
        sent[0] += 1
        await hub.act(
            conns[i], Act(type="act", id=str(sent[0]), action=rng.choice(state["offers"]))
        )
        return True

    async def round_() -> int:
        done = sum(await asyncio.gather(*(one(i) for i in range(rooms))))
        for i, box in enumerate(boxes):
            if box["state"]["room"]["status"] != "playing":
                conns[i] = await open_room(box)
        return done

    for _ in range(3):  # warm: every room past its first moves
        await round_()
    collector = Collector()
    collector.start()
    passes, in_gc, began = [0], [0.0], [0.0]

    def timed(phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            passes[0] += 1
            began[0] = time.process_time()
        else:
            in_gc[0] += time.process_time() - began[0]

    gc.callbacks.append(timed)
    done, client[0] = 0, 0.0
    cpu0, wall0, last_tick = time.process_time(), time.perf_counter(), time.monotonic()
    while done < actions:
        made = await round_()
        if not made:
            raise SystemExit("no room could act: the loop is stuck")
        done += made
        if time.monotonic() - last_tick >= FREEZE_EVERY:  # as `Collector.run` does
            collector.tick()
            last_tick = time.monotonic()
    cpu = time.process_time() - cpu0 - client[0]
    wall = time.perf_counter() - wall0
    frozen = gc.get_freeze_count()
    collector.stop()
    unreachable = gc.collect()  # what the next thaw would find: garbage cycles frozen since
    await hub.close()
    return {
        "actions": done,
        "cpu_ms": 1000 * cpu / done,
        "wall_ms": 1000 * wall / done,
        "collections": passes[0],
        "gc_ms": 1000 * in_gc[0] / done,
        "frozen": frozen,
        "unreachable": unreachable,
    }


def run_in(src: str, rooms: int, actions: int, seed: int) -> dict[str, float]:
    """One measurement in a fresh process on the sources at ``src``."""
    env = {**os.environ, "PYTHONPATH": os.path.abspath(src)}
    args = [sys.executable, os.path.abspath(__file__), "--one", "--rooms", str(rooms)]
    args += ["--actions", str(actions), "--seed", str(seed)]
    out = subprocess.run(args, env=env, capture_output=True, text=True, check=True).stdout
    figures: dict[str, float] = json.loads(out.strip().splitlines()[-1])
    return figures


def line(name: str, f: dict[str, float]) -> str:
    return (
        f"{name:>6}: {f['cpu_ms']:.3f} ms CPU/action, wall {f['wall_ms']:.3f} ms, "
        f"{int(f['actions'])} actions, {int(f['collections'])} collections "
        f"({f.get('gc_ms', 0.0):.3f} ms/action)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rooms", type=int, default=300)
    parser.add_argument("--actions", type=int, default=4000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--src",
        type=source_tree,
        help="another source tree (a checkout or its src), measured in turns with this one",
    )
    parser.add_argument("--pairs", type=int, default=3)
    parser.add_argument("--one", action="store_true", help=argparse.SUPPRESS)
    a = parser.parse_args()
    if a.one:  # a child run: the figures as JSON
        print(json.dumps(asyncio.run(measure(a.rooms, a.actions, a.seed))))
        return
    if a.src is None:
        print(line("this", run_in(HERE, a.rooms, a.actions, a.seed)))
        return
    runs: dict[str, list[float]] = {"other": [], "this": []}
    for _ in range(a.pairs):
        for name, src in (("other", a.src), ("this", HERE)):
            f = run_in(src, a.rooms, a.actions, a.seed)
            runs[name].append(f["cpu_ms"])
            print(line(name, f), flush=True)
    for name, cpus in runs.items():
        print(
            f"{name:>6}: CPU/action min {min(cpus):.3f} ms, median "
            f"{statistics.median(cpus):.3f} ms ({', '.join(f'{c:.3f}' for c in cpus)})"
        )


if __name__ == "__main__":
    main()
