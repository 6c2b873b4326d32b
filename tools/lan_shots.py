"""LAN screenshots, headless: the Join list with two hosts found by mDNS on this machine, and two
clients' views of one hosted table side by side (the host's on the left, the guest's on the right).

    PYTHONPATH=. SDL_VIDEODRIVER=dummy python tools/lan_shots.py join OUT.png
    PYTHONPATH=. SDL_VIDEODRIVER=dummy python tools/lan_shots.py two OUT.png [GAME] [PLAYERS] [MOVES]
"""

from __future__ import annotations

import os
import sys
import tempfile
import time

import pygame

from game.core.match import Seat
from game.core.registry import get_rules
from game.core.settings import Settings
from game.net.client import RemoteMatch
from game.net.server import start_in_thread
from scenes import routes
from scenes.engine.app import App
from scenes.lan import connect as lan
from scenes.lan.join import Finder, JoinScene
from scenes.lan.plate import JoinPlate, attach_plate
from scenes.menus.title import Title
from scenes.table import launch as tables

DT = 1 / 60


def frames(app: App, count: int = 1) -> None:
    """A few frames."""
    for _ in range(count):
        app.step(DT)


def join_list(app: App, out: str) -> None:
    """Two hosts, one table each, found by the Join list."""
    den = start_in_thread(port=0, name="kotatsu-den")
    mika = start_in_thread(port=0, name="laptop-mika")
    first = den.add_table("neko", [Seat("human", name="Aiko"), Seat("human"), Seat("ai", "hard"), Seat("human")])
    second = mika.add_table("nostalgic", [Seat("human", name="Mika"), Seat("human", name="Ken"), Seat("ai")])
    seated = [RemoteMatch.connect(f"127.0.0.1:{den.port}", first, 0, "Aiko"),
              RemoteMatch.connect(f"127.0.0.1:{mika.port}", second, 1, "Ken")]
    scene = JoinScene(app, Finder())
    app.push(scene)
    end = time.monotonic() + 15
    while len(scene.rows) < 2 and time.monotonic() < end:
        frames(app)
        time.sleep(0.05)
    frames(app, 3)
    pygame.image.save(app.screen, out)
    for match in seated:
        match.close()


def two_clients(app: App, out: str, game: str, players: int, moves: int) -> None:
    """The host (seat 0) and a guest (seat 1, joined at the host's LAN address) play a few moves."""
    lan.Hosting.port = 0
    code = lan.Hosting.ensure().add_table(
        game, [Seat("human", name="Aiko"), Seat("human")] + [Seat("ai", "normal")] * (players - 2), {}, seed=7)
    host = RemoteMatch.connect(lan.Hosting.local_address(), code, 0, "Aiko")
    tables.open_table(app, host)
    table = app.top
    attach_plate(app, table, host, lan.Hosting.shown_address())
    guest = RemoteMatch.connect(lan.Hosting.shown_address(), code, 1, "Bo")
    other = tables.make_table_scene(app, guest)
    end = time.monotonic() + 20
    while time.monotonic() < end and len(host.log) < moves:
        for scene, match in ((table, host), (other, guest)):
            legal = match.legal_actions(match.seat)
            if legal and scene.idle() and not scene.panel:
                scene.attempt(legal[len(legal) // 2])
        frames(app)
        other.update(DT)
        time.sleep(0.02)
    settle_until = time.monotonic() + 1.5
    while time.monotonic() < settle_until:  # the last events arrive and finish animating
        frames(app)
        other.update(DT)
        time.sleep(0.02)
    right = pygame.Surface((1920, 1080))
    other.draw(right)
    app.scenes.append(other)  # the guest's plate draws while its table is on top
    JoinPlate(app, other, guest, None).draw(right)
    app.scenes.pop()
    picture = pygame.Surface((1920 * 2 + 40, 1080))
    picture.fill((20, 16, 14))
    picture.blit(app.screen, (0, 0))
    picture.blit(right, (1960, 0))
    pygame.image.save(picture, out)
    guest.close()


def main() -> None:
    """Parse the arguments and take the shot."""
    os.environ.setdefault("KOTATSU_HOME", tempfile.mkdtemp(prefix="kotatsu-shots-"))
    kind, out = sys.argv[1], sys.argv[2]
    routes.install()
    app = App(Settings(language=os.environ.get("LANG_SHOT", "en"), anim_speed="instant", sound=False),
              headless=True)
    app.reset_to(Title(app))
    if kind == "join":
        join_list(app, out)
    else:
        game = sys.argv[3] if len(sys.argv) > 3 else "neko"
        players = int(sys.argv[4]) if len(sys.argv) > 4 else get_rules(game).max_players
        two_clients(app, out, game, players, int(sys.argv[5]) if len(sys.argv) > 5 else 4)
    lan.Hosting.stop()
    app.close()


if __name__ == "__main__":  # the AI pool spawns processes that import this file again
    main()
