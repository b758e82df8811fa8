"""A 200 means the plant is on disk: kill -9 the server mid-load and check the file."""

from __future__ import annotations

import signal
import threading
from pathlib import Path

import httpx

from refserver_helpers import TOKEN, rows, start_server

AUTH = {"Authorization": f"Bearer {TOKEN}"}


def test_every_acknowledged_plant_survives_kill_9(tmp_path: Path) -> None:
    db = tmp_path / "plants.db"
    server = start_server(db)
    acknowledged: dict[int, str] = {}
    lock = threading.Lock()
    ids = iter(range(1, 10**9))
    enough = threading.Event()

    def sender() -> None:
        # Keep posting until the server dies, so the kill lands with requests in flight.
        with httpx.Client(base_url=server.url, headers=AUTH, timeout=10) as client:
            while True:
                with lock:
                    pid = next(ids)
                try:
                    response = client.post("/plants", json={"id": pid, "name": f"plant {pid}", "tag": "durable"})
                except httpx.TransportError:
                    return
                assert response.status_code == 200, response.text
                with lock:
                    acknowledged[pid] = f"plant {pid}"
                    if len(acknowledged) >= 500:
                        enough.set()

    threads = [threading.Thread(target=sender) for _ in range(8)]
    for thread in threads:
        thread.start()
    assert enough.wait(timeout=60), "500 plants were not acknowledged within 60 s"
    server.proc.send_signal(signal.SIGKILL)
    server.proc.wait(timeout=10)
    for thread in threads:
        thread.join(timeout=30)
    assert server.proc.returncode == -signal.SIGKILL
    assert len(acknowledged) >= 500

    # Restart on the same file: SQLite recovers the WAL, and every 200 is there.
    restarted = start_server(db)
    try:
        stored = rows(db)
        missing = sorted(set(acknowledged) - set(stored))
        assert missing == [], f"{len(missing)} acknowledged plants lost, e.g. {missing[:5]}"
        assert all(stored[pid] == (name, "durable") for pid, name in acknowledged.items())
        with httpx.Client(base_url=restarted.url, headers=AUTH) as client:
            some_id = next(iter(acknowledged))
            again = client.post("/plants", json={"id": some_id, "name": "again"})
            duplicate = {"error": 400, "message": f"plant {some_id} already exists"}
            assert (again.status_code, again.json()) == (400, duplicate)
            fresh = client.post("/plants", json={"id": 10**12, "name": "after restart"})
            assert fresh.status_code == 200
        assert rows(db)[10**12] == ("after restart", None)
    finally:
        assert restarted.stop() == 0
