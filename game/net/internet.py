"""A table reached over the internet: TLS, links, what counts as the local network, rate limits,
stamps and the organiser's one-paragraph summary of what a host exposes.

Kept apart from the LAN code it builds on (``server``, ``connection``) so that what is specific to a
public host reads in one place:

- ``tls_server_context``: the host terminates TLS itself (``serve --tls-cert --tls-key``).
- ``is_local_host``: loopback, private and link-local addresses, and the names of the local network
  (no dot, ``.local``, ``.lan``...): only those may be reached over plain ``ws://``.
- ``parse_link``: ``kotatsu://host:port/CODE``, ``wss://host:port/CODE`` or ``host:port CODE``, read
  strictly (``ValueError`` with one clear line for anything else).
- ``Rate``: a per-address sliding window (joins, wrong codes, messages, stamps).
- ``STAMPS``: the quick reactions, the only words players send each other (no free text).
- ``Exposure``: what the host's limits are, printed once when it starts.
"""

from __future__ import annotations

import ipaddress
import os
import ssl
import time
from collections import deque
from dataclasses import dataclass
from urllib.parse import urlsplit

from game.net import protocol

LINK_SCHEME = "kotatsu"
LOCAL_SUFFIXES = (".local", ".lan", ".home", ".home.arpa", ".internal", ".intranet", ".corp", ".private",
                  ".localdomain", ".localhost", ".box")  # names routers and offices give the LAN
STAMPS = protocol.STAMPS  # catalogue keys internet.stamp.<id>
STAMP_SHOWN = 3.0  # seconds a stamp's bubble stays by its seat


def tls_server_context(cert_file: str, key_file: str) -> ssl.SSLContext:
    """A server TLS context from a PEM certificate (chain) and its key; ``ValueError`` with one
    line when they cannot be read or do not belong together."""
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.minimum_version = ssl.TLSVersion.TLSv1_2
    for name in (cert_file, key_file):
        if not os.path.isfile(name) or not os.access(name, os.R_OK):
            raise ValueError(f"cannot read {name[:200]}: not a readable file")
    try:
        context.load_cert_chain(cert_file, key_file)
    except (ssl.SSLError, OSError) as error:
        raise ValueError(f"cannot use {cert_file} with {key_file}: {error.strerror or error}") from None
    return context


def client_context() -> ssl.SSLContext:
    """The client's TLS context: the system's trusted certificates, plus ``SSL_CERT_FILE`` /
    ``SSL_CERT_DIR`` when set (``ssl.create_default_context`` reads them); host names checked."""
    return ssl.create_default_context()


def is_local_host(host: str) -> bool:
    """True for a host on this computer or the local network: a loopback, private, link-local or
    other non-global address, ``localhost``, a name without a dot, or a local name (``.local``...)."""
    host = host.strip("[]").rstrip(".").lower()
    try:
        return not ipaddress.ip_address(host.split("%", 1)[0]).is_global
    except ValueError:
        pass
    return host == "localhost" or "." not in host or host.endswith(LOCAL_SUFFIXES)


def normal_code(text: str) -> str:
    """A join code as typed (any case), upper-cased; ``ValueError`` when it is not one."""
    code = text.strip().upper()
    if not protocol.TABLE_CODE_LENGTH <= len(code) <= protocol.MAX_CODE_LENGTH or \
            any(letter not in protocol.TABLE_CODE_LETTERS for letter in code):
        raise ValueError(f"{protocol.shown_value(text, 16)!r} is not a table code: "
                         f"{protocol.TABLE_CODE_LENGTH} to {protocol.MAX_CODE_LENGTH} letters from "
                         f"{protocol.TABLE_CODE_LETTERS}")
    return code


def parse_link(text: str) -> tuple[str, str]:
    """The host's websocket URI and the table's code in a link a host gave: ``kotatsu://host:port/CODE``
    (always TLS), ``wss://host:port/CODE``, ``ws://host:port/CODE`` (local network only) or
    ``host:port CODE``. ``ValueError`` with one clear line for anything else."""
    from game.net.connection import parse_address  # the one reader of addresses

    text = text.strip()
    if not text:
        raise ValueError("no link given: paste kotatsu://HOST:PORT/CODE or type HOST:PORT CODE")
    if any(not char.isprintable() for char in text) or len(text) > 600:
        raise ValueError("that is not a table link: paste kotatsu://HOST:PORT/CODE or type HOST:PORT CODE")
    if "://" not in text:
        parts = text.split()
        if len(parts) != 2:
            raise ValueError("type the host and the code with one space between: HOST:PORT CODE")
        return parse_address(parts[0]), normal_code(parts[1])
    if " " in text:
        raise ValueError("a link has no spaces: kotatsu://HOST:PORT/CODE")
    link = urlsplit(text)
    scheme = link.scheme.lower()
    if scheme not in (LINK_SCHEME, "ws", "wss"):
        raise ValueError(f"{protocol.shown_value(scheme, 16)}:// is not a table link: use kotatsu://HOST:PORT/CODE")
    if link.query or link.fragment or link.username or link.password:
        raise ValueError("a table link is only kotatsu://HOST:PORT/CODE (nothing after the code)")
    path = link.path.strip("/")
    if not path or "/" in path:
        raise ValueError("the link has no table code: kotatsu://HOST:PORT/CODE")
    code = normal_code(path)
    netloc = link.netloc
    uri = parse_address(("wss" if scheme == LINK_SCHEME else scheme) + "://" + netloc)
    return uri, code


def link_for(host: str, port: int, code: str) -> str:
    """The link to give friends for table ``code`` at ``host:port``."""
    shown = f"[{host}]" if ":" in host else host
    return f"{LINK_SCHEME}://{shown}:{port}/{code}"


class Rate:
    """At most ``count`` events per ``window`` seconds for each address (a sliding window)."""

    def __init__(self, count: int, window: float) -> None:
        self.count = count
        self.window = window
        self._times: dict[str, deque[float]] = {}

    def _recent(self, address: str, now: float) -> deque[float]:
        times = self._times.setdefault(address, deque())
        while times and now - times[0] > self.window:
            times.popleft()
        return times

    def allow(self, address: str, now: float | None = None) -> bool:
        """Count one event of ``address``; False (and not counted) when it is over the rate."""
        now = time.monotonic() if now is None else now
        times = self._recent(address, now)
        if len(times) >= self.count:
            return False
        times.append(now)
        return True

    def wait(self, address: str, now: float | None = None) -> int:
        """Whole seconds until ``address`` may act again (at least 1)."""
        now = time.monotonic() if now is None else now
        times = self._recent(address, now)
        return max(1, int(self.window - (now - times[0])) + 1) if times else 1

    def forget_old(self, now: float | None = None) -> None:
        """Drop the addresses whose events are all older than the window."""
        now = time.monotonic() if now is None else now
        for address in [a for a, times in self._times.items() if not times or now - times[-1] > self.window]:
            del self._times[address]


@dataclass(frozen=True)
class Limits:
    """What one address may do on a host (a public host's defaults; ``lan()`` is the LAN's)."""

    joins: int = 20  # joins per minute
    messages: int = 40  # messages per ``message_window`` seconds (a person sends a few a minute)
    message_window: float = 5.0
    stamps: int = 3  # stamps per ``stamp_window`` seconds, per connection's address
    stamp_window: float = 10.0
    per_address: int = 8  # open connections from one address
    total: int = 1024  # open connections in all
    idle_expire: float = 7200.0  # seconds a table with nobody connected and nothing played stays open
    cap_loopback: bool = False  # loopback (a local proxy, the host's own app) is not limited unless told

    @classmethod
    def lan(cls) -> Limits:
        """The LAN host's limits: the same connection caps as before, tables never expire."""
        return cls(joins=120, messages=400, per_address=32, total=1024, idle_expire=0.0)


def exposure_lines(*, address: str, tls: bool, listed: bool, limits: Limits, turn_clock: float,
                   patience: float) -> list[str]:
    """What a public host exposes, in a few plain lines printed once when it starts."""
    idle = f"{limits.idle_expire / 60:g} min" if limits.idle_expire > 0 else "never"
    clock = f"{turn_clock:g} s a move, then the AI moves for that seat" if turn_clock > 0 else "off"
    return [
        f"kotatsu: listening on {address} ({'TLS here: wss://' if tls else 'no TLS here: put a TLS proxy in front'})",
        "kotatsu: " + ("tables are listed to anyone who connects" if listed
                       else "tables are private: not listed, joined by their 8-letter code or link only")
        + "; anyone with a code can sit at a free seat",
        (f"kotatsu: limits per address: {limits.per_address} connections, {limits.joins} joins a minute, "
         f"10 wrong codes a minute, {limits.messages} messages per {limits.message_window:g} s, "
         f"{limits.stamps} stamps per {limits.stamp_window:g} s; {limits.total} connections in all"),
        (f"kotatsu: an idle table closes after: {idle}; the AI sits in for a person away {patience:g} s; "
         f"turn clock: {clock}"),
    ]
