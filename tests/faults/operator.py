"""Decentralised (operator / JWT) authentication made at test time, without ``nsc``.

nats-server in operator mode trusts an operator's public key; the operator signs an
account's JWT (here with JetStream enabled), the account signs a user's JWT, and the
user proves it holds the user key by signing the server's nonce with the seed kept
beside the JWT in a ``.creds`` file. The JWTs are plain JWS: a fixed header, the claims
(``nats`` carries the typed part, version 2), base64url without padding, and an
ed25519 signature by the issuer's nkey over ``header.claims``.
"""

from __future__ import annotations

import base64
import os
import time
import uuid
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import nkeys
import orjson

__all__ = ["Identity", "OperatorMode", "creds_file", "jwt"]

NO_LIMIT = -1
_HEADER = {"typ": "JWT", "alg": "ed25519-nkey"}


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


@dataclass(frozen=True)
class Identity:
    """One nkey pair: an operator, an account or a user."""

    seed: bytes
    public: str

    @classmethod
    def new(cls, prefix: int) -> Identity:
        seed = nkeys.encode_seed(os.urandom(32), prefix)
        return cls(seed, nkeys.from_seed(seed).public_key.decode())

    def sign(self, data: bytes) -> bytes:
        return bytes(nkeys.from_seed(self.seed).sign(data))


def jwt(issuer: Identity, subject: str, name: str, nats: dict[str, Any]) -> str:
    """A NATS JWT of ``subject`` signed by ``issuer``; ``nats`` holds the typed claims."""
    claims = {
        "jti": uuid.uuid4().hex.upper(),
        "iat": int(time.time()),
        "iss": issuer.public,
        "name": name,
        "sub": subject,
        "nats": {**nats, "version": 2},
    }
    signing_input = f"{_b64(orjson.dumps(_HEADER))}.{_b64(orjson.dumps(claims))}"
    return f"{signing_input}.{_b64(issuer.sign(signing_input.encode()))}"


def creds_file(path: Path, user_jwt: str, seed: bytes) -> Path:
    """The ``.creds`` layout clients read: the user JWT, then the user's seed."""
    path.write_text(
        "-----BEGIN NATS USER JWT-----\n"
        f"{user_jwt}\n"
        "------END NATS USER JWT------\n\n"
        "-----BEGIN USER NKEY SEED-----\n"
        f"{seed.decode()}\n"
        "------END USER NKEY SEED------\n"
    )
    path.chmod(0o600)
    return path


@dataclass(frozen=True)
class OperatorMode:
    """An operator trusting one JetStream-enabled account (and the system account
    JetStream needs for its internal subscriptions), served by a memory resolver."""

    operator: Identity
    account: Identity
    system: Identity

    @classmethod
    def new(cls) -> OperatorMode:
        return cls(
            Identity.new(nkeys.PREFIX_BYTE_OPERATOR),
            Identity.new(nkeys.PREFIX_BYTE_ACCOUNT),
            Identity.new(nkeys.PREFIX_BYTE_ACCOUNT),
        )

    def server_config(self, path: Path) -> Path:
        """A nats-server config that trusts the operator and preloads both accounts."""
        op = self.operator
        system_jwt = jwt(op, self.system.public, "SYS", {"type": "account"})
        account_jwt = jwt(
            op, self.account.public, "RESEARCH",
            {
                "type": "account",
                "limits": {
                    "subs": NO_LIMIT, "data": NO_LIMIT, "payload": NO_LIMIT,
                    "imports": NO_LIMIT, "exports": NO_LIMIT, "wildcards": True,
                    "conn": NO_LIMIT, "leaf": NO_LIMIT,
                    # Any JetStream limit other than zero enables JetStream for the account.
                    "mem_storage": NO_LIMIT, "disk_storage": NO_LIMIT,
                    "streams": NO_LIMIT, "consumer": NO_LIMIT,
                },
            },
        )  # fmt: skip
        path.write_text(
            f'operator: "{jwt(op, op.public, "research-chain-test", {"type": "operator"})}"\n'
            f"system_account: {self.system.public}\n"
            "resolver: MEMORY\n"
            f'resolver_preload: {{ {self.account.public}: "{account_jwt}", '
            f'{self.system.public}: "{system_jwt}" }}\n'
        )
        return path

    def user_creds(self, path: Path, name: str, *, signer: Identity | None = None) -> Path:
        """A new user of the account, as a ``.creds`` file; ``signer`` stands in for the
        account to make credentials the server must refuse."""
        user = Identity.new(nkeys.PREFIX_BYTE_USER)
        claims = {
            "type": "user", "subs": NO_LIMIT, "data": NO_LIMIT, "payload": NO_LIMIT,
            "pub": {}, "sub": {},
        }  # fmt: skip
        return creds_file(path, jwt(signer or self.account, user.public, name, claims), user.seed)
