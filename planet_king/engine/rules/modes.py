"""Game modes and options: difficulty, War-Only mode, the optional rules."""

from __future__ import annotations

from typing import TYPE_CHECKING

from planet_king.content.ids import Event

if TYPE_CHECKING:
    from planet_king.engine.game import Game, GameOptions

RULE_DIFFICULTY = "Scenarios / Change Difficulty"
DIFFICULTIES = ("very-easy", "easy", "normal", "hard", "very-hard")
RULE_WAR_ONLY = "Scenarios / War-Only Mode"
# Reduced difficulty removes TOTAL WAR, then the "?" war cards (33, 34 and 37; ruling D2).
QUESTION_WAR_CARDS = (
    Event.FRANCO_SPANISH_WAR_33,
    Event.FLANDERS_WAR_34,
    Event.ANGLO_SPANISH_WAR_37,
)
# War-Only: cards about geniuses or the King's happiness are discarded unplayed as events.
WAR_ONLY_UNPLAYED = (
    Event.FALL_FROM_GRACE,
    Event.BEATEN_TO_A_PULP,
    Event.CORRALES_AND_BROTHELS,
    Event.RIVALRY,
    Event.SEBASTIAN_DE_MORRA,
    Event.BARBARA_VAN_BECK,
    Event.SPANISH_GOLDEN_AGE,
)
WAR_ONLY_OUT = (Event.HUNTING_DAY,)
# Setup / Cards (l.178): RAID IN THE INDIES is in the first turn's deck "of all scenarios
# (except "Hothead" and war-only)": War-Only leaves it out of that deck only (ruling R90).
WAR_ONLY_NOT_FIRST = (Event.RAID_IN_THE_INDIES,)
# Optional rules: the rulebook's Bastard Son as Heir, and the other reading of how many
# tests an enemy campaign draws: stop at the first qualifying result (ruling R48).
BASTARD_HEIR = "bastard-heir"
ENEMY_TESTS_STOP_EARLY = "enemy-tests-stop-early"
OPTIONAL_RULES = (BASTARD_HEIR, ENEMY_TESTS_STOP_EARLY)


def validate(g: Game) -> None:
    check_options(g.options, hothead=g.hothead)


def check_options(o: GameOptions, *, hothead: bool) -> None:
    """Refuse combinations the rulebook forbids, with a one-line reason (ValueError)."""
    if o.difficulty not in DIFFICULTIES:
        raise ValueError(f"unknown difficulty '{o.difficulty}' (known: {', '.join(DIFFICULTIES)})")
    for name in o.optional:
        if name not in OPTIONAL_RULES:
            raise ValueError(f"unknown optional rule '{name}' (known: {', '.join(OPTIONAL_RULES)})")
    if o.war_only and o.coop:
        raise ValueError("War-Only mode cannot be played in cooperative mode")
    if hothead and (o.memorials or o.war_only or o.optional):
        raise ValueError(
            "Hothead is played with the basic rules only (solo or co-op, without "
            "memorials, War-Only mode or optional rules)"
        )


def actions_removed(g: Game) -> int:
    """ACTION cards out of the deck: 1 (hard) or 2 (very hard), and 1 in War-Only mode."""
    n = {"hard": 1, "very-hard": 2}.get(g.options.difficulty, 0)
    return n + (1 if g.options.war_only else 0)


def removed_cards(g: Game, deck: list[str], *, first: bool = False) -> list[str]:
    """The cards of ``deck`` that the difficulty and the mode take out of the game (or,
    ``first``, out of the scenario's first deck)."""
    out: list[str] = []
    d = g.options.difficulty
    if d in ("easy", "very-easy"):
        out += [c for c in deck if g.content.events[c].effect == "total-war"]
    if d == "very-easy":
        out += [c for c in deck if c in QUESTION_WAR_CARDS]
    if g.options.war_only:
        out += [c for c in deck if c in WAR_ONLY_OUT]
        if first:
            out += [c for c in deck if c in WAR_ONLY_NOT_FIRST]
    n = actions_removed(g)
    if n:
        plain = sorted(
            (c for c in deck if g.content.events[c].effect == "action" and c != Event.ACTION_14),
            key=lambda c: g.content.events[c].number or 0,
        )
        out += plain[-n:]
    return out


def apply_to_deck(g: Game, deck: list[str], *, first: bool = False) -> list[str]:
    gone = removed_cards(g, deck, first=first)
    if gone:
        g.log(
            f"Difficulty and mode: {', '.join(g.name(c) for c in gone)} out of the deck.",
            rule=RULE_WAR_ONLY if g.options.war_only else RULE_DIFFICULTY,
        )
    return [c for c in deck if c not in gone]


def ignores_court_life(g: Game) -> bool:
    """Happiness, enlightenment, heirs, ladies and geniuses are not used (Hothead's own
    rule, and War-Only mode)."""
    return g.hothead or g.options.war_only
