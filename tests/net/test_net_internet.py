"""A table on the internet, over loopback: TLS with a self-signed certificate made here, private
tables a stranger cannot list, per-address rate limits that hold for one address and not for
another, a client that refuses a certificate it does not trust in one line, the turn clock, stamps,
and links read strictly. One whole match of every game is played over wss:// between a ``serve``
process and a ``join`` process."""

from __future__ import annotations

import asyncio
import json
import os
import shutil
import signal
import ssl
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any, Self

import pytest
from websockets.asyncio.client import connect

from game.core.match import Seat
from game.core.registry import GAME_IDS, get_rules
from game.net.client import JoinError, fetch_tables
from game.net.connection import parse_address
from game.net.internet import Limits, is_local_host, parse_link
from game.net.loadtest import free_port
from game.net.protocol import MAX_HOST_MESSAGE, PROTOCOL, check_host, dumps
from game.net.server import HostHandle, start_in_thread

ROOT = Path(__file__).resolve().parents[2]
WAIT = 90.0  # a ceiling for a whole match on a busy machine (never asserted as a time)
TIMEOUT = 20.0


# ----- a certificate made here ---------------------------------------------------------------------
def make_certificate(folder: Path, name: str, address: str | None) -> tuple[Path, Path]:
    """A self-signed certificate for ``name`` (and ``address``) (openssl, else ``cryptography``)."""
    cert, key = folder / "cert.pem", folder / "key.pem"
    if shutil.which("openssl"):
        alt = f"DNS:{name}" + (f",IP:{address}" if address else "")
        subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", str(key),
                        "-out", str(cert), "-days", "2", "-subj", f"/CN={name}", "-addext", f"subjectAltName={alt}"],
                       check=True, capture_output=True, timeout=60)
        return cert, key
    try:
        from cryptography import x509  # noqa: F401
    except ImportError:
        pytest.skip("neither openssl nor the cryptography package is here to make a test certificate")
    return _cryptography_certificate(cert, key, name, address)


@pytest.fixture(scope="module")
def certificate(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """A self-signed certificate for localhost and 127.0.0.1."""
    return make_certificate(tmp_path_factory.mktemp("tls"), "localhost", "127.0.0.1")


def _cryptography_certificate(cert: Path, key: Path, host: str, address: str | None) -> tuple[Path, Path]:
    import datetime
    import ipaddress

    from cryptography import x509
    from cryptography.hazmat.primitives import hashes, serialization
    from cryptography.hazmat.primitives.asymmetric import ec
    from cryptography.x509.oid import NameOID

    private = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, host)])
    alt: list[x509.GeneralName] = [x509.DNSName(host)]
    if address:
        alt.append(x509.IPAddress(ipaddress.ip_address(address)))
    now = datetime.datetime.now(datetime.timezone.utc)
    made = (x509.CertificateBuilder().subject_name(name).issuer_name(name).public_key(private.public_key())
            .serial_number(x509.random_serial_number()).not_valid_before(now - datetime.timedelta(hours=1))
            .not_valid_after(now + datetime.timedelta(days=2))
            .add_extension(x509.SubjectAlternativeName(alt), critical=False)
            .add_extension(x509.BasicConstraints(ca=True, path_length=None), critical=True)
            .sign(private, hashes.SHA256()))
    cert.write_bytes(made.public_bytes(serialization.Encoding.PEM))
    key.write_bytes(private.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                                          serialization.NoEncryption()))
    return cert, key


def server_context(certificate: tuple[Path, Path]) -> ssl.SSLContext:
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(*map(str, certificate))
    return context


@pytest.fixture
def trusted(certificate: tuple[Path, Path], monkeypatch: pytest.MonkeyPatch) -> tuple[Path, Path]:
    """The test certificate trusted by this process's clients (as ``SSL_CERT_FILE`` does for a person)."""
    monkeypatch.setenv("SSL_CERT_FILE", str(certificate[0]))
    return certificate


def tls_host(certificate: tuple[Path, Path], **options: Any) -> HostHandle:
    options.setdefault("workers", 0)
    options.setdefault("ai_pause", 0.0)
    return start_in_thread(port=0, advertise=False, host="127.0.0.1",
                           ssl_context=server_context(certificate), **options)


@pytest.fixture
def public_host(certificate: tuple[Path, Path]) -> Iterator[HostHandle]:
    handle = tls_host(certificate)
    try:
        yield handle
    finally:
        handle.stop()


# ----- a raw client: wss, from a chosen loopback address ----------------------------------------------
class Raw:
    """One wss connection to the host (from ``source``, a loopback address), messages checked."""

    def __init__(self, port: int, certificate: tuple[Path, Path], source: str = "127.0.0.1") -> None:
        self.port, self.source = port, source
        self.context = ssl.create_default_context(cafile=str(certificate[0]))
        self.ws: Any = None

    async def __aenter__(self) -> Self:
        self.ws = await connect(f"wss://127.0.0.1:{self.port}", ssl=self.context, max_size=MAX_HOST_MESSAGE,
                                local_addr=(self.source, 0), proxy=None)
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.ws.close()

    async def send(self, message: dict[str, Any]) -> None:
        await self.ws.send(dumps(message))

    async def until(self, *kinds: str) -> dict[str, Any]:
        while True:
            message = check_host(await asyncio.wait_for(self.ws.recv(), TIMEOUT))
            if message["type"] in kinds:
                return message

    async def ask(self, message: dict[str, Any], *kinds: str) -> dict[str, Any]:
        await self.send(message)
        return await self.until(*kinds)


def run(coroutine: Any) -> Any:
    return asyncio.run(coroutine)


# ----- links and addresses ------------------------------------------------------------------------------
@pytest.mark.parametrize(("typed", "uri", "code"), [
    ("kotatsu://example.com:47474/ACDEFHJK", "wss://example.com:47474", "ACDEFHJK"),
    ("kotatsu://example.com/acdefhjk", "wss://example.com:47474", "ACDEFHJK"),
    ("kotatsu://127.0.0.1:9000/ACDE/", "wss://127.0.0.1:9000", "ACDE"),
    ("  example.com:443 ACDEFHJK ", "wss://example.com:443", "ACDEFHJK"),
    ("192.168.1.20:47474 KTMX", "ws://192.168.1.20:47474", "KTMX"),
    ("wss://[2001:db8::1]:9000/ACDEFHJK", "wss://[2001:db8::1]:9000", "ACDEFHJK"),
])
def test_a_link_or_host_and_code_is_read(typed: str, uri: str, code: str) -> None:
    assert parse_link(typed) == (uri, code)


@pytest.mark.parametrize("typed", [
    "", "kotatsu://example.com", "kotatsu://example.com/ABCD", "kotatsu://example.com/ACDE?x=1",
    "kotatsu://user@example.com/ACDE", "http://example.com/ACDE", "kotatsu://example.com/ACDE/KTMX",
    "example.com:443", "example.com:443 ACDE extra", "ws://example.com:1/ACDE", "kotatsu://example.com:99999/ACDE",
    "kotatsu://exa mple.com/ACDE", "example.com ACDE\x1b",
])
def test_a_bad_link_is_one_clear_line(typed: str) -> None:
    with pytest.raises(ValueError) as caught:
        parse_link(typed)
    assert "\n" not in str(caught.value) and str(caught.value)


def test_only_the_local_network_may_be_reached_without_tls() -> None:
    for local in ("127.0.0.1", "10.1.2.3", "192.168.1.20.", "fe80::1", "::1", "localhost", "kotatsu", "box.local"):
        assert is_local_host(local), local
    for public in ("8.8.8.8", "2001:4860::1", "example.com", "table.example.org"):
        assert not is_local_host(public), public
    assert parse_address("example.com:9000") == "wss://example.com:9000"
    assert parse_address("10.0.0.2") == "ws://10.0.0.2:47474"
    with pytest.raises(ValueError, match="wss://"):
        parse_address("ws://example.com:9000")


# ----- the host --------------------------------------------------------------------------------------------
def test_a_stranger_lists_nothing_and_the_code_finds_the_table(public_host: HostHandle, trusted: Any) -> None:
    code = public_host.add_table("neko", [Seat("human"), Seat("ai", "easy")])
    assert len(code) == 8  # a private code: not listed, not guessed
    address = f"wss://127.0.0.1:{public_host.port}"
    assert fetch_tables(address)[1] == []
    assert [table["code"] for table in fetch_tables(address, code=code)[1]] == [code]
    assert fetch_tables(address, code="ACDEFHJK" if code != "ACDEFHJK" else "KTMXKTMX")[1] == []


def test_an_untrusted_or_mismatched_certificate_is_refused_in_one_line(public_host: HostHandle, tmp_path: Path,
                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("SSL_CERT_FILE", raising=False)
    with pytest.raises(JoinError) as untrusted:
        fetch_tables(f"wss://127.0.0.1:{public_host.port}")
    elsewhere = make_certificate(tmp_path, "table.example", None)  # trusted, but made for another host
    monkeypatch.setenv("SSL_CERT_FILE", str(elsewhere[0]))
    other = tls_host(elsewhere)
    try:
        with pytest.raises(JoinError) as mismatched:
            fetch_tables(f"wss://127.0.0.1:{other.port}")
    finally:
        other.stop()
    for caught in (untrusted, mismatched):
        assert caught.value.reason == "net.reason.certificate"
        assert "\n" not in caught.value.text and "certificate does not match host 127.0.0.1" in caught.value.text
    assert "mismatch" in mismatched.value.text
    with pytest.raises(JoinError) as plain:  # ws:// to a TLS host: it never answers as a websocket
        fetch_tables(f"ws://127.0.0.1:{public_host.port}")
    assert plain.value.reason == "net.reason.no_host"


def test_rate_limits_hold_for_one_address_and_not_another(certificate: tuple[Path, Path]) -> None:
    limits = Limits(joins=3, messages=6, message_window=60.0, cap_loopback=True)
    handle = tls_host(certificate, limits=limits)
    try:
        code = handle.add_table("neko", [Seat("human"), Seat("human")])

        async def main() -> None:
            async with Raw(handle.port, certificate) as a:
                for seq in range(1, 7):
                    assert (await a.ask({"type": "ping", "seq": seq}, "pong", "refused"))["type"] == "pong"
                over = await a.ask({"type": "ping", "seq": 7}, "pong", "refused")
                assert over["reason"] == "net.reason.slow_down" and "too many messages" in over["text"]
            async with Raw(handle.port, certificate, "127.0.0.2") as b:  # another address: not held
                assert (await b.ask({"type": "ping", "seq": 1}, "pong", "refused"))["type"] == "pong"
            for _ in range(3):  # joins: three a minute from one address, the fourth refused
                async with Raw(handle.port, certificate, "127.0.0.2") as b:
                    answer = await b.ask({"type": "join", "table": code, "seat": -1, "name": "w"}, "welcome")
                    assert answer["seat"] == -1
            async with Raw(handle.port, certificate, "127.0.0.2") as b2:
                refused = await b2.ask({"type": "join", "table": code, "seat": 0, "name": "w"}, "welcome", "refused")
                assert refused["reason"] == "net.reason.slow_down"
            async with Raw(handle.port, certificate, "127.0.0.3") as c:
                welcome = await c.ask({"type": "join", "table": code, "seat": 0, "name": "c"}, "welcome", "refused")
                assert welcome["type"] == "welcome" and welcome["seat"] == 0

        run(main())
    finally:
        handle.stop()


def test_a_flood_of_messages_closes_only_that_connection(certificate: tuple[Path, Path]) -> None:
    handle = tls_host(certificate, limits=Limits(messages=4, message_window=60.0, cap_loopback=True))
    try:
        async def main() -> None:
            async with Raw(handle.port, certificate) as a, Raw(handle.port, certificate, "127.0.0.4") as b:
                for seq in range(1, 40):
                    await a.send({"type": "ping", "seq": seq})
                bye = await a.until("bye")
                assert bye["reason"] == "net.reason.slow_down"
                assert (await b.ask({"type": "ping", "seq": 1}, "pong"))["seq"] == 1

        run(main())
    finally:
        handle.stop()


def test_stamps_reach_the_table_are_rate_limited_and_carry_no_text(public_host: HostHandle,
                                                                    certificate: tuple[Path, Path]) -> None:
    code = public_host.add_table("neko", [Seat("human"), Seat("human")])

    async def main() -> None:
        async with Raw(public_host.port, certificate) as a, Raw(public_host.port, certificate) as b:
            await a.ask({"type": "join", "table": code, "seat": 0, "name": "a"}, "welcome")
            await b.ask({"type": "join", "table": code, "seat": 1, "name": "b"}, "welcome")
            await a.send({"type": "stamp", "stamp": "nice"})
            assert await b.until("stamp") == {"v": PROTOCOL, "type": "stamp", "seat": 0, "stamp": "nice"}
            for _ in range(2):
                await a.send({"type": "stamp", "stamp": "thumbs_up"})
            refused = await a.ask({"type": "stamp", "stamp": "sorry"}, "refused")
            assert refused["reason"] == "net.reason.slow_down"
            for bad in ({"stamp": "<b>hello</b>"}, {"stamp": "nice", "text": "free words"}, {"stamp": 1}):
                refused = await b.ask({"type": "stamp", **bad}, "refused")
                assert refused["reason"] == "net.reason.malformed"
            await b.send({"type": "stamp", "stamp": "hmm"})  # b's own allowance is untouched by a's
            assert (await a.until("stamp"))["stamp"] in ("thumbs_up", "hmm")

    run(main())


def test_the_turn_clock_moves_for_a_connected_and_an_away_seat(certificate: tuple[Path, Path]) -> None:
    handle = tls_host(certificate, turn_clock=0.5)
    try:
        code = handle.add_table("neko", [Seat("human"), Seat("human")])

        async def main() -> None:
            async with Raw(handle.port, certificate) as a:
                view = (await a.ask({"type": "join", "table": code, "seat": 0, "name": "a"}, "welcome"))["view"]
                async with Raw(handle.port, certificate) as b:
                    await b.ask({"type": "join", "table": code, "seat": 1, "name": "b"}, "welcome")
                # seat 1 is away (not past its patience), seat 0 sits and does not move: the clock
                # has the AI move for whichever is to move, one move at a time
                movers: set[int] = set()
                while movers != {0, 1} and view["pos"] < 8:
                    waiting = list(view["to_move"])
                    view = (await a.until("update"))["view"]
                    movers.update(waiting)
                assert movers == {0, 1} and not view["over"]

        run(main())
    finally:
        handle.stop()


def test_a_lan_host_is_unchanged_listed_and_not_rate_limited_on_loopback() -> None:
    handle = start_in_thread(port=0, advertise=False, host="127.0.0.1", workers=0)
    try:
        code = handle.add_table("neko", [Seat("human"), Seat("human")])
        assert len(code) == 4 and [t["code"] for t in fetch_tables(f"127.0.0.1:{handle.port}")[1]] == [code]
        assert handle.server.limits.idle_expire == 0 and not handle.server.public
    finally:
        handle.stop()


def test_an_idle_table_closes_and_its_files_go(certificate: tuple[Path, Path], tmp_path: Path) -> None:
    handle = tls_host(certificate, tables_dir=tmp_path, limits=Limits(idle_expire=0.5))
    try:
        code = handle.add_table("neko", [Seat("human"), Seat("human")])
        deadline = time.monotonic() + TIMEOUT
        while code in handle.server.tables:
            assert time.monotonic() < deadline, "the idle table stayed open"
            time.sleep(0.1)
        assert not list(tmp_path.glob(f"{code}.*"))
    finally:
        handle.stop()


# ----- whole matches between processes over wss:// ------------------------------------------------------
def _environment(home: Path, certificate: tuple[Path, Path]) -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": str(ROOT), "KOTATSU_HOME": str(home), "PYGAME_HIDE_SUPPORT_PROMPT": "1",
            "SSL_CERT_FILE": str(certificate[0])}


@pytest.mark.slow
def test_a_whole_match_of_every_game_over_wss_between_processes(certificate: tuple[Path, Path],
                                                                tmp_path: Path) -> None:
    hosts: list[subprocess.Popen[str]] = []
    bots: list[subprocess.Popen[str]] = []
    try:
        for game_id in GAME_IDS:
            seats = ",".join(["human"] + ["ai:random"] * (get_rules(game_id).min_players - 1))
            hosts.append(subprocess.Popen(
                [sys.executable, "-m", "game", "serve", "--game", game_id, "--seats", seats, "--host", "127.0.0.1",
                 "--port", str(free_port()), "--no-advertise", "--ai-pause", "0", "--tls-cert", str(certificate[0]),
                 "--tls-key", str(certificate[1])],
                env=_environment(tmp_path / f"host-{game_id}", certificate), stdout=subprocess.PIPE,
                stderr=subprocess.PIPE, text=True))
        for game_id, host in zip(GAME_IDS, hosts, strict=True):
            line = host.stdout.readline() if host.stdout else ""
            assert line, host.stderr.read() if host.stderr else "the host printed nothing"
            link = line.split()[-1]
            assert link.startswith("kotatsu://127.0.0.1:")
            bots.append(subprocess.Popen(
                [sys.executable, "-m", "game", "join", link, "--agent", "random", "--json"],
                env=_environment(tmp_path / f"bot-{game_id}", certificate), stdout=subprocess.PIPE,
                stderr=subprocess.PIPE, text=True))
        for game_id, bot in zip(GAME_IDS, bots, strict=True):
            out, err = bot.communicate(timeout=WAIT)
            assert bot.returncode == 0, f"{game_id}: {err}"
            result = json.loads(out)
            assert result["over"] and result["errors"] == 0 and result["game"] == game_id
        exposed = ""
        for host in hosts:
            host.send_signal(signal.SIGTERM)
            exposed = host.communicate(timeout=WAIT)[1]
        assert "tables are private" in exposed and "TLS here" in exposed
    finally:
        for process in (*bots, *hosts):
            if process.poll() is None:
                process.kill()
                process.communicate()


def test_behind_a_local_proxy_the_limits_hold_per_forwarded_address() -> None:
    """A public host behind a TLS proxy on this machine sees every client come from loopback: the
    proxy's X-Forwarded-For names the person, and the limits hold per person."""
    handle = start_in_thread(port=0, advertise=False, host="127.0.0.1", workers=0, public=True,
                             limits=Limits(messages=3, message_window=60.0))

    async def pings(forwarded: str, count: int) -> list[str]:
        async with connect(f"ws://127.0.0.1:{handle.port}", proxy=None,
                           additional_headers={"X-Forwarded-For": forwarded}) as ws:
            answers = []
            for seq in range(1, count + 1):
                await ws.send(dumps({"type": "ping", "seq": seq}))
                answers.append(check_host(await asyncio.wait_for(ws.recv(), TIMEOUT))["type"])
            return answers

    try:
        assert run(pings("198.51.100.7, 203.0.113.5", 4)) == ["pong", "pong", "pong", "refused"]
        assert run(pings("203.0.113.6", 1)) == ["pong"]  # another person behind the same proxy
        assert run(pings("203.0.113.5", 1)) == ["refused"]  # the first, on a new connection: still held
    finally:
        handle.stop()


@pytest.mark.parametrize(("argv", "says"), [
    (["join", "kotatsu://table.example.com/ABCD", "--agent", "easy"], "is not a table code"),
    (["join", "ws://table.example.com:9/ACDE", "--agent", "easy"], "reached over wss:// (TLS) only"),
    (["join", "table.example.com:9", "ACDE", "--table", "KTMX", "--agent", "easy"], "differ"),
    (["serve", "--game", "neko", "--tls-cert", "/nonexistent.pem"], "--tls-cert and --tls-key go together"),
    (["serve", "--game", "neko", "--tls-cert", "/nonexistent.pem", "--tls-key", "/k"], "not a readable file"),
    (["serve", "--game", "neko", "--listed"], "--listed is for a host with TLS or --public"),
    (["serve", "--game", "neko", "--public", "--turn-clock", "-1"], "--turn-clock"),
    (["serve", "--game", "neko", "--public", "--public-address", "a b:x"], "--public-address"),
])
def test_bad_internet_arguments_are_one_line(argv: list[str], says: str, capsys: pytest.CaptureFixture[str]) -> None:
    from kotatsu.cli import main

    assert main(argv) == 2
    err = capsys.readouterr().err.strip()
    assert says in err and "\n" not in err


@pytest.mark.slow
def test_the_bench_measures_a_tls_host_with_an_ai_seat() -> None:
    from game.net.loadtest import bench_lan

    figures = bench_lan(1, 1, "neko", workers=1, tls=True, ai=1)
    assert figures["tls"] and figures["errors"] == 0 and figures["seats_finished"] == "1/1"
    assert figures["actions"] > 0 and figures["ai_pool_cpu_percent"] > 0  # the AI seat played in the pool


def test_names_from_others_are_short_printable_text(public_host: HostHandle, certificate: tuple[Path, Path]) -> None:
    code = public_host.add_table("neko", [Seat("human"), Seat("human")])

    async def main() -> None:
        async with Raw(public_host.port, certificate) as a:
            for bad in ("x" * 41, "\u202eevil", "tab\there", "bell\x07"):
                refused = await a.ask({"type": "join", "table": code, "seat": 0, "name": bad}, "refused", "welcome")
                assert refused["type"] == "refused" and refused["reason"] == "net.reason.malformed"
            welcome = await a.ask({"type": "join", "table": code, "seat": 0, "name": "<b>Aiko</b>"}, "welcome")
            assert welcome["seats"][0]["name"] == "<b>Aiko</b>"  # kept as the text typed, drawn as text

    run(main())
