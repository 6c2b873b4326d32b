"""LAN discovery: a host announced with zeroconf is found by a browser; no multicast never raises."""

from __future__ import annotations

import time

import pytest
import zeroconf

from game.net import discovery
from game.net.protocol import PROTOCOL


def _wait_for(browser: discovery.Browser, test, deadline: float = 10.0) -> list[discovery.Found]:
    """What the browser found once ``test`` holds for it (or at the deadline)."""
    end = time.monotonic() + deadline
    found = browser.found()
    while not test(found) and time.monotonic() < end:
        time.sleep(0.05)
        found = browser.found()
    return found


def test_a_browser_finds_an_advertised_host_and_its_updates() -> None:
    browser = discovery.Browser()
    browser.start()
    if browser._zc is None:
        pytest.skip("no multicast on this machine: zeroconf cannot open its sockets")
    advertiser = discovery.Advertiser("Kotatsu test. host", 47111, discovery.host_properties("den", 2))
    advertiser.start()
    try:
        mine = lambda found: [f for f in found if f.address.endswith(":47111")]
        found = mine(_wait_for(browser, lambda f: bool(mine(f))))
        assert len(found) == 1
        assert found[0].name == "Kotatsu test  host"  # a dot would split the mDNS label
        assert found[0].address.split(":")[0] in discovery.lan_addresses()
        assert found[0].properties == {"host": "den", "tables": "2", "protocol": str(PROTOCOL)}
        advertiser.update(discovery.host_properties("den", 3))
        found = mine(_wait_for(browser, lambda f: any(x.properties.get("tables") == "3" for x in mine(f))))
        assert found[0].properties["tables"] == "3"
        advertiser.close()
        assert mine(_wait_for(browser, lambda f: not mine(f))) == []  # the goodbye removes it
    finally:
        advertiser.close()
        browser.close()


def test_no_multicast_means_nothing_found_and_no_error(monkeypatch) -> None:
    def refuse(*args, **kwargs):
        raise OSError(19, "No such device")

    monkeypatch.setattr(zeroconf, "Zeroconf", refuse)
    browser = discovery.Browser()
    browser.start()
    assert browser.found() == []
    browser.close()
    advertiser = discovery.Advertiser("den", 47474, discovery.host_properties("den", 1))
    advertiser.start()
    advertiser._thread.join(5)
    advertiser.update(discovery.host_properties("den", 2))
    advertiser.close()
    assert advertiser._zc is None


def test_lan_addresses_leave_out_loopback_and_link_local(monkeypatch) -> None:
    monkeypatch.setattr(discovery, "_adapter_ips",
                        lambda: ["127.0.0.1", "169.254.3.4", "52.1.2.3", "192.168.1.20"])
    monkeypatch.setattr(discovery, "_routed_ip", lambda: "192.168.1.20")
    assert discovery.lan_addresses() == ["192.168.1.20", "52.1.2.3"]  # private first


def test_lan_addresses_fall_back_to_loopback_when_alone(monkeypatch) -> None:
    monkeypatch.setattr(discovery, "_adapter_ips", lambda: ["127.0.0.1"])
    monkeypatch.setattr(discovery, "_routed_ip", lambda: None)
    assert discovery.lan_addresses() == ["127.0.0.1"]
