"""Who a person is on this server: guests, server-side sessions and passkey accounts.

A first visit of the page calls ``GET /api/me`` and becomes a *guest* at once: a person
with a made-up handle, and a session the browser holds in an HttpOnly, SameSite=Lax cookie
(Secure over TLS). The page asks rather than a middleware making a guest of every request,
so that programs, crawlers and the page's own files make no rows. A guest that makes an
account keeps its person id: whatever it did stays its own.

**The one way other code learns who is asking** is `person_of`::

    from bigtwo.server.accounts import person_of
    person = person_of(request)   # a Request or a WebSocket; a Person, or None

None means nobody: no cookie (a program client), or a cookie revoked, unknown or idle for
too long. A socket's `hub.Connection` carries the same as ``person`` (the id) and
``session``. A room's stored form names the person in each seat they took (``people``).

Modules, each small: `tables` (the schema, migration 0008), `people` (a person, handle
rules), `directory` (people, sessions and the audit log read and written), `guard` (the
middleware: the session of each request, CSRF and Origin checks), `refusals` (a refused
request), `routes` (``/api/me``, devices, sign-out), `credentials` (passkeys, recovery
codes, password hashes stored), `passkeys` (the WebAuthn ceremonies, through `webauthn`),
`limits` (sign-in attempts counted), `signin` (the routes that make an account and sign in).
Every line of the audit log is one of `AUDIT_ACTIONS` (`append` takes no other; the operator's
page has words for each). An operator suspends a person through `Directory.set_suspended`
(``history.admin``), whose sessions' sockets the operator's route then closes
(`Hub.end_sessions`: in every process of a shared database).
"""

from .credentials import Credentials
from .directory import AUDIT_ACTIONS, SIGN_IN_WAYS, Directory, Session, append
from .guard import Guard, person_of, session_of
from .limits import Attempts
from .people import Person
from .refusals import Refused, refused
from .routes import account_routes
from .signin import signin_routes

__all__ = [
    "AUDIT_ACTIONS",
    "SIGN_IN_WAYS",
    "Attempts",
    "Credentials",
    "Directory",
    "Guard",
    "Person",
    "Refused",
    "Session",
    "account_routes",
    "append",
    "person_of",
    "refused",
    "session_of",
    "signin_routes",
]
