"""Royal actions (Actions / Royal Actions): the King's own, one cube of yellow."""

from __future__ import annotations

from typing import TYPE_CHECKING

from planet_king.content.ids import Event, Place
from planet_king.engine.decisions import Choices, DecisionKind, Option, Role
from planet_king.engine.rules import court, family, geniuses, modes, wars
from planet_king.engine.rules.actions.protocol import Context, action, check, describes

if TYPE_CHECKING:
    from planet_king.engine.game import Game, Rules


R_ROYAL = "Actions / Royal Actions"


@action(
    "issue",
    "royal",
    "Issue",
    f"{R_ROYAL} (Issue)",
    unique=True,
    does="a fortune test per fertility point of the Queen and of the Royal Mistress; each "
    "positive or neutral result a child (neutral: sickly), a bastard son +1 happiness",
)
def _issue(g: Game, ctx: Context) -> Rules:
    yield from family.issue(g, ctx.cause)


@check(_issue)
def _issue_check(g: Game, ctx: Context) -> str | None:
    if modes.ignores_court_life(g):
        return "ladies are not used in this game"
    s = g.state
    if not any(lady and g.content.ladies[lady].fertility > 0 for lady in (s.queen, s.mistress)):
        return "no fertile Queen or Royal Mistress at Court"
    return None


@action(
    "choose-mistress",
    "royal",
    "Choose Royal Mistress",
    f"{R_ROYAL} (Choose Royal Mistress)",
    unique=True,
    does="a lady of prestige 0 or less becomes Royal Mistress, +1 happiness; the one "
    "she replaces leaves the game with her bastards",
)
def _mistress(g: Game, ctx: Context) -> Rules:
    rule = f"{R_ROYAL} (Choose Royal Mistress)"
    yield from family.choose_mistress(g, ctx.cause, rule=rule)
    g.add_happiness(1, "a new Royal Mistress", rule=rule)


@check(_mistress)
def _mistress_check(g: Game, ctx: Context) -> str | None:
    if modes.ignores_court_life(g):
        return "ladies are not used in this game"
    if g.state.turn == g.scenario.first_turn:
        return "not in the first turn of a scenario"
    if not family.mistress_candidates(g):
        return "no lady with prestige 0 or less is available"
    return None


@action(
    "hunt",
    "royal",
    "Hunt",
    f"{R_ROYAL} (Hunt)",
    unique=True,
    does="HUNTING DAY is shuffled into the event deck: +1 happiness when it is played",
)
def _hunt(g: Game, ctx: Context) -> Rules:
    s = g.state
    if Event.HUNTING_DAY in s.discard:
        s.discard.remove(Event.HUNTING_DAY)
    if Event.HUNTING_DAY not in s.deck:  # played and shuffled back at End of Turn: one card
        s.deck.append(Event.HUNTING_DAY)
    s.hunting_day_due = True
    g.shuffle_deck()
    g.log("HUNTING DAY is shuffled into the event deck.", rule=f"{R_ROYAL} (Hunt)", cause=ctx.cause)
    return
    yield  # pragma: no cover


@check(_hunt)
def _hunt_check(g: Game, ctx: Context) -> str | None:
    if g.hothead:  # its only effect is HUNTING DAY's happiness point (ruling R99)
        return "the King's happiness is not used in Hothead"
    # "Not already in the event deck": hunted and not played since (ruling R61); a card
    # played this turn and shuffled back at End of Turn is not there by a Hunt.
    if g.state.hunting_day_due:
        return "HUNTING DAY is already in the event deck"
    if Event.HUNTING_DAY in g.state.removed_events:
        return "HUNTING DAY is out of the game"
    return None


@action(
    "nominate-genius",
    "royal",
    "Nominate/Remove Genius",
    geniuses.RULE_GENIUS,
    does="the top genius card comes to Court; a genius may be removed from the game (one "
    "must be, over the limit)",
)
def _genius(g: Game, ctx: Context) -> Rules:
    yield from geniuses.nominate(g, ctx.cause)


@check(_genius)
def _genius_check(g: Game, ctx: Context) -> str | None:
    if modes.ignores_court_life(g):
        return "geniuses are not used in this game"
    return None if g.state.genius_deck else "the genius deck is empty"


@action(
    "court-painter",
    "royal",
    "Appoint Court Painter",
    geniuses.RULE_PAINTER,
    does="a painter at Court with 2 or more enlightenment points becomes Court painter, "
    "immune to RIVALRY and FALL FROM GRACE",
)
def _painter(g: Game, ctx: Context) -> Rules:
    yield from geniuses.appoint_painter(g, ctx.cause)


@check(_painter)
def _painter_check(g: Game, ctx: Context) -> str | None:
    if modes.ignores_court_life(g):
        return "geniuses are not used in this game"
    return None if geniuses.painters(g) else "no painter at Court with 2 or more points"


@action(
    "sale-of-privileges",
    "royal",
    "Sale of Privileges",
    f"{R_ROYAL} (Sale of Privileges)",
    unique=True,
    does="a noble at Court of your choice leaves the game for good, for +1 ducat",
)
def _sale(g: Game, ctx: Context) -> Rules:
    opts = Choices()
    for nid in court.court_nobles(g):
        opts.add(f"noble:{nid}", g.name(nid))
    choice = yield from g.ask(
        "Sale of Privileges (+1 ducat): which noble at Court leaves the game for good?",
        opts,
        kind=DecisionKind.SELL_PRIVILEGES,
        role=Role.KING,
        rule=f"{R_ROYAL} (Sale of Privileges)",
        cause=ctx.cause,
    )
    nid = choice.partition(":")[2]
    yield from court.remove_from_game(
        g, nid, "Sale of Privileges", rule=f"{R_ROYAL} (Sale of Privileges)"
    )
    g.gain(
        1,
        "action:sale-of-privileges",
        rule=f"{R_ROYAL} (Sale of Privileges)",
        cause="Sale of Privileges",
    )


@check(_sale)
def _sale_check(g: Game, ctx: Context) -> str | None:
    return None if court.court_nobles(g) else "no noble at Court"


def free_positions(g: Game, nid: str) -> list[str]:
    """Unoccupied positions a noble could take: Court, offices, army commands."""
    s = g.state
    out = []
    slot = court.free_court_slot(g)
    if slot:
        out.append(slot)
    out += [f"office:{o}" for o, h in s.offices.items() if h is None]
    if court.can_command(g, nid):
        out += [f"army:{w}" for w in wars.active_wars(g) if s.wars[w].leader is None]
    return out


@action(
    "royal-pardon",
    "royal",
    "Royal Pardon",
    f"{R_ROYAL} (Royal Pardon)",
    does="an exile returns to a free position at Court, in an office or in command of an "
    "army (none free: to his deck)",
)
def _pardon(g: Game, ctx: Context) -> Rules:
    s = g.state
    rule = f"{R_ROYAL} (Royal Pardon)"
    opts = Choices()
    for nid in s.exiles:
        opts.add(f"noble:{nid}", g.name(nid))
    nid = (
        yield from g.ask(
            "Pardon which exile?",
            opts,
            role=Role.KING,
            rule=rule,
            cause=ctx.cause,
            kind=DecisionKind.PARDON,
        )
    ).partition(":")[2]
    s.exiles.remove(nid)
    g.log(f"{g.name(nid)} is pardoned and returns from exile.", rule=rule, cause=ctx.cause)
    yield from return_from_exile(g, nid, rule=rule, cause="Royal Pardon")


def return_from_exile(g: Game, nid: str, *, rule: str, cause: str) -> Rules:
    """A notable back from exile (a Royal Pardon, or the end of the turn: ruling R104)
    takes a free position at Court, in an office or in command of an army; with none free
    the card goes to its deck (Events / Traitor, l.289; Royal Pardon, l.484)."""
    if nid not in g.content.nobles:
        _pardon_other(g, nid, rule)
        return
    free = free_positions(g, nid)
    if not free:
        court.to_deck_bottom(g, nid)
        g.log(f"No free position: {g.name(nid)} goes to the bottom of the noble deck.", rule=rule)
        return
    popts = Choices()
    for p in free:
        popts.add(f"place:{p}", court.position_name(g, p))
    pos = (
        yield from g.ask(
            f"Where does {g.name(nid)} go?",
            popts,
            role=Role.KING,
            rule=rule,
            cause=cause,
            kind=DecisionKind.PLACE_NOBLE,
            subject=nid,
        )
    ).partition(":")[2]
    court.place(g, nid, pos, cause=cause)


def _pardon_other(g: Game, nid: str, rule: str) -> None:
    """A pardoned genius returns to a free place at Court, a lady to the vacant place of
    Royal Mistress; otherwise the card goes to its deck."""
    s = g.state
    if nid in g.content.geniuses:
        slot = geniuses.free_slot(g)
        if slot is not None:
            s.court_geniuses[slot] = nid
            g.log(f"{g.name(nid)} returns to Court.", rule=rule)
        else:
            court.to_deck_bottom(g, nid, genius=True)
            g.log(
                f"No place at Court: {g.name(nid)} goes to the bottom of the genius deck.",
                rule=rule,
            )
        return
    if s.mistress is None and g.content.ladies[nid].prestige <= 0:
        s.mistress = nid
        g.log(f"{g.name(nid)} is the Royal Mistress again.", rule=rule)
    else:
        s.ladies_deck.append(nid)
        g.log(f"{g.name(nid)} returns to the ladies.", rule=rule)


@check(_pardon)
def _pardon_check(g: Game, ctx: Context) -> str | None:
    return None if g.state.exiles else "nobody is in exile"


@action("cortes", "royal", "Cortes", f"{R_ROYAL} (Cortes)", unique=True)
def _cortes(g: Game, ctx: Context) -> Rules:
    rule = f"{R_ROYAL} (Cortes)"
    helper = cortes_helpers(g)
    t = g.fortune_test("the Cortes", rule=rule)
    if helper and not t.positive:
        choice = yield from g.ask(
            f"The Cortes: {t.result}. {g.name(helper[0])} may have the test repeated once.",
            [Option("cortes:repeat", "Repeat the test"), Option("cortes:keep", "Keep the result")],
            kind=DecisionKind.CORTES_REPEAT,
            role=Role.KING,
            rule=rule,
            cause=ctx.cause,
        )
        if choice == "cortes:repeat":
            t = g.fortune_test("the Cortes, repeated", rule=rule)
    if t.positive:
        g.gain(2, "action:cortes", rule=rule, cause="the Cortes")
    elif t.neutral:
        g.log("The Cortes grant nothing.", rule=rule, cause=ctx.cause)
    else:
        place_revolt(g, "the Cortes", rule)


def cortes_helpers(g: Game) -> list[str]:
    """The nobles at Court (never the Valido) with a political rating of 2 or 3, who
    may have the Cortes' test repeated once."""
    return [n for n in court.court_nobles(g) if court.rating(g, n, "political") >= 2]


@describes(_cortes)
def _cortes_does(g: Game) -> str:
    helper = cortes_helpers(g)
    repeat = (
        f"{g.name(helper[0])} at Court may have it repeated once"
        if helper
        else "no noble at Court with political 2 or 3 to have it repeated"
    )
    # Hothead has no End of Turn, where revolts are resolved (place_revolt says so too)
    when = "no effect: Hothead has no End of Turn" if g.hothead else "resolved at End of Turn"
    return (
        "a fortune test: positive +2 ducats, neutral nothing, negative a revolt marker in "
        f"Spain, Italy or the Spanish Netherlands ({when}); {repeat}"
    )


def place_revolt(g: Game, cause: str, rule: str) -> None:
    loc = g.pick([Place.SPAIN, Place.ITALY, Place.SPANISH_NETHERLANDS], "Europe locations")
    s = g.state
    if loc in s.revolts:
        g.log(f"{g.name(loc)} already has a revolt marker.", rule=rule, cause=cause)
        return
    s.revolts.append(loc)
    extra = " (no End of Turn phase in Hothead: it has no effect)" if g.hothead else ""
    g.log(f"A revolt marker is placed in {g.name(loc)}{extra}.", rule=rule, cause=cause)
