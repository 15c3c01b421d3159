"""Explorations: the exploration track, settlements in Formosa and the Marianas."""

from __future__ import annotations

from typing import TYPE_CHECKING

from planet_king.content.ids import Place
from planet_king.engine.decisions import Choices, DecisionKind, Role
from planet_king.engine.rules import court

if TYPE_CHECKING:
    from planet_king.engine.game import Game, Rules

RULE = "Actions / Simple Actions (Conduct an Exploration)"
VICEROY_EXPLORER_TRAITS = ("explorer", "patron", "industrious")


def explorers(g: Game) -> list[str]:
    """A noble with the explorer trait at Court (the Valido included, ruling R58), or a
    Viceroy of the Indies who is an explorer, a patron or industrious."""
    out = [n for n in court.nobles_at_court(g) if court.has_trait(g, n, "explorer")]
    viceroy = g.state.offices.get("viceroy-indies")
    if viceroy and any(court.has_trait(g, viceroy, t) for t in VICEROY_EXPLORER_TRAITS):
        out.append(viceroy)
    return out


def track(g: Game) -> list[str]:
    return g.content.tables.exploration_track


def finished(g: Game) -> bool:
    return g.state.exploration >= len(track(g)) - 1


def why_not(g: Game) -> str | None:
    if g.hothead:
        return "exploration is not allowed in Hothead"
    if finished(g):
        return "the exploration track is complete"
    if not explorers(g):
        return "no explorer at Court and no exploring Viceroy of the Indies"
    return None


def exploration_action(g: Game, cause: str) -> Rules:
    """Choose the explorer and the rating (government or military) that gives the tests."""
    opts = Choices()
    for nid in explorers(g):
        for rating in ("government", "military"):
            value = court.known_rating(g, nid, rating)
            opts.add(
                f"explorer:{nid}:{rating}",
                f"{g.name(nid)}, {rating} {value}",
                None if value > 0 else f"{rating} rating 0",
            )
    choice = yield from g.ask(
        "Who explores, with which rating?",
        opts,
        role=Role.VALIDO,
        rule=RULE,
        cause=cause,
        kind=DecisionKind.EXPLORER,
    )
    _, nid, rating = choice.split(":")
    yield from explore(g, court.rating(g, nid, rating), cause)


def explore(g: Game, tests: int, cause: str) -> Rules:
    """At least one positive result advances the marker one space (and only one)."""
    for _ in range(tests):
        if g.fortune_test("exploration", rule=RULE).positive:
            yield from advance(g, cause)
            return
    g.log("The exploration fails.", rule=RULE, cause=cause)


def advance(g: Game, cause: str) -> Rules:
    """Amazon; then Formosa (settlement, 1 VP, one ducat) or the northern Pacific; then
    the Marianas (settlement, 1 VP, one ducat); then the Tornaviaje (1 VP)."""
    s = g.state
    nxt = track(g)[s.exploration + 1]
    if nxt == "formosa-or-northern-pacific":
        opts = Choices()
        opts.add(
            "explore:formosa",
            "Settle Formosa (1 VP, 1 ducat, +1 prestige)",
            None if s.treasury >= 1 else "no ducat in the Treasury",
        )
        opts.add("explore:northern-pacific", "Explore the northern Pacific")
        choice = yield from g.ask(
            "After the Amazon: Formosa or the northern Pacific?",
            opts,
            kind=DecisionKind.EXPLORATION_ROUTE,
            role=Role.VALIDO,
            rule=RULE,
            cause=cause,
        )
        s.exploration += 1
        if choice == "explore:formosa":
            _settle(g, Place.FORMOSA, cause)
        else:
            g.log("The exploration marker reaches the northern Pacific.", rule=RULE, cause=cause)
        return
    if nxt == Place.MARIANAS:
        if s.treasury < 1:
            g.log(
                "The Marianas cannot be occupied without a ducat: the marker stays (ruling R22).",
                rule=RULE,
                cause=cause,
            )
            return
        s.exploration += 1
        _settle(g, Place.MARIANAS, cause)
        return
    s.exploration += 1
    g.log(
        f"The exploration marker reaches {nxt.replace('-', ' ').title()}.", rule=RULE, cause=cause
    )
    if nxt == "tornaviaje":
        g.add_vp(1, "the Tornaviaje", rule=RULE)


def _settle(g: Game, where: str, cause: str) -> None:
    s = g.state
    g.spend(1, f"exploration:{where}", rule=RULE, cause=f"settlement in {g.name(where)}")
    s.settlements.append(where)
    g.log(f"A settlement is founded in {g.name(where)}.", rule=RULE, cause=cause)
    g.add_vp(1, f"settlement in {g.name(where)}", rule=RULE)
    g.add_prestige(1, f"settlement in {g.name(where)}", rule=RULE)
