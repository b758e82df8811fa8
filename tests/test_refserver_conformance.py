"""Schemathesis, all checks, against a real server and the project's own openapi.yaml.

Runs the schemathesis CLI (coverage + fuzzing phases, positive and negative
data) as a subprocess so the whole run is exactly what a user would run.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from refserver_helpers import TOKEN, rows, start_server

OPENAPI = Path(__file__).resolve().parents[1] / "openapi.yaml"

# Schemathesis knows nothing of server state: it may send the same valid id
# twice (0 is a favourite), and the second one is rightly a 400 "already
# exists", which its positive_data_acceptance check would count as a failure.
# This hook keeps *schema-valid* ids unique across the run (a repeated one is
# replaced by a fresh one); invalid requests are left exactly as generated.
HOOKS = '''
import itertools
import schemathesis

_used = set()
_fresh = itertools.count(10**15)


def _id_of(case):
    body = case.body
    if isinstance(body, dict) and isinstance(body.get("id"), (int, float)) and not isinstance(body["id"], bool):
        return body["id"]
    return None


@schemathesis.hook
def before_call(context, case, kwargs):
    if case.meta is None or not case.meta.generation.mode.is_positive:
        return
    plant_id = _id_of(case)
    if plant_id is not None and plant_id in _used:
        plant_id = next(_fresh)
        while plant_id in _used:
            plant_id = next(_fresh)
        case.body["id"] = plant_id
    if plant_id is not None:
        _used.add(plant_id)


@schemathesis.hook
def after_call(context, case, response):
    plant_id = _id_of(case)
    if plant_id is not None and response.status_code == 200:
        _used.add(plant_id)  # negative cases the server rightly accepted (e.g. extra fields) take ids too
'''


def test_schemathesis_finds_no_failure(tmp_path: Path) -> None:
    hooks = tmp_path / "st_hooks.py"
    hooks.write_text(HOOKS)
    server = start_server(tmp_path / "plants.db")
    try:
        result = subprocess.run(
            [
                sys.executable, "-m", "schemathesis.cli", "run", str(OPENAPI),
                "--url", server.url,
                "--header", f"Authorization: Bearer {TOKEN}",
                "--checks", "all",
                "--mode", "all",
                "--max-examples", "300",
                "--phases", "examples,coverage,fuzzing,stateful",
                "--workers", "1",
                "--request-timeout", "10",
                "--no-color",
            ],
            cwd=tmp_path,  # its report folder, if any, lands here
            env=dict(os.environ, SCHEMATHESIS_HOOKS=str(hooks)),
            capture_output=True,
            text=True,
            timeout=240,
        )
    finally:
        assert server.stop() == 0
    report = result.stdout + result.stderr
    assert result.returncode == 0, report
    assert "No issues found" in report
    generated = int(report.split(" generated,")[0].rsplit(maxsplit=1)[-1])
    assert generated >= 200, report
    assert len(rows(server.db)) > 0  # valid cases really were stored
    assert "Traceback" not in server.stderr
