"""The composition root: what each CLI verb runs. Only this module wires parts together."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging
import os
import signal
import subprocess
import sys
import uuid
from collections.abc import AsyncIterator, Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import orjson

from research_chain.bus import Bus, EmbeddedServer, Message, Stage, connect, provision
from research_chain.bus import names as n
from research_chain.cli import ExitCode
from research_chain.config import Settings
from research_chain.errors import BusUnavailable, ResearchChainError, ValidationFailed
from research_chain.payloads import SearchResult, default_registry
from research_chain.payloads.schema import write_schemas
from research_chain.processes import spawn_tied, stop_spawned, usable_cpus

__all__ = [
    "cli_ask",
    "cli_bench",
    "cli_config",
    "cli_engine",
    "cli_eval",
    "cli_ingest",
    "cli_mcp",
    "cli_schema",
    "cli_up",
    "cli_watch",
    "cli_worker",
    "run_ask",
    "run_engine",
    "run_up",
    "run_watch",
    "run_worker",
    "start_chain",
]

if TYPE_CHECKING:
    from prometheus_client import CollectorRegistry

    from research_chain.components.base import Component
    from research_chain.graph.embedded import EmbeddedGraph
    from research_chain.graph.protocol import GraphBackend
    from research_chain.judges import Judge
    from research_chain.ops_server import OpsServer
    from research_chain.runtime import Chain
    from research_chain.telemetry import Tracing

log = logging.getLogger(__name__)


def _stop_event() -> asyncio.Event:
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError, RuntimeError):
            loop.add_signal_handler(sig, stop.set)
    return stop


# A sample-graph question for `up`'s first answer, asked only when its seed is in the graph.
FIRST_QUESTION = "Which operators flew missions with the drone Kestrel 85?"
FIRST_SEED = "acme.fleet.robotics.ops.drone.d000078"


async def run_up(settings: Settings, *, once: bool = False) -> int:
    """Start (or join) NATS, provision, load the sample graph into an empty store, run the
    whole chain in this process (the stages also in ``processes - 1`` worker processes beside
    it), answer a first question, then serve until Ctrl-C.

    With ``once``, exit after the first answer: non-zero when it failed or was degraded.
    """
    server: EmbeddedServer | None = None
    url = settings.nats_url
    if url is None:
        server = EmbeddedServer(
            store_dir=settings.data_dir / "nats",
            host=settings.embedded_host,
            port=settings.embedded_port or -1,
        )
        url = server.start()
        print(f"embedded nats-server listening on {url} (store {server.store_dir})", flush=True)
    workers: list[asyncio.subprocess.Process] = []
    watching: list[asyncio.Task[None]] = []
    try:
        if not once:
            env = _worker_environment(settings, url)
            for _ in range(_stage_processes(settings) - 1):
                workers.append(await spawn_tied(_WORKER, env))
                watching.append(asyncio.create_task(_report_exit(workers[-1])))
        bus = await _join(settings, url, embedded=server is not None)
        try:
            await provision(bus, settings)
            sample = settings.load_sample
            sample = server is not None if sample is None else sample
            code = 0
            async with _serving(bus, settings, load_sample=sample) as graph:
                # Handlers first: a Ctrl-C right after "ready" must stop us cleanly.
                stop = _stop_event()
                print(f"research-chain ready on {url}", flush=True)
                if sample and graph is not None and graph.label(FIRST_SEED) == "Kestrel 85":
                    code = await _first_answer(bus, settings)
                if not once:
                    await stop.wait()
                    print("stopping", flush=True)
                    for task in watching:
                        task.cancel()  # from here on a worker's exit is ours
        finally:
            await bus.close()
    finally:
        for task in watching:
            task.cancel()
        stopping = settings.drain_timeout_s + settings.stage_timeout_s
        await asyncio.gather(*(stop_spawned(worker, stopping) for worker in workers))
        if server is not None:
            server.stop()
    return code if once else 0


async def _join(settings: Settings, url: str, *, embedded: bool) -> Bus:
    """``up``'s connection. A URL set in the environment for other verbs (``ingest``,
    ``eval``) makes ``up`` join that server instead of starting one: say so when it is
    not there."""
    try:
        return await connect(settings, url, name="research-chain-up")
    except BusUnavailable as exc:
        if embedded:
            raise
        raise BusUnavailable(
            f"{exc} (up joins the server --nats-url or {_PREFIX}NATS_URL names; "
            "with neither set it starts its own)"
        ) from exc


_WORKER = (sys.executable, "-m", "research_chain.cli", "worker")
_PREFIX = "RESEARCH_CHAIN_"


def _stage_processes(settings: Settings) -> int:
    """A Python process computes on one core, so by default ``up`` takes a second where
    there is one (ADR 0039)."""
    return settings.processes or min(2, usable_cpus())


def _worker_environment(settings: Settings, url: str) -> dict[str, str]:
    """What a stage worker process of ``up``'s reads: these settings, flags included, and
    nothing of this environment's own that could override them (pydantic-settings reads
    variable names in any case)."""
    own = {k: v for k, v in os.environ.items() if not k.upper().startswith(_PREFIX)}
    env = {**own, **settings.as_environment(), f"{_PREFIX}NATS_URL": url}
    if settings.metrics_port is not None:
        env[f"{_PREFIX}METRICS_PORT"] = "0"  # each serves its own, on a free port
    return env


async def _report_exit(worker: asyncio.subprocess.Process) -> None:
    """Say so when a stage worker process ends while ``up`` serves: the chain goes on, on
    fewer cores, and the operator should know why."""
    code = await worker.wait()
    print(f"stage worker process {worker.pid} exited with {code}", flush=True)


@contextlib.asynccontextmanager
async def _serving(
    bus: Bus,
    settings: Settings,
    *,
    load_sample: bool,
    role: str = "up",
    engine: bool = True,
    stages: Sequence[Stage] = tuple(Stage),
) -> AsyncIterator[EmbeddedGraph | None]:
    """This process's share, stopped in reverse: the engine's graph writer, the graph
    (loaded, then followed) for the stages, /metrics and probes, trace export, then the
    chain; yields the graph, if any."""
    from research_chain.graph import GraphWriter, open_graph
    from research_chain.graph.sample import load_sample as load_sample_graph
    from research_chain.telemetry import tracing_from_settings

    async with contextlib.AsyncExitStack() as stack:
        if load_sample:
            written = await load_sample_graph(bus, settings)
            if written:
                print(f"sample graph loaded: {written} triples", flush=True)
        if engine:
            writer = GraphWriter(bus, settings)
            await writer.start()
            stack.push_async_callback(writer.stop)
        graph: EmbeddedGraph | None = None
        if stages:
            graph = await open_graph(bus, settings)
            stack.push_async_callback(graph.close)
            print(f"graph: {len(graph)} entities", flush=True)
        ops = await _start_ops(settings, stack, role)
        tracing = tracing_from_settings(settings, role)
        if tracing is not None:
            stack.push_async_callback(asyncio.to_thread, tracing.shutdown)
            print(f"exporting traces to {settings.otlp_endpoint}", flush=True)
        judge = await stack.enter_async_context(_judge(settings)) if stages else None
        chain = await start_chain(
            bus, settings, components=_components(stages), graph=graph, judge=judge,
            metrics=ops.registry if ops else None, tracing=tracing, run_engine=engine,
        )  # fmt: skip
        stack.push_async_callback(chain.stop)
        if ops is not None:
            ops.server.ready(lambda: bus.is_connected)
        yield graph


@dataclass(frozen=True, slots=True)
class _Ops:
    registry: CollectorRegistry
    server: OpsServer


async def _start_ops(
    settings: Settings, stack: contextlib.AsyncExitStack, role: str
) -> _Ops | None:
    """/metrics, /livez and /readyz when a metrics port is configured. ``up``'s workers
    share its output and take free ports, so the line says which process serves where."""
    if settings.metrics_port is None:
        return None
    from prometheus_client import CollectorRegistry

    from research_chain.ops_server import OpsServer

    registry = CollectorRegistry()
    server = OpsServer(settings.metrics_host, settings.metrics_port, registry)
    await server.start()
    stack.push_async_callback(server.stop)
    url = f"http://{settings.metrics_host}:{server.port}/metrics"
    print(f"metrics on {url} ({role}, pid {os.getpid()})", flush=True)
    return _Ops(registry, server)


def _components(stages: Sequence[Stage]) -> dict[Stage, Component[Any, Any]]:
    from research_chain.components import default_components

    return {stage: c for stage, c in default_components().items() if stage in stages}


async def run_worker(settings: Settings, stages: Sequence[Stage] = tuple(Stage)) -> int:
    """Run the given stages (all five by default) against a running NATS, until Ctrl-C.

    No rules, intake or deadlines here: those are the ``engine``'s; any number of
    workers share each stage's durable consumer.
    """
    return await _serve_joined(
        settings, "worker", engine=False, stages=stages, load_sample=False,
        detail="stages " + ",".join(stage.value for stage in stages),
    )  # fmt: skip


async def run_engine(settings: Settings, *, load_sample: bool = False) -> int:
    """Run the rule engine, intake, continuation, deadlines and the graph writer (no
    stage) against a running NATS, until Ctrl-C; replicas share every durable."""
    return await _serve_joined(
        settings, "engine", engine=True, stages=(), load_sample=load_sample,
        detail="rules, intake, continuation, deadlines",
    )  # fmt: skip


async def _serve_joined(
    settings: Settings,
    role: str,
    *,
    engine: bool,
    stages: Sequence[Stage],
    load_sample: bool,
    detail: str,
) -> int:
    url = settings.client_url()
    bus = await connect(settings, url, name=f"research-chain-{role}")
    try:
        await provision(bus, settings)
        async with _serving(
            bus, settings, load_sample=load_sample, role=role, engine=engine, stages=stages
        ):
            stop = _stop_event()
            print(f"research-chain {role} ready on {url} ({detail})", flush=True)
            await stop.wait()
            print("stopping", flush=True)
    finally:
        await bus.close()
    return 0


def cli_worker(args: argparse.Namespace, settings: Settings) -> int:
    return asyncio.run(run_worker(settings, args.stages or tuple(Stage)))


def cli_engine(args: argparse.Namespace, settings: Settings) -> int:
    return asyncio.run(run_engine(settings, load_sample=bool(args.sample)))


@contextlib.asynccontextmanager
async def _judge(settings: Settings) -> AsyncIterator[Judge]:
    """The LLM judge when an endpoint and model are configured, else the heuristic one."""
    from research_chain.judges import HeuristicJudge, LLMJudge

    if not settings.llm_enabled:
        yield HeuristicJudge()
        return
    judge = LLMJudge.from_settings(settings)
    print(f"LLM judges: {settings.llm_model} at {settings.llm_url}", flush=True)
    try:
        yield judge
    finally:
        await judge.aclose()


async def _first_answer(bus: Bus, settings: Settings) -> int:
    """Ask the sample question; a failure is reported, never fatal to the serving chain."""
    from research_chain.client import research

    print(f"first question: {FIRST_QUESTION}", flush=True)
    try:
        result = await research(
            bus, FIRST_QUESTION, parent_loop_id=f"up-{uuid.uuid4()}", timeout=60.0,
            names=settings.names(),
        )  # fmt: skip
    except ResearchChainError as exc:
        print(f"first answer failed: {exc}", flush=True)
        return ExitCode.FAILED
    _print_result(result)
    return ExitCode.DEGRADED if result.degraded else ExitCode.OK


def cli_up(args: argparse.Namespace, settings: Settings) -> int:
    return asyncio.run(run_up(settings, once=args.once))


def cli_mcp(args: argparse.Namespace, settings: Settings) -> int:
    from research_chain.mcp_server import run_mcp

    return asyncio.run(run_mcp(settings, timeout_s=args.timeout))


def cli_config(args: argparse.Namespace, settings: Settings) -> int:
    from research_chain import config_reference as ref

    if args.reference is None:
        print(orjson.dumps(ref.effective_settings(settings), option=orjson.OPT_INDENT_2).decode())
        return ExitCode.OK
    if args.check:
        if ref.check_reference(args.reference):
            return ExitCode.OK
        print(
            f"{args.reference}: differs from the settings model; "
            f"run: research-chain config --reference {args.reference}",
            file=sys.stderr,
        )
        return ExitCode.DRIFT
    if ref.write_reference(args.reference):
        print(f"{args.reference}: written")
    return ExitCode.OK


def cli_schema(args: argparse.Namespace, settings: Settings) -> int:
    drift = write_schemas(default_registry(), args.out, check=args.check)
    verb = "differs" if args.check else "written"
    if args.json:
        print(orjson.dumps({verb: [str(args.out / name) for name in drift]}).decode())
    for name in drift if not args.json else ():
        print(f"{args.out / name}: {verb}")
    return ExitCode.DRIFT if (args.check and drift) else ExitCode.OK


def _hints(pairs: list[str]) -> dict[str, str]:
    hints: dict[str, str] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            raise ValidationFailed(f"--hint {pair!r}: expected key=value")
        hints[key.strip()] = value.strip()
    return hints


async def run_ask(
    settings: Settings,
    question: str,
    *,
    hints: dict[str, str],
    budget_tokens: int = 0,
    max_iterations: int = 0,
    timeout_s: float = 60.0,
    output: str = "text",
) -> int:
    """Ask one question as a parent loop of our own and print the answer as ``output``:
    ``text``, ``json`` (the SearchResult) or ``query-router`` (the camelCase view)."""
    from research_chain.client import ResearchClient

    async with await ResearchClient.connect(settings, name="research-chain-ask") as client:
        loop_id = await client.start(question, hints, budget_tokens, max_iterations)
        result = await client.result(loop_id, timeout=timeout_s)
        classification = await client.classification(loop_id) if output == "query-router" else None
    if output == "json":
        print(result.to_json().decode())
    elif output == "query-router":
        print(orjson.dumps(result.to_query_router_result(classification)).decode())
    else:
        _print_result(result)
    return ExitCode.DEGRADED if result.degraded else ExitCode.OK


def _print_result(result: SearchResult) -> None:
    print(result.synthesis)
    trace = result.decomp_trace
    action = trace.router_action.value if trace and trace.router_action else "-"
    print(
        f"-- route {action}, {result.iterations} iteration(s), "
        f"{result.tokens_used} tokens, {result.duration_ms} ms, "
        f"tiers {','.join(t.value for t in result.tiers_used) or '-'}, "
        f"fallbacks {','.join(result.fallbacks_used) or '-'}"
        + (f", DEGRADED: {result.degraded_reason}" if result.degraded else ""),
        flush=True,
    )


def cli_ask(args: argparse.Namespace, settings: Settings) -> int:
    return asyncio.run(
        run_ask(
            settings,
            args.question,
            hints=_hints(args.hint),
            budget_tokens=args.budget_tokens,
            max_iterations=args.max_iterations,
            timeout_s=args.timeout,
            output="json" if args.json else args.format,
        )
    )


def cli_ingest(args: argparse.Namespace, settings: Settings) -> int:
    from research_chain.graph.ingest import IngestOptions, load_mapping, run_ingest

    options = IngestOptions(
        format=args.format,
        sep=args.sep,
        mapping=load_mapping(args.mapping).with_template(args.id_template),
        window=max(1, args.batch),
    )
    summary = asyncio.run(run_ingest(settings, args.files, options, as_json=args.json))
    return ExitCode.FAILED if summary.rejected and not summary.triples else ExitCode.OK


async def run_watch(
    settings: Settings, loop_id: str | None = None, *, as_json: bool = False, events: bool = False
) -> int:
    """Loops in flight as a live table (or a JSON stream) until Ctrl-C; with ``loop_id``,
    that loop's trajectory until it ends; with ``events``, every ops event as a line."""
    from research_chain import watch

    bus = await connect(settings, settings.client_url(), name="research-chain-watch")
    stop = _stop_event()
    bucket = settings.names().loops_bucket
    try:
        if loop_id is not None:
            last = await watch.follow_loop(
                bus, bucket, n.validate_loop_id(loop_id, require_uuid=False), stop,
                _shower(as_json),
            )  # fmt: skip
            if last is None or last.status != "done":
                return ExitCode.INTERRUPTED if stop.is_set() else ExitCode.FAILED
            return ExitCode.OK if last.outcome == "answered" else ExitCode.DEGRADED
        if events:
            show = _shower(as_json)

            async def on_event(msg: Message) -> None:
                show(orjson.loads(msg.data))

            sub = await bus.subscribe(n.events_filter(), on_event)
            await stop.wait()
            await sub.unsubscribe()
            return ExitCode.OK
        url = settings.client_url()
        views = watch.loop_views(
            bus, bucket, lambda: print(f"watching loops on {url}", file=sys.stderr, flush=True)
        )
        if as_json:
            await watch.watch_json(views, stop, sys.stdout)
        else:
            await watch.watch_table(views, stop)
    finally:
        await bus.close()
    return ExitCode.OK


def _shower(as_json: bool) -> Callable[[dict[str, Any]], None]:
    from research_chain.watch import format_event

    def show(event: dict[str, Any]) -> None:
        print(orjson.dumps(event).decode() if as_json else format_event(event), flush=True)

    return show


def cli_watch(args: argparse.Namespace, settings: Settings) -> int:
    return asyncio.run(run_watch(settings, args.loop_id, as_json=args.json, events=args.events))


async def start_chain(
    bus: Bus,
    settings: Settings,
    *,
    components: Mapping[Stage, Component[Any, Any]] | None = None,
    graph: GraphBackend | None = None,
    judge: Any = None,
    metrics: CollectorRegistry | None = None,
    tracing: Tracing | None = None,
    run_engine: bool = True,
) -> Chain:
    """This process's share of the chain (engine, intake, deadlines, stage workers):
    the real components unless others are given, metrics on, spans when ``tracing``."""
    from research_chain.observability import JudgeMetricsHook, MetricsHook, TracingHook
    from research_chain.runtime import start_chain as start_runtime

    if components is None:
        from research_chain.components import default_components

        components = default_components()
    stage_metrics = MetricsHook(metrics)
    return await start_runtime(
        bus,
        settings,
        components,
        hooks=[
            stage_metrics,
            JudgeMetricsHook(stage_metrics.registry),
            *([TracingHook(tracing)] if tracing else []),
        ],
        graph=graph,
        judge=judge,
        run_engine=run_engine,
    )


def cli_eval(args: argparse.Namespace, settings: Settings) -> int:
    from research_chain.eval import eval_file, format_summary, load_questions

    questions = load_questions(args.file, args.limit, args.sample, args.seed)
    with contextlib.ExitStack() as stack:
        report = stack.enter_context(args.report.open("wb")) if args.report else None
        summary = asyncio.run(
            eval_file(
                settings,
                questions,
                url=settings.client_url(),
                concurrency=args.concurrency,
                timeout_s=args.timeout,
                report=report,
            )
        )
    print(orjson.dumps(summary.to_dict()).decode() if args.json else format_summary(summary))
    return ExitCode.OK


def bench_dir() -> Path:
    """The checkout's ``bench/`` (harnesses are scripts beside the package, not in it)."""
    return Path(__file__).resolve().parent.parent / "bench"


def cli_bench(args: argparse.Namespace, settings: Settings) -> int:
    harnesses = sorted(p.stem for p in bench_dir().glob("*.py"))
    if args.name not in harnesses:
        print(
            f"research-chain bench: no harness {args.name!r} in {bench_dir()}; "
            f"have: {', '.join(harnesses) or 'none'}",
            file=sys.stderr,
        )
        return ExitCode.USAGE
    script = bench_dir() / f"{args.name}.py"
    return subprocess.call([sys.executable, str(script), *args.args])
