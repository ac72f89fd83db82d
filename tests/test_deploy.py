"""The shipped nats-server configurations parse with the server we ship."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

from research_chain.bus import find_nats_server

CONFIGS = sorted((Path(__file__).resolve().parents[1] / "deploy" / "nats").glob("*.conf"))
SERVER_CONFIGS = [c for c in CONFIGS if c.name != "accounts.conf"]


@pytest.mark.parametrize("config", SERVER_CONFIGS, ids=lambda p: p.name)
def test_nats_config_is_valid(config: Path) -> None:
    env = {**os.environ, **{f"RC_{k}_PASSWORD": "x" for k in ("WORKER", "PARENT", "OPS", "SYS")}}
    done = subprocess.run(
        [str(find_nats_server()), "-c", config.name, "-t"],
        cwd=config.parent, env=env, capture_output=True, text=True, timeout=30, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert "is valid" in done.stdout + done.stderr
