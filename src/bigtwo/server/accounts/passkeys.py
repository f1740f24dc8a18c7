"""The two passkey ceremonies through `webauthn` (py_webauthn), which checks the browser's
answers: the challenge, the origin, the relying party (this server's host name), user
verification (required: a fingerprint, face or PIN, not a mere touch) and, at sign-in, the
signature and that the authenticator's counter moved on (a cloned key shows an old one).

Passkeys are discoverable (the authenticator keeps the account), so signing in needs no
handle, and the browser offers its own cross-device flows (a phone's QR code)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...extras import require

require("server", "passkeys", ["webauthn"])

from webauthn import (  # noqa: E402  (after the check that says which extra is missing)
    generate_authentication_options,
    generate_registration_options,
    options_to_json,
    verify_authentication_response,
    verify_registration_response,
)
from webauthn.helpers import base64url_to_bytes, bytes_to_base64url  # noqa: E402
from webauthn.helpers.exceptions import WebAuthnException  # noqa: E402
from webauthn.helpers.structs import (  # noqa: E402
    AuthenticatorSelectionCriteria,
    PublicKeyCredentialDescriptor,
    ResidentKeyRequirement,
    UserVerificationRequirement,
)

RP_NAME = "Big Two"
TIMEOUT_MS = 120_000


class PasskeyError(Exception):
    """The browser's answer didn't check out (the reason is for the log only)."""


@dataclass(frozen=True)
class Registered:
    credential: str  # base64url
    public_key: bytes
    sign_count: int


def register_options(
    rp_id: str, person: str, handle: str, shown: str, existing: list[str]
) -> tuple[str, str]:
    """The options for ``navigator.credentials.create`` (JSON) and their challenge."""
    options = generate_registration_options(
        rp_id=rp_id,
        rp_name=RP_NAME,
        user_name=handle,
        user_id=person.encode(),
        user_display_name=shown or handle,
        timeout=TIMEOUT_MS,
        authenticator_selection=AuthenticatorSelectionCriteria(
            resident_key=ResidentKeyRequirement.REQUIRED,
            user_verification=UserVerificationRequirement.REQUIRED,
        ),
        exclude_credentials=[
            PublicKeyCredentialDescriptor(id=base64url_to_bytes(c)) for c in existing
        ],
    )
    return options_to_json(options), bytes_to_base64url(options.challenge)


def check_registration(
    credential: Any, challenge: str, rp_id: str, origins: list[str]
) -> Registered:
    try:
        verified = verify_registration_response(
            credential=credential,
            expected_challenge=base64url_to_bytes(challenge),
            expected_rp_id=rp_id,
            expected_origin=origins,
            require_user_verification=True,
        )
    except (WebAuthnException, ValueError, TypeError, KeyError) as exc:
        raise PasskeyError(str(exc)) from None
    return Registered(
        bytes_to_base64url(verified.credential_id),
        verified.credential_public_key,
        verified.sign_count,
    )


def sign_in_options(rp_id: str) -> tuple[str, str]:
    """The options for ``navigator.credentials.get`` (no credentials listed: the
    authenticator offers the accounts it holds) and their challenge."""
    options = generate_authentication_options(
        rp_id=rp_id, timeout=TIMEOUT_MS, user_verification=UserVerificationRequirement.REQUIRED
    )
    return options_to_json(options), bytes_to_base64url(options.challenge)


def check_sign_in(
    credential: Any, challenge: str, rp_id: str, origins: list[str], key: bytes, count: int
) -> int:
    """Check a sign-in against the stored passkey; its new signature count."""
    try:
        verified = verify_authentication_response(
            credential=credential,
            expected_challenge=base64url_to_bytes(challenge),
            expected_rp_id=rp_id,
            expected_origin=origins,
            credential_public_key=key,
            credential_current_sign_count=count,
            require_user_verification=True,
        )
    except (WebAuthnException, ValueError, TypeError, KeyError) as exc:
        raise PasskeyError(str(exc)) from None
    return int(verified.new_sign_count)


def credential_id(credential: Any) -> str | None:
    """The credential id a browser's answer names (base64url), if it names one."""
    found = (
        credential.get("rawId") or credential.get("id") if isinstance(credential, dict) else None
    )
    return found if isinstance(found, str) and 0 < len(found) <= 512 else None
