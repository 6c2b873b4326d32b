"""Finding tables on the LAN: a host advertises itself on mDNS (zeroconf), a joining app browses.

``Advertiser`` announces one host (its name, port and a few text properties: host name, tables
count, protocol version) under ``protocol.SERVICE_TYPE``; ``Browser`` collects what is announced
nearby. Neither ever raises because the network has no multicast (a container, an airplane, a
firewalled laptop): they log one line and then do nothing, so a browse finds ``[]`` and typing an
address stays the way in. ``lan_addresses`` lists the IPv4 addresses other computers can reach.
"""

from __future__ import annotations

import ipaddress
import logging
import re
import socket
import threading
from dataclasses import dataclass, field
from typing import Any

from game.net.protocol import PROTOCOL, SERVICE_TYPE

log = logging.getLogger("kotatsu.net.discovery")

RESOLVE_MS = 3000  # how long the browser waits for a found service's address and properties
_LABEL_LIMIT = 60  # mDNS instance labels are at most 63 bytes


@dataclass(frozen=True)
class Found:
    """One host seen on the LAN: its advertised name, ``"ip:port"`` and text properties."""

    name: str
    address: str
    properties: dict[str, str] = field(default_factory=dict)


def host_properties(host: str, tables: int) -> dict[str, str]:
    """The properties a host advertises: its name, how many tables it serves, the protocol."""
    return {"host": host[:_LABEL_LIMIT], "tables": str(tables), "protocol": str(PROTOCOL)}


def _usable(ip: str) -> bool:
    """An IPv4 address another computer on the LAN could reach (no loopback, no link-local)."""
    try:
        address = ipaddress.IPv4Address(ip)
    except ValueError:
        return False
    return not (address.is_loopback or address.is_link_local or address.is_unspecified
                or address.is_multicast)


def _adapter_ips() -> list[str]:
    """Every IPv4 address of this computer's network adapters ([] when they cannot be read)."""
    try:
        import ifaddr  # zeroconf's own dependency

        return [ip.ip for adapter in ifaddr.get_adapters() for ip in adapter.ips
                if isinstance(ip.ip, str)]
    except Exception as error:  # noqa: BLE001 - an odd platform must not stop the app
        log.info("cannot list network adapters: %s", error)
        return []


def _routed_ip() -> str | None:
    """The address the system would send LAN traffic from (no packet is sent), or None."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("192.0.2.1", 9))  # TEST-NET-1: connect on UDP only picks a route
            return probe.getsockname()[0]
    except OSError:
        return None


def lan_addresses() -> list[str]:
    """This computer's LAN IPv4 addresses, private ones first; ``["127.0.0.1"]`` when there are none."""
    found: list[str] = []
    for ip in [*_adapter_ips(), _routed_ip() or ""]:
        if _usable(ip) and ip not in found:
            found.append(ip)
    found.sort(key=lambda ip: not ipaddress.IPv4Address(ip).is_private)  # stable: keeps adapter order
    return found or ["127.0.0.1"]


def _instance_label(name: str) -> str:
    """A name usable as an mDNS instance label (no dots, at most ``_LABEL_LIMIT`` characters)."""
    label = re.sub(r"[.\x00-\x1f]", " ", name).strip() or "Kotatsu Table"
    return label[:_LABEL_LIMIT]


def _open_zeroconf() -> Any:
    """A Zeroconf instance, or None (logged once) when multicast is unavailable here."""
    try:
        from zeroconf import InterfaceChoice, IPVersion, Zeroconf

        return Zeroconf(interfaces=InterfaceChoice.All, ip_version=IPVersion.V4Only)
    except Exception as error:  # noqa: BLE001 - OSError mostly, but never let discovery stop play
        log.warning("LAN discovery is off (no multicast here?): %s", error)
        return None


def _close_zeroconf(zc: Any) -> None:
    try:
        zc.close()
    except Exception as error:  # noqa: BLE001
        log.info("closing zeroconf: %s", error)


class Advertiser:
    """Announces one host on the LAN until ``close``; registration runs in a background thread
    so ``start`` never waits on the network's probing (about two seconds)."""

    def __init__(self, name: str, port: int, properties: dict[str, str]) -> None:
        self.name = _instance_label(name)
        self.port = port
        self.properties = dict(properties)
        self._zc: Any = None
        self._info: Any = None
        self._lock = threading.Lock()
        self._thread: threading.Thread | None = None
        self._closed = False

    def start(self) -> None:
        """Begin announcing (returns at once; failures are logged, never raised)."""
        self._thread = threading.Thread(target=self._register, name="kotatsu-advertise", daemon=True)
        self._thread.start()

    def _service_info(self, addresses: list[str]) -> Any:
        from zeroconf import ServiceInfo

        host = re.sub(r"[^A-Za-z0-9-]", "-", socket.gethostname())[:40] or "kotatsu"
        return ServiceInfo(SERVICE_TYPE, f"{self.name}.{SERVICE_TYPE}",
                           addresses=[socket.inet_aton(ip) for ip in addresses], port=self.port,
                           properties=self.properties, server=f"{host}-kotatsu.local.")

    def _register(self) -> None:
        addresses = lan_addresses()
        zc = _open_zeroconf()
        if zc is None:
            return
        try:
            info = self._service_info(addresses)
            zc.register_service(info, allow_name_change=True)
        except Exception as error:  # noqa: BLE001
            log.warning("cannot announce this table on the LAN: %s", error)
            _close_zeroconf(zc)
            return
        with self._lock:
            if self._closed:  # closed while registering
                self._unregister(zc, info)
                return
            self._zc, self._info = zc, info
            if info.properties != self._service_info(addresses).properties:
                self._announce()  # properties updated while registering

    def update(self, properties: dict[str, str]) -> None:
        """Announce new properties (e.g. the tables count), now or once registration is done."""
        with self._lock:
            self.properties = dict(properties)
            if self._zc is not None:
                self._announce()

    def _announce(self) -> None:
        """Send the current properties (the lock is held)."""
        try:
            self._info = self._service_info([socket.inet_ntoa(raw) for raw in self._info.addresses])
            self._zc.update_service(self._info)
        except Exception as error:  # noqa: BLE001
            log.info("cannot update the LAN announcement: %s", error)

    @staticmethod
    def _unregister(zc: Any, info: Any) -> None:
        try:
            zc.unregister_service(info)
        except Exception as error:  # noqa: BLE001
            log.info("unregistering: %s", error)
        _close_zeroconf(zc)

    def close(self) -> None:
        """Stop announcing (says goodbye on the LAN when it can)."""
        with self._lock:
            self._closed = True
            zc, info, self._zc, self._info = self._zc, self._info, None, None
        if zc is not None:
            self._unregister(zc, info)


class Browser:
    """Collects the hosts announced nearby, from ``start`` until ``close``."""

    def __init__(self) -> None:
        self._zc: Any = None
        self._browser: Any = None
        self._found: dict[str, Found] = {}
        self._lock = threading.Lock()

    def start(self) -> None:
        """Begin listening (failures are logged, never raised: ``found`` then stays empty)."""
        self._zc = _open_zeroconf()
        if self._zc is None:
            return
        try:
            from zeroconf import ServiceBrowser

            self._browser = ServiceBrowser(self._zc, SERVICE_TYPE, handlers=[self._on_change])
        except Exception as error:  # noqa: BLE001
            log.warning("cannot browse the LAN for tables: %s", error)
            _close_zeroconf(self._zc)
            self._zc = None

    def _on_change(self, zeroconf: Any, service_type: str, name: str, state_change: Any) -> None:
        """Runs on the browser's own thread: resolve added/updated hosts, forget removed ones."""
        from zeroconf import ServiceStateChange

        if state_change is ServiceStateChange.Removed:
            with self._lock:
                self._found.pop(name, None)
            return
        try:
            info = zeroconf.get_service_info(service_type, name, timeout=RESOLVE_MS)
        except Exception as error:  # noqa: BLE001
            log.info("cannot resolve %s: %s", name, error)
            return
        found = _found_from(name, info)
        if found is not None:
            with self._lock:
                self._found[name] = found

    def found(self) -> list[Found]:
        """The hosts seen so far, by name ([] when nothing is found or discovery is off)."""
        with self._lock:
            return sorted(self._found.values(), key=lambda f: (f.name.casefold(), f.address))

    def close(self) -> None:
        """Stop listening."""
        browser, zc, self._browser, self._zc = self._browser, self._zc, None, None
        if browser is not None:
            try:
                browser.cancel()
            except Exception as error:  # noqa: BLE001
                log.info("cancelling the browser: %s", error)
        if zc is not None:
            _close_zeroconf(zc)


def _found_from(name: str, info: Any) -> Found | None:
    """A ``Found`` from a resolved ServiceInfo, or None when it has no IPv4 address."""
    if info is None:
        return None
    from zeroconf import IPVersion

    ips = list(info.parsed_addresses(IPVersion.V4Only))
    if not ips or not info.port:
        return None
    ips.sort(key=lambda ip: not _usable(ip))  # a reachable address before a loopback one
    properties = {}
    for key, value in (info.properties or {}).items():
        if isinstance(key, bytes) and isinstance(value, bytes):
            properties[key.decode("utf-8", "replace")] = value.decode("utf-8", "replace")
    label = name[: -len(SERVICE_TYPE) - 1] if name.endswith("." + SERVICE_TYPE) else name
    return Found(name=label, address=f"{ips[0]}:{info.port}", properties=properties)
