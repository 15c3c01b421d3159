"""Organisation Phase: the notable decks, the event deck, action cubes, the player's
free actions and the Royal Mistress."""

from __future__ import annotations

from collections.abc import Set as AbstractSet
from typing import TYPE_CHECKING, Any

from planet_king.content import ids
from planet_king.content.models import Genius, Lady, Noble, TurnWindow
from planet_king.engine import draws
from planet_king.engine.decisions import Choices, DecisionKind, Role
from planet_king.engine.rules import court, family, memorials, modes, war_leaders, wars

if TYPE_CHECKING:
    from planet_king.engine.game import Game, Rules

RULE_NOTABLE_DECKS = "Organisation Phase / Creating the Notable Decks"
RULE_EVENT_DECK = "Organisation Phase / Creating the Event Decks"
RULE_CUBES = "Organisation Phase / Placing Action Cubes"
RULE_MISTRESS = "Organisation Phase / Choosing the Royal Mistress"
OLIVARES = ids.Noble.OLIVARES
SOR_MARIA = ids.Noble.SOR_MARIA
HUNTING_DAY = ids.Event.HUNTING_DAY


# ------------------------------------------------------------ conditions
def war_ended(g: Game, war_id: str) -> bool:
    ws = g.state.wars.get(war_id)
    return ws is not None and not ws.active and ws.outcome is not None


def condition_met(g: Game, key: str) -> bool:
    """The question-mark seals (docs/data.md, condition keys)."""
    s = g.state
    if key == "union-of-arms-completed":
        return s.union_of_arms >= 2
    if key == "vp-8-or-palatinate-ended":
        return s.vp >= 8 or war_ended(g, ids.War.PALATINATE)
    if key == "vp-4-or-low-prestige":
        return s.vp >= 4 or s.low_prestige
    if key == "vp-10-or-low-prestige":
        return s.vp >= 10 or s.low_prestige
    if key.startswith("war:"):
        ws = s.wars.get(key[4:])
        return ws is not None and ws.active
    if key == "father-removed":
        return True  # checked per card: see _notable_enters
    if key == "turn-6-or-olivares-gone":
        return s.turn >= 6 or (s.olivares_left is not None and s.turn > s.olivares_left)
    # hunt, instability, union-of-arms-no-instability, the-fronde, guerra-dels-segadors:
    # these cards enter through their own rules, never by the seal alone.
    return False


# The conditional war cards enter "in the Organisation phase of the turn in which" their
# condition is met, and then stay like any card whose turn has come (ruling R60).
ENTER_FOR_GOOD = frozenset(
    {"vp-8-or-palatinate-ended", "vp-4-or-low-prestige", "vp-10-or-low-prestige"}
)


def conditional_card_enters(g: Game, cid: str, key: str) -> bool:
    """A question-mark card's condition, remembered for good where the rules say the card
    enters (ENTER_FOR_GOOD), read afresh each Organisation otherwise (RAID IN THE INDIES)."""
    s = g.state
    if cid in s.war_cards_entered:
        return True
    met = condition_met(g, key)
    if met and key in ENTER_FOR_GOOD:
        s.war_cards_entered.append(cid)
        g.log(f"{g.name(cid)} enters the event deck for good.", rule=RULE_EVENT_DECK)
    return met


def red_text_met(g: Game, key: str) -> bool:
    verb, _, war_id = key.partition(":")
    ws = g.state.wars.get(war_id)
    if ws is None or ws.active:
        return False
    return (
        (verb == "won" and ws.outcome == "won")
        or (verb == "lost" and ws.outcome == "lost")
        or (verb == "ended" and ws.outcome is not None)
    )


def red_text_words(g: Game, key: str) -> str:
    """A red-text condition in words: "won:barbary" -> "red text: Barbary Pirates war
    won"; the key itself never reaches the player."""
    verb, _, war_id = key.partition(":")
    said = {"won": "won", "lost": "lost", "ended": "over"}.get(verb, verb)
    name = g.name(war_id)
    war = name if "war" in name.lower() else f"{name} war"
    return f"red text: {war} {said}"


def open_now(g: Game, turns: TurnWindow) -> bool:
    return turns.condition is None and turns.open_on(g.state.turn)


def expired(g: Game, turns: TurnWindow) -> bool:
    return turns.to is not None and turns.to < g.state.turn


# --------------------------------------------------------- notable decks
def in_play_or_out(g: Game) -> set[str]:
    """Notables that are not available for a deck: in play, exiled, gone, or set aside."""
    s = g.state
    taken = {h for p in court.positions(g) if (h := court.holder(g, p))}
    taken |= set(s.exiles) | set(s.removed_notables)
    taken |= {x for x in (s.valido, s.queen, s.mistress) if x}
    return taken


def _notable_enters(g: Game, card: Noble | Lady | Genius) -> bool:
    t = card.turns
    if t.condition == "father-removed":
        fathers = [n for n in g.content.nobles.values() if n.son == card.id]
        return any(f.id in g.state.removed_notables for f in fathers)
    if t.condition is not None:
        return condition_met(g, t.condition)
    return t.open_on(g.state.turn)


def _decks(g: Game) -> list[tuple[str, list[str], dict[str, Any]]]:
    s = g.state
    return [
        ("noble", s.noble_deck, g.content.nobles),
        ("genius", s.genius_deck, g.content.geniuses),
        ("lady", s.ladies_deck, g.content.ladies),
    ]


def fill_decks(g: Game, *, exclude: AbstractSet[str] = frozenset()) -> None:
    """Add the notables whose turn has come; drop from the decks those whose turn is past."""
    s = g.state
    unavailable = in_play_or_out(g) | set(exclude)
    s.entered_this_turn = []
    for kind, deck, cards in _decks(g):
        for cid in list(deck):
            if expired(g, cards[cid].turns):
                deck.remove(cid)
                s.removed_notables.append(cid)
                g.log(
                    f"{g.name(cid)} leaves the {kind} deck (turn of exit passed).",
                    rule=RULE_NOTABLE_DECKS,
                )
        for cid, card in cards.items():
            if cid in deck or cid in unavailable:
                continue
            if _notable_enters(g, card):
                deck.append(cid)
                s.entered_this_turn.append(cid)


def retire_expired(g: Game) -> Rules:
    """Notables in play whose turn of exit is past leave the Court, offices and armies.
    The Valido is not affected by any card (ruling R18)."""
    s = g.state
    for pos in court.positions(g):
        nid = court.holder(g, pos)
        if nid and expired(g, g.content.notables[nid].turns):
            yield from court.remove_from_game(
                g, nid, "turn of exit passed", rule=RULE_NOTABLE_DECKS
            )
    if s.queen and expired(g, g.content.ladies[s.queen].turns):
        g.log(
            f"Queen {g.name(s.queen)} leaves the game (turn of exit passed).",
            rule=RULE_NOTABLE_DECKS,
        )
        s.removed_notables.append(s.queen)
        s.queen, s.queen_sickly = None, False
    for nid in [n for n in s.exiles if expired(g, g.content.notables[n].turns)]:
        s.exiles.remove(nid)
        s.removed_notables.append(nid)


def optional_removals(g: Game) -> Rules:
    """From turn 2 the player may remove one card of each deck for good (not one that
    entered this turn)."""
    s = g.state
    for kind, deck, _ in _decks(g):
        opts = Choices()
        opts.add("keep", f"Keep the whole {kind} deck")
        for cid in deck:
            why = "entered the deck this turn" if cid in s.entered_this_turn else None
            opts.add(f"remove:{cid}", f"Remove {g.name(cid)}", why)
        if len(opts.items) == 1:
            continue
        choice = yield from g.ask(
            f"Remove one card of the {kind} deck from the game?",
            opts,
            kind=DecisionKind.DECK_REMOVAL,
            subject=kind,
            role=Role.KING,
            rule=RULE_NOTABLE_DECKS,
        )
        if choice != "keep":
            cid = choice.partition(":")[2]
            deck.remove(cid)
            s.removed_notables.append(cid)
            g.log(f"{g.name(cid)} is removed from the game.", rule=RULE_NOTABLE_DECKS)


def shuffle_notable_decks(g: Game) -> None:
    draws.shuffle(g.rng, g.state.noble_deck)
    draws.shuffle(g.rng, g.state.genius_deck)
    g.state.noble_bottom.clear()  # nothing known of their order any more (R106)
    g.state.genius_bottom.clear()
    g.state.ladies_deck.sort()  # face up: order does not matter
    g.random_draws += 1


# ------------------------------------------------------------ event deck
def active_war_count(g: Game) -> int:
    """Active wars, the three French fronts counting as one (Wars / Overview)."""
    return len({g.content.wars[w].power for w in wars.active_wars(g)})


def instability_cards(g: Game) -> list[str]:
    return [cid for cid, c in g.content.events.items() if c.effect == "instability"]


def instability_required(g: Game) -> int:
    """Active wars minus one, plus the card the UNION OF ARMS added for good."""
    return max(0, active_war_count(g) - 1) + (1 if g.state.union_instability else 0)


def build_event_deck(g: Game, *, instability: int | None = None) -> None:
    """Cards open this turn or whose condition holds, less the removed ones, plus the
    INSTABILITY cards (``instability_required``, or the scenario's set-up count, which is
    the whole count: given only for the scenario's first deck)."""
    s = g.state
    for cid in s.pending_removals:
        if cid not in s.removed_events:
            s.removed_events.append(cid)
            g.log(
                f"{g.name(cid)} is removed from the game (red text of a card played last turn).",
                rule=RULE_EVENT_DECK,
            )
    s.pending_removals.clear()
    # A Hunt's HUNTING DAY not yet played (hunted at End of Turn, or not drawn before the
    # Events phase ended) is "included through the royal action Hunt" (ruling R61).
    # The End of Turn reshuffle puts a played one back into the old deck: it is not hunted.
    hunted = s.hunting_day_due and HUNTING_DAY not in s.removed_events
    deck = [HUNTING_DAY] if hunted else []
    for cid, card in g.content.events.items():
        if cid in s.removed_events or card.effect == "instability":
            continue
        if card.removed_when and red_text_met(g, card.removed_when):
            s.removed_events.append(cid)
            g.log(
                f"{card.name} is removed from the game ({red_text_words(g, card.removed_when)}).",
                rule=RULE_EVENT_DECK,
            )
            continue
        t = card.turns
        if t.condition == "union-of-arms-no-instability":
            if cid in s.extra_event_cards:
                deck.append(cid)
            continue
        if (t.condition and conditional_card_enters(g, cid, t.condition)) or open_now(g, t):
            deck.append(cid)
    deck = modes.apply_to_deck(g, deck, first=instability is not None)
    n = instability_required(g) if instability is None else instability
    available = [c for c in instability_cards(g) if c not in s.removed_events]
    deck += available[:n]
    if n > len(available):
        g.log(
            f"Only {len(available)} INSTABILITY cards exist for the {n} required.",
            rule=RULE_EVENT_DECK,
        )
    s.deck = deck
    s.discard = []
    s.played_apart = []
    g.shuffle_deck()
    g.log(
        f"The event deck has {len(deck)} cards, {min(n, len(available))} of them INSTABILITY.",
        rule=RULE_EVENT_DECK,
    )


# ------------------------------------------------------------------ cubes
def place_cubes(g: Game) -> None:
    """Four yellow cubes; red and blue by the Valido's ratings; green for an industrious
    Valido and for an advisor at Court; Sor María de Ágreda's extra government action."""
    s = g.state
    valido = s.valido
    s.cubes = {
        "yellow": 0 if g.options.war_only else 4,  # War-Only: no royal actions
        "red": court.rating(g, valido, "government"),
        "blue": court.rating(g, valido, "political"),
        "green": 0,
    }
    green: list[str] = []  # who gives a green cube, named in the log
    if court.has_trait(g, valido, "industrious"):
        s.cubes["green"] += 1
        green.append(f"{g.name(valido or '')} is industrious")
    advisors = court.nobles_at_court(g) + [x for x in (s.queen, s.mistress) if x]  # R58
    if any(court.has_trait(g, n, "advisor") for n in advisors):
        s.cubes["green"] += 1
        first = next(n for n in advisors if court.has_trait(g, n, "advisor"))
        green.append(f"{g.name(first)} is an advisor")
    if SOR_MARIA in court.nobles_in_play(g, with_valido=True) and valido != OLIVARES:
        s.cubes["red"] += 1
        g.log(
            "Sor María de Ágreda gives an extra government action.",
            rule="Special Rules / Sor María de Ágreda",
        )
    g.log(
        f"Action cubes: {s.cubes['red']} red, {s.cubes['blue']} blue, {s.cubes['yellow']} "
        f"yellow, {s.cubes['green']} green (Valido {g.name(valido or '')}"
        + "".join(f"; {why}" for why in green)
        + ").",
        rule=RULE_CUBES,
    )


# ------------------------------------------------------------------ phase
def organisation_phase(g: Game) -> Rules:
    """Turns after the first: decks, cubes, free actions, the Royal Mistress, and last the
    Secret Memorial (ruling R98)."""
    from planet_king.engine.rules import actions

    s = g.state
    s.phase = "organisation"
    g.log(f"Turn {s.turn}: the Organisation phase.", rule="Game Sequence")
    yield from retire_expired(g)
    yield from war_leaders.organise_leaders(g)
    fill_decks(g)
    yield from optional_removals(g)
    shuffle_notable_decks(g)
    build_event_deck(g)
    place_cubes(g)
    yield from actions.take_actions(g, actions.Context("organisation", "Organisation phase"))
    if not g.options.war_only:
        yield from mistress_step(g)
    yield from memorials.read_step(g)


def mistress_step(g: Game) -> Rules:
    """The current Royal Mistress is replaced; a Queen is chosen if there is none."""
    s = g.state
    if s.mistress is not None or family.mistress_candidates(g):
        yield from family.choose_mistress(g, "Organisation phase", rule=RULE_MISTRESS)
    if s.queen is None:
        yield from family.choose_queen(g, "Organisation phase", rule=RULE_MISTRESS)
