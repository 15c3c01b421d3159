"""When the Secret Memorials are read, in words."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from planet_king.engine.decisions import Role
    from planet_king.engine.game import Game


# ------------------------------------------------------------------ memorials
def memorial_note(game: Game, role: Role) -> str:
    """When the Secret Memorials are read, in words for ``m``: the turns this scenario
    has (ruling R59), or why a game has none (ruling R87)."""
    from planet_king.engine.rules import memorials

    if memorials.chosen(game) and not memorials.readable(game):
        if game.hothead:
            return "Hothead is played without Secret Memorials."
        return (
            f"{game.scenario.name} has one turn: a Secret Memorial is first read in the "
            "game's second turn, so none is used (ruling R87)."
        )
    if not memorials.in_use(game):
        return "This game is played without Secret Memorials."
    turns = memorials.read_turns(game)
    if game.options.coop:
        return f"Each player reads his own in the Organisation phase of turn {turns[0]}."
    return (
        f"One is revealed, of your choice, in the Organisation phase of turn {turns[0]}, "
        f"the other in turn {turns[1]}."
    )
