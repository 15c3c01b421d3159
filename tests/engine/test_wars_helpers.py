"""Helpers for the war tests (no tests here): a full-game position built from Hothead."""

from __future__ import annotations

from planet_king.content.loader import Content
from planet_king.content.models import OFFICES
from planet_king.engine.game import Game


def full_game(content: Content, *, turn: int = 1, seed: int = 1, treasury: int = 10) -> Game:
    """A Hothead game turned into a full-game position (The Planet King), at peace.

    Every war is inactive with its marker on 0, no unit on the board, all four offices in
    use and empty; the Court keeps Hothead's three nobles.
    """
    game = Game("hothead", seed=seed, content=content)
    game.scenario = content.scenarios["the-planet-king"]
    s = game.state
    s.turn, s.phase, s.treasury = turn, "events", treasury
    s.wars_declared_this_turn = 0
    for ws in s.wars.values():
        ws.active, ws.position, ws.truce, ws.peace_this_turn = False, 0, False, False
        ws.leader = ws.enemy_leader = ws.outcome = None
    s.units = {}
    s.offices = dict.fromkeys(OFFICES)
    return game


def at_war(
    game: Game,
    war: str,
    *,
    units: dict[str, int] | None = None,
    leader: str | None = None,
    enemy: str | None = None,
    position: int = 0,
) -> None:
    s = game.state
    ws = s.wars[war]
    ws.active, ws.position, ws.enemy_leader, ws.leader = True, position, enemy, None
    s.units[war] = dict(units or {})
    if leader:
        for i, n in enumerate(s.court_nobles):
            if n == leader:
                s.court_nobles[i] = None
        ws.leader = leader


def texts(game: Game) -> list[str]:
    return [e.text for e in game.log_entries]
