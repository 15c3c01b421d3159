"""The Court, offices and army commands: where notables are, and how they leave.

Positions are named by the marker that stands for them in the notables cup
(Markers for Notables and Geographical Locations): ``court:1``..``court:4``,
``genius:1``..``genius:4``, ``office:<office>``, ``army:<war>`` and ``mistress``.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from planet_king.content.models import Noble
from planet_king.engine.decisions import Choices, DecisionKind, Option, Role

if TYPE_CHECKING:
    from planet_king.engine.game import Game, Rules

OFFICE_NAMES = {
    "viceroy-indies": "Viceroy of the Indies",
    "viceroy-italy": "Viceroy of Italy",
    "governor-flanders": "Governor of Flanders",
    "ambassador-austria": "Ambassador in Austria",
}
RULE_VACANCY = "Setup / Offices (Vacancies)"


def position_name(g: Game, pos: str) -> str:
    kind, _, key = pos.partition(":")
    if kind == "court":
        return f"Court seat {key}"
    if kind == "genius":
        return f"genius seat {key} at Court"
    if kind == "office":
        return OFFICE_NAMES[key]
    if kind == "army":
        return f"command of the army of {g.name(key)}"
    return "Royal Mistress"


def position_phrase(g: Game, pos: str) -> str:
    """A position with its article, for a sentence: "a seat at Court", "the Viceroy of
    Italy", "the command of the army of ..."."""
    kind = pos.partition(":")[0]
    if kind == "court":
        return "a seat at Court"
    if kind == "genius":
        return "a genius's seat at Court"
    return f"the {position_name(g, pos)}"


def holder(g: Game, pos: str) -> str | None:
    s = g.state
    kind, _, key = pos.partition(":")
    if kind == "court":
        return s.court_nobles[int(key) - 1]
    if kind == "genius":
        return s.court_geniuses[int(key) - 1]
    if kind == "office":
        return s.offices.get(key)
    if kind == "army":
        return s.wars[key].leader
    return s.mistress


def set_holder(g: Game, pos: str, nid: str | None) -> None:
    s = g.state
    kind, _, key = pos.partition(":")
    if kind == "court":
        s.court_nobles[int(key) - 1] = nid
    elif kind == "genius":
        s.court_geniuses[int(key) - 1] = nid
    elif kind == "office":
        s.offices[key] = nid
    elif kind == "army":
        s.wars[key].leader = nid
    else:
        s.mistress = nid


def positions(g: Game) -> list[str]:
    """Every position a notable marker stands for, in the board's order."""
    s = g.state
    out = [f"court:{i}" for i in range(1, 5)] + [f"genius:{i}" for i in range(1, 5)]
    out += [f"office:{o}" for o in s.offices]
    out += [f"army:{w}" for w, ws in s.wars.items() if ws.active]
    out.append("mistress")
    return out


def cup_notables(g: Game) -> list[str]:
    """Markers in the notables cup: one per occupied position (Setup / Tokens)."""
    return [p for p in positions(g) if holder(g, p) is not None]


def where(g: Game, nid: str) -> str | None:
    """The position a notable holds (in the order of ``positions``), or None."""
    for pos, who in _holders(g):
        if who == nid:
            return pos
    return None


def _holders(g: Game) -> Iterator[tuple[str, str | None]]:
    """(position, holder) in the order of ``positions``, read straight off the state
    (asked at nearly every step: no position strings to build and parse again)."""
    s = g.state
    for i, n in enumerate(s.court_nobles, start=1):
        yield f"court:{i}", n
    for i, n in enumerate(s.court_geniuses, start=1):
        yield f"genius:{i}", n
    for o, n in s.offices.items():
        yield f"office:{o}", n
    for w, ws in s.wars.items():
        if ws.active:
            yield f"army:{w}", ws.leader
    yield "mistress", s.mistress


def noble(g: Game, nid: str) -> Noble:
    return g.content.nobles[nid]


def nobles_in_play(g: Game, *, with_valido: bool = False) -> list[str]:
    """Nobles at Court, in office or in command of an army (not exiles). The Valido is at
    Court (ruling R58): ``with_valido`` counts him where what counts is what the nobles
    in play bring (MERCENARIES, CORRUPTION); without it, the nobles a card may act on or
    the player may move (no card affects the Valido: Setup / The Valido)."""
    s = g.state
    nobles = g.content.nobles
    held = [s.valido] if with_valido else []
    held += [*s.court_nobles, *s.court_geniuses, *s.offices.values()]
    held += [ws.leader for ws in s.wars.values() if ws.active]
    held.append(s.mistress)
    return [h for h in held if h is not None and h in nobles]


def court_nobles(g: Game) -> list[str]:
    """The nobles in the four Court places: those a rule may move or remove from the
    Court (the Valido holds his own place, and only the King removes him: ruling R58)."""
    return [n for n in g.state.court_nobles if n is not None]


def nobles_at_court(g: Game) -> list[str]:
    """The nobles at Court for what being there brings (prestige, traits such as advisor,
    explorer, writer, patron): the Valido and the four Court places (ruling R58)."""
    s = g.state
    return ([s.valido] if s.valido else []) + court_nobles(g)


def free_court_slot(g: Game) -> str | None:
    for i, n in enumerate(g.state.court_nobles, start=1):
        if n is None:
            return f"court:{i}"
    return None


def rating(g: Game, nid: str | None, which: str) -> int:
    """A noble's rating; an empty office counts as all zeros (Offices).

    A "?" rating is fixed by a fortune test the first time it is used (Juan José of
    Austria and Rodrigo Pacheco): negative 1, neutral 2, positive 3.
    """
    if nid is None:
        return 0
    value = getattr(noble(g, nid), which)
    if value != "?":
        return int(value)
    key = f"{nid}:{which}"
    if key not in g.state.rolled_ratings:
        test = g.fortune_test(
            f"{g.name(nid)}'s {which} rating", rule="Special Rules / Juan José of Austria"
        )
        g.state.rolled_ratings[key] = {"negative": 1, "neutral": 2, "positive": 3}[test.result]
        g.log(
            f"{g.name(nid)}'s {which} rating is fixed at {g.state.rolled_ratings[key]}.",
            rule="Special Rules / Juan José of Austria and Rodrigo Pacheco",
        )
    return g.state.rolled_ratings[key]


def rating_fixed(g: Game, nid: str | None, which: str) -> bool:
    """Whether the rating is known without a test: printed, or a "?" already fixed."""
    card = g.content.nobles.get(nid or "")
    return card is None or getattr(card, which) != "?" or f"{nid}:{which}" in g.state.rolled_ratings


def known_rating(g: Game, nid: str | None, which: str) -> int:
    """A rating as a player can see it, without rolling a "?" (2, its middle value, until
    it has been fixed). For bots and views: never changes the game."""
    card = g.content.nobles.get(nid or "")
    if card is None:
        return 0
    value = getattr(card, which)
    if value != "?":
        return int(value)
    return g.state.rolled_ratings.get(f"{nid}:{which}", 2)


def has_trait(g: Game, nid: str | None, trait: str) -> bool:
    if nid is None:
        return False
    return trait in g.content.traits.get(nid, ())


def office_holder(g: Game, office: str) -> str | None:
    return g.state.offices.get(office)


def place(g: Game, nid: str, pos: str, *, cause: str) -> None:
    """Put a notable in a position; the fortune trait pays one ducat the first time."""
    set_holder(g, pos, nid)
    g.log(f"{g.name(nid)} takes {position_phrase(g, pos)}.", cause=cause)
    kind = pos.partition(":")[0]
    s = g.state
    if kind in ("office", "army") and has_trait(g, nid, "fortune") and nid not in s.fortune_paid:
        s.fortune_paid.append(nid)
        g.gain(
            1,
            "trait:fortune",
            rule="Notable Cards / NOBLE Cards (Fortune)",
            cause=f"{g.name(nid)} has a fortune",
        )


def _vacate(g: Game, nid: str) -> str | None:
    pos = where(g, nid)
    if pos is not None:
        set_holder(g, pos, None)
    return pos


def fill_vacancy(g: Game, pos: str, cause: str) -> Rules:
    """A vacated office or army command is filled at once from the Court (Vacancies)."""
    kind = pos.partition(":")[0]
    if kind not in ("office", "army"):
        return
    candidates = court_nobles(g)
    if kind == "army":
        candidates = [n for n in candidates if can_command(g, n)]
    if not candidates:
        g.log(
            f"The {position_name(g, pos)} stays vacant: no suitable noble at Court.",
            rule=RULE_VACANCY,
            cause=cause,
        )
        return
    opts = Choices()
    for n in candidates:
        opts.add(f"noble:{n}", g.name(n))
    chosen = yield from g.ask(
        f"Vacancy: choose a noble from Court for the {position_name(g, pos)}",
        opts,
        kind=DecisionKind.VACANCY,
        subject=pos,
        role=Role.VALIDO,
        rule=RULE_VACANCY,
        cause=cause,
    )
    nid = chosen.partition(":")[2]
    _vacate(g, nid)
    place(g, nid, pos, cause=f"vacancy ({cause})")


def can_command(g: Game, nid: str) -> bool:
    """Only nobles with a military rating of 1 or more lead armies (Military Leaders),
    and only in the turns on the back of their leader counter (ruling D4, R46)."""
    return why_not_command(g, nid) is None


def why_not_command(g: Game, nid: str) -> str | None:
    """Why a noble cannot lead an army now, in words; None if he can."""
    card = noble(g, nid)
    if not (card.military == "?" or int(card.military) > 0):
        return "military 0: only a noble of military 1 or more commands an army"
    if card.leader is not None and not card.leader.turns.open_on(g.state.turn):
        t = card.leader.turns
        span = f"from {t.condition}" if t.condition else f"in turns {t.from_ or 1}-{t.to or 8}"
        return f"his leader counter serves {span}, not on turn {g.state.turn}"
    return None


def no_commander_reason(g: Game) -> str:
    """Why no noble at Court can be sent to lead a new army: none has a military rating,
    or those who have one hold leader counters whose turns are over (or not begun),
    named with their turns (issue 32: the reason was only on their cards)."""
    turn = g.state.turn
    out_of_turn = []
    for nid in court_nobles(g):
        card = noble(g, nid)
        if card.leader is None or can_command(g, nid):
            continue
        t = card.leader.turns
        span = f"from {t.condition}" if t.condition else f"turns {t.from_ or 1}-{t.to or 8}"
        out_of_turn.append((f"{g.name(nid)} ({span})", t.to is not None and turn > t.to))
    if not out_of_turn:
        return "no noble with a military rating at Court"
    names = [name for name, _ in out_of_turn]
    listed = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
    over = all(ended for _, ended in out_of_turn)
    counters = "leader counter" if len(names) == 1 else "leader counters"
    when = "are over" if over else f"do not include turn {turn}"
    return f"no noble at Court can lead an army: the turns of the {counters} of {listed} {when}"


def remove_from_game(
    g: Game, nid: str, cause: str, *, rule: str = "", death: bool = False
) -> Rules:
    """Remove a notable permanently; a father is replaced by his son; fill vacancies.

    A Royal Mistress who leaves takes her bastards with her; her death (THE TWILIGHT OF
    LIFE) also costs a happiness point (ruling R42)."""
    s = g.state
    if nid == s.valido:  # Setup / The Valido: no card can affect him
        g.log(
            f"{g.name(nid)} is the Valido: nothing can remove him but the King.",
            rule="Setup / The Valido",
            cause=cause,
        )
        return
    pos = _vacate(g, nid)
    if nid in s.exiles:
        s.exiles.remove(nid)
    if nid in s.noble_deck:
        s.noble_deck.remove(nid)
    s.removed_notables.append(nid)
    g.log(f"{g.name(nid)} is removed from the game ({cause}).", rule=rule, cause=cause)
    if nid == s.court_painter:
        s.court_painter = None
    if pos == "mistress":
        from planet_king.engine.rules.family import remove_bastards

        remove_bastards(g, "the Royal Mistress is gone", rule=rule)
        if death:
            g.add_happiness(-1, "death of the Royal Mistress", rule="Events / The Twilight of Life")
    card = g.content.nobles.get(nid)
    # Hothead's nobles are three cards; the son is not among them (l.798, ruling R99).
    if card is not None and card.son and "father" in card.traits and pos and not g.hothead:
        son = card.son
        if son not in s.removed_notables and where(g, son) is None:
            if son in s.noble_deck:
                s.noble_deck.remove(son)
            place(g, son, pos, cause=f"{g.name(son)} succeeds his father")
            g.log(
                f"{g.name(son)} replaces his father.",
                rule="Notable Cards / NOBLE Cards (Father/Son)",
                cause=cause,
            )
            return
    if pos is not None:
        yield from fill_vacancy(g, pos, cause)


def exile(g: Game, nid: str, cause: str, *, rule: str = "Events / Traitor (Exile)") -> Rules:
    s = g.state
    if nid == s.valido:
        g.log(
            f"{g.name(nid)} is the Valido: he cannot be exiled.",
            rule="Setup / The Valido",
            cause=cause,
        )
        return
    pos = _vacate(g, nid)
    s.exiles.append(nid)
    g.log(f"{g.name(nid)} is sent into exile ({cause}).", rule=rule, cause=cause)
    if pos == "mistress":  # her bastards leave with her (rulings R42, R62)
        from planet_king.engine.rules.family import remove_bastards

        remove_bastards(g, "the Royal Mistress is exiled", rule=rule)
    if pos is not None:
        yield from fill_vacancy(g, pos, cause)


def draw_notable(g: Game, *, rule: str, cause: str) -> str | None:
    """Draw a marker from the notables cup; the notable it stands for, or None if empty."""
    cup = cup_notables(g)
    if not cup:
        g.log("No notable in play.", rule=rule, cause=cause)
        return None
    marker = g.pick(cup, "notables")
    nid = holder(g, marker) or ""
    g.log(f"The {position_name(g, marker)} marker is drawn: {g.name(nid)}.", rule=rule, cause=cause)
    return nid


def to_deck_bottom(g: Game, cid: str, *, genius: bool = False) -> None:
    """A notable's card goes back to its deck, at the bottom, where the player knows it
    lies until the deck's next shuffle (ruling R106)."""
    s = g.state
    if genius:
        s.genius_deck.insert(0, cid)
        s.genius_bottom.insert(0, cid)
    else:
        s.noble_deck.insert(0, cid)
        s.noble_bottom.insert(0, cid)


def offer_court(g: Game, nid: str, other: Option, prompt: str, *, rule: str, cause: str) -> Rules:
    """Ask whether a noble returns to Court (if a slot is free) or takes ``other``.

    Returns True when the noble was placed at Court.
    """
    slot = free_court_slot(g)
    opts = Choices()
    opts.add(
        "court",
        f"{g.name(nid)} returns to Court",
        None if slot else "the Court already has four nobles",
    )
    opts.items.append(other)
    choice = yield from g.ask(
        prompt,
        opts,
        role=Role.VALIDO,
        rule=rule,
        cause=cause,
        kind=DecisionKind.RETURN_TO_COURT,
        subject=nid,
    )
    if choice == "court" and slot:
        place(g, nid, slot, cause=cause)
        return True
    return False
