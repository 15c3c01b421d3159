"""Rules whose bugs lived across phases, played through whole turns of real games: each
game is driven by the greedy bot, with a few choices forced and a card stacked where the
rule needs it (issue 31)."""

from __future__ import annotations

from collections.abc import Callable

from conftest import stack

from planet_king.bots import make_bot
from planet_king.content.loader import Content
from planet_king.engine.game import Game, GameOptions
from planet_king.engine.rules import actions, organisation
from planet_king.engine.rules.actions import ACTIONS, Context
from planet_king.engine.rules.organisation import RULE_EVENT_DECK

HUNTING_DAY = "hunting-day"
ORGANISATION = Context("organisation", "Organisation phase")
END_OF_TURN = Context("end-of-turn", "End of Turn phase")
# A forced choice for the position, or None to let the bot choose.
Force = Callable[[Game], "str | None"]


def play(g: Game, *, until: Callable[[Game], bool], force: Force = lambda g: None) -> None:
    """Play ``g`` with the greedy bot until ``until`` holds at a decision (asserted)."""
    bot = make_bot("greedy", g.seed)
    while g.decision is not None and not until(g):
        g.choose(force(g) or bot.choose(g))
    assert g.decision is not None, f"the game ended first ({g.state.ended_by})"


def deck_built(g: Game, turn: int) -> bool:
    """At a decision of ``turn``'s Organisation phase taken after its event deck was built."""
    s = g.state
    return (
        s.turn == turn
        and s.phase == "organisation"
        and any(e.turn == turn and e.rule == RULE_EVENT_DECK for e in g.log_entries[-40:])
    )


def hunt_now(g: Game) -> str | None:
    """The choices that take a Hunt from an action menu (the type, then the action)."""
    ids = g.decision.legal_ids if g.decision else ()
    for option in ("action:royal:hunt", "type:royal"):
        if option in ids:
            return option
    return None


def test_hunting_day_played_is_not_in_the_next_deck_without_a_new_hunt(
    content: Content,
) -> None:
    """Organisation Phase / Creating the Event Decks ("The HUNTING DAY card is included
    through the royal action Hunt", l.228); Actions / Royal Actions (Hunt, l.474); ruling
    R61. A Hunt at the Organisation of turn 1, its HUNTING DAY played in the Events phase:
    the End of Turn reshuffle puts the card back into the old deck, but turn 2's deck does
    not hold it and a new Hunt may be taken."""
    g = Game("the-planet-king", seed=8, content=content)

    def force(g: Game) -> str | None:
        s = g.state
        if s.turn == 1 and s.phase == "organisation" and "hunt" not in s.unique_used:
            return hunt_now(g)
        if s.turn == 1 and s.phase == "organisation" and HUNTING_DAY in s.deck:
            stack(g, HUNTING_DAY)  # the first card of the Events phase
        return None

    play(g, until=lambda g: deck_built(g, 2), force=force)
    assert g.state.stats.events_played[HUNTING_DAY] == 1
    assert HUNTING_DAY not in g.state.deck
    assert actions.why_not(g, ACTIONS["hunt"], ORGANISATION) is None


def test_a_hunt_at_end_of_turn_after_hunting_day_was_played(content: Content) -> None:
    """Actions / Royal Actions (Hunt: "only if the HUNTING DAY card is not already in the
    event deck", l.474), ruling R61. Turn 1's End of Turn Hunt puts HUNTING DAY in turn 2's
    deck; played there, it is shuffled back at End of Turn with the other played cards,
    and a Hunt at that End of Turn is still allowed."""
    g = Game("the-planet-king", seed=8, content=content)

    def force(g: Game) -> str | None:
        s = g.state
        ids = g.decision.legal_ids if g.decision else ()
        if s.turn == 1 and s.phase in ("organisation", "events") and "done" in ids:
            return "done"  # keep the cubes: End of Turn offers actions
        if s.turn == 1 and s.phase == "end-of-turn" and "hunt" not in s.unique_used:
            return hunt_now(g)
        if deck_built(g, 2) and HUNTING_DAY in s.deck:
            stack(g, HUNTING_DAY)
        return None

    play(g, until=lambda g: deck_built(g, 2), force=force)
    assert HUNTING_DAY in g.state.deck  # hunted at End of Turn 1
    play(g, until=lambda g: g.state.turn == 2 and g.state.phase == "end-of-turn", force=force)
    assert g.state.stats.events_played[HUNTING_DAY] == 1
    assert HUNTING_DAY in g.state.deck  # the End of Turn reshuffle
    assert actions.why_not(g, ACTIONS["hunt"], END_OF_TURN) is None


KING_VP = "Cooperative Game / VP Earned by the King"


def test_coop_king_scores_no_vp_for_a_late_palatinate_end(content: Content) -> None:
    """Wars / War of the Palatinate (l.441: "If this war ends during turn 6 or later, the
    player neither loses nor gains any victory points"); Cooperative Game / Victory Points
    Earned by the King (l.781: "For each war won or lost, the King gains/loses 1 VP"). A
    co-op reign played by the greedy bot (seed 4) whose War of the Palatinate ends on
    turn 8: neither role's VP moves for it, while happiness and prestige do."""
    g = Game("the-planet-king", seed=4, options=GameOptions(coop=True), content=content)
    late = "The War of the Palatinate ends on turn 6 or later"
    play(g, until=lambda g: any(e.text.startswith(late) for e in g.log_entries[-60:]))
    at = next(i for i, e in enumerate(g.log_entries) if e.text.startswith(late))
    assert g.log_entries[at].turn >= 6
    after = g.log_entries[at + 1 : at + 3]  # the war's happiness and prestige markers
    assert [e.text.split(" (")[0][3:] for e in after] == ["happiness marker", "prestige marker"]
    assert all(e.rule != KING_VP for e in after)


def test_a_government_action_of_the_organisation_is_not_repeated_at_end_of_turn(
    content: Content,
) -> None:
    """Actions / Government Actions (l.512: "A government action that was taken during the
    Organisation phase can be repeated, but it cannot be repeated in the End of Turn
    phase"). Turn 1: a tercio raised at the Organisation, no action with the ACTION cards
    (the cubes are kept), then the End of Turn's actions: raising a tercio is refused."""
    g = Game("the-planet-king", seed=8, content=content)

    def force(g: Game) -> str | None:
        s, ids = g.state, g.decision.legal_ids if g.decision else ()
        if s.turn == 1 and s.phase == "organisation" and not s.gov_organisation:
            for option in ("action:government:raise-tercio", "type:government"):
                if option in ids:
                    return option
        if s.turn == 1 and s.phase == "events" and "done" in ids:
            return "done"
        return None

    at_actions = lambda g: g.state.phase == "end-of-turn" and g.state.step == "player actions"  # noqa: E731
    play(g, until=at_actions, force=force)
    assert g.state.stats.actions_taken["raise-tercio"] == 1
    assert g.state.gov_this_card is None  # no ACTION card's government action to repeat
    assert actions.why_not(g, ACTIONS["raise-tercio"], END_OF_TURN) == (
        "taken in the Organisation phase (no repeat at End of Turn)"
    )
    assert actions.why_not(g, ACTIONS["build-fleet"], END_OF_TURN) is None
    g.choose("type:government")
    assert "action:government:raise-tercio" not in g.decision.legal_ids


def test_the_secret_memorial_is_read_last_in_the_organisation_phase(content: Content) -> None:
    """Organisation Phase / Overview (l.213), Read the Secret Memorial Card (l.248) and the
    Sequence of Play (l.956) list the reading last, after the Royal Mistress; ruling R98.
    Solo with memorials, turn 2: the player actions and the Royal Mistress come first."""
    g = Game("the-planet-king", seed=8, options=GameOptions(memorials=True), content=content)
    play(g, until=lambda g: g.state.turn == 2 and g.decision.rule.startswith("Secret Memorial"))
    turn2 = [e for e in g.log_entries if e.turn == 2]
    assert any(e.rule == organisation.RULE_CUBES for e in turn2)
    assert any(e.rule == organisation.RULE_MISTRESS for e in turn2)
    assert not any(e.rule.startswith("Secret Memorial") for e in turn2)
    g.choose(g.decision.legal_ids[0])
    assert g.state.memorials_read and g.state.phase == "events"
