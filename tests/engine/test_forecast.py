"""The forecast (End of Turn Phase / Determining Enlightenment, Prestige, King's
Happiness and VP; Income): what the End of Turn would count if the turn ended now,
counted by the scoring code itself."""

from __future__ import annotations

import contextlib
import random

import pytest
from conftest import drive

from planet_king.content.loader import Content
from planet_king.engine import forecast as fc
from planet_king.engine.game import Game
from planet_king.engine.rules import end_of_turn, scoring


def _at_scores(g: Game) -> None:
    """Stand at the End of Turn's count: upkeep, income and mortality are done."""
    g.state.phase = "end-of-turn"
    g.state.step = "scores"


COURTS = [
    # (geniuses, prestige markers, happiness markers, treasury)
    (["diego-velazquez", "lope-de-vega", "francisco-de-quevedo", None], 6, 5, 0),
    (["lope-de-vega", "francisco-de-quevedo", None, None], 7, 5, 12),
    (["vicente-carducho", None, None, None], 1, 0, 3),
    (["juan-hidalgo", "tomas-torrejon", "alonso-cano", None], 2, 4, 1),
]


@pytest.mark.parametrize(("geniuses", "prestige", "happiness", "treasury"), COURTS)
def test_forecast_at_the_count_is_what_the_count_gives(
    reign: Game, geniuses: list[str | None], prestige: int, happiness: int, treasury: int
) -> None:
    """The three scores, their VP and the Treasury after the tables are exactly what
    ``score_turn`` then counts, bankruptcy at the enlightenment table included."""
    s = reign.state
    s.court_geniuses = geniuses
    s.prestige_markers, s.happiness_markers, s.treasury = prestige, happiness, treasury
    _at_scores(reign)
    f = fc.forecast(reign)
    vp = s.vp
    answers = ["asiento:castile"] if f.treasury.bankruptcies else []
    drive(scoring.score_turn(reign), answers)
    assert [x.points for x in f.scores] == [
        s.last_scores[k] for k in ("enlightenment", "prestige", "happiness")
    ]
    assert f.vp_now == vp
    assert s.vp == f.vp_end
    assert bool(s.defeat_cause) == bool(f.defeat)
    if not f.treasury.bankruptcies:  # a bankruptcy's Asiento adds ducats the forecast can't know
        assert s.treasury == f.treasury.end


def test_forecast_income_is_the_income_collected(content: Content) -> None:
    """Income: the forecast's income lines are what the Income step gains."""
    g = Game("anni-horribiles", seed=5, content=content)
    s = g.state
    s.treasury = 0
    f = fc.forecast(g)
    drive(end_of_turn.income(g))
    assert s.treasury == min(12, f.treasury.income_total)


def test_forecast_counts_the_penalty_for_no_legitimate_child(reign: Game) -> None:
    """Royal Family Mortality: "If after this phase there is no legitimate child or heir
    left, the player loses 1 prestige point and 1 happiness point" — certain when none
    is alive, so the forecast counts it before the Mortality step, not after."""
    s = reign.state
    s.children = []
    before = fc.forecast(reign)
    assert (fc.NO_CHILD, -1) in before.score("prestige").lines
    assert (fc.NO_CHILD, -1) in before.score("happiness").lines
    _at_scores(reign)
    assert (fc.NO_CHILD, -1) not in fc.forecast(reign).score("prestige").lines


def test_forecast_margin_and_danger_follow_the_tables(reign: Game) -> None:
    """Victory / Automatic Defeat: prestige 1 or less, enlightenment 1 or less,
    happiness 0 or less. The margin is the distance to that line."""
    s = reign.state
    s.court_geniuses = ["vicente-carducho", None, None, None]  # enlightenment 1
    _at_scores(reign)
    s.happiness_markers = 1 - scoring.happiness(reign).total  # happiness 1: one from death
    f = fc.forecast(reign)
    e, h = f.score("enlightenment"), f.score("happiness")
    assert (e.points, e.margin, e.danger) == (1, 0, "defeat")
    assert (h.points, h.margin, h.danger) == (1, 1, "critical")
    assert "enlightenment fell to 1 or less" in f.defeat


def test_reading_the_forecast_never_changes_the_game(content: Content) -> None:
    g = Game("the-planet-king", seed=2, content=content)
    r = random.Random(2)
    for _ in range(60):
        if g.decision is None:
            break
        digest, draws = g.state.digest(), g.random_draws
        fc.forecast(g)
        fc.defeat_warnings(g)
        assert (g.state.digest(), g.random_draws) == (digest, draws)
        g.choose(r.choice(g.decision.legal_ids))


def test_hothead_has_no_end_of_turn_and_names_its_goal(hothead: Game) -> None:
    """Scenarios / "Hothead": victory is the Italian War won with a Viceroy of Italy of
    rating 2 or more; there is no End of Turn count."""
    f = fc.forecast(hothead)
    assert not f.has_end_of_turn
    assert "Italian War" in f.goal and "Viceroy of Italy" in f.goal
    assert fc.defeat_warnings(hothead) == {}


def test_a_choice_that_certainly_brings_defeat_is_flagged(content: Content) -> None:
    """Victory / Automatic Defeat: an option flagged would, taken with no card or marker
    drawn in sight before the next decision (a hidden deck's shuffle is no chance), leave
    the forecast at a defeat; every flagged option really does (checked on a fork), and
    none is flagged where chance intervenes."""
    flagged = 0
    for seed in range(4):
        g = Game("the-planet-king", seed=seed, content=content, keep_turn_starts=True)
        r = random.Random(seed)
        while g.decision is not None and flagged < 3:
            for option_id, why in fc.defeat_warnings(g).items():
                flagged += 1
                trial = g.fork()
                draws = trial.seen_draws
                trial.choose(option_id)
                assert trial.seen_draws == draws
                assert trial.state.defeat_cause or fc.forecast(trial).defeat
                assert why.startswith("automatic defeat at this End of Turn")
            g.choose(r.choice(g.decision.legal_ids))
    assert flagged >= 3


@pytest.mark.parametrize("office", ["viceroy-indies", "viceroy-italy"])
def test_forecast_never_fixes_an_unknown_rating(reign: Game, office: str) -> None:
    """Special Rules / Juan José of Austria and Rodrigo Pacheco: a "?" rating is fixed
    by a fortune test the first time it is *used*; the forecast only looks, so it counts
    the middle value and draws no card (it used to draw one, and with an empty deck it
    raised)."""
    s = reign.state
    s.offices[office] = "rodrigo-pacheco"
    s.deck.clear()
    digest, draws = s.digest(), reign.random_draws
    f = fc.forecast(reign)
    assert (s.digest(), reign.random_draws) == (digest, draws)
    assert "rodrigo-pacheco:government" not in s.rolled_ratings
    assert f.treasury.income_total >= 0


def test_an_unfixed_question_mark_rating_is_never_rolled_by_the_forecast(
    content: Content,
) -> None:
    """Special Rules / Juan José of Austria and Rodrigo Pacheco: a "?" rating is fixed by
    a fortune test "the first time" it is used. Counting the Income in the forecast must
    not be that first time: no card is drawn, the rating stays unfixed, the income counts
    it at 2 (its middle value) and the roll is named as a risk."""
    g = Game("the-planet-king", seed=3, content=content)
    g.state.offices["viceroy-indies"] = "rodrigo-pacheco"
    digest, draws = g.state.digest(), g.random_draws
    f = fc.forecast(g)
    assert (g.state.digest(), g.random_draws) == (digest, draws)
    assert "rodrigo-pacheco:government" not in g.state.rolled_ratings
    assert any("government rating is rolled at Income" in r for r in f.risks)
    indies = dict(f.treasury.income).get("the Indies", 0)
    g.state.rolled_ratings["rodrigo-pacheco:government"] = 2
    assert indies == end_of_turn.indies_income(g)[0]


def _exile_returns_at_cleanup(reign: Game, *, court_full: bool) -> None:
    """The Count of Oñate (fortune, never placed) in exile at the Appointment of a New
    Valido; the Court full or not; an office free."""
    s = reign.state
    s.exiles = ["count-of-onate"]
    s.fortune_paid = []
    others = [n for n in reign.content.nobles if n != "count-of-onate"]
    s.court_nobles = others[:4] if court_full else [*others[:3], None]
    s.offices = dict.fromkeys(s.offices)
    s.phase, s.step = "end-of-turn", "valido"


@pytest.mark.parametrize("court_full", [True, False])
def test_forecast_counts_the_fortune_of_an_exile_back_in_office_at_cleanup(
    reign: Game, court_full: bool
) -> None:
    """End of Turn Phase / Clean-up with ruling R104 and Notable Cards / NOBLE Cards
    (Fortune): a noble whose exile ends takes a free position; with no place at Court
    free he takes an office or an army, and his fortune pays a ducat. That ducat is
    certain and the forecast counts it; with a place at Court free it is not."""
    _exile_returns_at_cleanup(reign, court_full=court_full)
    before = fc.forecast(reign).treasury
    assert [n for _, n in before.cleanup] == ([1] if court_full else [])
    treasury = reign.state.treasury
    rules = end_of_turn.cleanup(reign)
    with contextlib.suppress(StopIteration):
        d = next(rules)
        while True:  # the first free position, as the forecast's default
            d = rules.send(d.legal_ids[0])
    gained = reign.state.treasury - treasury
    assert gained == (1 if court_full else 0)
    assert before.end == min(12, treasury + gained)


def test_forecast_reads_where_the_returning_exile_goes(reign: Game) -> None:
    """While Clean-up asks where the returning exile goes (ruling R104), the question
    says it: with only offices and armies among its places, his fortune's ducat is in
    the forecast's Treasury."""
    _exile_returns_at_cleanup(reign, court_full=True)
    rules = end_of_turn.cleanup(reign)
    reign.decision = next(rules)
    f = fc.forecast(reign)
    assert f.treasury.cleanup and "Oñate" in f.treasury.cleanup[0][0]


def test_a_hidden_shuffle_is_no_draw_in_sight_but_a_card_dealt_face_up_is(content: Content) -> None:
    """The forecast's certainty and the review's luck read ``seen_draws``: the Hunt
    shuffles HUNTING DAY into the event deck face down (no chance until it is drawn),
    while the set-up's geniuses come to Court face up after the last office is filled.
    ``random_draws`` (undo, Back, saves) counts the shuffle and not the deal, as ever."""
    g = Game("the-planet-king", seed=0, content=content, keep_turn_starts=True)
    r = random.Random(0)
    for _ in range(40):
        g.choose(r.choice(g.decision.legal_ids))
    assert (g.state.phase, g.decision.prompt) == ("end-of-turn", "Choose a royal action")
    hunt = g.fork()
    random_draws, seen = hunt.random_draws, hunt.seen_draws
    hunt.choose("action:royal:hunt")
    assert (hunt.random_draws - random_draws, hunt.seen_draws - seen) == (1, 0)
    assert hunt.state.turn == g.state.turn and not hunt.over

    setup = Game("anni-mirabiles", seed=3, content=content)
    for choice in ("noble:francisco-pimentel", "noble:diego-carrillo"):
        setup.choose(choice)
    random_draws, seen = setup.random_draws, setup.seen_draws
    setup.choose("noble:diego-mexia-guzman")  # the Ambassador in Austria, the last office
    assert setup.state.court_geniuses == ["luis-de-gongora", "baltasar-gracian", None, None]
    assert (setup.random_draws - random_draws, setup.seen_draws - seen) == (0, 2)
    random_draws, seen = setup.random_draws, setup.seen_draws
    setup.choose("mistress:maria-de-chirel")  # the event deck is built, shuffled unseen
    assert (setup.random_draws - random_draws, setup.seen_draws - seen) == (1, 0)
