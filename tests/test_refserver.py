"""`sitegen api` behaviour against a real server process on a free 127.0.0.1 port.

Every response is checked for its exact status and body, and every write for the
row it left (or did not leave) in the SQLite file.
"""

from __future__ import annotations

import concurrent.futures
import json
import signal
import socket
import ssl
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from refserver_helpers import TOKEN, Server, launch, read_response, rows, start_server

OTHER_TOKEN = "second-token-abcdef"
AUTH = {"Authorization": f"Bearer {TOKEN}"}
MIB = 1024 * 1024
# Every request here is plain HTTP to 127.0.0.1; httpx would still read the CA bundle into a new
# TLS context for each client it makes, which costs more than most of these tests.
UNUSED_TLS = ssl.create_default_context()


def request(method: str, url: str, **kwargs: Any) -> httpx.Response:
    """One request from a new client, as `httpx.post` & co. make."""
    return httpx.request(method, url, verify=UNUSED_TLS, **kwargs)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    db = tmp_path_factory.mktemp("refserver") / "plants.db"
    srv = start_server(db, tokens=(TOKEN, OTHER_TOKEN))
    yield srv
    assert srv.stop() == 0


@pytest.fixture
def client(server: Server) -> Iterator[httpx.Client]:
    with httpx.Client(base_url=server.url, headers=AUTH, timeout=10, verify=UNUSED_TLS) as c:
        yield c


_next_id = iter(range(1000, 10**9))


def new_id() -> int:
    """A fresh id per test, so tests sharing the module's server never collide."""
    return next(_next_id)


def post_raw(client: httpx.Client, body: bytes, content_type: str | None = "application/json") -> httpx.Response:
    headers = {"Content-Type": content_type} if content_type else {}
    return client.post("/plants", content=body, headers=headers)


def error(status: int, message: str) -> dict[str, object]:
    return {"error": status, "message": message}


# -- 200 -------------------------------------------------------------------------


def test_create_plant_returns_plant_and_stores_row(client: httpx.Client, server: Server) -> None:
    pid = new_id()
    response = client.post("/plants", json={"id": pid, "name": "Monstera", "tag": "tropical"})
    assert response.status_code == 200
    assert response.headers["content-type"] == "application/json"
    assert response.json() == {"name": "Monstera", "tag": "tropical"}
    assert rows(server.db)[pid] == ("Monstera", "tropical")


def test_tag_is_optional_and_not_echoed_when_absent(client: httpx.Client, server: Server) -> None:
    pid = new_id()
    response = client.post("/plants", json={"id": pid, "name": "Fern"})
    assert (response.status_code, response.json()) == (200, {"name": "Fern"})
    assert rows(server.db)[pid] == ("Fern", None)


def test_unknown_fields_are_ignored(client: httpx.Client, server: Server) -> None:
    pid = new_id()
    response = client.post("/plants", json={"id": pid, "name": "Ivy", "colour": "green", "legs": [1, 2]})
    assert (response.status_code, response.json()) == (200, {"name": "Ivy"})
    assert rows(server.db)[pid] == ("Ivy", None)


def test_unicode_and_nul_survive_the_round_trip(client: httpx.Client, server: Server) -> None:
    pid = new_id()
    name = "Kaktus 🌵 \u00e9\x00end"
    response = client.post("/plants", json={"id": pid, "name": name, "tag": ""})
    assert (response.status_code, response.json()) == (200, {"name": name, "tag": ""})
    assert rows(server.db)[pid] == (name, "")


@pytest.mark.parametrize(
    ("text", "pid"),
    [
        # Read as floats, each of these becomes a different integer (the first two 2**53 and
        # -(2**53)): the server must store the number the client wrote.
        (b"9007199254740993.0", 2**53 + 1),
        (b"-9007199254740993.0", -(2**53) - 1),
        (b"9.007199254740995e15", 2**53 + 3),
        (b"9223372036854775797.0", 2**63 - 11),  # near the int64 bound, where floats are 1024 apart
    ],
)
def test_big_integral_number_with_fraction_is_stored_exactly(
    client: httpx.Client, server: Server, text: bytes, pid: int
) -> None:
    response = post_raw(client, b'{"id": %s, "name": "Fig"}' % text)
    assert (response.status_code, response.json()) == (200, {"name": "Fig"})
    assert rows(server.db)[pid] == ("Fig", None)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        # Each of these reads as an integral float, but the number written is not an integer...
        (b"7.0000000000000001", "invalid NewPlant: id must be an integer"),
        (b"9007199254740993.5", "invalid NewPlant: id must be an integer"),
        # ...or not an int64.
        (b"9223372036854775808.0", "invalid NewPlant: id is outside the int64 range "
                                   "[-9223372036854775808, 9223372036854775807]"),
        (b"1e400", "invalid NewPlant: id is outside the int64 range [-9223372036854775808, 9223372036854775807]"),
        (b"-1e999999999", "invalid NewPlant: id is outside the int64 range "
                          "[-9223372036854775808, 9223372036854775807]"),
    ],
)
def test_number_that_only_rounds_to_an_integer_is_400(
    client: httpx.Client, server: Server, text: bytes, message: str
) -> None:
    before = rows(server.db)
    response = post_raw(client, b'{"id": %s, "name": "x"}' % text)
    assert (response.status_code, response.json()) == (400, error(400, message))
    assert rows(server.db) == before


@pytest.mark.parametrize("pid", [2**63 - 1, -(2**63), 0])
def test_int64_bounds_are_accepted(client: httpx.Client, server: Server, pid: int) -> None:
    response = client.post("/plants", json={"id": pid, "name": f"edge {pid}"})
    assert response.status_code == 200
    assert rows(server.db)[pid] == (f"edge {pid}", None)


def test_integral_float_id_is_an_integer_per_json_schema(client: httpx.Client, server: Server) -> None:
    pid = new_id()
    response = post_raw(client, b'{"id": %d.0, "name": "Aloe"}' % pid)
    assert (response.status_code, response.json()) == (200, {"name": "Aloe"})
    assert rows(server.db)[pid] == ("Aloe", None)


def test_content_type_with_charset_is_json(client: httpx.Client, server: Server) -> None:
    pid = new_id()
    body = json.dumps({"id": pid, "name": "Palm"}).encode()
    response = post_raw(client, body, "application/json; charset=utf-8")
    assert response.status_code == 200
    assert pid in rows(server.db)


def test_body_of_exactly_one_mib_is_accepted(client: httpx.Client, server: Server) -> None:
    pid = new_id()
    skeleton = b'{"id": %d, "name": "big", "pad": ""}' % pid
    body = skeleton[:-2] + b"x" * (MIB - len(skeleton)) + b'"}'
    assert len(body) == MIB
    response = post_raw(client, body)
    assert response.status_code == 200
    assert rows(server.db)[pid] == ("big", None)


def test_second_token_is_accepted_too(server: Server) -> None:
    pid = new_id()
    response = request(
        "POST", f"{server.url}/plants", json={"id": pid, "name": "Sage"}, headers={"Authorization": f"Bearer {OTHER_TOKEN}"}
    )
    assert response.status_code == 200
    assert pid in rows(server.db)


def test_bearer_scheme_is_case_insensitive(server: Server) -> None:
    pid = new_id()
    response = request(
        "POST", f"{server.url}/plants", json={"id": pid, "name": "Mint"}, headers={"Authorization": f"bearer {TOKEN}"}
    )
    assert response.status_code == 200


# -- 400 -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ({"id": "7", "name": "x"}, "invalid NewPlant: id must be an integer"),
        ({"id": 1.5, "name": "x"}, "invalid NewPlant: id must be an integer"),
        ({"id": True, "name": "x"}, "invalid NewPlant: id must be an integer"),
        ({"id": None, "name": "x"}, "invalid NewPlant: id must be an integer"),
        ({"id": 7, "name": 3}, "invalid NewPlant: name must be a string"),
        ({"id": 7, "name": None}, "invalid NewPlant: name must be a string"),
        ({"id": 7, "name": "x", "tag": 5}, "invalid NewPlant: tag must be a string"),
        ({"id": 7, "name": "x", "tag": None}, "invalid NewPlant: tag must be a string, not null"),
        ({"name": "x"}, "invalid NewPlant: id is required"),
        ({"id": 7}, "invalid NewPlant: name is required"),
        ({}, "invalid NewPlant: name is required; id is required"),
        ({"id": "7", "name": 3}, "invalid NewPlant: name must be a string; id must be an integer"),
        ([{"id": 7, "name": "x"}], "request body must be a JSON object (NewPlant)"),
        ("plant", "request body must be a JSON object (NewPlant)"),
        (
            {"id": 2**63, "name": "x"},
            "invalid NewPlant: id is outside the int64 range [-9223372036854775808, 9223372036854775807]",
        ),
        (
            {"id": -(2**63) - 1, "name": "x"},
            "invalid NewPlant: id is outside the int64 range [-9223372036854775808, 9223372036854775807]",
        ),
    ],
)
def test_invalid_new_plant_is_400(client: httpx.Client, server: Server, body: object, message: str) -> None:
    before = rows(server.db)
    response = client.post("/plants", content=json.dumps(body), headers={"Content-Type": "application/json"})
    assert response.status_code == 400
    assert response.json() == error(400, message)
    assert rows(server.db) == before


@pytest.mark.parametrize(
    "body",
    [
        b"",
        b'{"id": 7, "name": "x"',
        b"{'id': 7}",
        b'{"id": NaN, "name": "x"}',  # not JSON, though Python's json module reads it
        b'{"id": 7, "name": "\xff"}',
        b'{"id": 7, "name": "\\ud800"}',
        b"[" * 5000 + b"]" * 5000,
    ],
)
def test_malformed_json_is_400(client: httpx.Client, server: Server, body: bytes) -> None:
    """Our contract: 400, the Error body, our 'malformed JSON: ' prefix and a single line.
    What follows the prefix is the JSON parser's own description (pydantic-core's wording and
    column numbers change between its releases), so only its presence is checked."""
    before = rows(server.db)
    response = post_raw(client, body)
    assert response.status_code == 400
    answer = response.json()
    assert answer.keys() == {"error", "message"} and answer["error"] == 400
    reason = answer["message"].removeprefix("malformed JSON: ")
    assert reason != answer["message"] and reason.strip() and "\n" not in reason
    assert rows(server.db) == before


@pytest.mark.parametrize(
    ("content_type", "shown"),
    [
        ("text/plain", "'text/plain'"),
        ("application/x-www-form-urlencoded", "'application/x-www-form-urlencoded'"),
        (None, "missing"),
    ],
)
def test_wrong_content_type_is_400(client: httpx.Client, server: Server, content_type: str | None, shown: str) -> None:
    pid = new_id()
    response = post_raw(client, json.dumps({"id": pid, "name": "x"}).encode(), content_type)
    assert response.status_code == 400
    assert response.json() == error(400, f"Content-Type must be application/json (got {shown})")
    assert pid not in rows(server.db)


def test_duplicate_id_is_400_and_keeps_the_first(client: httpx.Client, server: Server) -> None:
    pid = new_id()
    assert client.post("/plants", json={"id": pid, "name": "first"}).status_code == 200
    response = client.post("/plants", json={"id": pid, "name": "second", "tag": "t"})
    assert (response.status_code, response.json()) == (400, error(400, f"plant {pid} already exists"))
    assert rows(server.db)[pid] == ("first", None)


def test_duplicates_in_one_concurrent_burst_store_exactly_one(server: Server) -> None:
    """Many simultaneous posts of one id land in one group commit: one 200, the rest 400."""
    pid = new_id()

    def post(i: int) -> int:
        return request("POST", f"{server.url}/plants", json={"id": pid, "name": f"n{i}"}, headers=AUTH).status_code

    with concurrent.futures.ThreadPoolExecutor(16) as pool:
        statuses = sorted(pool.map(post, range(32)))
    assert statuses == [200] + [400] * 31
    assert rows(server.db)[pid][0].startswith("n")


def test_body_over_one_mib_with_content_length_is_400(client: httpx.Client, server: Server) -> None:
    pid = new_id()
    skeleton = b'{"id": %d, "name": "big", "pad": ""}' % pid
    body = skeleton[:-2] + b"x" * (MIB + 1 - len(skeleton)) + b'"}'
    response = post_raw(client, body)
    assert (response.status_code, response.json()) == (400, error(400, "request body exceeds the 1024 KiB limit"))
    assert pid not in rows(server.db)
    # The connection is still usable afterwards.
    assert client.post("/plants", json={"id": new_id(), "name": "after"}).status_code == 200


def test_body_over_one_mib_declared_but_not_sent_is_refused_at_once(server: Server) -> None:
    """A huge Content-Length is refused from the headers alone, without waiting for the body."""
    with socket.create_connection(("127.0.0.1", server.port), timeout=5) as sock:
        sock.sendall(
            b"POST /plants HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer " + TOKEN.encode() + b"\r\n"
            b"Content-Type: application/json\r\nContent-Length: 10000000000\r\n\r\n{"
        )
        status, _, body = read_response(sock)
    assert (status, json.loads(body)) == (400, error(400, "request body exceeds the 1024 KiB limit"))


def test_chunked_body_over_one_mib_is_400(client: httpx.Client, server: Server) -> None:
    pid = new_id()

    def chunks() -> Iterator[bytes]:  # a generator makes httpx use chunked encoding, no Content-Length
        yield b'{"id": %d, "name": "streamed", "pad": "' % pid
        for _ in range(40):
            yield b"x" * 65536
        yield b'"}'

    response = client.post("/plants", content=chunks(), headers={"Content-Type": "application/json"})
    assert (response.status_code, response.json()) == (400, error(400, "request body exceeds the 1024 KiB limit"))
    assert pid not in rows(server.db)


def test_small_chunked_body_is_accepted(client: httpx.Client, server: Server) -> None:
    pid = new_id()

    def chunks() -> Iterator[bytes]:
        yield b'{"id": %d, ' % pid
        yield b'"name": "chunky"}'

    response = client.post("/plants", content=chunks(), headers={"Content-Type": "application/json"})
    assert (response.status_code, response.json()) == (200, {"name": "chunky"})
    assert rows(server.db)[pid] == ("chunky", None)


# -- 401 -------------------------------------------------------------------------

MISSING = "missing bearer token: send 'Authorization: Bearer <token>'"
MALFORMED = "Authorization header must be 'Bearer <token>'"
INVALID = "invalid bearer token"


@pytest.mark.parametrize(
    ("authorization", "message"),
    [
        (None, MISSING),
        (f"Bearer {TOKEN}x", INVALID),
        (f"Bearer {TOKEN[:-1]}", INVALID),
        ("Bearer wrong", INVALID),
        ("Bearer", MALFORMED),
        (f"Basic {TOKEN}", MALFORMED),
        (TOKEN, MALFORMED),
    ],
)
def test_missing_or_wrong_token_is_401(server: Server, authorization: str | None, message: str) -> None:
    pid = new_id()
    headers = {"Authorization": authorization} if authorization is not None else {}
    response = request("POST", f"{server.url}/plants", json={"id": pid, "name": "x"}, headers=headers)
    assert response.status_code == 401
    assert response.headers["www-authenticate"] == "Bearer"
    assert response.json() == error(401, message)
    assert pid not in rows(server.db)


def test_token_is_checked_before_anything_else(server: Server) -> None:
    # Without a token nothing is revealed, not even which paths exist.
    assert request("GET", f"{server.url}/secret").status_code == 401
    assert request("POST", f"{server.url}/plants", content=b"{", headers={"Content-Type": "text/plain"}).status_code == 401


# -- 404 / 405 -------------------------------------------------------------------


@pytest.mark.parametrize("path", ["/", "/plant", "/plants/", "/plants/7", "/v1/plants"])
def test_unknown_path_is_404(client: httpx.Client, path: str) -> None:
    response = client.post(path, json={"id": 1, "name": "x"})
    assert response.status_code == 404
    assert response.json() == error(404, f"no such endpoint: {path} (the API has POST /plants)")


@pytest.mark.parametrize("method", ["GET", "PUT", "DELETE", "PATCH", "OPTIONS"])
def test_wrong_method_is_405_with_allow(client: httpx.Client, method: str) -> None:
    response = client.request(method, "/plants")
    assert response.status_code == 405
    assert response.headers["allow"] == "POST"
    assert response.json() == error(405, f"method {method} not allowed on /plants; use POST")


# -- CORS ------------------------------------------------------------------------

ORIGIN = "http://localhost:3000"


def test_preflight_is_answered_without_a_token(server: Server) -> None:
    response = request(
        "OPTIONS", f"{server.url}/plants",
        headers={
            "Origin": ORIGIN,
            "Access-Control-Request-Method": "POST",
            "Access-Control-Request-Headers": "authorization, content-type",
        },
    )
    assert response.status_code == 200
    assert response.headers["access-control-allow-origin"] == "*"
    assert response.headers["access-control-allow-methods"] == "POST"
    allowed = {h.strip().lower() for h in response.headers["access-control-allow-headers"].split(",")}
    assert {"authorization", "content-type"} <= allowed


@pytest.mark.parametrize(
    ("headers", "status"),
    [({}, 401), (AUTH, 400), (AUTH | {"Content-Type": "application/json"}, 200)],
)
def test_every_answer_carries_cors_headers(server: Server, headers: dict[str, str], status: int) -> None:
    pid = new_id()
    body = json.dumps({"id": pid, "name": "x"}).encode()
    response = request("POST", f"{server.url}/plants", content=body, headers=headers | {"Origin": ORIGIN})
    assert response.status_code == status
    assert response.headers["access-control-allow-origin"] == "*"
    # The playground must be able to read the 401 challenge.
    assert response.headers["access-control-expose-headers"] == "WWW-Authenticate"


def test_cors_origin_restricts_origins(tmp_path: Path) -> None:
    docs = "https://docs.example.com"
    srv = start_server(tmp_path / "plants.db", "--cors-origin", docs, "--cors-origin", "http://localhost:3000")
    try:
        preflight = {"Access-Control-Request-Method": "POST", "Access-Control-Request-Headers": "authorization"}
        ok = request("OPTIONS", f"{srv.url}/plants", headers=preflight | {"Origin": docs})
        assert ok.status_code == 200
        assert ok.headers["access-control-allow-origin"] == docs
        refused = request("OPTIONS", f"{srv.url}/plants", headers=preflight | {"Origin": "https://evil.example"})
        # The Error body is ours; its wording is Starlette's CORS middleware's, so not pinned here.
        assert refused.status_code == 400
        assert refused.json().keys() == {"error", "message"} and refused.json()["error"] == 400
        assert "access-control-allow-origin" not in refused.headers

        post = request("POST", f"{srv.url}/plants", json={"id": 1, "name": "x"}, headers=AUTH | {"Origin": docs})
        assert post.status_code == 200
        assert post.headers["access-control-allow-origin"] == docs
        evil = AUTH | {"Origin": "https://evil.example"}
        other = request("POST", f"{srv.url}/plants", json={"id": 2, "name": "x"}, headers=evil)
        assert "access-control-allow-origin" not in other.headers
    finally:
        assert srv.stop() == 0


# -- tokens, startup and shutdown --------------------------------------------------


def test_startup_banner_names_address_db_and_masked_token(server: Server) -> None:
    lines = server.stdout.splitlines()
    assert lines[0] == f"Plant Store API on http://127.0.0.1:{server.port}  (db: {server.db})"
    assert lines[1] == "Accepted tokens: test… (21 chars), seco… (19 chars)"
    assert TOKEN not in server.stdout


def test_generated_token_is_printed_once_and_only_it_is_accepted(tmp_path: Path) -> None:
    srv = start_server(tmp_path / "plants.db", tokens=())
    try:
        printed = [line for line in srv.stdout.splitlines() if line.startswith("Accepted token: ")]
        assert len(printed) == 1
        token = printed[0].removeprefix("Accepted token: ")
        assert len(token) >= 40
        ok = request("POST", f"{srv.url}/plants", json={"id": 1, "name": "x"}, headers={"Authorization": f"Bearer {token}"})
        assert ok.status_code == 200
        bad = request("POST", f"{srv.url}/plants", json={"id": 2, "name": "x"}, headers=AUTH)
        assert bad.status_code == 401
        assert rows(srv.db) == {1: ("x", None)}
    finally:
        assert srv.stop() == 0


def test_tokens_from_environment(tmp_path: Path) -> None:
    srv = start_server(tmp_path / "plants.db", tokens=(), env={"SITEGEN_API_TOKENS": "env-token-one, env-token-two"})
    try:
        for pid, token in enumerate(["env-token-one", "env-token-two"]):
            response = request(
                "POST", f"{srv.url}/plants", json={"id": pid, "name": "x"}, headers={"Authorization": f"Bearer {token}"}
            )
            assert response.status_code == 200
        assert request("POST", f"{srv.url}/plants", json={"id": 9, "name": "x"}, headers=AUTH).status_code == 401
        assert "Accepted tokens: env-… (13 chars), env-… (13 chars)" in srv.stdout
    finally:
        assert srv.stop() == 0


def test_flag_tokens_override_environment(tmp_path: Path) -> None:
    srv = start_server(tmp_path / "plants.db", env={"SITEGEN_API_TOKENS": "env-token-one"})
    try:
        env_auth = {"Authorization": "Bearer env-token-one"}
        assert request("POST", f"{srv.url}/plants", json={"id": 1, "name": "x"}, headers=env_auth).status_code == 401
        assert request("POST", f"{srv.url}/plants", json={"id": 1, "name": "x"}, headers=AUTH).status_code == 200
    finally:
        assert srv.stop() == 0


def test_port_in_use_is_a_one_line_error(tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        srv = launch(tmp_path / "plants.db", port=port)
        assert srv.proc.wait(timeout=20) == 1
    assert srv.stderr == (f"sitegen api: error: cannot listen on 127.0.0.1:{port}: port {port} is already in use "
                          "(stop the other server, choose another --port, or --port 0 for any free port)\n")
    assert srv.stdout == ""
    assert not (tmp_path / "plants.db").exists()


def test_unusable_db_is_a_one_line_error(tmp_path: Path) -> None:
    srv = launch(tmp_path / "plants.db", "--db", str(tmp_path / "missing-dir" / "plants.db"))
    assert srv.proc.wait(timeout=20) == 1
    lines = srv.stderr.splitlines()
    assert len(lines) == 1
    assert lines[0].startswith(f"sitegen api: error: cannot open database {tmp_path / 'missing-dir' / 'plants.db'}: ")


def test_blank_token_is_a_usage_error(tmp_path: Path) -> None:
    srv = launch(tmp_path / "plants.db", tokens=("",))
    assert srv.proc.wait(timeout=20) == 2
    assert "--token: a token must be non-empty printable ASCII without spaces" in srv.stderr
    assert "Traceback" not in srv.stderr


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT])
def test_signal_finishes_in_flight_request_then_exits_0(tmp_path: Path, sig: signal.Signals) -> None:
    srv = start_server(tmp_path / "plants.db")
    body = b'{"id": 42, "name": "in flight"}'
    with socket.create_connection(("127.0.0.1", srv.port), timeout=10) as sock:
        sock.sendall(
            b"POST /plants HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer " + TOKEN.encode() + b"\r\n"
            b"Content-Type: application/json\r\nContent-Length: %d\r\n\r\n" % len(body) + body[:10]
        )
        time.sleep(0.3)  # the request is now being read by the server
        srv.proc.send_signal(sig)
        time.sleep(0.5)
        assert srv.proc.poll() is None, "server quit with a request in flight"
        sock.sendall(body[10:])
        status, _, payload = read_response(sock)
    assert (status, json.loads(payload)) == (200, {"name": "in flight"})
    assert srv.proc.wait(timeout=20) == 0
    assert "Traceback" not in srv.stderr
    assert rows(srv.db) == {42: ("in flight", None)}


def test_plants_survive_a_clean_restart(tmp_path: Path) -> None:
    db = tmp_path / "plants.db"
    srv = start_server(db)
    with httpx.Client(base_url=srv.url, headers=AUTH) as c:
        assert c.post("/plants", json={"id": 1, "name": "kept"}).status_code == 200
    assert srv.stop() == 0
    srv = start_server(db)
    try:
        again = request("POST", f"{srv.url}/plants", json={"id": 1, "name": "again"}, headers=AUTH)
        assert (again.status_code, again.json()) == (400, error(400, "plant 1 already exists"))
        assert rows(db) == {1: ("kept", None)}
    finally:
        assert srv.stop() == 0
