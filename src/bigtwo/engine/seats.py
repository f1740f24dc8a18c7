"""Who comes next round the table: the one rule for the order of seats, used by the engine,
the table, the bots and their simulations alike.

Seats are numbered so that counter-clockwise play (the seeds' default) goes from ``s`` to
``s + 1``; clockwise play steps by -1. While a race for the direction is open
(``deal.race``) the step is 0 and counts as 1.

>>> next_seat(3, 4, 1), next_seat(0, 4, -1), next_seat(1, 4, 1, barred=0b1100)
(0, 3, 0)
>>> next_seat(1, 4, 1, barred=0b1101)  # everyone else is barred: the trick comes back
1
>>> seats_after(2, 4, -1), racer(0, 4)
([1, 0, 3], 3)
"""

from __future__ import annotations


def seats_after(seat: int, players: int, step: int) -> list[int]:
    """Every other seat in turn order, starting with the one after ``seat``."""
    step = step or 1
    return [(seat + step * i) % players for i in range(1, players)]


def next_seat(seat: int, players: int, step: int, barred: int = 0) -> int:
    """The first seat after ``seat`` that is not in ``barred`` (a bitmask: seats that are out,
    or that passed for the rest of the trick), going all the way round to ``seat`` itself;
    the seat right after ``seat`` when every seat is barred."""
    step = step or 1
    first = (seat + step) % players
    if not barred:  # most turns: nobody is out or barred
        return first
    nxt = first  # walked without building the list of seats: every play and pass asks
    for _ in range(players):
        if not barred >> nxt & 1:
            return nxt
        nxt = (nxt + step) % players
    return first


def racer(leader: int, players: int) -> int:
    """``deal.race``: the leader's other neighbour (counter-clockwise play would skip them),
    who may answer the first play as well as the next seat; whoever answers first sets the
    direction."""
    return (leader - 1) % players
