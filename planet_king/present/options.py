"""An option as the screens show it: the notable it offers with his ratings and traits,
an action with what it does and costs (the engine's words, ``actions.describe``)."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from planet_king.present.notables import notable_summary

if TYPE_CHECKING:
    from planet_king.engine.game import Game


def _action_text(game: Game, option_id: str, label: str) -> str:
    """An action of an action menu with what it does and costs (issue 32); one not
    allowed keeps its name only, its reason said beside it."""
    from planet_king.engine.rules.actions import describe

    d = game.decision
    shown = d is not None and any(o.id == option_id and o.allowed for o in d.options)
    does = describe(game, option_id.rpartition(":")[2]) if shown else ""
    return f"{label}: {does}" if does else label


# Option ids whose notable the option offers (explorers already show the rating used).
OFFERS_NOTABLE = ("noble", "mistress", "valido", "leader", "remove", "painter", "genius")
_RATINGS_SAID = re.compile(r"\s*\((?:military|political|government|prestige)[^()]*\)$")


def option_text(game: Game, option_id: str, label: str) -> str:
    """An option's label with the ratings and traits of the notable it offers (the
    engine's own short "(military 1, political 2, ...)" gives way to the fuller
    summary); an action with what it does and costs ("Cortes: a fortune test: positive
    +2 ducats..."); any other option as the engine labels it."""
    kind, _, rest = option_id.partition(":")
    if kind == "action":
        return _action_text(game, option_id, label)
    if kind not in OFFERS_NOTABLE:
        return label
    nid = rest.partition(":")[0]
    summary = notable_summary(game, nid)
    if not summary:
        return label
    return f"{_RATINGS_SAID.sub('', label)} — {summary}"
