"""Bytes written to disk per stored change, in process: the store alone, without the server,
its sockets or its clients, so the figure is steadier than the load benchmark's disk column.

Run ``python benchmarks/store_disk.py [--rooms N] [--changes C] [--batch B]``.

N rooms (a person and three ``easy`` bots, instant pace, as benchmarks/server.py plays them)
are stored in a fresh SQLite file (WAL, ``synchronous=FULL``, as the server opens it). Each
commit holds B changes of as many rooms picked at random (the group commit of a server
whose B rooms changed during one disk sync): the person plays an offered move, the bots
reply within the change; a room whose session ended is replaced by a new one. Printed:
this process's ``write_bytes`` (``/proc/self/io``: the database file, its WAL and the
checkpoints that copy the WAL back) per change, over the C changes after a warm-up of
``--warm`` changes per room. Point
PYTHONPATH at another checkout's ``src`` to measure it the same way (alternate the runs).
"""

from __future__ import annotations

import argparse
import random
import secrets
import tempfile
import time
from pathlib import Path
from typing import Any

from bigtwo.server.protocol import Act, Create, Host
from bigtwo.server.room import Room
from bigtwo.server.store import Store, sqlite_url


def written() -> int:
    with open("/proc/self/io") as f:
        return next(int(line.split()[1]) for line in f if line.startswith("write_bytes"))


def new_room(now: float) -> Room:
    room = Room.create(
        secrets.token_hex(5).upper(), Create(type="create", name="Ann", seats=["easy"] * 3)
    )
    room.host_action(0, Host(type="host", what="start"), now)
    return room


def step(room: Room, rng: random.Random, now: float) -> Any:
    """The person's move (the bots reply within the change), as the store is given it."""
    offers = room.state_for(0)["offers"]
    action = rng.choice(offers)
    room.act(0, Act(type="act", id=str(room.seq), action=action), now)
    return room.write({"type": "act", "id": str(room.seq), "action": action}, 0)


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--rooms", type=int, default=200)
    p.add_argument("--changes", type=int, default=3000)
    p.add_argument("--batch", type=int, default=4, help="changes a commit holds")
    p.add_argument("--warm", type=int, default=40, help="changes per room before measuring")
    p.add_argument("--seed", type=int, default=1)
    args = p.parse_args()
    rng = random.Random(args.seed)
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "rooms.db"
        store = Store(sqlite_url(path))
        now = time.time()
        rooms = [new_room(now) for _ in range(args.rooms)]
        store.write([r.write({"type": "create"}, 0) for r in rooms])

        def commits(count: int) -> int:
            done = 0
            while done < count:
                picked = rng.sample(range(len(rooms)), args.batch)
                batch = []
                for i in picked:
                    if rooms[i].status != "playing":
                        rooms[i] = new_room(now)
                        batch.append(rooms[i].write({"type": "create"}, 0))
                    else:
                        batch.append(step(rooms[i], rng, now))
                store.write(batch)
                done += len(batch)
            return done

        commits(args.warm * args.rooms)
        before = written()
        done = commits(args.changes)
        per = (written() - before) / done
        size = path.stat().st_size
        store.close()
    print(
        f"{args.rooms} rooms, {args.batch} changes a commit: {per:7.0f} bytes written per change"
        f" ({per / 4096:.1f} blocks of 4 KB); database {size / 1e6:.1f} MB"
    )


if __name__ == "__main__":
    main()
