"""Event cards played as events, through the registry of effects (``effects.py``), keyed by
the data's ``effect``."""

from __future__ import annotations

from typing import TYPE_CHECKING

from planet_king.content.effects import EFFECT_NAMES
from planet_king.content.ids import War
from planet_king.engine.decisions import Role, RuleNotImplemented
from planet_king.engine.rules import (
    actions,
    court,
    economy,
    modes,
    war_campaigns,
    war_declaration,
    war_end,
    war_leaders,
    wars,
)
from planet_king.engine.rules.effects import EFFECTS, UNPLAYED, effect, effects_mismatch

if TYPE_CHECKING:
    from planet_king.content.models import EventCard
    from planet_king.engine.game import Game, Rules


def play_event(g: Game, card_id: str) -> Rules:
    """Resolve one card drawn as an event, then discard it (or remove it: flame)."""
    s = g.state
    card = g.event(card_id)
    if g.options.war_only and card_id in modes.WAR_ONLY_UNPLAYED:
        g.log(
            f"{card.name} is discarded unplayed in War-Only mode.",
            rule=modes.RULE_WAR_ONLY,
            cause=card.name,
        )
        s.discard.append(card_id)
        return
    s.stats.events_played[card_id] += 1
    g.log(f"Event: {card.name}.", rule="Events Phase / Overview", cause=card.name)
    fn = EFFECTS.get(card.effect)
    if fn is None:
        raise RuleNotImplemented("Events", f"the effect '{card.effect}' of {card.name}")
    result = yield from fn(g, card)
    if result == UNPLAYED:
        s.discard.append(card_id)
        if card.one_use:
            g.log(
                f"{card.name} was not played: the single-use card stays in the game.",
                rule="Events (ruling R103)",
                cause=card.name,
            )
        return
    if card_id in s.removed_events:
        pass  # the card took itself out of the game (the completed UNION OF ARMS)
    elif card.one_use:
        s.removed_events.append(card_id)
        g.log(
            f"{card.name} is a single-use card: it is removed from the game.",
            rule="Events / (single-use cards)",
            cause=card.name,
        )
    else:
        s.discard.append(card_id)
        if card.effect in ("action", "total-war"):  # counted apart (l.264, ruling R102)
            s.played_apart.append(card_id)
    for other in card.removes:
        if other not in s.pending_removals:
            s.pending_removals.append(other)


@effect("war")
def _war(g: Game, card: EventCard) -> Rules:
    yield from war_declaration.war_event(g, card)


@effect("total-war")
def _total_war(g: Game, card: EventCard) -> Rules:
    yield from war_campaigns.total_war(g, card)


@effect("action")
def _action(g: Game, card: EventCard) -> Rules:
    yield from actions.action_card(g, card)


@effect("ducats")
def _ducats(g: Game, card: EventCard) -> Rules:
    amount = int(card.params["amount"])
    if amount >= 0:
        g.gain(amount, f"event:{card.id}", rule="Events", cause=card.name)
    else:
        yield from economy.pay(g, -amount, f"event:{card.id}", cause=card.name, rule="Events")


@effect("happiness")
def _happiness(g: Game, card: EventCard) -> Rules:
    g.add_happiness(int(card.params["amount"]), card.name, rule="Events")
    return
    yield  # pragma: no cover


@effect("prestige")
def _prestige(g: Game, card: EventCard) -> Rules:
    g.add_prestige(int(card.params["amount"]), card.name, rule="Events")
    return
    yield  # pragma: no cover


RULE_INSTABILITY = "Events / Instability"


@effect("instability")
def _instability(g: Game, card: EventCard) -> Rules:
    """Lose a ducat; a random notable in play is removed, unless charismatic."""
    yield from economy.pay(g, 1, f"event:{card.id}", cause=card.name, rule=RULE_INSTABILITY)
    nid = court.draw_notable(g, rule=RULE_INSTABILITY, cause=card.name)
    if nid is None:
        return
    if court.has_trait(g, nid, "charismatic"):
        g.log(
            f"{g.name(nid)} is charismatic and immune to Instability.",
            rule=RULE_INSTABILITY,
            cause=card.name,
        )
        return
    yield from court.remove_from_game(g, nid, card.name, rule=RULE_INSTABILITY)
    war_leaders.note_conde_eliminated(g, nid)


@effect("twilight-of-life")
def _twilight(g: Game, card: EventCard) -> Rules:
    """A random notable in play (not in exile) dies; vacancies are filled at once."""
    rule = "Events / The Twilight of Life"
    nid = court.draw_notable(g, rule=rule, cause=card.name)
    if nid is None:
        return
    yield from court.remove_from_game(g, nid, card.name, rule=rule, death=True)
    war_leaders.note_conde_eliminated(g, nid)


# ------------------------------------------------------------- royal actions
def _lose_royal_cube(g: Game, card: EventCard, rule: str) -> None:
    s = g.state
    if s.cubes["yellow"] > 0:
        s.cubes["yellow"] -= 1
        g.log(f"A royal action cube is lost; {s.cubes['yellow']} left.", rule=rule, cause=card.name)
    else:
        g.log("No royal action cube is left to lose.", rule=rule, cause=card.name)


@effect("corrales-and-brothels")
def _corrales(g: Game, card: EventCard) -> Rules:
    """Lose a royal (yellow) cube if any is left, and gain one happiness point.

    Ruling R92: the happiness point is gained even when no royal cube is left to lose.
    """
    rule = "Events / Corrales and Brothels"
    _lose_royal_cube(g, card, rule)
    g.add_happiness(1, card.name, rule=rule)
    return
    yield  # pragma: no cover


@effect("beaten-to-a-pulp")
def _beaten(g: Game, card: EventCard) -> Rules:
    """Lose a royal action (yellow cube, if any) but gain a happiness marker (Errata).

    Ruling R92: as for CORRALES AND BROTHELS, the happiness marker is gained even with no
    royal cube left.
    """
    rule = "Events / Beaten to a Pulp (Errata)"
    _lose_royal_cube(g, card, rule)
    g.add_happiness(1, card.name, rule=rule)
    return
    yield  # pragma: no cover


@effect("extra-royal-action")
def _extra_royal(g: Game, card: EventCard) -> Rules:
    """BARBARA VAN BECK: gain ``params.amount`` royal (yellow) cubes."""
    s = g.state
    amount = int(card.params.get("amount", 1))
    s.cubes["yellow"] += amount
    g.log(
        f"+{amount} royal action cube{'s' if amount != 1 else ''}; {s.cubes['yellow']} left.",
        rule="Actions / Royal Actions",
        cause=card.name,
    )
    return
    yield  # pragma: no cover


# ---------------------------------------------------------------- wars
@effect("corsairs-of-dunkirk")
def _corsairs(g: Game, card: EventCard) -> Rules:
    """The card's power (the United Provinces) has the card's strength (3) for the rest of
    the turn (``wars.enemy_strength``)."""
    g.state.corsairs = True
    power, strength = str(card.params["power"]), int(card.params["strength"])
    g.log(
        f"The military strength of the {g.name(power)} is {strength} for the rest of the turn.",
        rule="Events / Corsairs of Dunkirk",
        cause=card.name,
    )
    return
    yield  # pragma: no cover


# ------------------------------------------------------------- ducat losses
def _per_two_nobles(g: Game, card: EventCard, trait: str, rule: str) -> Rules:
    """One ducat for every two nobles in play with ``trait``, or fraction thereof; the
    Valido is at Court and counts (ruling R58)."""
    in_play = court.nobles_in_play(g, with_valido=True)
    nobles = [n for n in in_play if court.has_trait(g, n, trait)]
    if not nobles:
        g.log(f"No {trait} noble in play: no effect.", rule=rule, cause=card.name)
        return
    owed = (len(nobles) + 1) // 2
    names = ", ".join(g.name(n) for n in nobles)
    g.log(
        f"{len(nobles)} {trait} noble{'s' if len(nobles) != 1 else ''} in play ({names}): "
        f"{owed} ducat{'s' if owed != 1 else ''} to pay.",
        rule=rule,
        cause=card.name,
    )
    yield from economy.pay(g, owed, f"event:{card.id}", cause=card.name, rule=rule)


@effect("mercenaries")
def _mercenaries(g: Game, card: EventCard) -> Rules:
    """Events / Mercenaries: nobles at Court, in office or in command; exiles do not count."""
    yield from _per_two_nobles(g, card, "mercenary", "Events / Mercenaries")


@effect("corruption")
def _corruption(g: Game, card: EventCard) -> Rules:
    """Events / Corruption: nobles at Court, in office or in command; exiles do not count."""
    yield from _per_two_nobles(g, card, "corrupt", "Events / Corruption")


# ---------------------------------------------------------------- the map
@effect("spanish-road")
def _spanish_road(g: Game, card: EventCard) -> Rules:
    """Open pass: close it. Closed pass: the Valido may pay ``params.cost`` to reopen it."""
    rule = "Events / Spanish Road"
    s = g.state
    cost = int(card.params.get("cost", 1))
    if not s.valtellina_closed:
        s.valtellina_closed = True
        g.log(
            "The Valtellina pass is closed: no passage between Franche-Comté and Italy.",
            rule=rule,
            cause=card.name,
        )
        return
    paid = yield from economy.offer_payment(
        g,
        cost,
        "The Valtellina pass is closed: pay to reopen it?",
        f"Pay {cost} ducat to reopen the Valtellina pass",
        "Leave the pass closed",
        source=f"event:{card.id}",
        rule=rule,
        cause=card.name,
    )
    if paid:
        s.valtellina_closed = False
        g.log("The Valtellina pass is open again.", rule=rule, cause=card.name)
    else:
        g.log("The Valtellina pass remains closed.", rule=rule, cause=card.name)


@effect("uprising")
def _uprising(g: Game, card: EventCard) -> Rules:
    """At war with any power (a truce still counts as war): a revolt marker in Europe."""
    rule = "Events / Uprising"
    if not wars.active_wars(g):
        g.log(
            "Spain is not at war with any power: the card is discarded without being played.",
            rule=rule,
            cause=card.name,
        )
        return
    actions.place_revolt(g, card.name, rule)
    return
    yield  # pragma: no cover


# ---------------------------------------------------------------- traitors
RULE_TRAITOR = "Events / Traitor"


def traitor_check(g: Game, nid: str, cause: str, *, rule: str = RULE_TRAITOR) -> Rules:
    """Test a noble or the Royal Mistress as chosen by TRAITOR.

    Loyal: immune, no test. Mercenary: removed, no test. Otherwise a fortune test:
    negative, removed from the game; neutral, exiled; positive, nothing.
    """
    name = g.name(nid)
    if court.has_trait(g, nid, "loyal"):
        g.log(f"{name} is loyal and immune to treason: no test.", rule=rule, cause=cause)
        return
    if court.has_trait(g, nid, "mercenary"):
        g.log(f"{name} is a mercenary and is always removed: no test.", rule=rule, cause=cause)
        yield from court.remove_from_game(g, nid, cause, rule=rule)
        return
    test = g.fortune_test(f"{cause}: {name}", rule=rule)
    if test.negative:
        yield from court.remove_from_game(g, nid, cause, rule=rule)
    elif test.neutral:
        yield from court.exile(g, nid, cause, rule=f"{RULE_TRAITOR} (Exile)")
    else:
        g.log(f"{name} stays loyal: nothing happens.", rule=rule, cause=cause)


@effect("traitor")
def _traitor(g: Game, card: EventCard) -> Rules:
    """Draw a noble or the Royal Mistress from the notables cup; genius markers are
    drawn again.

    Ruling R93: a genius marker drawn is set aside until the draw is over (so the draw
    ends); with only geniuses (or nothing) in the cup the event has no effect.
    """
    cup = list(court.cup_notables(g))
    while True:
        if not any(not p.startswith("genius:") for p in cup):
            g.log(
                "No noble or Royal Mistress in the notables cup: no effect.",
                rule=RULE_TRAITOR,
                cause=card.name,
            )
            return
        marker = g.pick(cup, "notables")
        nid = court.holder(g, marker) or ""
        g.log(
            f"The {court.position_name(g, marker)} marker is drawn: {g.name(nid)}.",
            rule=RULE_TRAITOR,
            cause=card.name,
        )
        if not marker.startswith("genius:"):
            break
        g.log(f"{g.name(nid)} is a genius: draw again.", rule=RULE_TRAITOR, cause=card.name)
        cup.remove(marker)
    yield from traitor_check(g, nid, card.name)


@effect("conspiracy-of-nobles")
def _conspiracy(g: Game, card: EventCard) -> Rules:
    """The Flanders war marker moves one space against the player (if that war is
    active), then the Governor of Flanders is checked as if chosen by TRAITOR.

    Ruling R94: with no war in Flanders the marker does not move but the Governor is
    still checked; a vacant governorship means no check.
    """
    rule = "Events / Conspiracy of Nobles"
    war_id = str(card.params.get("war", War.FLANDERS))
    moved = g.state.wars.get(war_id) is not None and g.state.wars[war_id].active
    if moved:
        yield from war_end.move_marker(g, war_id, -1, card.name, rule=rule)
    else:
        g.log(
            f"No war in progress in {g.name(war_id)}: the marker does not move.",
            rule=rule,
            cause=card.name,
        )
    governor = g.state.offices.get("governor-flanders")
    if governor is None:
        g.log("There is no Governor of Flanders to check.", rule=rule, cause=card.name)
        return None if moved else UNPLAYED
    yield from traitor_check(g, governor, card.name, rule=rule)


# ---------------------------------------------------------- granted actions
@effect("his-majesty-the-king")
def _his_majesty(g: Game, card: EventCard) -> Rules:
    """A government or royal action without an action cube (ducat costs still apply);
    in co-op the King manages this card (Cooperative Game / Event Cards)."""
    yield from actions.granted_action(
        g, ("government", "royal"), actions.Context("event", card.name, actor=Role.KING)
    )


@effect("diplomacy")
def _diplomacy(g: Game, card: EventCard) -> Rules:
    """An Embassy without a cube or the unique-action marker, even after one this turn;
    the player "may" send it, so sending none is a choice (l.338).

    Ruling R95: the ducat of the embassy is still paid; with an empty Treasury no embassy
    can be sent and the card has no effect.
    """
    rule = "Events / Diplomacy"
    if not actions.embassy_targets(g):
        g.log("There is no war to send an embassy to.", rule=rule, cause=card.name)
        return
    if g.state.treasury < 1:
        g.log(
            "The Treasury cannot pay the ducat of the embassy: no embassy.",
            rule=rule,
            cause=card.name,
        )
        return
    yield from actions.embassy(g, card.name, paid=True, optional=True)


# Effects defined in their own modules register themselves on import; then the rule code
# must implement exactly the effects the data may name.
from planet_king.engine.rules import court_events, war_events  # noqa: E402,F401

if (_mismatch := effects_mismatch(EFFECTS, EFFECT_NAMES)) is not None:
    raise ImportError(f"the event effects do not match planet_king/content/effects.py: {_mismatch}")
