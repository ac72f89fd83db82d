"""docs/configuration.md is what the settings model writes; every setting is described."""

from __future__ import annotations

from pathlib import Path

import orjson
import pytest

from research_chain.cli import ExitCode, main
from research_chain.config import Settings
from research_chain.config_reference import SECTIONS, check_reference, render_reference

REFERENCE = Path(__file__).resolve().parents[1] / "docs" / "configuration.md"


def test_the_committed_reference_matches_the_settings_model() -> None:
    assert check_reference(REFERENCE), (
        "docs/configuration.md differs from research_chain/config.py; "
        "run: research-chain config --reference docs/configuration.md"
    )


def test_every_setting_is_described_and_every_section_starts_at_a_setting() -> None:
    undescribed = [name for name, f in Settings.model_fields.items() if not f.description]
    assert undescribed == [], "give these fields a docstring under their line in config.py"
    assert set(SECTIONS) <= set(Settings.model_fields)
    text = render_reference()
    for name in Settings.model_fields:
        assert f"`RESEARCH_CHAIN_{name.upper()}`" in text
    assert "| `RESEARCH_CHAIN_REPLICAS` | int | `1` | ≥ 1, ≤ 5 |" in text


def test_config_check_fails_on_drift_and_the_settings_print_without_secrets(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    stale = tmp_path / "configuration.md"
    stale.write_text("# an old reference\n")
    assert main(["config", "--reference", str(stale), "--check"]) == ExitCode.DRIFT
    assert main(["config", "--reference", str(stale)]) == ExitCode.OK
    assert main(["config", "--reference", str(stale), "--check"]) == ExitCode.OK
    capsys.readouterr()
    monkeypatch.setenv("RESEARCH_CHAIN_NATS_PASSWORD", "hunter2")
    monkeypatch.setenv("RESEARCH_CHAIN_LLM_API_KEY", "sk-secret")
    assert main(["config", "--nats-url", "nats://10.0.0.9:4222"]) == ExitCode.OK
    out = capsys.readouterr().out
    shown = orjson.loads(out)
    assert shown["nats_url"] == "nats://10.0.0.9:4222"
    assert "hunter2" not in out and "sk-secret" not in out
