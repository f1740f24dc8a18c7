"""The operator's page words each audit line (``admin.audit.code.<action>`` in the catalogues):
every action the server may write is in `accounts.AUDIT_ACTIONS`, which `append` holds it to,
and each has its words in English (the other catalogues are held to English's keys by
`test_catalogues`)."""

from __future__ import annotations

import pytest
import sqlalchemy as sa
from test_catalogues import ENGLISH

from bigtwo.server.accounts import AUDIT_ACTIONS, SIGN_IN_WAYS, append
from bigtwo.server.history.admin import ACTIONS as OPERATOR_ACTIONS

CODE = "admin.audit.code."


def test_every_action_the_log_may_hold_has_its_words() -> None:
    wanted = {CODE + a for a in AUDIT_ACTIONS} | {f"{CODE}signed_in.{w}" for w in SIGN_IN_WAYS}
    assert sorted(wanted - ENGLISH.keys()) == [], "actions without words in en.json"
    worded = {key for key in ENGLISH if key.startswith(CODE)}
    assert sorted(worded - wanted) == [], "words for actions the server no longer writes"


def test_each_operator_action_is_a_listed_action() -> None:
    # history.admin.act logs f"operator_{action}"; a deletion is logged as the account's
    made = {f"operator_{a}" for a in OPERATOR_ACTIONS if a != "delete"}
    assert made <= set(AUDIT_ACTIONS) and "account_deleted" in AUDIT_ACTIONS


@pytest.mark.parametrize(
    ("action", "detail"),
    [("passkey_renamed", {}), ("signed_in", {}), ("signed_in", {"how": "carrier_pigeon"})],
)
def test_append_takes_no_action_the_page_has_no_words_for(
    action: str, detail: dict[str, str]
) -> None:
    engine = sa.create_engine("sqlite://")
    try:
        with engine.connect() as conn, pytest.raises(ValueError, match="is not in"):
            append(conn, action, None, **detail)
    finally:
        engine.dispose()
