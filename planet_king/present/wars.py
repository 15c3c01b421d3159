"""Wars in words: the track, both sides with their SP and commanders, the stakes, the
powers at peace."""

from __future__ import annotations

from typing import TYPE_CHECKING

from planet_king.present.notables import short_name
from planet_king.present.phrases import plural

if TYPE_CHECKING:
    from planet_king.engine.game import Game


# ------------------------------------------------------------------ wars
UNIT_WORDS: dict[str, tuple[str, str]] = {
    "tercio": ("tercio", "tercios"),
    "veteran": ("old tercio", "old tercios"),
    "veteran-flipped": ("old tercio (1 SP side)", "old tercios (1 SP side)"),
    "provincial": ("provincial tercio", "provincial tercios"),
    "nations": ("tercio of Nations", "tercios of Nations"),
    "english": ("English tercio", "English tercios"),
    "french": ("French tercio", "French tercios"),
    "habsburg": ("Habsburg tercio", "Habsburg tercios"),
    "catalan": ("Catalan tercio", "Catalan tercios"),
    "fleet": ("fleet", "fleets"),
}


def units_phrase(units: dict[str, int]) -> str:
    """Units counted with their plurals: 1 fleet, 2 tercios of Nations; or "no units"."""
    held = [plural(n, *UNIT_WORDS.get(k, (k, k + "s"))) for k, n in sorted(units.items()) if n]
    return ", ".join(held) if held else "no units"


def war_track(game: Game, war_id: str) -> tuple[str, str, str]:
    """The track in three parts, enemy end first: ("4 3 2 ", "[1]", " 0 1 2 3 4") — the
    marker in brackets, the enemy's spaces on the left, Spain's on the right."""
    war = game.content.wars[war_id]
    at = game.state.wars[war_id].position
    left = " ".join(str(abs(p)) for p in range(-war.enemy_spaces, at))
    right = " ".join(str(abs(p)) for p in range(at + 1, war.spanish_spaces + 1))
    return (left + " " if left else "", f"[{abs(at)}]", " " + right if right else "")


OUTCOMES = {"won": "won", "lost": "lost", "peace": "peace made", "ended": "over"}


def outcome_text(outcome: str | None) -> str:
    """How a war ended, in words: "ended: won", "ended in peace", "over"."""
    said = OUTCOMES.get(outcome or "", outcome or "")
    return "over" if said == "over" else f"ended: {said}"


def war_status(game: Game, war_id: str) -> str:
    ws = game.state.wars[war_id]
    status = "at war" if ws.active else outcome_text(ws.outcome)
    return status + (", truce" if ws.truce else "")


def war_sides(game: Game, war_id: str, *, short: bool = False) -> tuple[str, str]:
    """Spain's side and the enemy's, each with its SP, commander and strategy
    (``short``: the commanders without their titles)."""
    name = (lambda cid: short_name(game, cid)) if short else game.name
    from planet_king.engine.rules import wars

    s = game.state
    ws = s.wars[war_id]
    army = s.units.get(war_id, {})
    mine = f"{wars.army_sp(game, war_id, player_campaign=False):g} SP"
    if ws.leader is None:
        spain = f"Spain {mine}, no commander"
    else:
        card = game.content.nobles.get(ws.leader)
        strategy = f" (strategy {card.leader.strategy})" if card and card.leader else ""
        spain = f"Spain {mine}: {name(ws.leader)}{strategy}"
    spain += f"; {units_phrase(army)}"
    theirs = f"{wars.enemy_strength(game, war_id)} SP"
    if ws.enemy_leader:
        leader = game.content.leaders.get(ws.enemy_leader)
        strategy = f" (strategy {leader.strategy})" if leader else ""
        enemy = f"enemy {theirs}: {name(ws.enemy_leader)}{strategy}"
    else:
        enemy = f"enemy {theirs}, no leader"
    return spain, enemy


def war_stakes(game: Game, war_id: str) -> str:
    """The VP a war's end gives or takes (Wars / End of a War); a war that has ended
    offers none until war is declared again (issue 32: an ended war still read "win +2
    VP")."""
    ws = game.state.wars[war_id]
    if not ws.active and ws.outcome is not None:
        return "no VP at stake: the war has ended"
    war = game.content.wars[war_id]
    return f"win {war.vp_win:+d} VP, lose {war.vp_lose:+d} VP"


def war_text(game: Game, war_id: str) -> str:
    """A war for the plain-text mode: the track, then both sides and the stakes."""
    war = game.content.wars[war_id]
    left, marker, right = war_track(game, war_id)
    spain, enemy = war_sides(game, war_id)
    return (
        f"{game.name(war_id)} ({war_status(game, war_id)}): {game.name(war.power)} "
        f"{left}{marker}{right} Spain\n  {spain}\n  {enemy}; {war_stakes(game, war_id)}"
    )


def at_peace(game: Game) -> str:
    """The powers at peace, France's fronts counted: "France (3 fronts), England"."""
    fronts: dict[str, int] = {}
    for w, ws in game.state.wars.items():
        if not ws.active and ws.outcome is None:
            power = game.name(game.content.wars[w].power)
            fronts[power] = fronts.get(power, 0) + 1
    return ", ".join(
        f"{power} ({plural(n, 'front')})" if n > 1 else power for power, n in fronts.items()
    )
