"""`bigtwo serve`: the online server for friends (``docs/protocol.md``), on an SQLite file
by default; ``--workers N`` runs N processes on one port over a shared PostgreSQL database
(``docs/deploy.md``)."""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from typing import Annotated

import typer

from ..extras import MissingExtraError
from .common import fail
from .database import server_database

ORIGIN = re.compile(r"https?://[^/\s?#]+")  # a page's origin: scheme and host, no path


def command(
    host: Annotated[str, typer.Option(help="The address to listen on (0.0.0.0: the LAN).")] = (
        "127.0.0.1"
    ),
    port: Annotated[int, typer.Option(help="The port to listen on.")] = 8000,
    database: Annotated[
        str | None,
        typer.Option(help="A SQLAlchemy URL (default: an SQLite file, bigtwo.db, here)."),
    ] = None,
    grace: Annotated[
        float, typer.Option(help="Seconds a player may be gone before a bot plays for them.")
    ] = 20.0,
    keep_empty: Annotated[
        float, typer.Option(help="Seconds a room nobody is in stays open.")
    ] = 3600.0,
    rate: Annotated[
        float, typer.Option(help="Messages a second a connection may send (twice that at once).")
    ] = 20.0,
    workers: Annotated[
        int, typer.Option(help="Server processes on this port (needs a PostgreSQL database).")
    ] = 1,
    min_turn: Annotated[
        float, typer.Option(hidden=True, help="The shortest turn a room may have (tests).")
    ] = 5.0,
    bot_pace: Annotated[
        str,
        typer.Option(
            help="How soon each bot moves where a room's creator didn't say: normal (0.8 s), "
            "fast (0.25 s) or instant."
        ),
    ] = "normal",
    deal_pause: Annotated[
        float,
        typer.Option(
            help="Seconds a table rests on each deal's summary (unless everyone says ready "
            "sooner) where a room's creator didn't say: 0 to 300."
        ),
    ] = 30.0,
    allowed_origin: Annotated[
        list[str] | None,
        typer.Option(
            metavar="ORIGIN",
            help="Another origin (https://host[:port]) whose pages may use a person's session "
            "here, besides this server's own; repeatable (docs/security.md).",
        ),
    ] = None,
    passwords: Annotated[
        bool,
        typer.Option(
            help="Let people sign in with a handle and password too (argon2id), besides "
            "passkeys: for a LAN on plain http, where browsers offer no passkeys."
        ),
    ] = False,
    keep_finished: Annotated[
        float | None,
        typer.Option(
            metavar="DAYS",
            help="Days a closed room and its deals' records are kept, then deleted "
            "(default: forever).",
        ),
    ] = None,
    metrics_from: Annotated[
        list[str] | None,
        typer.Option(
            metavar="CIDR",
            help="A network (CIDR, such as 10.0.0.0/8) or address that may read /metrics; "
            "repeat it, or separate several by commas (default: loopback only).",
        ),
    ] = None,
) -> None:
    """Serve rooms for friends: the protocol at /ws, the lobby at /api/lobby."""
    try:
        from ..server import serving
        from ..server.app import make_app
        from ..server.metrics import LOOPBACK, networks
        from ..server.protocol import MAX_PAUSE, PACES
        from ..server.retention import DAY
        from ..server.settings import Settings
        from ..server.store import Store
        from ..server.workers import listen, supervise
    except MissingExtraError as exc:
        fail(str(exc))
    except ImportError as exc:  # the extra is there, but a part of it won't load
        fail(f"the server can't load {exc.name or exc}: reinstall 'bigtwo[server]'")
    if not host.strip():  # as an unset variable leaves it: uvicorn would take every network
        fail("--host is empty: name an address, such as 127.0.0.1 (0.0.0.0: the LAN)")
    if not 0 < port < 65536:
        fail(f"--port must be 1..65535, not {port}")
    for name, seconds in (("--grace", grace), ("--keep-empty", keep_empty)):
        if not (math.isfinite(seconds) and seconds >= 0):
            fail(f"{name} is seconds, 0 or more, not {seconds}")
    if not (math.isfinite(rate) and rate > 0):
        fail(f"--rate must be more than 0, not {rate}")
    if not min_turn > 0:  # NaN too
        fail(f"--min-turn must be more than 0, not {min_turn}")
    if bot_pace not in PACES:
        fail(f"--bot-pace is one of {', '.join(PACES)}, not {bot_pace!r}")
    if not 0 <= deal_pause <= MAX_PAUSE:  # NaN too
        fail(f"--deal-pause is 0 to {MAX_PAUSE:g} seconds, not {deal_pause}")
    if keep_finished is not None and not 0 < keep_finished < 1e6:  # NaN too
        fail(
            "--keep-finished is days, more than 0 (leave it out to keep rooms forever), "
            f"not {keep_finished:g}"
        )
    if workers < 1:
        fail(f"--workers must be at least 1, not {workers}")
    origins = tuple(_browser_origin(o) for o in allowed_origin or ())
    scrapers = _scrapers(metrics_from or ())
    try:
        networks(scrapers)
    except ValueError as exc:
        fail(f"--metrics-from: {exc}")
    url = server_database(database)
    if workers > 1 and url.partition(":")[0].partition("+")[0].lower() != "postgresql":
        fail("--workers needs a database the processes share: --database postgresql://…")
    settings = Settings(
        grace=grace,
        keep_empty=keep_empty,
        rate=rate,
        min_turn=min_turn,
        bot_pace=bot_pace,  # type: ignore[arg-type]  # one of PACES: checked above
        pause=deal_pause,
        allowed_origins=origins,
        passwords=passwords,
        metrics_from=scrapers or LOOPBACK,
        keep_finished=None if keep_finished is None else keep_finished * DAY,
    )
    # (every worker's too)
    serving.log_to_stderr()
    try:
        if workers == 1:
            app = make_app(url, settings)
        else:
            Store(url).close()  # the migrations run here, once, before the workers start
    except Exception as exc:  # a bad URL, a database that won't open: say so in one line
        fail(f"can't open the database {url}: {str(exc).splitlines()[0]}")
    try:  # before the address is announced
        sock = listen(host, port)
    except OSError as exc:
        said = (exc.strerror or str(exc)).partition(" (while attempting")[0]
        fail(f"can't listen on {host}:{port}: {said}")
    if workers == 1:
        sock.close()  # uvicorn binds it again itself, as it binds a one-process server
    shown_host = "127.0.0.1" if host in ("0.0.0.0", "::") else host
    print(f"bigtwo server: open http://{shown_host}:{port}/ (database {url})", flush=True)
    if workers == 1:
        serving.run(app, host, port)
        return
    raise SystemExit(supervise(sock, url, settings, workers))


def _browser_origin(origin: str) -> str:
    """``origin`` as a browser's ``Origin`` header writes it, which is what the server
    compares: the host in lower case and, where internationalised, its ASCII (IDNA) form, no
    default port. A host that form would change (ß becomes ss) is refused: browsers' IDNA keeps
    it, so only its given form fits; so is a user name, which no Origin carries."""
    if not ORIGIN.fullmatch(origin):
        fail(
            f"--allowed-origin is scheme://host[:port], like https://cards.example, not {origin!r}"
        )
    scheme, host = origin.split("://", 1)
    if "@" in host:
        fail(f"--allowed-origin names no user: scheme://host[:port], not {origin!r}")
    if not host.isascii():
        try:
            ascii_host = host.encode("idna").decode("ascii")
            kept = ascii_host.encode("ascii").decode("idna") == host.lower()
        except UnicodeError:
            kept = False
        if not kept:
            fail(
                "--allowed-origin: give a host in the ASCII form browsers send (IDNA, such as"
                f" https://xn--mnchen-3ya.example), not {origin!r}"
            )
        host = ascii_host
    host = host.lower().removesuffix(":443" if scheme == "https" else ":80")
    return f"{scheme}://{host}"


def _scrapers(given: Sequence[str]) -> tuple[str, ...]:
    """The networks ``--metrics-from`` names, repeated or separated by commas; one naming
    none (``''``, as an unset variable leaves it) is refused rather than read as the default."""
    if any(not spec.replace(",", "").strip() for spec in given):
        fail(
            "--metrics-from is empty: name an address or a network such as 10.0.0.0/8"
            " (leave it out for loopback only)"
        )
    return tuple(n for spec in given for n in spec.split(",") if n.strip())
