"""A software passkey for the server's tests: what a browser and an authenticator answer to
``navigator.credentials.create`` and ``.get`` (attestation ``none``, an ES256 key, user
present and verified), made with the libraries the ``webauthn`` package brings."""

from __future__ import annotations

import base64
import hashlib
import json
import os
import struct
from dataclasses import dataclass, field
from typing import Any

import cbor2
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric import ec

UP, UV, AT = 0x01, 0x04, 0x40


def b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


@dataclass
class SoftKey:
    origin: str
    rp_id: str = "testserver"
    verified: bool = True  # the person was verified (fingerprint, PIN): UV set
    count: int = 0  # the signature counter, moved on at each sign-in
    key: ec.EllipticCurvePrivateKey = field(
        default_factory=lambda: ec.generate_private_key(ec.SECP256R1())
    )
    id: bytes = field(default_factory=lambda: os.urandom(16))
    user: bytes = b""

    def _client(self, kind: str, options: dict[str, Any]) -> bytes:
        return json.dumps(
            {
                "type": kind,
                "challenge": options["challenge"],
                "origin": self.origin,
                "crossOrigin": False,
            }
        ).encode()

    def _flags(self, extra: int = 0) -> bytes:
        return bytes([UP | (UV if self.verified else 0) | extra])

    def create(self, options: dict[str, Any]) -> dict[str, Any]:
        """The answer to ``navigator.credentials.create(options)``."""
        self.user = base64.urlsafe_b64decode(options["user"]["id"] + "==")
        numbers = self.key.public_key().public_numbers()
        cose = cbor2.dumps(
            {
                1: 2,
                3: -7,
                -1: 1,
                -2: numbers.x.to_bytes(32, "big"),
                -3: numbers.y.to_bytes(32, "big"),
            }
        )
        data = (
            hashlib.sha256(self.rp_id.encode()).digest()
            + self._flags(AT)
            + struct.pack(">I", self.count)
            + bytes(16)  # no AAGUID
            + struct.pack(">H", len(self.id))
            + self.id
            + cose
        )
        attestation = cbor2.dumps({"fmt": "none", "attStmt": {}, "authData": data})
        return {
            "id": b64(self.id),
            "rawId": b64(self.id),
            "type": "public-key",
            "response": {
                "clientDataJSON": b64(self._client("webauthn.create", options)),
                "attestationObject": b64(attestation),
            },
            "clientExtensionResults": {},
        }

    def get(self, options: dict[str, Any], count: int | None = None) -> dict[str, Any]:
        """The answer to ``navigator.credentials.get(options)`` (``count``: the counter it
        says, as a cloned key would say an old one)."""
        self.count += 1
        client = self._client("webauthn.get", options)
        data = (
            hashlib.sha256(self.rp_id.encode()).digest()
            + self._flags()
            + struct.pack(">I", self.count if count is None else count)
        )
        signature = self.key.sign(data + hashlib.sha256(client).digest(), ec.ECDSA(hashes.SHA256()))
        return {
            "id": b64(self.id),
            "rawId": b64(self.id),
            "type": "public-key",
            "response": {
                "clientDataJSON": b64(client),
                "authenticatorData": b64(data),
                "signature": b64(signature),
                "userHandle": b64(self.user),
            },
            "clientExtensionResults": {},
        }
