"""Notables in words: ratings and traits in one phrase, the notable a decision is
about, a short name, the royal children by what they are."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from planet_king.content.models import Genius

if TYPE_CHECKING:
    from planet_king.engine.game import Game


# ------------------------------------------------------------------ notables
TRAIT_WORDS: dict[str, str] = {
    "writer": "writer",
    "musician": "musician",
    "patron": "patron of the arts",
    "explorer": "explorer",
    "admiral": "admiral",
    "fortune": "fortunate",
    "brave": "brave",
    "father": "father (his son follows him)",
    "son": "son of a noble",
    "libertine": "libertine",
    "corrupt": "corrupt",
    "loyal": "loyal",
    "industrious": "industrious",
    "charismatic": "charismatic",
    "tactician": "tactician",
    "advisor": "advisor",
    "mercenary": "mercenary",
}


def rating(game: Game, nid: str, card: Any, which: str) -> str:
    """A rating, with a rolled "?" shown as what it rolled (Juan José, Pacheco)."""
    value = getattr(card, which, 0)
    if value != "?":
        return str(value)
    rolled = game.state.rolled_ratings
    got = rolled.get(f"{nid}:{which}", rolled.get(nid))
    return f"?={got}" if got is not None else "?"


def subject_line(game: Game) -> str | None:
    """The notable a decision places or moves, with what the choice needs: his ratings,
    traits and the turns his leader counter serves (issue 32: "Where does Manuel de Moura
    go?" showed none). None when the decision is not about a notable."""
    d = game.decision
    nid = d.subject if d is not None else None
    if nid is None or nid not in game.content.notables:
        return None
    parts = [notable_summary(game, nid)]
    leader = getattr(game.content.notables[nid], "leader", None)
    if leader is not None:
        from planet_king.engine.rules.wars import turn_span

        parts.append(f"his leader counter serves turns {turn_span(leader.turns)}")
    return f"{game.name(nid)}: {', '.join(p for p in parts if p)}"


def notable_summary(game: Game, nid: str | None) -> str:
    """A notable's ratings and traits in one short phrase: nobles "M1 P2 G3, prestige 1,
    tactician, strategy 3"; ladies "prestige 2, happiness 1, fertility 3"; geniuses
    "painting 3". "" for anything that is not a notable."""
    if nid is None:
        return ""
    card = game.content.notables.get(nid)
    if card is None:
        return ""
    parts: list[str] = []
    if hasattr(card, "political"):  # a noble
        parts.append(
            f"M{rating(game, nid, card, 'military')} P{card.political} "
            f"G{rating(game, nid, card, 'government')}"
        )
    if isinstance(card, Genius):
        parts.append(f"{card.art} {card.enlightenment}")
    prestige = getattr(card, "prestige", 0)
    if prestige:
        parts.append(f"prestige {prestige:+d}")
    for field in ("happiness", "fertility"):
        value = getattr(card, field, 0)
        if value:
            parts.append(f"{field} {value}")
    arts = getattr(card, "enlightenment", None)
    if isinstance(arts, dict) and arts:
        parts.append(", ".join(f"{art} {n}" for art, n in arts.items()))
    traits = list(getattr(card, "traits", []))
    leader = getattr(card, "leader", None)
    if leader is not None:  # the leader counter's own marks count as traits too
        traits += [t for t in ("tactician", "admiral") if getattr(leader, t) and t not in traits]
    parts += [TRAIT_WORDS.get(t, t) for t in traits]
    if leader is not None:
        parts.append(f"strategy {leader.strategy}" + (f", +{leader.sp} SP" if leader.sp else ""))
    return ", ".join(parts)


def short_name(game: Game, cid: str) -> str:
    """A person's name without the titles: "Ambrosio de Spinola"."""
    return game.name(cid).split(",")[0].split(" (")[0]


def children_text(game: Game) -> str:
    """The royal children by what they are: "a sickly son, the heir; a daughter; a
    bastard son" — never their internal ids."""
    s = game.state
    out = []
    for child in s.children:
        out.append(child_name(game, child))
    return "; ".join(out) if out else "no children"


def child_name(game: Game, child: Any) -> str:
    """ "a sickly son (2nd child), the heir": the engine's words, and the heir said."""
    from planet_king.engine.rules import family

    heir = ", the heir" if child.id == game.state.heir else ""
    return family.child_name(child) + heir
