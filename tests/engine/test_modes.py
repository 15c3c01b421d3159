"""Modes and options: difficulty, War-Only mode, co-op roles and VP, Secret Memorials,
the Bastard Son as Heir, and the per-role view (issue: co-op and variants)."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest
from conftest import drive
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from planet_king.engine.decisions import Role
from planet_king.engine.game import Game, GameOptions
from planet_king.engine.rules import (
    actions,
    events,
    family,
    memorials,
    modes,
    organisation,
    scoring,
)
from planet_king.engine.state import Child
from planet_king.engine.view import view


def game_with(content, scenario: str = "the-planet-king", **opts) -> Game:
    return Game(scenario, seed=3, options=GameOptions(**opts), content=content)


# ---------------------------------------------------------------- difficulty
@pytest.mark.parametrize(
    "level, gone, kept",
    [
        (
            "very-easy",
            {"total-war", "franco-spanish-war-33", "flanders-war-34", "anglo-spanish-war-37"},
            set(),
        ),
        ("easy", {"total-war"}, {"flanders-war-34"}),
        ("normal", set(), {"total-war"}),
        ("hard", {"action-7"}, {"action-6"}),
        ("very-hard", {"action-7", "action-6"}, {"action-5"}),
    ],
)
def test_change_difficulty_takes_cards_out(content, level, gone, kept) -> None:
    """Scenarios / Change Difficulty: no TOTAL WAR (easy), nor the "?" war cards
    (very easy); one ACTION card fewer (hard), two (very hard)."""
    g = game_with(content, difficulty=level)
    every = list(g.content.events)
    left = modes.apply_to_deck(g, every)
    assert gone.isdisjoint(left) and kept <= set(left)


def test_hard_hothead_has_one_action_card_fewer(content) -> None:
    g = Game("hothead", seed=1, options=GameOptions(difficulty="hard"), content=content)
    n = sum(1 for c in g.state.deck + g.state.discard if c.startswith("action"))
    assert n == 2


def test_invalid_combinations_are_refused(content) -> None:
    """Cooperative Game / Overview: War-Only mode cannot be co-op."""
    with pytest.raises(ValueError, match="cooperative"):
        game_with(content, war_only=True, coop=True)
    with pytest.raises(ValueError, match="unknown difficulty"):
        game_with(content, difficulty="nightmare")
    with pytest.raises(ValueError, match="unknown optional rule"):
        game_with(content, optional=("dragons",))


def test_optional_enemy_tests_stop_early_is_offered_except_in_hothead(content) -> None:
    """Ruling R48: the Events Phase / Overview reading of enemy tests is a named optional
    rule; Hothead is played with the basic rules only (Scenarios / "Hothead")."""
    g = game_with(content, optional=("enemy-tests-stop-early",))
    assert g.options.optional == ("enemy-tests-stop-early",)
    with pytest.raises(ValueError, match="basic rules only"):
        game_with(content, "hothead", optional=("enemy-tests-stop-early",))


# ---------------------------------------------------------------- War-Only
def test_war_only_setup_and_royal_actions(content) -> None:
    """War-Only Mode: no ladies, geniuses or royal cubes; Cortes and Royal Pardon become
    political actions."""
    g = game_with(content, war_only=True)
    while g.decision is not None and g.state.phase == "setup":
        g.choose(g.decision.legal_ids[0])
    s = g.state
    assert s.queen is None and s.mistress is None and not any(s.court_geniuses)
    assert s.cubes["yellow"] == 0
    ctx = actions.Context("card", "x")
    assert actions.type_why_not(g, "royal", ctx) == "no royal actions in War-Only mode"
    assert actions.action_type(g, actions.ACTIONS["cortes"]) == "political"


@pytest.mark.parametrize("scenario", ["the-planet-king", "anni-mirabiles", "iupiter-hispano"])
def test_war_only_first_deck_has_no_raid_in_the_indies(content, scenario: str) -> None:
    """Setup / Cards (l.178: RAID IN THE INDIES is in the first turn's deck "of all
    scenarios (except "Hothead" and war-only)"), ruling R90; the card still enters a
    later turn's deck under its condition (at war with the United Provinces)."""
    raid = "raid-in-the-indies"

    def set_up(options: GameOptions) -> Game:
        g = Game(scenario, seed=5, options=options, content=content)
        while g.decision is not None and g.state.phase == "setup":
            g.choose(g.decision.legal_ids[0])
        return g

    assert raid in set_up(GameOptions()).state.deck
    g = set_up(GameOptions(war_only=True))
    assert raid not in g.state.deck and raid not in g.state.removed_events
    if scenario == "the-planet-king":
        g.state.turn = 2
        organisation.build_event_deck(g)
        assert raid in g.state.deck


def test_war_only_discards_court_cards_and_doubles_vp(content) -> None:
    """War-Only Mode: the listed cards are discarded unplayed; VP are doubled."""
    g = game_with(content, war_only=True)
    s = g.state
    drive(events.play_event(g, "corrales-and-brothels"))
    assert s.stats.events_played["corrales-and-brothels"] == 0
    assert "corrales-and-brothels" in s.discard
    g.add_vp(1, "test")
    assert s.vp == 2


def test_war_only_scores_prestige_only(content) -> None:
    g = game_with(content, war_only=True)
    s = g.state
    s.court_geniuses = [None] * 4
    s.queen = s.mistress = None
    s.court_nobles = ["castel-rodrigo", "gaspar-de-borja", "antoine-brun", None]
    drive(scoring.score_turn(g))
    assert s.defeat_cause == ""  # no enlightenment or happiness defeat


# --------------------------------------------------------------------- co-op
def test_coop_vp_are_kept_per_role(content) -> None:
    """Cooperative Game: the King scores enlightenment and happiness, the Valido
    prestige; the victory level uses their sum."""
    g = game_with(content, coop=True)
    s = g.state
    g.add_vp(2, "x", role=Role.KING)
    g.add_vp(3, "y", role=Role.VALIDO)
    assert (s.vp_king, s.vp_valido, s.vp) == (2, 3, 5)


def test_coop_king_consents_to_war_or_refuses(content) -> None:
    """Cooperative Game / Wars: the Valido proposes a war, the King may refuse; the
    action is then not carried out and its cube is not spent."""
    g = Game("the-planet-king", seed=3, options=GameOptions(coop=True), content=content)
    s = g.state
    s.court_nobles = ["gonzalo-fernandez-de-cordoba", None, None, None]
    s.wars["barbary"].active = False
    s.cubes["red"] = 1
    ctx = actions.Context("card", "Action")
    taken, asked = drive(
        actions.perform(g, actions.ACTIONS["military-campaign"], ctx), ["war:barbary", "war:refuse"]
    )
    assert taken is False and s.cubes["red"] == 1 and not s.wars["barbary"].active
    assert asked[-1].role is Role.KING and "consent" in asked[-1].prompt


def test_coop_changing_the_valido_scores_for_the_king(content) -> None:
    """Cooperative Game: the King gains 2 VP for changing the Valido before turn 5."""
    from planet_king.engine.rules import end_of_turn

    g = game_with(content, coop=True)
    s = g.state
    s.turn = 3
    s.court_nobles = ["castel-rodrigo", None, None, None]
    drive(end_of_turn.new_valido(g), ["valido:castel-rodrigo"])
    assert s.vp_king == 2


def test_coop_valido_change_bonus_is_scored_once(content) -> None:
    """Cooperative Game / Victory Points Earned by the King (l.781: "2 VP for changing his
    Valido before turn 5 and 1 VP on another turn"), ruling R96: one bonus a game, for
    the first change; a later change, on any turn, scores nothing."""
    from planet_king.engine.rules import end_of_turn

    g = game_with(content, coop=True)
    s = g.state
    s.turn = 2
    s.court_nobles = ["castel-rodrigo", "diego-carrillo", "francisco-pimentel", None]
    drive(end_of_turn.new_valido(g), ["valido:castel-rodrigo"])
    s.turn = 3
    drive(end_of_turn.new_valido(g), ["valido:diego-carrillo"])
    s.turn = 6
    drive(end_of_turn.new_valido(g), ["valido:francisco-pimentel"])
    assert s.vp_king == 2
    late = game_with(content, coop=True)
    late.state.turn = 6
    late.state.court_nobles = ["castel-rodrigo", None, None, None]
    drive(end_of_turn.new_valido(late), ["valido:castel-rodrigo"])
    assert late.state.vp_king == 1


def test_coop_dead_king_lets_the_valido_continue(content) -> None:
    """Cooperative Game / Overview: happiness 0 kills the King, not the game."""
    g = game_with(content, coop=True)
    s = g.state
    s.queen = s.mistress = None
    s.happiness_markers = -3
    drive(scoring.score_turn(g))
    assert s.king_dead and "happiness" not in s.defeat_cause
    assert (
        actions.type_why_not(g, "royal", actions.Context("card", "x"))
        == "the King is dead: no more royal actions"
    )


# ---------------------------------------------------------- Secret Memorials
def test_solo_memorials_drawn_unseen_then_revealed_on_turns_two_and_three(content) -> None:
    """Secret Memorial / Solo Mode: one card of each deck drawn unseen; at turn 2 the
    player reveals one of his choice, at turn 3 the other."""
    g = game_with(content, memorials=True)
    s = g.state
    memorials.draw(g)
    assert set(s.memorials) == {"king", "valido"} and s.memorials_read == []
    s.turn = 2
    drive(memorials.read_step(g), ["read:valido"])
    assert s.memorials_read == [s.memorials["valido"]]
    s.turn = 3
    drive(memorials.read_step(g))
    assert set(s.memorials_read) == set(s.memorials.values())


def test_solo_memorials_in_a_scenario_from_turn_5_reveal_by_choice_on_its_second_turn(
    content,
) -> None:
    """Secret Memorial / Solo Mode ("At the beginning of the Organisation phase of the
    second turn, they choose one of the two cards"), ruling R59: the second turn is the
    game's; Anni Horribiles (turns 5-8) offers the choice on turn 6, reveals the other on
    turn 7, and reveals nothing on turn 5."""
    g = game_with(content, "anni-horribiles", memorials=True)
    s = g.state
    s.memorials_read = []
    memorials.draw(g)
    s.turn = 5
    drive(memorials.read_step(g))
    assert s.memorials_read == []
    s.turn = 6
    _, asked = drive(memorials.read_step(g), ["read:valido"])
    assert list(asked[0].legal_ids) == ["read:king", "read:valido"]
    assert s.memorials_read == [s.memorials["valido"]]
    s.turn = 7
    drive(memorials.read_step(g))
    assert set(s.memorials_read) == set(s.memorials.values())


def test_coop_memorials_in_a_scenario_from_turn_5_are_read_on_its_second_turn(content) -> None:
    """Secret Memorial / Cooperative Mode ("until the Organisation phase of the second
    turn of the game"), ruling R59: not on Anni Horribiles' first turn (5), on turn 6."""
    g = game_with(content, "anni-horribiles", coop=True)
    s = g.state
    s.memorials_read = []
    memorials.draw(g)
    s.turn = 5
    drive(memorials.read_step(g))
    assert s.memorials_read == []
    s.turn = 6
    drive(memorials.read_step(g))
    assert set(s.memorials_read) == set(s.memorials.values())


def test_te_deum_example_vp(content) -> None:
    """Secret Memorial Letters (TE DEUM example): a war won against the Ottomans or the
    Barbary pirates; -1 if failed, +2 in a short scenario, +1 in the campaign."""
    m = content.memorials["te-deum"]
    assert (m.vp_fail, m.vp_short, m.vp_campaign) == (1, 2, 1)
    g = game_with(content, "anni-mirabiles", memorials=True)
    s = g.state
    s.memorials = {m.owner: "te-deum"}
    assert not memorials._met(g, m, final=True)
    s.stats.wars["barbary"] = Counter(won=1)
    assert memorials._met(g, m, final=True)
    assert memorials.vp_for(g, m) == 2
    assert memorials.vp_for(game_with(content, "the-planet-king"), m) == 1


def test_failing_every_memorial_is_neither_king_nor_planet(content) -> None:
    """Secret Memorial / Solo Mode: at least one task must be completed."""
    from planet_king.engine.rules import scenario_setup

    g = game_with(content, "anni-mirabiles", memorials=True)
    s = g.state
    s.memorials = {"king": "golden-age"}
    s.memorials_read = ["golden-age"]
    s.vp = 30
    scenario_setup.finish_standard(g, "last-turn")
    assert s.victory_level == "neither-king-nor-planet"


def test_immediate_memorial_is_claimed_at_the_end_of_the_turn(content) -> None:
    """Secret Memorial Letters: GOLDEN AGE and the other immediate cards claim their VP
    as soon as the task is done."""
    g = game_with(content, "the-planet-king", memorials=True)
    s = g.state
    s.memorials = {"king": "golden-age"}
    s.memorials_read = ["golden-age"]  # claimed once read (ruling R87)
    s.last_scores = {"enlightenment": 9}
    memorials.check_turn(g)
    assert "golden-age" in s.memorials_claimed and s.vp >= 1


@pytest.mark.parametrize("coop", [False, True])
def test_an_immediate_memorial_is_not_claimed_before_it_is_read(content, coop: bool) -> None:
    """Secret Memorial / Cooperative Mode (l.760: no player may see his card "until the
    Organisation phase of the second turn"), Solo Mode (l.763), Secret Memorial Letters
    ("claim victory points immediately"), ruling R97: a task met on turn 1 is done, but
    its card is claimed only at the end of the turn in which it is read (turn 2)."""
    g = game_with(content, "the-planet-king", **({"coop": True} if coop else {"memorials": True}))
    s = g.state
    s.memorials, s.memorials_read, s.memorials_claimed = {"king": "golden-age"}, [], []
    s.turn, s.last_scores = 1, {"enlightenment": 9}
    memorials.check_turn(g)
    assert "golden-age" in s.memorials_done and s.memorials_claimed == []
    s.turn, s.last_scores = 2, {"enlightenment": 3}
    drive(memorials.read_step(g))
    memorials.check_turn(g)
    assert s.memorials_claimed == ["golden-age"]


# --------------------------------------------------------- bastard son heir
def test_bastard_son_as_heir_costs_four_prestige(content) -> None:
    """Special Rules / Bastard Son as Heir (Optional): legitimised, -4 prestige."""
    g = game_with(content, optional=("bastard-heir",))
    s = g.state
    s.children = [Child("b1", True, False)]
    s.heir = None
    drive(family.bastard_heir(g), ["legitimise:b1"])
    assert s.heir == "b1" and s.children[0].legitimate and s.prestige_markers == -4


# --------------------------------------------------- hidden information
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**31))
def test_no_view_ever_shows_the_partners_hidden_memorial(content, seed: int) -> None:
    """Cooperative Game / Secret Memorials: a role never sees the partner's card until it
    is claimed or the game ends."""
    g = Game("anni-mirabiles", seed=seed, options=GameOptions(coop=True), content=content)
    rng = random.Random(seed)
    while g.decision is not None:
        s = g.state
        for role, partner in ((Role.KING, "valido"), (Role.VALIDO, "king")):
            hidden = s.memorials.get(partner)
            if hidden and hidden not in s.memorials_claimed and not s.over:
                text = json.dumps(view(g, role))
                assert hidden not in text
                assert content.memorials[hidden].task not in text
        g.choose(rng.choice(g.decision.legal_ids))
    for e in g.log_entries:  # the log names a card only once claimed or at the end
        for cid in g.state.memorials.values():
            if content.memorials[cid].task in e.text:
                assert e.phase == "over" or "claims" in e.text  # shown at the end only


def test_organisation_deck_uses_the_difficulty(content) -> None:
    g = game_with(content, difficulty="easy")
    organisation.build_event_deck(g)
    assert "total-war" not in g.state.deck


def _set(g: Game, **changes) -> None:
    for key, value in changes.items():
        setattr(g.state, key, value)


def _met_conditions(g: Game, cid: str) -> bool:
    return memorials._met(g, g.content.memorials[cid], final=True)


@pytest.mark.parametrize(
    "cid, unmet, met",
    [
        (
            "golden-age",
            {"last_scores": {"enlightenment": 7}},
            {"last_scores": {"enlightenment": 8}},
        ),
        ("carpe-diem", {"last_scores": {"happiness": 5}}, {"last_scores": {"happiness": 6}}),
        ("reputation", {"last_scores": {"prestige": 7}}, {"last_scores": {"prestige": 8}}),
        ("all-against-us", {"wins_this_turn": 1}, {"wins_this_turn": 2}),
        (
            "prince-of-the-realm",
            {"children": [], "heir": None},
            {"children": [Child("c1", True, True)], "heir": "c1"},
        ),
        ("painter-to-the-king", {"court_painter": None}, {"court_painter": "diego-velazquez"}),
        (
            "buen-retiro",
            {"court_geniuses": ["diego-velazquez", "lope-de-vega", None, None]},
            {
                "court_geniuses": [
                    "diego-velazquez",
                    "lope-de-vega",
                    "alonso-cano",
                    "tomas-torrejon",
                ]
            },
        ),
        ("the-union-of-arms", {"union_of_arms": 1}, {"union_of_arms": 2, "revolts": []}),
        ("the-spanish-road", {"valtellina_closed": True}, {"valtellina_closed": False}),
        ("plus-ultra-exploration", {"exploration": 2}, {"exploration": 3}),
        ("the-iberian-union", {"portugal_independent": True}, {"portugal_independent": False}),
        ("sound-treasury", {"treasury": 5}, {"treasury": 6}),
    ],
)
def test_each_secret_memorial_task(content, cid: str, unmet: dict, met: dict) -> None:
    """Secret Memorial Letters: each card's task is checked as its data says."""
    g = game_with(content, memorials=True)
    _set(g, **unmet)
    assert not _met_conditions(g, cid)
    _set(g, **met)
    assert _met_conditions(g, cid)


def test_us_against_all_needs_four_powers_none_on_the_red_side(content) -> None:
    """US AGAINST ALL: at war with four powers (France once), none losing."""
    g = game_with(content, memorials=True)
    s = g.state
    for ws in s.wars.values():
        ws.active, ws.position = False, 0
    for w in ("flanders", "england", "france-picardy", "france-catalonia"):
        s.wars[w].active = True
    assert not _met_conditions(g, "us-against-all")  # France counts once: three powers
    s.wars["palatinate"].active = True
    assert _met_conditions(g, "us-against-all")
    s.wars["flanders"].position = -1
    assert not _met_conditions(g, "us-against-all")


def test_war_only_takes_hunting_day_and_an_action_card_out(content) -> None:
    """War-Only Mode: HUNTING DAY and one ACTION card are removed from the game."""
    g = game_with(content, war_only=True)
    left = modes.apply_to_deck(g, list(g.content.events))
    assert "hunting-day" not in left and "action-7" not in left and "action-6" in left


def test_hothead_can_be_played_in_cooperative_mode_without_memorials(content) -> None:
    """Scenarios / Overview (l.791: "All scenarios can be played solo or in cooperative
    mode"); Secret Memorial / Cooperative Mode (l.763: no card is seen before the second
    turn's Organisation, which Hothead never reaches); ruling R91: co-op Hothead splits
    the decisions between the roles, uses no memorials, and ends with Hothead's own
    victory level and the co-op comparison of the players' VP."""
    g = Game("hothead", seed=4, options=GameOptions(coop=True), content=content)
    rng = random.Random(4)
    roles: Counter[Role] = Counter()
    while g.decision is not None:
        roles[g.decision.role] += 1
        g.choose(rng.choice(g.decision.legal_ids))
    s = g.state
    assert roles[Role.KING] and roles[Role.VALIDO]
    assert s.memorials == {} and s.victory_level in ("major-victory", "defeat")
    assert s.vp == s.vp_king + s.vp_valido
    assert g.log_entries[-1].rule == "Cooperative Game / Victory"
    with pytest.raises(ValueError, match="without memorials"):
        game_with(content, "hothead", coop=True, memorials=True)
