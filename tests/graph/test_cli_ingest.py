from __future__ import annotations

from pathlib import Path

import pytest

from research_chain.bus import EmbeddedServer
from research_chain.cli import main


def test_cli_ingest_prints_summary_and_rejects(
    nats_server: EmbeddedServer, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    kb = tmp_path / "kb.txt"
    kb.write_text("Kismet|directed_by|William Dieterle\nbroken\nKismet|release_year|1944\n")
    code = main(["ingest", str(kb), "--nats-url", nats_server.url, "--data-dir", str(tmp_path)])
    out = capsys.readouterr().out
    assert code == 0
    assert "ingested 2 triples, 3 entities written, 1 lines rejected" in out
    assert "rejected kb.txt:2: expected 3 fields" in out
    nt = tmp_path / "bad.nt"
    nt.write_text("not n-triples\n")
    code = main(["ingest", str(nt), "--nats-url", nats_server.url, "--format", "nt"])
    assert code == 1
    assert main(["ingest", str(tmp_path / "missing.txt"), "--nats-url", nats_server.url]) == 1
