"""``research-chain``: parse flags, build settings, call a ``run_*`` function. Nothing else."""

from __future__ import annotations

import argparse
import asyncio
import logging
import sys
from collections.abc import Callable, Sequence
from enum import IntEnum
from pathlib import Path
from typing import Any

from research_chain import __version__
from research_chain.bus.names import Stage
from research_chain.config import JUDGE_NAMES, JudgeOverrides, Settings
from research_chain.errors import (
    BusUnavailable,
    ResearchChainError,
    ResultTimeout,
    ValidationFailed,
)

__all__ = ["ExitCode", "main"]


class ExitCode(IntEnum):
    """What a verb's exit status means; the README's "Exit codes" table lists the same."""

    OK = 0  # done; for `ask`, `up --once` and `watch LOOP_ID`: the loop was answered
    FAILED = 1  # an error stopped the work (refused request, bad file, broken payload)
    USAGE = 2  # wrong flags or arguments, or an unknown bench harness
    DEGRADED = 3  # the loop ended without an answer; the result says why
    DRIFT = 4  # `--check` found a generated file out of date
    UNAVAILABLE = 69  # NATS could not be reached (sysexits EX_UNAVAILABLE)
    TIMEOUT = 75  # no result within --timeout; it may still come (sysexits EX_TEMPFAIL)
    INTERRUPTED = 130  # Ctrl-C or SIGTERM before the work was done


EXIT_CODES_HELP = "exit codes: " + ", ".join(
    f"{code.value} {code.name.lower()}" for code in ExitCode
)


def _common(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--nats-url",
        help="NATS server URL, or a cluster's nodes comma-separated (default: embedded for 'up')",
    )
    parser.add_argument("--data-dir", type=Path, help="where the embedded server keeps its store")
    parser.add_argument("--log-level", help="DEBUG, INFO, WARNING, ERROR")
    auth = parser.add_argument_group("NATS credentials and TLS (each also RESEARCH_CHAIN_*)")
    auth.add_argument("--nats-user", help="user name (password from RESEARCH_CHAIN_NATS_PASSWORD)")
    auth.add_argument("--nats-password", help="password (prefer the environment variable)")
    auth.add_argument("--nats-token", help="token (prefer RESEARCH_CHAIN_NATS_TOKEN)")
    auth.add_argument("--nats-creds", type=Path, help="credentials file (user JWT and seed)")
    auth.add_argument("--nats-nkey-seed", type=Path, help="file holding an NKey user seed")
    auth.add_argument("--tls-ca", type=Path, help="CA bundle that signed the server's cert")
    auth.add_argument("--tls-cert", type=Path, help="client certificate (mutual TLS)")
    auth.add_argument("--tls-key", type=Path, help="client certificate's private key")


def _runtime(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--replicas", type=int, help="stream and bucket replicas when provisioning (3 on a cluster)"
    )
    parser.add_argument(
        "--ack-wait", type=float, help="seconds before a silent delivery goes to another worker"
    )
    parser.add_argument("--stage-timeout", type=float, help="seconds a stage handler may run")


def _llm(parser: argparse.ArgumentParser) -> None:
    llm = parser.add_argument_group(
        "LLM judges", "any OpenAI-compatible endpoint; the key only from RESEARCH_CHAIN_LLM_API_KEY"
    )
    llm.add_argument("--llm-url", help="chat-completions base URL, e.g. http://127.0.0.1:11434/v1")
    llm.add_argument("--llm-model", help="model name; with --llm-url turns the LLM judges on")
    llm.add_argument("--llm-temperature", type=float)
    llm.add_argument("--llm-max-tokens", type=int, help="completion tokens per call")
    llm.add_argument("--llm-timeout", type=float, help="seconds per call")
    llm.add_argument("--llm-concurrency", type=int, help="calls in flight per judge")
    llm.add_argument(
        "--llm-classify",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="tier 3 of the classifier: the model reads the topic (default off)",
    )
    llm.add_argument(
        "--llm-judge",
        action="append",
        default=[],
        metavar="JUDGE.KEY=VALUE",
        help="one judge's setting, e.g. synthesize.model=big (route, assess, synthesize, "
        "classify; url, model, api_key_env, temperature, max_tokens, timeout_s, concurrency)",
    )


def _judge_overrides(pairs: list[str], base: Settings) -> dict[str, JudgeOverrides] | None:
    """``JUDGE.KEY=VALUE`` flags merged over the environment's per-judge settings."""
    if not pairs:
        return None
    found: dict[str, dict[str, Any]] = {
        name: own.model_dump(exclude_none=True) for name, own in base.llm_judges.items()
    }
    for pair in pairs:
        target, sep, value = pair.partition("=")
        judge, dot, key = target.partition(".")
        if not (sep and dot) or judge not in JUDGE_NAMES:
            raise ValidationFailed(f"--llm-judge {pair!r}: expected JUDGE.KEY=VALUE")
        found.setdefault(judge, {})[key.strip()] = value.strip()
    try:
        return {name: JudgeOverrides.model_validate(own) for name, own in found.items()}
    except ValueError as exc:
        raise ValidationFailed(f"--llm-judge: {exc}") from exc


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="research-chain",
        description="Answer agent loops' research requests from a knowledge graph over NATS.",
        epilog=EXIT_CODES_HELP,
    )
    parser.add_argument("--version", action="version", version=f"research-chain {__version__}")
    verbs = parser.add_subparsers(dest="verb", required=True, metavar="VERB")

    up = verbs.add_parser("up", help="run the chain (embedded nats-server unless --nats-url)")
    _common(up)
    _runtime(up)
    up.add_argument("--port", type=int, help="embedded server port (default 4222, 0 = any free)")
    up.add_argument(
        "--sample",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="load the sample graph into an empty store (default: only with the embedded server)",
    )
    up.add_argument("--workers", type=int, help="workers per stage in this process")
    up.add_argument(
        "--processes", type=int, help="processes running the stages, this one included "
        "(default: 2 on a machine with 2+ CPUs)",
    )  # fmt: skip
    up.add_argument("--metrics-port", type=int, help="serve Prometheus metrics on this port")
    up.add_argument("--once", action="store_true", help="exit after the first answer (smoke test)")
    _llm(up)

    worker = verbs.add_parser(
        "worker", help="run stages only (no rules) against a running NATS; scale these apart"
    )
    _common(worker)
    _runtime(worker)
    worker.add_argument(
        "--stages",
        type=_stages,
        help="comma-separated stages to run (default: all five): "
        + ",".join(stage.value for stage in Stage),
    )
    worker.add_argument("--workers", type=int, help="workers per stage in this process")
    worker.add_argument("--metrics-port", type=int, help="serve Prometheus metrics on this port")
    _llm(worker)

    engine = verbs.add_parser(
        "engine", help="run rules, intake, continuation and deadlines only (no stage)"
    )
    _common(engine)
    _runtime(engine)
    engine.add_argument(
        "--sample",
        action=argparse.BooleanOptionalAction,
        default=False,
        help="load the sample graph into an empty store first (default: no)",
    )
    engine.add_argument("--metrics-port", type=int, help="serve Prometheus metrics on this port")

    ask = verbs.add_parser("ask", help="ask one question through the running chain")
    _common(ask)
    ask.add_argument("question", help="the question, in plain words")
    ask.add_argument("--hint", action="append", default=[], help="key=value, repeatable")
    ask.add_argument(
        "--budget-tokens", type=int, default=0, help="LLM token budget (0: the chain's default)"
    )
    ask.add_argument(
        "--max-iterations", type=int, default=0, help="most refine rounds (0: the default)"
    )
    ask.add_argument("--timeout", type=float, default=60.0, help="seconds to wait for the result")
    ask.add_argument(
        "--format",
        choices=["text", "json", "query-router"],
        default="text",
        help="text (answer and provenance line), json (the SearchResult), query-router "
        "(the camelCase QueryRouterResult view)",
    )
    ask.add_argument("--json", action="store_true", help="the same as --format json")

    ingest = verbs.add_parser("ingest", help="load triples from files into the graph")
    _common(ingest)
    ingest.add_argument("files", nargs="+", type=Path, help="JSON Lines, N-Triples or delimited")
    ingest.add_argument("--format", choices=["auto", "jsonl", "nt", "delimited"], default="auto")
    ingest.add_argument(
        "--sep", default=None, help="separator for delimited text (default: detected)"
    )
    ingest.add_argument(
        "--id-template",
        default=None,
        help="entity id for a plain name ({type}, {slug}); default: the mapping's template",
    )
    ingest.add_argument(
        "--mapping",
        default="generic",
        help="how plain names become entities: generic (one entity per name, the default), "
        "a preset shipped as data (graph/ingest/presets/) or a JSON/YAML mapping file",
    )
    ingest.add_argument(
        "--batch", type=int, default=200_000, help="triples per write window (bounds memory)"
    )
    ingest.add_argument("--json", action="store_true", help="print the summary as JSON")

    watch = verbs.add_parser(
        "watch",
        help="loops in flight, live (stage, round, age, tokens, outcome); or one loop",
        description="Without LOOP_ID: a live table of the loops in flight, until Ctrl-C. "
        "With LOOP_ID: that loop's trajectory so far, then its events until it ends "
        "(exit 0 answered, 3 degraded).",
    )
    _common(watch)
    watch.add_argument("loop_id", nargs="?", metavar="LOOP_ID")
    watch.add_argument(
        "--json", action="store_true", help="one JSON object per line instead of the table"
    )
    watch.add_argument(
        "--events", action="store_true", help="every rule firing and stage of every loop"
    )

    ev = verbs.add_parser("eval", help="score the chain on a JSON Lines or MetaQA question file")
    _common(ev)
    ev.add_argument("file", type=Path, help="JSON Lines questions or a MetaQA qa_*.txt file")
    which = ev.add_mutually_exclusive_group()
    which.add_argument("--limit", type=int, help="score only the first N questions")
    which.add_argument("--sample", type=int, help="score N questions drawn across the file")
    ev.add_argument("--seed", type=int, default=0, help="seed of the --sample draw")
    ev.add_argument("--concurrency", type=int, default=32, help="questions in flight")
    ev.add_argument("--report", type=Path, help="per-question JSON Lines report")
    ev.add_argument("--timeout", type=float, default=60.0, help="seconds per question")
    ev.add_argument("--json", action="store_true", help="print the figures as JSON")

    bench = verbs.add_parser("bench", help="run a benchmark harness from bench/")
    bench.add_argument("name", help="a harness in bench/, e.g. chain_bench, graph_queries")
    bench.add_argument("args", nargs=argparse.REMAINDER, help="passed to the harness")

    mcp = verbs.add_parser(
        "mcp",
        help="serve the research_graph tool over MCP on stdio (needs the mcp extra)",
        description="An MCP server for agent hosts: one tool, research_graph, answered by "
        "the running chain. The host spawns this command and speaks JSON-RPC on stdin/stdout.",
    )
    _common(mcp)
    mcp.add_argument("--timeout", type=float, default=60.0, help="seconds a tool call waits")

    schema = verbs.add_parser("schema", help="write one JSON Schema per payload type")
    schema.add_argument("--out", type=Path, default=Path("payloads"), help="the directory")
    schema.add_argument("--check", action="store_true", help="fail (exit 4) if files differ")
    schema.add_argument("--json", action="store_true", help="list the files as JSON")
    config = verbs.add_parser(
        "config",
        help="print the effective settings (JSON), or write the configuration reference",
    )
    _common(config)
    config.add_argument(
        "--reference", type=Path, help="write the Markdown reference of every setting here"
    )
    config.add_argument(
        "--check", action="store_true", help="with --reference: fail (exit 4) if it differs"
    )
    for sub in verbs.choices.values():
        sub.epilog = EXIT_CODES_HELP
    return parser


def _stages(text: str) -> tuple[Stage, ...]:
    chosen: list[Stage] = []
    for word in (w.strip() for w in text.split(",")):
        try:
            stage = Stage(word)
        except ValueError:
            raise argparse.ArgumentTypeError(
                f"unknown stage {word!r}; choose from {', '.join(s.value for s in Stage)}"
            ) from None
        if stage not in chosen:
            chosen.append(stage)
    return tuple(chosen)


CONNECTION_FLAGS = (
    "nats_user", "nats_password", "nats_token", "nats_creds", "nats_nkey_seed",
    "tls_ca", "tls_cert", "tls_key",
)  # fmt: skip


def _settings(args: argparse.Namespace) -> Settings:
    overrides = {
        "nats_url": getattr(args, "nats_url", None),
        "data_dir": getattr(args, "data_dir", None),
        "log_level": getattr(args, "log_level", None),
        "embedded_port": getattr(args, "port", None),
        "workers_per_stage": getattr(args, "workers", None),
        "processes": getattr(args, "processes", None),
        "metrics_port": getattr(args, "metrics_port", None),
        "llm_url": getattr(args, "llm_url", None),
        "llm_model": getattr(args, "llm_model", None),
        "llm_temperature": getattr(args, "llm_temperature", None),
        "llm_max_tokens": getattr(args, "llm_max_tokens", None),
        "llm_timeout_s": getattr(args, "llm_timeout", None),
        "llm_concurrency": getattr(args, "llm_concurrency", None),
        "llm_classify": getattr(args, "llm_classify", None),
        "replicas": getattr(args, "replicas", None),
        "ack_wait_s": getattr(args, "ack_wait", None),
        "stage_timeout_s": getattr(args, "stage_timeout", None),
        **{key: getattr(args, key, None) for key in CONNECTION_FLAGS},
    }
    if args.verb == "up" and args.sample is not None:
        overrides["load_sample"] = args.sample
    base = Settings()
    overrides["llm_judges"] = _judge_overrides(getattr(args, "llm_judge", []), base)
    return base.with_overrides(**overrides)


def _verbs() -> dict[str, Callable[[argparse.Namespace, Settings], int]]:
    from research_chain import service

    return {
        "up": service.cli_up,
        "worker": service.cli_worker,
        "engine": service.cli_engine,
        "ask": service.cli_ask,
        "ingest": service.cli_ingest,
        "watch": service.cli_watch,
        "eval": service.cli_eval,
        "bench": service.cli_bench,
        "schema": service.cli_schema,
        "mcp": service.cli_mcp,
        "config": service.cli_config,
    }


def _exit_code(exc: ResearchChainError) -> ExitCode:
    if isinstance(exc, ResultTimeout):
        return ExitCode.TIMEOUT
    if isinstance(exc, BusUnavailable):
        return ExitCode.UNAVAILABLE
    return ExitCode.FAILED


def main(argv: Sequence[str] | None = None) -> int:
    parser = _parser()
    args = parser.parse_args(argv)
    try:
        settings = _settings(args)
    except ValidationFailed as exc:
        parser.error(str(exc))
    logging.basicConfig(
        level=settings.log_level.upper(),
        # ``up``'s stage workers write to its output: each line says whose it is
        format=f"%(asctime)s %(levelname)s {args.verb}[%(process)d] %(name)s %(message)s",
    )
    # httpx logs every LLM call at INFO; the judges log what matters (fallbacks, retries).
    logging.getLogger("httpx").setLevel(max(logging.WARNING, logging.root.level))
    try:
        return _verbs()[args.verb](args, settings)
    except KeyboardInterrupt:
        return ExitCode.INTERRUPTED
    except ResearchChainError as exc:
        print(f"research-chain: {exc}", file=sys.stderr)
        return _exit_code(exc)
    finally:
        asyncio.set_event_loop(None)


if __name__ == "__main__":
    sys.exit(main())
