"""Security of the bus: the shipped accounts file, least-privilege identities, and every
way of logging in that settings and the CLI accept (password, token, NKey, a
credentials file in operator / JWT mode, mutual TLS)."""

from __future__ import annotations

import asyncio
import datetime
import ipaddress
import os
import uuid
from collections.abc import AsyncIterator
from pathlib import Path

import nats
import nkeys
import pytest
from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import NameOID
from nats.aio.client import Client as NATS
from nats.aio.msg import Msg

from research_chain.bus import Bus, EmbeddedServer, connect, provision
from research_chain.bus import names as n
from research_chain.bus.cluster import LocalCluster
from research_chain.cli import _parser, _settings
from research_chain.client import ResearchClient, request_triples, start_research
from research_chain.config import Settings
from research_chain.errors import BusRejected, BusUnavailable, ResultTimeout, ValidationFailed
from tests.chain.helpers import awaiting, decode_result, serving
from tests.chain.standins import Recorder, standins
from tests.faults.harness import PASSWORD, WorkerProcess, settings_env, worker_settings
from tests.faults.operator import Identity, OperatorMode
from tests.parent.conftest import console_script


@pytest.fixture
async def worker_bus(single: LocalCluster, tmp_path: Path) -> AsyncIterator[Bus]:
    """The chain as the least-privilege ``worker`` identity: it provisions and runs."""
    settings = worker_settings(single, tmp_path / "data")
    bus = await connect(settings)
    try:
        await provision(bus, settings)
        async with serving(bus, settings, standins(Recorder())):
            yield bus
    finally:
        await bus.close()


class Refusals:
    """The server's permission violations, as this connection's error callback hears them."""

    def __init__(self) -> None:
        self.seen: list[str] = []
        self.arrived = asyncio.Event()

    async def record(self, exc: Exception) -> None:
        self.seen.append(str(exc))
        self.arrived.set()


async def _as(cluster: LocalCluster, user: str, refusals: Refusals) -> NATS:
    return await nats.connect(
        cluster.url, user=user, password=PASSWORD, error_cb=refusals.record, allow_reconnect=False
    )


async def test_a_parent_with_its_own_identity_gets_its_answer(
    single: LocalCluster, worker_bus: Bus
) -> None:
    refusals = Refusals()
    nc = await _as(single, "parent-a", refusals)
    got: asyncio.Future[Msg] = asyncio.get_running_loop().create_future()

    async def arrived(msg: Msg) -> None:
        if not got.done():
            got.set_result(msg)

    try:
        await nc.subscribe(n.result_subject("parent-a"), cb=arrived)
        parent = Bus(nc=nc, js=nc.jetstream())
        loop_id = str(uuid.uuid4())
        await start_research(
            parent, request_triples(loop_id, "question", parent_loop_id="parent-a")
        )
        msg = await asyncio.wait_for(got, 30)
    finally:
        await nc.close()
    assert (msg.headers or {})[n.Header.LOOP_ID] == loop_id
    assert not decode_result(msg).degraded
    assert refusals.seen == []


async def test_a_parent_cannot_publish_to_component_subjects(
    single: LocalCluster, worker_bus: Bus
) -> None:
    refusals = Refusals()
    nc = await _as(single, "parent-a", refusals)
    try:
        await nc.publish(n.stage_subject(n.Stage.NL_CLASSIFY, str(uuid.uuid4())), b"{}")
        await nc.flush()
        await asyncio.wait_for(refusals.arrived.wait(), 10)
    finally:
        await nc.close()
    assert "permissions violation for publish" in refusals.seen[0].lower()
    assert "component.nl_classify" in refusals.seen[0]
    state = await worker_bus.stream_state(worker_settings(single, Path(".")).dispatch_stream)
    assert state.messages == 0


async def test_one_parent_cannot_read_another_parents_results(
    single: LocalCluster, worker_bus: Bus
) -> None:
    refusals = Refusals()
    other = await _as(single, "parent-b", refusals)
    owner_refusals = Refusals()
    owner = await _as(single, "parent-a", owner_refusals)
    heard_by_other: list[Msg] = []
    heard_by_owner: asyncio.Future[Msg] = asyncio.get_running_loop().create_future()

    async def snoop(msg: Msg) -> None:
        heard_by_other.append(msg)

    async def mine(msg: Msg) -> None:
        if not heard_by_owner.done():
            heard_by_owner.set_result(msg)

    try:
        await other.subscribe(n.result_subject("parent-a"), cb=snoop)
        await other.subscribe("research.result.>", cb=snoop)
        await other.flush()
        await asyncio.wait_for(refusals.arrived.wait(), 10)
        await owner.subscribe(n.result_subject("parent-a"), cb=mine)
        parent = Bus(nc=owner, js=owner.jetstream())
        await start_research(
            parent, request_triples(str(uuid.uuid4()), "mine", parent_loop_id="parent-a")
        )
        await asyncio.wait_for(heard_by_owner, 30)
        # The stream that keeps results is out of reach too: no JetStream API at all.
        refusals.arrived.clear()
        with pytest.raises(nats.errors.Error):
            await other.jetstream(timeout=1).stream_info("RESEARCH_RESULTS")
        await other.flush()
    finally:
        await other.close()
        await owner.close()
    assert heard_by_other == []
    seen = [r.lower() for r in refusals.seen]
    assert any('subscription to "research.result.parent-a"' in r for r in seen), seen
    assert any('subscription to "research.result.>"' in r for r in seen), seen
    assert any('publish to "$js.api.stream.info.research_results"' in r for r in seen), seen


def _parent(cluster: LocalCluster, user: str) -> Settings:
    # A short request timeout: what a parent may not do is dropped unanswered.
    return Settings(
        nats_url=cluster.url, nats_user=user, nats_password=PASSWORD, request_timeout_s=1.0
    )


async def test_a_restarted_parent_fetches_its_own_kept_result_and_no_other_parent_can(
    single: LocalCluster, worker_bus: Bus
) -> None:
    as_a = _parent(single, "parent-a")
    # The first parent process starts a loop and is gone before it ends.
    async with (
        awaiting(worker_bus, n.result_subject("parent-a")) as ended,
        await ResearchClient.connect(as_a, parent_loop_id="parent-a") as first,
    ):
        loop_id = await first.start("which operators flew drone 7")
    assert (ended[0].headers or {})[n.Header.LOOP_ID] == loop_id
    # Restarted under the same identity, it finds the result kept (the publish is long
    # gone) with nothing but its own permissions.
    async with await ResearchClient.connect(as_a, parent_loop_id="parent-a") as restarted:
        kept = await restarted.fetch(loop_id)
        waited = await restarted.result(loop_id, timeout=10)
    assert kept is not None and not kept.degraded
    assert waited == kept == decode_result(ended[0])
    # Another parent finds nothing under its own id, and cannot read under parent-a's.
    async with await ResearchClient.connect(
        _parent(single, "parent-b"), parent_loop_id="parent-b"
    ) as other:
        assert await other.fetch(loop_id) is None
        with pytest.raises(ResultTimeout):
            await other.result(loop_id, timeout=2)
    refusals = Refusals()
    nc = await _as(single, "parent-b", refusals)
    try:
        with pytest.raises(nats.errors.Error):
            await nc.jetstream(timeout=1).get_last_msg(
                worker_settings(single, Path(".")).results_stream,
                n.kept_result_subject("parent-a", loop_id),
                direct=True,
            )
        await nc.flush()
    finally:
        await nc.close()
    assert any(
        "permissions violation for publish" in r.lower() and ".research.kept.parent-a." in r.lower()
        for r in refusals.seen
    ), refusals.seen


def _certificates(folder: Path) -> dict[str, Path]:
    """A CA, a server certificate for 127.0.0.1 and a client certificate, made here."""
    now = datetime.datetime.now(datetime.UTC)
    ca_key = ec.generate_private_key(ec.SECP256R1())
    ca_name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "research-chain test CA")])

    def issue(
        name: str, key: ec.EllipticCurvePrivateKey, *, ca: bool = False, server: bool = False
    ) -> x509.Certificate:
        subject = ca_name if ca else x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, name)])
        builder = (
            x509.CertificateBuilder()
            .subject_name(subject)
            .issuer_name(ca_name)
            .public_key(key.public_key())
            .serial_number(x509.random_serial_number())
            .not_valid_before(now - datetime.timedelta(minutes=5))
            .not_valid_after(now + datetime.timedelta(days=1))
            .add_extension(x509.BasicConstraints(ca=ca, path_length=None), critical=True)
        )
        if server:
            builder = builder.add_extension(
                x509.SubjectAlternativeName([x509.IPAddress(ipaddress.ip_address("127.0.0.1"))]),
                critical=False,
            )
        return builder.sign(ca_key, hashes.SHA256())

    files: dict[str, Path] = {}

    def write(stem: str, cert: x509.Certificate, key: ec.EllipticCurvePrivateKey) -> None:
        files[stem] = folder / f"{stem}.pem"
        files[stem].write_bytes(cert.public_bytes(serialization.Encoding.PEM))
        files[f"{stem}-key"] = folder / f"{stem}-key.pem"
        files[f"{stem}-key"].write_bytes(
            key.private_bytes(
                serialization.Encoding.PEM,
                serialization.PrivateFormat.PKCS8,
                serialization.NoEncryption(),
            )
        )

    write("ca", issue("ca", ca_key, ca=True), ca_key)
    for stem, server in (("server", True), ("client", False)):
        key = ec.generate_private_key(ec.SECP256R1())
        write(stem, issue(stem, key, server=server), key)
    return files


def _server(tmp_path: Path, *args: str) -> EmbeddedServer:
    server = EmbeddedServer(store_dir=tmp_path / "nats", extra_args=list(args))
    server.start()
    return server


async def _provisions(settings: Settings) -> None:
    bus = await connect(settings)
    try:
        await provision(bus, settings)
    finally:
        await bus.close()


def _refused() -> pytest.RaisesExc[BaseException]:
    return pytest.raises((BusRejected, BusUnavailable))


async def test_mutual_tls_with_a_client_certificate(tmp_path: Path) -> None:
    pem = _certificates(tmp_path)
    server = _server(
        tmp_path, "--tlsverify", "--tlscert", str(pem["server"]),
        "--tlskey", str(pem["server-key"]), "--tlscacert", str(pem["ca"]),
    )  # fmt: skip
    try:
        url = server.url.replace("nats://", "tls://")
        base = Settings(nats_url=url, tls_ca=pem["ca"], connect_timeout_s=2)
        await _provisions(
            base.model_copy(update={"tls_cert": pem["client"], "tls_key": pem["client-key"]})
        )
        with _refused():
            await _provisions(base)  # the server asks for a certificate this one lacks
    finally:
        server.stop()


async def test_token(tmp_path: Path) -> None:
    server = _server(tmp_path, "--auth", "s3cret-token")
    try:
        await _provisions(Settings(nats_url=server.url, nats_token="s3cret-token"))
        with _refused():
            await _provisions(
                Settings(nats_url=server.url, nats_token="wrong", connect_timeout_s=2)
            )
    finally:
        server.stop()


async def test_nkey_seed_file(tmp_path: Path) -> None:
    seed = nkeys.encode_seed(os.urandom(32), nkeys.PREFIX_BYTE_USER)
    public = nkeys.from_seed(seed).public_key.decode()
    (tmp_path / "user.nk").write_bytes(seed)
    config = tmp_path / "nkey.conf"
    config.write_text(f'authorization {{ users = [ {{ nkey: "{public}" }} ] }}\n')
    server = _server(tmp_path, "-c", str(config))
    try:
        await _provisions(Settings(nats_url=server.url, nats_nkey_seed=tmp_path / "user.nk"))
        with _refused():
            await _provisions(Settings(nats_url=server.url, connect_timeout_s=2))
    finally:
        server.stop()


async def test_a_worker_runs_the_chain_with_a_credentials_file(tmp_path: Path) -> None:
    """Operator mode: the server trusts only JWTs its operator's account signed."""
    mode = OperatorMode.new()
    server = _server(tmp_path, "-c", str(mode.server_config(tmp_path / "operator.conf")))
    try:
        worker = Settings(
            nats_url=server.url, nats_creds=mode.user_creds(tmp_path / "worker.creds", "worker"),
            data_dir=tmp_path / "data", load_sample=False,
        )  # fmt: skip
        up = await WorkerProcess(settings_env(worker), tmp_path / "worker.log").start()
        try:
            parent = Settings(
                nats_url=server.url, nats_creds=mode.user_creds(tmp_path / "p.creds", "parent")
            )
            async with await ResearchClient.connect(parent, parent_loop_id="parent-a") as client:
                loop_id = await client.start("which operators flew drone 7")
                result = await client.result(loop_id, timeout=30)
        finally:
            await up.stop()
    finally:
        server.stop()
    assert not result.degraded, result.degraded_reason


async def test_a_bad_credentials_file_is_refused_with_a_clear_error(tmp_path: Path) -> None:
    mode = OperatorMode.new()
    server = _server(tmp_path, "-c", str(mode.server_config(tmp_path / "operator.conf")))
    # Well formed, but signed by an account the operator never vouched for.
    foreign = mode.user_creds(
        tmp_path / "foreign.creds", "intruder", signer=Identity.new(nkeys.PREFIX_BYTE_ACCOUNT)
    )
    (tmp_path / "broken.creds").write_text("not a credentials file\n")
    try:
        with pytest.raises(BusRejected, match="refused these credentials"):
            await _provisions(Settings(nats_url=server.url, nats_creds=foreign))
        with pytest.raises(ValidationFailed, match=r"broken\.creds: not a NATS \.creds file"):
            await _provisions(Settings(nats_url=server.url, nats_creds=tmp_path / "broken.creds"))
        with pytest.raises(ValidationFailed, match=r"missing\.creds: No such file"):
            await _provisions(Settings(nats_url=server.url, nats_creds=tmp_path / "missing.creds"))
        # The CLI says so in one line and exits non-zero, without a traceback.
        ask = await asyncio.create_subprocess_exec(
            *console_script(), "ask", "--nats-url", server.url, "--nats-creds", str(foreign),
            "which operators flew drone 7", stderr=asyncio.subprocess.PIPE,
        )  # fmt: skip
        _, err = await ask.communicate()
    finally:
        server.stop()
    assert ask.returncode not in (None, 0)
    assert err.decode().startswith("research-chain: connect nats://"), err
    assert "refused these credentials" in err.decode() and "Traceback" not in err.decode()


def test_every_credential_and_tls_flag_reaches_the_settings() -> None:
    args = _parser().parse_args(
        [
            "worker", "--nats-url", "tls://10.0.0.1:4222,tls://10.0.0.2:4222",
            "--nats-user", "worker", "--nats-password", "pw", "--nats-token", "tok",
            "--nats-creds", "u.creds", "--nats-nkey-seed", "u.nk", "--tls-ca", "ca.pem",
            "--tls-cert", "c.pem", "--tls-key", "k.pem", "--replicas", "3",
            "--ack-wait", "2", "--stage-timeout", "30",
        ]
    )  # fmt: skip
    got = _settings(args)
    assert (got.nats_user, got.nats_password, got.nats_token) == ("worker", "pw", "tok")
    assert (got.nats_creds, got.nats_nkey_seed) == (Path("u.creds"), Path("u.nk"))
    assert (got.tls_ca, got.tls_cert, got.tls_key) == (Path("ca.pem"), Path("c.pem"), Path("k.pem"))
    assert (got.replicas, got.ack_wait_s, got.stage_timeout_s) == (3, 2.0, 30.0)
