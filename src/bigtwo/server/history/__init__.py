"""Every game remembered, people's own data, and an operator's tools.

`tables` (profiles, operators: migration 0009 with `results.RESULTS`), `profile` (a person's
profile checked, read and written; who gave their games to the open dataset), `games` (a
person's games and statistics from the results, the export, deleting an account), `admin`
(the operator's actions, for `bigtwo admin` and the operator's routes), `routes` (HTTP).
"""

from .admin import is_operator
from .routes import history_routes

__all__ = ["history_routes", "is_operator"]
