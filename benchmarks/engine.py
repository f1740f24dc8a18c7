"""Engine speed: random complete games per second, and the time to enumerate legal moves.

Run ``python benchmarks/engine.py [--quick]``. Figures are for one core.

* games/s: random complete 4-player classic deals through the public API (deal with a seed,
  choose uniformly among ``legal_moves()``, ``play``), scores included (`games.py`), per CPU
  second, in this tree and in an older commit's (``--against``, by default `AGAINST`: the
  engine before its inputs, records and commitment were hardened), each in a child process
  pinned to the same core, the two taking turns (``--rounds`` each, in the order AB BA AB …);
  min and median of each, and of the ratio within each round. ``--against none`` times this
  tree alone.
* lead, cold: ``game.legal_moves()`` of a random 13-card hand on the lead, each on fresh tables
  (every cache empty: the first sight of each card set); building the tables, once per
  `Rules`, is printed apart.
* lead, warm: the same after the per-Rules caches have been filled by playing other games:
  each timed hand is a fresh random one, never seen before (as a new deal is), so only the
  card sets it shares with earlier hands come from the caches.
* follow: the same, for a fresh hand answering a random five-card play.
* wild jokers: the same (cold, then warm after other hands) for hands holding two wild jokers:
  13 cards from one deck, and 27 from two decks (a 4-player deal); mean and worst hand.
* reference: every subset of the hand classified one by one (the obviously-correct enumerator
  the property tests compare against), for scale.

Times are CPU time of this process, so other work on a shared machine inflates them less;
the wall-clock mean is printed beside each.

* rule sets (``--sets``, or ``--sets-only`` for just these rows): a row for every preset and
  every stress set of `bigtwo.rules.stress` (option sets that once stalled the engine), each
  in a fresh child process: random deals played through the bots' driver (random bots), mean and
  worst seconds a deal; the heuristic's decision time (fetching its moves included) at the
  95th percentile and worst, over whole deals; the expert's worst whole decision (one expert
  against heuristics); and the child's peak memory growth. A row that exceeds its time limit
  says so instead of hanging. Targets: a deal within 2 s, the heuristic within 20 ms at the
  95th percentile, the expert within 1 s, memory under 200 MB.
"""

from __future__ import annotations

import argparse
import gc
import io
import multiprocessing
import os
import random
import resource
import signal
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path
from typing import Any

import bigtwo
from bigtwo.cards import deck, mask_of
from bigtwo.combos import Combination, classify_mask, hand_combos, tables_for
from bigtwo.combos.beats import can_lead
from bigtwo.combos.generate import forget_hands, is_cached
from bigtwo.combos.tables import FIVE, Tables, clear_tables
from bigtwo.rules.options import Jokers


def compare_games(against: str, rounds: int, seconds: float) -> None:
    """Games a second in this tree and in ``against``'s, taking turns (see the docstring)."""
    core = min(os.sched_getaffinity(0))
    trees = [("this tree", _SRC)]
    with tempfile.TemporaryDirectory() as tmp:
        older = _checkout(against, Path(tmp)) if against != "none" else None
        if older is not None:
            trees.append((against, older))
        elif against != "none":
            print(f"(no {against} to compare with: this tree alone)")
        rates: dict[str, list[float]] = {label: [] for label, _ in trees}
        per_game: dict[str, float] = {}
        for r in range(rounds):
            for label, src in trees if r % 2 == 0 else trees[::-1]:
                rate, per_game[label] = _child_games(src, seconds, core)
                rates[label].append(rate)
    print(
        f"random 4-player classic games, games per CPU second on core {core}, {rounds} rounds"
        f" of {seconds:g} s, taking turns:"
    )
    for label, _ in trees:
        got = rates[label]
        print(
            f"  {label:12} min {min(got):7.0f}  median {statistics.median(got):7.0f}"
            f"  ({per_game[label]:.1f} moves a game)"
        )
    if older is not None:
        ratios = [a / b for a, b in zip(rates["this tree"], rates[against], strict=True)]
        each = " ".join(f"{x:.2f}" for x in ratios)
        print(
            f"  this tree / {against}: min {min(ratios):.2f}  median"
            f" {statistics.median(ratios):.2f}  (each round: {each})"
        )


AGAINST = "ec9a5e7"  # the engine before its inputs, records and commitment were hardened
_SRC = Path(__file__).resolve().parents[1] / "src"
_GAMES = Path(__file__).resolve().parent / "games.py"


def _checkout(rev: str, into: Path) -> Path | None:
    """``rev``'s src folder written out under ``into`` (None without git or that commit)."""
    try:
        tar = subprocess.run(
            ["git", "-C", str(_SRC.parent), "archive", "--format=tar", rev, "src"],
            capture_output=True,
            check=True,
        ).stdout
    except (OSError, subprocess.CalledProcessError):
        return None
    with tarfile.open(fileobj=io.BytesIO(tar)) as archive:
        archive.extractall(into, filter="data")
    return into / "src"


def _child_games(src: Path, seconds: float, core: int) -> tuple[float, float]:
    """(games per CPU second, moves a game) of `games.py` run on ``src``'s bigtwo."""
    env = {**os.environ, "PYTHONPATH": str(src)}
    out = subprocess.run(
        [sys.executable, str(_GAMES), str(seconds), str(core), str(src)],
        env=env,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()
    return float(out[0]), float(out[1])


def play_random(rules: bigtwo.Rules, games: int, seed: int) -> None:
    """Random complete games (filling the per-Rules caches as real play does)."""
    rng = random.Random(seed)
    for _ in range(games):
        game = bigtwo.Game.deal(rules, seed=rng.getrandbits(64))
        while not game.is_over:
            legal = game.legal_moves()
            game = game.play(legal[rng.randrange(len(legal))])


def deals(
    rules: bigtwo.Rules, count: int, seed: int, size: int, jokers: int = 0
) -> list[list[int]]:
    """``count`` random deals whose seat 0 holds ``size`` cards, ``jokers`` of them jokers; the
    rest of the pack is shared among the other seats."""
    rng = random.Random(seed)
    pack = list(deck(rules.decks, 0 if rules.jokers is Jokers.NONE else 2))
    wild = [c for c in pack if c & 63 >= 52]
    natural = [c for c in pack if c & 63 < 52]
    out = []
    for _ in range(count):
        rng.shuffle(natural)
        rng.shuffle(wild)
        rest = natural[size - jokers :] + wild[jokers:]
        rng.shuffle(rest)
        others = rules.players - 1
        share = [rest[i::others] for i in range(others)]
        out.append([natural[: size - jokers] + wild[:jokers], *share])
    return out


def new_game(rules: bigtwo.Rules, hands: list[list[int]], leader: int = 0) -> bigtwo.Game:
    game = bigtwo.Game.deal(rules, hands=hands, leader=leader)
    assert not game.is_over
    return game


def time_legal(games: list[bigtwo.Game]) -> tuple[float, float, float]:
    """(mean CPU µs, worst CPU µs, mean wall µs) of the first ``legal_moves()`` of each game."""
    cpu, worst, wall = 0, 0, 0
    for game in games:
        assert not is_cached(game.hands[game.to_move], game.tables), "a hand seen before"
        w0, c0 = time.perf_counter_ns(), time.process_time_ns()
        game.legal_moves()
        c1, w1 = time.process_time_ns(), time.perf_counter_ns()
        cpu += c1 - c0
        wall += w1 - w0
        worst = max(worst, c1 - c0)
    n = len(games)
    return cpu / n / 1000, worst / 1000, wall / n / 1000


def cold(rules: bigtwo.Rules, hands: list[list[int]]) -> tuple[float, float, float]:
    """Each hand on fresh tables, built (with the generator's per-Rules plan) before timing."""
    total = [0.0, 0.0, 0.0]
    for h in hands:
        clear_tables()
        game = new_game(rules, h)
        hand_combos(0, game.tables)  # the generator's per-Rules plan, outside the timing
        forget_hands(game.tables)
        cpu, worst, wall = time_legal([game])
        total = [total[0] + cpu, max(total[1], worst), total[2] + wall]
    clear_tables()
    return total[0] / len(hands), total[1], total[2] / len(hands)


def following_games(rules: bigtwo.Rules, hands: list[list[int]], seed: int) -> list[bigtwo.Game]:
    """Games where the seat before the timed hand has just led a random five-card play."""
    rng = random.Random(seed)
    t = Tables(rules, False)  # the leader's plays, found outside the tables being timed
    out = []
    for h in hands:
        others = h[1:]
        rng.shuffle(others)
        lead = next(
            (s for s in range(len(others)) if any(c.family == FIVE for c in _leads(others[s], t))),
            None,
        )
        if lead is None:
            continue
        seats = [others[lead], h[0], *(o for i, o in enumerate(others) if i != lead)]
        fives = [c for c in _leads(seats[0], t) if c.family == FIVE]
        game = new_game(rules, seats).play(str(rng.choice(fives)))
        assert game.to_move == 1
        out.append(game)
    return out


def _leads(cards: list[int], t: Tables) -> list[Combination]:
    return hand_combos(mask_of(cards), t).leads


def reference_leads(hand: int, t: Tables) -> list[Combination]:
    """Every subset of ``hand`` classified: the slow, obviously-correct enumeration."""
    bits = [1 << i for i in range(128) if hand >> i & 1]
    out = []
    for pick in range(1, 1 << len(bits)):
        mask = sum(b for i, b in enumerate(bits) if pick >> i & 1)
        combo = classify_mask(mask, t)
        if combo is not None and can_lead(combo, t):
            out.append(combo)
    return out


def show(label: str, figures: tuple[float, float, float], worst: bool = False) -> None:
    cpu, top, wall = figures
    extra = f", worst {top:8.1f} µs" if worst else ""
    print(f"{label:40}{cpu:9.1f} µs (wall {wall:.1f}){extra}")


class _Stalled(Exception):
    pass


def _alarm(signum: int, frame: Any) -> None:
    raise _Stalled


def _timed_steps(game: bigtwo.Game, bots: dict[int, Any], timed: set[int]) -> list[float]:
    """Play ``game`` out with ``bots``; the CPU seconds of each turn of a ``timed`` seat."""
    from direct import play_out

    return play_out(game, bots, timed)[1]


def _row(rules: bigtwo.Rules, quick: bool, limit: int) -> dict[str, Any]:
    """One rule set's figures (run in a child process)."""
    from bigtwo.bots import ExpertBot, make_bot

    base = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    out: dict[str, Any] = {}
    n = rules.players
    signal.signal(signal.SIGALRM, _alarm)
    parts = (
        (
            "random",
            3 if quick else 10,
            lambda d: {s: make_bot("random", d * 10 + s) for s in range(n)},
            set(),
        ),
        (
            "heuristic",
            1 if quick else 3,
            lambda d: {s: make_bot("heuristic", d * 10 + s) for s in range(n)},
            set(range(n)),
        ),
        (
            "expert",
            1,
            lambda d: {s: ExpertBot(d) if s == 0 else make_bot("heuristic", s) for s in range(n)},
            {0},
        ),
    )
    for label, count, make, timed in parts:
        signal.alarm(limit)
        times: list[float] = []
        deal_times: list[float] = []
        try:
            for d in range(count):
                c0 = time.process_time()
                times += _timed_steps(bigtwo.Game.deal(rules, seed=100 + d), make(d), timed)
                deal_times.append(time.process_time() - c0)
        except _Stalled:
            out[label] = None
        else:
            out[label] = (deal_times, times)
        finally:
            signal.alarm(0)
    out["rss_mb"] = (resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - base) / 1024
    return out


def _child(rules: bigtwo.Rules, quick: bool, limit: int, queue: Any) -> None:
    clear_tables()
    queue.put(_row(rules, quick, limit))


def _fmt_row(label: str, res: dict[str, Any] | None, limit: int) -> str:
    if res is None:
        return f"{label:26} crashed"
    cells = []
    rnd = res["random"]
    if rnd is None:
        cells.append(f"deal >{limit}s (stalled)  ")
    else:
        deal_times = rnd[0]
        cells.append(f"deal {sum(deal_times) / len(deal_times):6.3f}/{max(deal_times):6.3f} s")
    heu = res["heuristic"]
    if heu is None:
        cells.append(f"heuristic >{limit}s (stalled)       ")
    else:
        t = sorted(heu[1])
        q = t[min(len(t) - 1, int(0.95 * len(t)))] if t else 0.0
        cells.append(f"heuristic p95 {1000 * q:7.1f} max {1000 * max(t, default=0):7.1f} ms")
    exp = res["expert"]
    if exp is None:
        cells.append(f"expert >{limit}s (stalled)")
    else:
        cells.append(f"expert max {max(exp[1], default=0):5.2f} s")
    cells.append(f"mem +{res['rss_mb']:6.0f} MB")
    return f"{label:26} " + "  ".join(cells)


def rule_sets(quick: bool, only: list[str] | None = None) -> None:
    """A row per preset and per stress set (see the module's docstring)."""
    from bigtwo.rules.stress import STRESS_SETS, stress_rules

    limit = 30 if quick else 120
    print("rule sets: random deal mean/worst CPU s · heuristic decision · expert · memory")
    named = [(p, bigtwo.Rules.preset(p)) for p in bigtwo.Rules.presets()]
    named += [(s, stress_rules(s)) for s in STRESS_SETS]
    if only:
        named = [(label, rules) for label, rules in named if label in only]
    ctx = multiprocessing.get_context("fork")
    for label, rules in named:
        queue = ctx.Queue()
        proc = ctx.Process(target=_child, args=(rules, quick, limit, queue))
        proc.start()
        try:
            res = queue.get(timeout=4 * limit + 60)
        except Exception:
            res = None
        proc.join(5)
        if proc.is_alive():
            proc.kill()
        print(_fmt_row(label, res, limit), flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer samples")
    parser.add_argument("--sets", action="store_true", help="also a row per rule set")
    parser.add_argument("--sets-only", action="store_true", help="only the rule-set rows")
    parser.add_argument("--only", action="append", help="only this rule set's row (repeatable)")
    parser.add_argument(
        "--against", default=AGAINST, help=f"the commit to compare games/s with ({AGAINST})"
    )
    parser.add_argument("--rounds", type=int, help="turns each tree takes (5; 3 with --quick)")
    parser.add_argument("--games-only", action="store_true", help="only the games/s comparison")
    args = parser.parse_args()
    if args.sets_only or args.only:
        rule_sets(args.quick, args.only)
        return
    rounds = args.rounds or (3 if args.quick else 5)
    compare_games(args.against, rounds, 1.5 if args.quick else 3.0)
    if args.games_only:
        return
    n_hands, n_wild = (300, 10) if args.quick else (3000, 40)
    rules = bigtwo.Rules.preset("classic")

    clear_tables()
    start = time.perf_counter()
    hand_combos(0, tables_for(rules))
    print(f"per-Rules tables: {(time.perf_counter() - start) * 1e3:.2f} ms once")
    show("13-card hand on the lead, cold", cold(rules, deals(rules, n_hands // 10, 11, 13)))
    play_random(rules, 300 if not args.quick else 50, seed=12)  # warm on other hands
    lead = [new_game(rules, h) for h in deals(rules, n_hands, 13, 13)]
    show("13-card hand on the lead, warm", time_legal(lead))
    follow = following_games(rules, deals(rules, n_hands, 14, 13), seed=15)
    show("13-card hand following a five, warm", time_legal(follow))

    del lead, follow  # a fresh heap: a full garbage collection in a timed call would cost
    clear_tables()  # as much as the objects the classic figures left behind
    gc.collect()
    wild1 = bigtwo.Rules.preset("classic").replace(jokers=Jokers.WILD)
    wild2 = wild1.replace(decks=2)
    for label, wr, size in (("one deck", wild1, 13), ("two decks", wild2, 27)):
        print(f"wild jokers, {label}: {size}-card hands with two jokers, on the lead")
        show("  cold", cold(wr, deals(wr, n_wild, 16, size, 2)), worst=True)
        for h in deals(wr, n_wild, 17, size, 2):  # warm on other hands
            new_game(wr, h).legal_moves()
        show("  warm", time_legal([new_game(wr, h) for h in deals(wr, n_wild, 18, size, 2)]), True)

    ref_t = Tables(rules, False)
    ref_hands = [mask_of(h[0]) for h in deals(rules, 10, 19, 13)]
    start = time.process_time()
    for hand in ref_hands:
        reference_leads(hand, ref_t)
    ref = (time.process_time() - start) / len(ref_hands) * 1e6
    print(f"reference subset enumerator: {ref:8.0f} µs a hand (cold, {len(ref_hands)} hands)")
    if args.sets:
        rule_sets(args.quick)


if __name__ == "__main__":
    main()
