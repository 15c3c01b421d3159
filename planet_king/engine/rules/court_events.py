"""Event cards of the Court, the arts, the Indies and the Union of Arms."""

from __future__ import annotations

from typing import TYPE_CHECKING

from planet_king.engine import draws
from planet_king.engine.decisions import Choices, DecisionKind, Option, Role
from planet_king.engine.rules import (
    actions,
    court,
    end_of_turn,
    exploration,
    family,
    geniuses,
    scoring,
)
from planet_king.engine.rules.effects import UNPLAYED, effect

if TYPE_CHECKING:
    from planet_king.content.models import EventCard
    from planet_king.engine.game import Game, Rules

RULE_EVENTS = "Events"


def _none(g: Game, card: EventCard, why: str, rule: str = RULE_EVENTS) -> None:
    """An event that cannot be carried out is discarded with the reason (Events)."""
    g.log(
        f"{card.name} cannot be carried out: {why}; the card is discarded.",
        rule=rule,
        cause=card.name,
    )


@effect("patron")
def _patron(g: Game, card: EventCard) -> Rules:
    """A new genius at Court; not carried out if the four places are taken (the example
    of Events)."""
    if g.options.war_only:
        _none(g, card, "geniuses are not used in War-Only mode")
    elif geniuses.free_slot(g) is None:
        _none(g, card, "the four genius places at Court are taken")
    elif not g.state.genius_deck:
        _none(g, card, "the genius deck is empty")
    else:
        geniuses.draw_to_court(g, card.name, rule="Events (Patron)")
    return
    yield  # pragma: no cover


@effect("spanish-golden-age")
def _golden_age(g: Game, card: EventCard) -> Rules:
    """Count the enlightenment of the notables at Court; at the threshold, VP at once."""
    points = scoring.golden_age_points(g)
    threshold, vp = int(card.params["threshold"]), int(card.params["vp"])
    rule = "Example First Game Turn (SPANISH GOLDEN AGE)"
    if points >= threshold:
        g.log(
            f"The Court counts {points} enlightenment points ({threshold} needed).",
            rule=rule,
            cause=card.name,
        )
        g.add_vp(vp, card.name, rule=rule, role=Role.KING)
    else:
        g.log(
            f"The Court counts only {points} enlightenment points ({threshold} needed).",
            rule=rule,
            cause=card.name,
        )
    return
    yield  # pragma: no cover


@effect("indies-fleet")
def _indies_fleet(g: Game, card: EventCard) -> Rules:
    pu = g.state.plus_ultra
    pu["indies-fleet"] = pu.get("indies-fleet", 0) + 1
    g.log("An Indies fleet marker is placed in Plus Ultra.", rule=RULE_EVENTS, cause=card.name)
    return
    yield  # pragma: no cover


@effect("manila-galleon")
def _galleon(g: Game, card: EventCard) -> Rules:
    g.state.plus_ultra["manila-galleon"] = 1
    g.log("The Manila Galleon is placed in Plus Ultra.", rule=RULE_EVENTS, cause=card.name)
    return
    yield  # pragma: no cover


def _random_genius(g: Game, card: EventCard, rule: str) -> str | None:
    """A random genius at Court, the Court painter among them; drawn, the painter is
    immune and the card has no effect (ruling R57)."""
    s = g.state
    cup = [f"genius:{i + 1}" for i, x in enumerate(s.court_geniuses) if x is not None]
    if not cup:
        _none(g, card, "no genius at Court", rule)
        return None
    gid = court.holder(g, g.pick(cup, "geniuses"))
    if gid is not None and gid == s.court_painter:
        g.log(
            f"{g.name(gid)} is drawn: the Court painter is immune, and {card.name} has no effect.",
            rule=rule,
            cause=card.name,
        )
        return None
    return gid


@effect("fall-from-grace")
def _fall_from_grace(g: Game, card: EventCard) -> Rules:
    rule = "Events / Fall from Grace"
    gid = _random_genius(g, card, rule)
    if gid is None:
        return
    s = g.state
    s.court_geniuses[s.court_geniuses.index(gid)] = None
    s.genius_deck.insert(draws.randrange(g.rng, len(s.genius_deck) + 1), gid)
    s.genius_bottom.clear()  # it may lie below the cards known there (R106)
    g.random_draws += 1
    g.log(
        f"{g.name(gid)} falls from grace and is shuffled into the genius deck.",
        rule=rule,
        cause=card.name,
    )
    return
    yield  # pragma: no cover


@effect("rivalry")
def _rivalry(g: Game, card: EventCard) -> Rules:
    rule = "Events / Rivalry"
    gid = _random_genius(g, card, rule)
    if gid is not None:
        yield from court.exile(g, gid, card.name, rule=rule)


@effect("libertines")
def _libertines(g: Game, card: EventCard) -> Rules:
    """The player chooses a libertine notable in play; a negative test exiles him."""
    rule = "Events / Libertines"
    libertines = [n for n in court.nobles_in_play(g) if court.has_trait(g, n, "libertine")]
    if not libertines:
        _none(g, card, "no libertine notable in play", rule)
        return
    nid = yield from g.ask_among(
        "Libertines: choose the libertine noble to test",
        "noble",
        [(n, g.name(n)) for n in libertines],
        kind=DecisionKind.LIBERTINE,
        role=Role.KING,
        rule=rule,
        cause=card.name,
    )
    if g.fortune_test(f"Libertines: {g.name(nid)}", rule=rule).negative:
        yield from court.exile(g, nid, card.name, rule=rule)
    else:
        g.log(f"{g.name(nid)} escapes scandal.", rule=rule, cause=card.name)


@effect("royal-marriage")
def _royal_marriage(g: Game, card: EventCard) -> Rules:
    """No Queen: the King marries (a lady of prestige 0 or more) and gains a happiness
    point; with a Queen: a prestige point (reconstructed card)."""
    rule = "Events (Royal Marriage)"
    if g.options.war_only:
        _none(g, card, "ladies are not used in War-Only mode", rule)
        return UNPLAYED
    if g.state.queen is None and family.queen_candidates(g):
        yield from family.choose_queen(g, card.name, rule=rule)
        g.add_happiness(1, card.name, rule=rule)
    else:
        g.add_prestige(1, card.name, rule=rule)


@effect("union-of-arms")
def _union_of_arms(g: Game, card: EventCard) -> Rules:
    """Optional. First play: ducats and an INSTABILITY card (GUERRA DELS SEGADORS if none
    is left) for good; second play: the Union of Arms is completed."""
    s = g.state
    rule = "Events / Union of Arms"
    second = s.union_of_arms >= 1
    what = (
        "complete the Union of Arms"
        if second
        else (f"gain {card.params.get('ducats', 1)} ducat and add an INSTABILITY card for good")
    )
    choice = yield from g.ask(
        f"UNION OF ARMS: play it ({what})?",
        [Option("union:play", "Play the Union of Arms"), Option("union:pass", "Do not play it")],
        kind=DecisionKind.UNION_OF_ARMS,
        role=Role.VALIDO,
        rule=rule,
        cause=card.name,
    )
    if choice == "union:pass":
        g.log("The Union of Arms is not played.", rule=rule, cause=card.name)
        return
    s.union_of_arms += 1
    if not second:
        g.gain(int(card.params.get("ducats", 1)), "event:union-of-arms", rule=rule, cause=card.name)
        _add_instability(g, card, rule)
        return
    s.removed_events.append(card.id)
    g.log(
        "The Union of Arms is completed: the eighth ACTION card joins the deck from the "
        "next turn, Aragon pays two ducats and Spain levies two provincial tercios.",
        rule=rule,
        cause=card.name,
    )


def _add_instability(g: Game, card: EventCard, rule: str) -> None:
    s = g.state
    busy = set(s.deck) | set(s.discard) | set(s.removed_events)
    spare = [c for c, e in g.content.events.items() if e.effect == "instability" and c not in busy]
    if spare:
        added = spare[0]
        s.union_instability = True
    else:
        added = next(
            (
                c
                for c, e in g.content.events.items()
                if e.effect == "guerra-dels-segadors" and c not in s.removed_events
            ),
            "",
        )
        if not added:
            g.log("No INSTABILITY or GUERRA DELS SEGADORS card is left to add.", rule=rule)
            return
        s.extra_event_cards.append(added)
    s.deck.append(added)
    g.shuffle_deck()
    g.log(
        f"{g.name(added)} is shuffled into the event deck, and stays for the next turns.",
        rule=rule,
        cause=card.name,
    )


@effect("ensign-nun")
def _ensign_nun(g: Game, card: EventCard) -> Rules:
    """An exploration as a noble of military 2, or a political action without a cube;
    "Back" from the political actions returns to this choice."""
    rule = "Events / The Ensign Nun"
    ctx = actions.Context("event", card.name)
    why = (
        "exploration is not allowed in Hothead"
        if g.hothead
        else ("the exploration track is complete" if exploration.finished(g) else None)
    )
    while True:
        opts = Choices()
        opts.add("nun:explore", "An exploration (as a noble with military 2)", why)
        opts.add(
            "nun:political",
            "A political action without a cube",
            actions.type_why_not(g, "political", ctx),
        )
        opts.add("nun:none", "Nothing")
        choice = yield from g.ask(
            "THE ENSIGN NUN: explore or take a political action?",
            opts,
            kind=DecisionKind.ENSIGN_NUN,
            role=Role.VALIDO,
            rule=rule,
            cause=card.name,
        )
        if choice == "nun:explore":
            g.state.stats.actions_taken["exploration"] += 1
            yield from exploration.explore(g, int(card.params.get("military", 2)), card.name)
            return
        if choice == "nun:none" or (yield from actions.take_one(g, "political", ctx)):
            return


@effect("construction")
def _construction(g: Game, card: EventCard) -> Rules:
    if not g.state.construction:
        _none(g, card, "nothing is under construction")
        return
    yield from end_of_turn.deploy_construction(g, card.name)
