"""The group commit: a writer that stops waiting (its socket closed, its task cancelled)
while its change is queued leaves the rest of the batch to be answered."""

from __future__ import annotations

import asyncio
import threading

from bigtwo.server.commits import GroupCommit


def test_a_cancelled_writer_does_not_strand_the_others_in_its_batch() -> None:
    release = threading.Event()
    committed: list[list[str]] = []

    def commit(batch: list[str]) -> None:
        release.wait(5)
        committed.append(batch)

    async def main() -> None:
        group: GroupCommit[str] = GroupCommit(commit)
        first = asyncio.create_task(group.write("first"))  # its commit holds the thread
        await asyncio.sleep(0.05)
        gone = asyncio.create_task(group.write("gone"))
        kept = asyncio.create_task(group.write("kept"))  # the next batch: gone and kept
        await asyncio.sleep(0.05)
        gone.cancel()
        release.set()
        await asyncio.wait_for(asyncio.gather(first, kept), 5)
        group.shutdown()

    asyncio.run(main())
    assert committed == [["first"], ["gone", "kept"]]  # stored: the writer only stopped waiting
