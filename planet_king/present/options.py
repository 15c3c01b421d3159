"""An option as the screens show it: the notable it offers with his ratings and traits,
an action with what it does and costs (the engine's words, ``engine.view.option_does``,
which the advisor's answer gives too)."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from planet_king.engine.view import option_does
from planet_king.present.notables import notable_summary

if TYPE_CHECKING:
    from planet_king.engine.game import Game


# Option ids whose notable the option offers (explorers already show the rating used).
OFFERS_NOTABLE = ("noble", "mistress", "valido", "leader", "remove", "painter", "genius")
_RATINGS_SAID = re.compile(r"\s*\((?:military|political|government|prestige)[^()]*\)$")


def option_text(game: Game, option_id: str, label: str) -> str:
    """An option's label with the ratings and traits of the notable it offers (the
    engine's own short "(military 1, political 2, ...)" gives way to the fuller
    summary); an action with what it does and costs ("Cortes: a fortune test: positive
    +2 ducats..."); any other option as the engine labels it."""
    kind, _, rest = option_id.partition(":")
    if kind == "action":  # what it does and costs (issue 32): hint --json's description
        does = option_does(game, option_id)
        return f"{label}: {does}" if does else label
    if kind not in OFFERS_NOTABLE:
        return label
    nid = rest.partition(":")[0]
    summary = notable_summary(game, nid)
    if not summary:
        return label
    return f"{_RATINGS_SAID.sub('', label)} — {summary}"
