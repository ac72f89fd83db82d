"""Refresh tests/schemas/ from the registry packages that ship the schemas (run by hand;
tests never touch the network). Usage:

    pip download --no-deps check-jsonschema kubernetes-validate -d /tmp/schemas
    python scripts/vendor_schemas.py /tmp/schemas/check_jsonschema-*.whl \\
        /tmp/schemas/kubernetes_validate-*.whl

The Compose Specification schema is copied whole; of the Kubernetes definitions only
those reachable from the kinds deploy/k8s/ uses are kept (strict variant: unknown
fields are errors).
"""

from __future__ import annotations

import argparse
import json
import re
import zipfile
from pathlib import Path
from typing import Any

OUT = Path(__file__).resolve().parent.parent / "tests" / "schemas"
K8S_VERSION = "v1.35.0"
K8S_KINDS = ("io.k8s.api.apps.v1.Deployment", "io.k8s.api.core.v1.ConfigMap")
_REF = re.compile(r'"\$ref":\s*"#/\$defs/([^"]+)"')


def _member(wheel: zipfile.ZipFile, suffix: str) -> bytes:
    (name,) = [n for n in wheel.namelist() if n.endswith(suffix)]
    return wheel.read(name)


def compose(path: str) -> None:
    with zipfile.ZipFile(path) as wheel:
        (OUT / "compose-spec.json").write_bytes(_member(wheel, "vendor/compose-spec.json"))
        license_text = _member(wheel, "vendor/licenses/LICENSE.compose-spec")
        (OUT / "LICENSE.compose-spec").write_bytes(license_text)


def kubernetes(path: str) -> None:
    with zipfile.ZipFile(path) as wheel:
        doc: dict[str, Any] = json.loads(
            _member(wheel, f"{K8S_VERSION}-local-strict/_definitions.json")
        )
        (OUT / "LICENSE.kubernetes-validate").write_bytes(_member(wheel, "licenses/LICENSE"))
    defs = doc["$defs"]
    keep: set[str] = set()
    todo = list(K8S_KINDS)
    while todo:
        name = todo.pop()
        if name not in keep:
            keep.add(name)
            todo += _REF.findall(json.dumps(defs[name]))
    trimmed = {**doc, "$defs": {name: defs[name] for name in sorted(keep)}}
    target = OUT / f"kubernetes-{K8S_VERSION}-strict.json"
    target.write_text(json.dumps(trimmed, indent=1, sort_keys=True) + "\n")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("compose_wheel", help="the check-jsonschema wheel")
    parser.add_argument("kubernetes_wheel", help="the kubernetes-validate wheel")
    args = parser.parse_args(argv)
    OUT.mkdir(parents=True, exist_ok=True)
    compose(args.compose_wheel)
    kubernetes(args.kubernetes_wheel)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
