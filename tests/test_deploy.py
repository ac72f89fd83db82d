"""deploy/ checked without a container engine: every file against its schema (vendored in
tests/schemas/, no network), the dashboard's queries against the metrics the code
exports, and the pieces against each other (ports, paths, verbs, datasource)."""

from __future__ import annotations

import json
import os
import re
import subprocess
from pathlib import Path
from typing import Any, cast

import pytest
import yaml
from grafana_foundation_sdk.cog import plugins
from grafana_foundation_sdk.cog.encoder import JSONEncoder
from grafana_foundation_sdk.models.dashboard import Dashboard
from jsonschema import Draft202012Validator
from prometheus_client import CollectorRegistry
from prometheus_client.metrics import MetricWrapperBase

from research_chain.bus import find_nats_server
from research_chain.cli import _parser
from research_chain.observability import JudgeMetricsHook, MetricsHook

ROOT = Path(__file__).resolve().parents[1]
DEPLOY = ROOT / "deploy"
SCHEMAS = Path(__file__).resolve().parent / "schemas"
CONFIGS = sorted((DEPLOY / "nats").glob("*.conf"))
SERVER_CONFIGS = [c for c in CONFIGS if c.name != "accounts.conf"]
MANIFESTS = sorted((DEPLOY / "k8s").glob("*.yaml"))
DASHBOARD = DEPLOY / "grafana" / "dashboards" / "research-chain.json"
METRICS_PORT = 9464


def _yaml(path: Path) -> Any:
    return yaml.safe_load(path.read_text())


def _errors(validator: Draft202012Validator, doc: Any) -> list[str]:
    return [
        f"{'/'.join(map(str, e.absolute_path))}: {e.message}" for e in validator.iter_errors(doc)
    ]


@pytest.mark.parametrize("config", SERVER_CONFIGS, ids=lambda p: p.name)
def test_nats_config_is_valid(config: Path) -> None:
    who = ("WORKER", "PARENT_A", "PARENT_B", "OPS", "SYS")
    env = {**os.environ, **{f"RC_{k}_PASSWORD": "x" for k in who}}
    done = subprocess.run(
        [str(find_nats_server()), "-c", config.name, "-t"],
        cwd=config.parent, env=env, capture_output=True, text=True, timeout=30, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert "is valid" in done.stdout + done.stderr


# --- compose -------------------------------------------------------------------------


def test_compose_file_follows_the_compose_specification() -> None:
    schema = json.loads((SCHEMAS / "compose-spec.json").read_text())
    assert _errors(Draft202012Validator(schema), _yaml(DEPLOY / "compose.yaml")) == []


def test_compose_runs_the_cluster_two_engines_two_workers_and_the_dashboards() -> None:
    services = _yaml(DEPLOY / "compose.yaml")["services"]
    for node in (1, 2, 3):
        command = services[f"nats-{node}"]["command"]
        assert command == ["-c", f"/etc/nats/cluster-{node}.conf"]
        assert (DEPLOY / "nats" / f"cluster-{node}.conf").is_file()
    subparsers = _parser()._subparsers
    assert subparsers is not None
    choices = subparsers._group_actions[0].choices
    assert choices is not None
    verbs = set(choices)
    for role in ("engine", "worker"):
        assert services[role]["command"][0] == role and role in verbs
        assert services[role]["deploy"]["replicas"] == 2
        env = services[role]["environment"]
        assert env["RESEARCH_CHAIN_REPLICAS"] == "3"
        assert all(f"nats-{i}:4222" in env["RESEARCH_CHAIN_NATS_URL"] for i in (1, 2, 3))
    assert services["sample"]["command"][0] in verbs
    assert {"prometheus", "grafana"} <= set(services)
    for name, service in services.items():
        for volume in service.get("volumes", []):
            source = volume.split(":")[0]
            if source.startswith("."):
                assert (DEPLOY / source).exists(), f"{name}: {source} missing"
        build = service.get("build")
        if build:
            assert (DEPLOY / build["context"] / build["dockerfile"]).is_file()


def test_prometheus_scrapes_every_engine_and_worker_on_the_metrics_port() -> None:
    jobs = _yaml(DEPLOY / "prometheus" / "prometheus.yml")["scrape_configs"]
    scraped = {
        (name, sd["port"]) for job in jobs for sd in job["dns_sd_configs"] for name in sd["names"]
    }
    assert scraped == {("engine", METRICS_PORT), ("worker", METRICS_PORT)}


# --- image -----------------------------------------------------------------------------


def _instructions(text: str) -> list[tuple[str, str]]:
    joined = re.sub(r"\\\n\s*", " ", text)
    lines = [line.strip() for line in joined.splitlines()]
    return [
        (op, arg.strip())
        for op, _, arg in (line.partition(" ") for line in lines if line and line[0] != "#")
    ]


def test_dockerfile_is_multi_stage_slim_and_non_root() -> None:
    instructions = _instructions((DEPLOY / "Dockerfile").read_text())
    stages = [i for i, (op, _) in enumerate(instructions) if op == "FROM"]
    assert len(stages) == 2
    final = instructions[stages[-1] :]
    assert re.fullmatch(r"python:3\.1\d-slim", final[0][1])
    (user,) = [arg for op, arg in final if op == "USER"]
    assert int(user.split(":")[0]) > 0
    assert any(op == "COPY" and arg.startswith("--from=build /opt/venv") for op, arg in final)
    assert not any("pip" in arg for op, arg in final if op == "RUN")
    assert all("-e " not in arg for _, arg in instructions)
    for op, arg in instructions:
        if op == "COPY" and not arg.startswith("--from"):
            for source in arg.split()[:-1]:
                assert (ROOT / source).exists(), source
    env = " ".join(arg for op, arg in final if op == "ENV")
    assert f"RESEARCH_CHAIN_METRICS_PORT={METRICS_PORT}" in env
    assert ("ENTRYPOINT", '["research-chain"]') in final
    ignored = (ROOT / ".dockerignore").read_text().splitlines()
    assert ignored[1] == "*"  # everything not named is left out (.venv, .git, data)


# --- kubernetes --------------------------------------------------------------------------


def _kubernetes_validators() -> dict[tuple[str, str], Draft202012Validator]:
    doc = json.loads((SCHEMAS / "kubernetes-v1.35.0-strict.json").read_text())
    validators = {}
    for name, definition in doc["$defs"].items():
        for gvk in definition.get("x-kubernetes-group-version-kind", []):
            api = f"{gvk['group']}/{gvk['version']}" if gvk["group"] else gvk["version"]
            validators[(api, gvk["kind"])] = Draft202012Validator(
                {**doc, "$ref": f"#/$defs/{name}"}
            )
    return validators


@pytest.mark.parametrize("manifest", MANIFESTS, ids=lambda p: p.name)
def test_kubernetes_manifest_follows_the_api_schema(manifest: Path) -> None:
    validators = _kubernetes_validators()
    for doc in yaml.safe_load_all(manifest.read_text()):
        validator = validators[(doc["apiVersion"], doc["kind"])]
        assert _errors(validator, doc) == [], doc["metadata"]["name"]


@pytest.mark.parametrize("role", ["engine", "worker"])
def test_deployment_has_probes_scrape_annotations_and_runs_its_verb_as_non_root(
    role: str,
) -> None:
    deployment = _yaml(DEPLOY / "k8s" / f"{role}.yaml")
    pod = deployment["spec"]["template"]
    (container,) = pod["spec"]["containers"]
    assert container["args"] == [role]
    (port,) = container["ports"]
    assert port["containerPort"] == METRICS_PORT
    annotations = pod["metadata"]["annotations"]
    assert annotations["prometheus.io/scrape"] == "true"
    assert int(annotations["prometheus.io/port"]) == METRICS_PORT
    kinds = ("startup", "readiness", "liveness")
    probes = {kind: container[f"{kind}Probe"]["httpGet"] for kind in kinds}
    assert {kind: probe["path"] for kind, probe in probes.items()} == {
        "startup": "/readyz", "readiness": "/readyz", "liveness": "/livez",
    }  # fmt: skip
    assert all(probe["port"] == port["name"] for probe in probes.values())
    assert pod["spec"]["securityContext"]["runAsNonRoot"] is True
    assert container["securityContext"]["readOnlyRootFilesystem"] is True
    config = _yaml(DEPLOY / "k8s" / "config.yaml")
    assert container["envFrom"] == [{"configMapRef": {"name": config["metadata"]["name"]}}]
    assert config["data"]["RESEARCH_CHAIN_METRICS_PORT"] == str(METRICS_PORT)


# --- dashboard ---------------------------------------------------------------------------


def _dropped(written: Any, kept: Any, path: str = "") -> list[str]:
    """Every key of ``written`` that did not survive the round trip, or changed."""
    if isinstance(written, dict):
        if not isinstance(kept, dict):
            return [path]
        lost = [f"{path}/{key}" for key in written if key not in kept]
        for key in written.keys() & kept.keys():
            lost += _dropped(written[key], kept[key], f"{path}/{key}")
        return lost
    if isinstance(written, list):
        if not isinstance(kept, list) or len(kept) != len(written):
            return [path]
        pairs = enumerate(zip(written, kept, strict=True))
        return [lost for i, (a, b) in pairs for lost in _dropped(a, b, f"{path}[{i}]")]
    return [] if written == kept else [f"{path}: {written!r} -> {kept!r}"]


def test_dashboard_follows_grafanas_schema() -> None:
    """Through the models Grafana generates from its schema (foundation SDK, with every
    panel and datasource plugin's types): a key the schema does not know is dropped."""
    plugins.register_default_plugins()
    written = json.loads(DASHBOARD.read_text())
    kept = json.loads(JSONEncoder().encode(Dashboard.from_json(written)))
    assert _dropped(written, kept) == []


def _exported() -> dict[str, set[str]]:
    """Every sample name the code exports (``_total``, ``_bucket``... included), with its
    label names (prometheus_client has no public accessor for either)."""
    registry = CollectorRegistry()
    MetricsHook(registry)
    JudgeMetricsHook(registry)
    return {
        name: {
            *cast(MetricWrapperBase, collector)._labelnames,
            *(["le"] if name.endswith("_bucket") else []),
        }
        for name, collector in registry._names_to_collectors.items()
        if not name.endswith("_created")
    }


def _queries() -> list[tuple[str, str, str]]:
    panels = json.loads(DASHBOARD.read_text())["panels"]
    return [
        (panel["title"], target["expr"], target.get("legendFormat", ""))
        for panel in panels
        for target in panel.get("targets", [])
    ]


def test_every_dashboard_query_names_exported_metrics_and_their_labels() -> None:
    exported = _exported()
    for title, expr, legend in _queries():
        metrics = re.findall(r"research_chain_\w+", expr)
        assert metrics, title
        unknown = [m for m in metrics if m not in exported]
        assert not unknown, f"{title}: {unknown} not exported"
        labels = set().union(*(exported[m] for m in metrics))
        grouped = {w.strip() for by in re.findall(r"by \(([^)]*)\)", expr) for w in by.split(",")}
        assert grouped <= labels, f"{title}: grouped by {grouped - labels}"
        assert set(re.findall(r"{{(\w+)}}", legend)) <= grouped, title


def test_dashboard_shows_what_an_operator_needs() -> None:
    queried = " ".join(expr for _, expr, _ in _queries())
    for metric in (
        "research_chain_loops_finished_total",  # throughput and outcomes
        "research_chain_stage_duration_seconds_bucket",  # stage latency percentiles
        "research_chain_fallbacks_total",
        "research_chain_llm_tokens_total",
        "research_chain_loops_in_flight",
        "research_chain_consumer_pending_messages",  # consumer lag
    ):
        assert metric in queried, metric
    assert queried.count("histogram_quantile(0.95, sum by (le, stage)") == 1


def test_grafana_provisions_the_datasource_and_dashboard_the_compose_file_mounts() -> None:
    provisioning = DEPLOY / "grafana" / "provisioning"
    (source,) = _yaml(provisioning / "datasources" / "prometheus.yaml")["datasources"]
    (provider,) = _yaml(provisioning / "dashboards" / "research-chain.yaml")["providers"]
    grafana = _yaml(DEPLOY / "compose.yaml")["services"]["grafana"]
    mounts = dict(volume.split(":")[:2] for volume in grafana["volumes"])
    assert mounts["./grafana/dashboards"] == provider["options"]["path"]
    assert source["url"] == "http://prometheus:9090"
    uids = {
        target["datasource"]["uid"]
        for panel in json.loads(DASHBOARD.read_text())["panels"]
        for target in panel.get("targets", [])
    }
    assert uids == {source["uid"]}
