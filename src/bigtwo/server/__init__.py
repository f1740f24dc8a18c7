"""Online play: rooms of friends at one table each, served over WebSockets, every accepted
action stored before anyone hears of it (``docs/protocol.md``). Needs ``bigtwo[server]``:
without it, importing any part says so."""

from ..extras import require

require("server", "the server (bigtwo.server)")
