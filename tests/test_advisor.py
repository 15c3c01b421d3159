"""The advisor values the legal options by playouts toward the player's goal, reports
ties, recommends the policy bot's own choice among them, and never changes the game
(Bots, batch simulation, an advisor; Victory Levels; End of Turn Phase)."""

from __future__ import annotations

import itertools
import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

from planet_king import saves
from planet_king.advisor.instant import evaluator_advice
from planet_king.advisor.options import (
    DUEL_PAIRS,
    OptionValue,
    beats,
    conclude,
    paired_gap,
    tied,
)
from planet_king.advisor.playout import fork, play_on, play_task, root_of
from planet_king.advisor.search import _halve, advise, instant_choice, moves
from planet_king.advisor.value import (
    AUTOMATIC_DEFEAT,
    final_outcome,
    hazard,
    level_shares,
    rates,
    truncated_outcome,
    turn_gain,
    utility,
)
from planet_king.bots import make_bot
from planet_king.cli import app
from planet_king.engine.forecast import forecast, level_for
from planet_king.engine.game import Game
from planet_king.evaluator.model import default_evaluator
from planet_king.sim import bot_seed, game_seed


def _position(content, scenario: str = "iupiter-hispano", n: int = 6) -> Game:
    game = Game(scenario, seed=4, content=content)
    rng = random.Random(2)
    for _ in range(n):
        game.choose(rng.choice(game.decision.legal_ids))
    return game


def _option(name: str, values: list[float]) -> OptionValue:
    v = OptionValue(name)
    for k, x in enumerate(values):
        v.values[k], v.vps[k] = x, x
    return v


# ---------------------------------------------------------------- the utility
def test_utility_ranks_victory_levels_before_vp_and_automatic_defeat_last() -> None:
    """Victory Levels; Automatic Defeat: the level decides, VP only break ties, and an
    automatic defeat is worse than every level whatever the VP earned."""
    order = [AUTOMATIC_DEFEAT, "neither-king-nor-planet", "defeat", "historical-outcome"]
    order.append("major-victory")
    for worse, better in itertools.pairwise(order):
        assert utility(worse, 30) < utility(better, 0)
    assert utility("defeat", 9) > utility("defeat", 8)


def test_hothead_is_valued_by_its_own_victory_condition(content) -> None:
    """Scenarios / "Hothead": Major Victory or Defeat, no VP: the value is the level."""
    game = Game("hothead", seed=3, content=content)
    bot = make_bot("greedy", 3)
    while game.decision is not None:
        game.choose(bot.choose(game))
    o = final_outcome(game)
    assert game.state.victory_level in ("major-victory", "defeat")
    assert o.value == utility(game.state.victory_level, 0)


def test_a_game_lost_by_automatic_defeat_is_valued_as_one(content) -> None:
    """End of Turn / automatic defeat: the engine records it as a Defeat (R45); the
    advisor values it below Neither King nor Planet."""
    for seed in range(40):
        game = Game("the-planet-king", seed=seed, content=content)
        bot = make_bot("greedy", seed)
        while game.decision is not None:
            game.choose(bot.choose(game))
        if game.state.ended_by == "automatic-defeat":
            o = final_outcome(game)
            assert o.levels == {AUTOMATIC_DEFEAT: 1.0}
            assert o.value < utility("neither-king-nor-planet", 0)
            return
    pytest.fail("no greedy game of The Planet King ended in automatic defeat in 40 seeds")


def test_a_truncated_playout_stops_at_the_next_turn_and_is_valued_by_the_forecast(
    content,
) -> None:
    """End of Turn Phase: a playout of horizon 1 plays this turn's End of Turn and stops
    at the next turn's start, where the forecast's tables and margins value it."""
    game = Game("the-planet-king", seed=14, content=content, keep_turn_starts=True)
    option = game.decision.legal_ids[0]
    play = play_on(game, option, 5, 6, horizon=1)
    if play.over:  # this fate ends the game at the first End of Turn: try another
        play = play_on(game, option, 8, 9, horizon=1)
    assert not play.over and play.state.turn == game.state.turn + 1
    f = forecast(play)
    turns_left = f.last_turn - f.turn + 1
    projected = f.vp_now + turn_gain(f.table_vp) * turns_left
    survive = (1 - hazard(f.worst_margin)) ** turns_left
    shares = level_shares(play, projected, rates("greedy").spread * turns_left**0.5)
    expected = survive * sum(s * utility(lv, projected) for lv, s in shares.items()) + (
        1 - survive
    ) * utility(AUTOMATIC_DEFEAT, f.vp_now)
    o = truncated_outcome(play)
    assert o.truncated and o.value == pytest.approx(expected)
    assert sum(o.levels.values()) == pytest.approx(1.0)
    assert play_task(game, (option, 5, 6, "greedy", 1, "forecast")).value == pytest.approx(
        play_task(game, (option, 5, 6, "greedy", 1, "forecast")).value
    )


def test_a_truncated_playout_may_be_valued_by_the_learned_evaluator(content) -> None:
    """Issue 29: the evaluator as the playouts' leaf value. A playout stopped at the next
    turn's start (End of Turn Phase played) is worth what the evaluator predicts for the
    position it reached; a playout played to the end is worth its own outcome whatever
    the leaf; an unknown leaf valuation is an error, never a silent default."""
    game = Game("the-planet-king", seed=14, content=content, keep_turn_starts=True)
    option = game.decision.legal_ids[0]
    fate = next(f for f in range(5, 50) if not play_on(game, option, f, 6, horizon=1).over)
    play = play_on(game, option, fate, 6, horizon=1)
    o = play_task(game, (option, fate, 6, "greedy", 1, "evaluator"))
    p = default_evaluator().predict(play)
    assert o.truncated and o.value == pytest.approx(p.value) and o.vp == pytest.approx(p.vp)
    assert o.value != pytest.approx(truncated_outcome(play).value)
    full = play_task(game, (option, fate, 6, "greedy", 0, "evaluator"))
    assert not full.truncated
    assert full == play_task(game, (option, fate, 6, "greedy", 0, "forecast"))
    with pytest.raises(ValueError, match="unknown leaf valuation 'oracle'"):
        play_task(game, (option, fate, 6, "greedy", 1, "oracle"))


def test_a_projection_spreads_over_the_victory_levels_by_its_thresholds(content) -> None:
    """Victory Levels (Anni Mirabiles: 15+ Major Victory, 11-14 Historical Outcome, 7-10
    Defeat): a projected 15 VP give or take some is a Major Victory a little over half
    the time, a projection on no spread is the one level it reaches, and more VP never
    lower the expected level."""
    game = Game("anni-mirabiles", seed=2, content=content)
    exact = level_shares(game, 14.0, 0.0)
    assert exact == {"historical-outcome": 1.0}
    spread = level_shares(game, 15.0, 2.0)
    assert sum(spread.values()) == pytest.approx(1.0)
    assert 0.5 < spread["major-victory"] < 0.7
    assert spread["defeat"] > 0 and spread["neither-king-nor-planet"] > 0

    def points(vp: float) -> float:
        return sum(s * utility(lv, 0) for lv, s in level_shares(game, vp, 2.5).items())

    values = [points(vp / 2) for vp in range(0, 41)]
    assert values == sorted(values)
    assert level_for(game, 15) == "major-victory"


def test_full_playouts_play_to_the_end(content) -> None:
    game = Game("anni-mirabiles", seed=2, content=content, keep_turn_starts=True)
    o = play_task(game, (game.decision.legal_ids[0], 1, 2, "greedy", 0, "forecast"))
    assert not o.truncated


# ---------------------------------------------------------------- ties
def test_options_within_one_standard_error_of_the_best_are_tied() -> None:
    best = _option("a", [3, 1, 2, 3, 1, 2, 2, 2])
    close = _option("b", [2, 1, 2, 3, 1, 2, 2, 2])  # gap 1/8, paired s.e. 1/8: tied
    far = _option("c", [0, -1, 0, 1, -1, 0, 0, 0])  # 2 less on every shared fate: not tied
    assert tied(best, close)
    assert not tied(best, far)
    # four fates all 2 worse look certain, but four are too few to trust their s.e.
    assert tied(best, _option("d", [1, -1, 0, 1]))


def test_only_a_lead_of_more_than_two_standard_errors_overrides_the_policy() -> None:
    mine = _option("mine", [2, 1, 2, 3, 1, 2, 2, 2])
    # ahead by 1/4 on these fates, paired s.e. about 0.16: not tied, yet not clear
    close = _option("close", [3, 1, 2, 3, 1, 2, 3, 2])
    clear = _option("clear", [3, 2, 3, 4, 2, 3, 3, 3])  # 1 more on every fate
    assert not tied(close, mine) and not beats(close, mine)
    assert beats(clear, mine) and not beats(mine, clear)
    assert not beats(mine, mine)
    # four fates all 1 better look certain, but four are too few to trust their s.e.
    assert not beats(_option("few", [3, 2, 3, 4]), mine)


def _recommended(*values: OptionValue) -> str:
    mine = next(v for v in values if v.policy_choice)
    return conclude(list(values), mine, "expert", 2, 0, 0.0).recommended


def test_the_evaluator_s_choice_wins_its_duel_with_the_policy_s_when_ahead() -> None:
    """Two candidates named before any playout, the bot's and the evaluator's: the one
    ahead on the playouts they share is recommended, once they share DUEL_PAIRS."""
    mine = _option("mine", [2, 1, 2, 3, 1, 2, 2, 2])
    theirs = _option("theirs", [3, 1, 2, 3, 1, 2, 3, 2])  # ahead, within two errors
    mine.policy_choice, theirs.instant_choice = True, True
    assert not beats(theirs, mine)
    assert _recommended(mine, theirs) == "theirs"
    # behind on the shared playouts: the bot's choice stays
    behind = _option("behind", [1, 1, 2, 3, 1, 2, 2, 2])
    behind.instant_choice = True
    assert _recommended(mine, behind) == "mine"
    # too few shared playouts to weigh them: the bot's choice stays
    early = _option("early", [9] * (DUEL_PAIRS - 1))
    early.instant_choice = True
    assert paired_gap(early, mine)[2] < DUEL_PAIRS
    assert _recommended(mine, early) == "mine"


def test_an_option_clearly_better_than_the_bot_s_wins_over_the_duel() -> None:
    mine = _option("mine", [2, 1, 2, 3, 1, 2, 2, 2])
    theirs = _option("theirs", [3, 1, 2, 3, 1, 2, 3, 2])
    clear = _option("clear", [4, 3, 4, 5, 3, 4, 4, 4])
    mine.policy_choice, theirs.instant_choice = True, True
    assert _recommended(mine, theirs, clear) == "clear"


def test_successive_halving_keeps_the_evaluator_s_choice() -> None:
    options = [_option(f"o{i}", [float(i)] * 8) for i in range(6)]
    options[0].instant_choice = True  # the worst on these playouts
    options[1].policy_choice = True
    kept = _halve(options, 0)
    assert options[0] in kept and options[1] in kept
    assert options[0].dropped_in is None


def test_successive_halving_never_leaves_the_policy_choice_without_a_rival() -> None:
    """Two options stay to the end: with the others clearly behind the policy's choice,
    the best of them is kept, so the time left is spent on the comparison that decides
    and an early unlucky run can still be overturned (with one option left the search
    stopped, the rest of its time unspent)."""
    mine = _option("mine", [5.0, 6.0, 5.0, 6.0, 5.0, 6.0, 5.0, 6.0])
    mine.policy_choice = True
    second = _option("second", [2.0, 3.0, 2.0, 3.0, 2.0, 3.0, 2.0, 2.0])
    third = _option("third", [1.0, 1.0, 2.0, 1.0, 1.0, 1.0, 2.0, 1.0])
    kept = _halve([third, second, mine], 0)
    assert kept == [mine, second] and second.dropped_in is None
    assert third.dropped_in == 0
    assert _halve([mine, second], 1) == [mine, second]


def test_advice_marks_the_evaluator_s_instant_choice(content) -> None:
    game = _position(content, "iupiter-hispano", 6)
    advice = advise(game, playouts=12, seed=5, workers=1)
    [marked] = [v for v in advice.options if v.instant_choice]
    assert marked.option_id == instant_choice(game, 5)
    plain = advise(game, playouts=12, seed=5, workers=1, anchored=False)
    assert not any(v.instant_choice for v in plain.options)
    # valued on other fates, the choice is the evaluator's over those fates
    other = advise(game, playouts=12, seed=5, workers=1, instant_fates=3)
    [marked] = [v for v in other.options if v.instant_choice]
    reply = evaluator_advice(game, seed=5, fates=3)
    assert reply["fates"] == 3
    assert (
        marked.option_id
        == instant_choice(game, 5, 3)
        == max((o for o in reply["options"] if not o.get("back")), key=lambda o: o["value"])[
            "option"
        ]
    )


def test_the_evaluator_s_choice_is_a_move_never_the_menu_s_way_back(content) -> None:
    """An action menu offers "back" to the menu of action types: not a move, so never
    the evaluator's candidate (the regret references do not value it either), even
    where the evaluator values going back highest (as at the regret position of seed
    2932's Iupiter Hispano, its 16th decision, found so: the advisor recommended "back")."""
    seed = game_seed(2932, 0)
    game = Game("iupiter-hispano", seed=seed, content=content, keep_turn_starts=True)
    bot = make_bot("expert", bot_seed(seed))
    seen = 0
    while game.decision is not None and len(game.choices) <= 15:
        if "back" in game.decision.legal_ids:
            seen += 1
            assert instant_choice(fork(game), seed) != "back"
        game.choose(bot.choose(game))
    assert seen


def test_the_advisor_values_the_moves_not_the_action_menu_s_way_back(content) -> None:
    """An action menu's "back" to the menu of action types is a way through the menus,
    not a move: the advisor gives it no playouts (found at the regret position of seed
    2901's Anni Horribiles, its 10th decision, where full playouts recommended "back"),
    unless it is the policy's own choice, which is always valued."""
    seed = game_seed(2932, 0)
    game = Game("iupiter-hispano", seed=seed, content=content, keep_turn_starts=True)
    bot = make_bot("expert", bot_seed(seed))
    while "back" not in game.decision.legal_ids:
        game.choose(bot.choose(game))
    advice = advise(game, playouts=12, seed=5, workers=1)
    valued = {v.option_id for v in advice.options}
    assert valued == set(game.decision.legal_ids) - {"back"}
    assert "back" in moves(game.decision, "back")
    assert "back" not in moves(game.decision, advice.policy_choice)


def test_advice_covers_every_option_and_leaves_the_game_alone(content) -> None:
    game = _position(content)
    digest, choices = game.state.digest(), list(game.choices)
    advice = advise(game, playouts=40, seed=1, workers=1)
    assert {v.option_id for v in advice.options} == set(game.decision.legal_ids) - {"back"}
    assert game.state.digest() == digest and game.choices == choices
    assert advice.options[0].tied_with_best


def test_a_policy_that_touches_the_board_never_changes_the_game(content, monkeypatch) -> None:
    """The advisor never changes the game it is asked about, even when its policy bot
    changes the board it is shown (the expert bot did, once)."""
    from planet_king import bots

    class Meddler:
        """Empties the Treasury of the first board it is shown (the advisor's position)."""

        name = "meddler"
        meddled = False

        def __init__(self, seed: int) -> None:
            self.rng = random.Random(seed)

        def choose(self, game: Game) -> str:
            if not Meddler.meddled:
                Meddler.meddled = True
                game.state.treasury = 0
            return self.rng.choice(game.decision.legal_ids)

    monkeypatch.setitem(bots.BOTS, "meddler", Meddler)
    game = Game("iupiter-hispano", seed=4, content=content, keep_turn_starts=True)
    game.state.treasury = 5
    digest = game.state.digest()
    advise(game, playouts=6, seed=1, workers=1, policy="meddler")
    assert Meddler.meddled
    assert game.state.treasury == 5 and game.state.digest() == digest


@pytest.mark.slow
def test_recommendation_is_the_policy_choice_unless_clearly_beaten(content) -> None:
    """The advisor keeps the bot's own choice among ties, and departs from it only for
    an option better by more than two standard errors, or for the evaluator's choice
    when that is ahead of the bot's on the playouts they share."""
    seen_tie = seen_override = False
    for n in (2, 4, 6, 8, 10):
        game = _position(content, "iupiter-hispano", n)
        advice = advise(game, playouts=60, seed=n, workers=1)
        mine = advice.option(advice.policy_choice)
        assert mine.policy_choice
        assert advice.policy_choice == make_bot(advice.policy, n).choose(game)
        [pick] = [v for v in advice.options if v.recommended]
        assert pick.option_id == advice.recommended
        best = advice.options[0]
        if mine.tied_with_best:
            assert advice.recommended == advice.policy_choice
            seen_tie = True
        theirs = next(v for v in advice.options if v.instant_choice)
        if beats(best, mine):
            assert advice.recommended == best.option_id and not tied(best, mine)
            seen_override = True
        elif theirs is not mine and paired_gap(theirs, mine)[0] > 0:
            assert advice.recommended == theirs.option_id  # the evaluator's, ahead
        else:
            assert advice.recommended == advice.policy_choice
    assert seen_tie or seen_override


def test_a_playout_budget_is_spent_and_never_exceeded(content) -> None:
    game = _position(content, "iupiter-hispano", 6)
    for budget in (7, 50, 123):
        advice = advise(game, playouts=budget, seed=2, workers=1)
        assert advice.playouts == budget


def test_successive_halving_keeps_the_policy_choice_to_the_end(content) -> None:
    game = _position(content, "the-planet-king", 6)
    advice = advise(game, playouts=60, seed=3, workers=1)
    mine = advice.option(advice.policy_choice)
    assert mine.dropped_in is None
    # the last round may be cut by the budget: the k-th playouts go to every option first
    assert mine.playouts >= max(v.playouts for v in advice.options) - 1


def test_common_random_numbers_same_seeds_for_each_option(content, monkeypatch) -> None:
    """The k-th playout of every option is played with the same seeds."""
    from planet_king.advisor import search

    seen: list[tuple[str, int, int]] = []
    real = search.play_task

    def spy(root, task):
        seen.append((task[0], task[1], task[2]))
        return real(root, task)

    monkeypatch.setattr(search, "play_task", spy)
    game = _position(content, "iupiter-hispano", 6)
    advise(game, playouts=20, seed=5, workers=1)
    by_option: dict[str, list[tuple[int, int]]] = {}
    for option, fate, policy in seen:
        by_option.setdefault(option, []).append((fate, policy))
    runs = sorted(by_option.values(), key=len)
    for run in runs:
        assert run == runs[-1][: len(run)]


@pytest.mark.parametrize(
    ("scenario", "leaf"), [("the-planet-king", "evaluator"), ("anni-horribiles", "forecast")]
)
def test_the_leaf_valuation_is_the_scenarios_unless_asked(
    content, monkeypatch, scenario: str, leaf: str
) -> None:
    """Issue 29: the learned evaluator values The Planet King's and Anni Mirabiles'
    truncated playouts (it predicts their end better than the forecast's rates); the
    others keep the forecast; a leaf asked for is the one used."""
    from planet_king.advisor import search

    leaves: list[str] = []
    real = search.play_task

    def spy(root, task):
        leaves.append(task[5])
        return real(root, task)

    monkeypatch.setattr(search, "play_task", spy)
    game = _position(content, scenario, 6)
    advise(game, playouts=4, seed=5, workers=1)
    assert set(leaves) == {leaf}
    leaves.clear()
    other = "forecast" if leaf == "evaluator" else "evaluator"
    advise(game, playouts=4, seed=5, workers=1, leaf=other)
    assert set(leaves) == {other}


def test_advice_is_the_same_in_one_process_or_several(content) -> None:
    """Every playout has its own seeds: the pool changes the speed, not the answer."""
    game = _position(content, "the-planet-king", 6)
    alone = advise(game, playouts=24, seed=3, workers=1)
    pooled = advise(game, playouts=24, seed=3, workers=2)
    assert [v.as_dict() for v in alone.options] == [v.as_dict() for v in pooled.options]
    assert alone.recommended == pooled.recommended


def test_playouts_forked_from_a_turn_start_match_full_replays(content) -> None:
    """A playout forks its position from the last turn start; from a game that keeps
    no turn starts the fork is a full replay. The games played are the same."""
    game = _position(content, "iupiter-hispano", 30)
    assert game.turn_starts is None
    kept = Game.replay(
        game.scenario.id, game.choices, seed=game.seed, content=content, keep_turn_starts=True
    )
    assert kept.turn_starts and kept.turn_starts[-1].choices > 0
    for option in game.decision.legal_ids:
        for fate, policy in ((1, 2), (77, 5)):
            replayed = play_on(game, option, fate, policy)
            forked = play_on(kept, option, fate, policy)
            assert replayed.state.digest() == forked.state.digest()
            assert replayed.log_digest() == forked.log_digest()


def test_the_advisor_s_root_is_the_game_itself_once_it_keeps_its_turn_starts(content) -> None:
    """Playouts and the instant answer fork from a root that keeps its turn starts: a
    game that keeps none is rebuilt once (same position), one that keeps them is used
    as it is, never copied again."""
    game = _position(content, "iupiter-hispano", 30)
    assert game.turn_starts is None
    root = root_of(game)
    assert root is not game and root.turn_starts
    assert root.state.digest() == game.state.digest()
    assert root.decision == game.decision
    assert root_of(root) is root


def test_without_a_process_pool_the_advice_is_the_same(content, monkeypatch) -> None:
    """Where no worker process can start, the playouts run in this process."""
    from planet_king.advisor import pool as advisor_pool

    game = _position(content, "iupiter-hispano", 6)
    alone = [v.as_dict() for v in advise(game, playouts=12, seed=4, workers=1).options]

    def no_processes(self) -> None:
        raise OSError("no processes here")

    monkeypatch.setattr(advisor_pool.PlayoutPool, "start", no_processes)
    assert [v.as_dict() for v in advise(game, playouts=12, seed=4, workers=2).options] == alone


# ---------------------------------------------------------------- the command
def test_hint_json_keeps_the_old_fields_and_adds_the_new(content, tmp_path) -> None:
    game = _position(content)
    path = saves.save_game(game, saves_dir=tmp_path)
    result = CliRunner().invoke(
        app, ["hint", str(path), "--playouts", "20", "--workers", "1", "--json"]
    )
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["decision"] == game.decision.prompt
    assert data["playouts"] == 20 and isinstance(data["elapsed_s"], float)
    assert {o["option"] for o in data["options"]} == set(game.decision.legal_ids)
    assert sum(o["playouts"] for o in data["options"]) == 20
    for o in data["options"]:
        for key in ("mean_vp", "standard_error", "victory_levels", "automatic_defeat"):
            assert key in o
        assert isinstance(o["label"], str) and isinstance(o["description"], str)
        assert isinstance(o["value"], float) and isinstance(o["tied_with_best"], bool)
        # every playout ends at one level (an automatic defeat counts as a Defeat, R45)
        assert sum(o["victory_levels"].values()) == pytest.approx(1, abs=0.01)
        assert o["automatic_defeat"] <= o["victory_levels"]["defeat"] + 0.001
    [pick] = [o for o in data["options"] if o["recommended"]]
    assert pick["option"] == data["recommended"]
    assert pick["tied_with_best"] or pick["policy_choice"]  # the best, or the bot's own
    earlier = CliRunner().invoke(
        app, ["hint", str(path), "--at", "2", "--playouts", "8", "--workers", "1", "--json"]
    )
    assert earlier.exit_code == 0, earlier.stderr
    bad = CliRunner().invoke(app, ["hint", str(path), "--at", "999"])
    assert bad.exit_code == 1 and "only" in bad.stderr
    both = CliRunner().invoke(app, ["hint", str(path), "--seconds", "1", "--playouts", "5"])
    assert both.exit_code == 2 and "not both" in both.stderr


def test_hint_json_says_what_each_action_does_as_the_screens_do(content, tmp_path) -> None:
    """Each option's ``description`` is what the game's screens print after its label
    (``present.option_text``, the plain text and the full screen): an action's effect
    and cost; "" for one not allowed (its reason is said instead)."""
    from planet_king import present

    game = _position(content)
    game.choose("type:royal")  # the royal action menu
    path = saves.save_game(game, saves_dir=tmp_path)
    result = CliRunner().invoke(
        app, ["hint", str(path), "--playouts", "8", "--workers", "1", "--json"]
    )
    assert result.exit_code == 0, result.stderr
    said = {
        o["option"]: (o["label"], o["description"]) for o in json.loads(result.stdout)["options"]
    }
    # the menu's "back" is a way through the menus, not a move: the advisor values it not
    assert set(said) == set(game.decision.legal_ids) - {"back"}
    for option, (label, description) in said.items():
        shown = present.option_text(game, option, label)
        assert shown == (f"{label}: {description}" if description else label)
    assert said["action:royal:hunt"][1] == (
        "HUNTING DAY is shuffled into the event deck: +1 happiness when it is played"
    )


@pytest.mark.parametrize(
    ("scenario", "leaf"),
    [("the-planet-king", "the learned evaluator"), ("anni-horribiles", "the forecast")],
)
def test_hint_says_what_values_a_truncated_playout(
    content, tmp_path, scenario: str, leaf: str
) -> None:
    """Issue 29: hint's plain text names the leaf its playouts were valued by (it said
    "the forecast" where the learned evaluator values them)."""
    path = saves.save_game(_position(content, scenario, 6), saves_dir=tmp_path)
    result = CliRunner().invoke(app, ["hint", str(path), "--playouts", "4", "--workers", "1"])
    assert result.exit_code == 0, result.stderr
    assert f"(playouts played 2 End of Turn(s) on, then {leaf})" in result.stdout


def test_hint_caps_workers_at_the_cores(content, tmp_path, monkeypatch) -> None:
    """issue 15: more workers than cores only when asked."""
    from planet_king.advisor import pool as advisor_pool

    monkeypatch.setattr(advisor_pool, "cores", lambda: 1)
    game = _position(content)
    path = saves.save_game(game, saves_dir=tmp_path)
    result = CliRunner().invoke(app, ["hint", str(path), "--playouts", "4", "--workers", "9"])
    assert result.exit_code == 0, result.stderr
    assert "9 workers capped at 1" in result.stderr


def _children(pid: int) -> set[int]:
    """Processes whose parent is ``pid`` (Linux /proc)."""
    found = set()
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                found.add(int(entry.name))
    return found


def _cpu_ticks(pid: int) -> int:
    """The user and system CPU time a process has used, in clock ticks (/proc)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return 0
    fields = stat.rsplit(")", 1)[1].split()
    return int(fields[11]) + int(fields[12])  # utime, stime: fields 14 and 15 of stat


def _alive(pid: int) -> bool:
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"


@pytest.mark.slow
@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM])
def test_hint_stops_with_its_workers_on_a_signal(content, tmp_path, sig) -> None:
    """issue 15, item 8: a long `hint` stops on SIGINT or SIGTERM (within a second or so
    on a quiet machine; no wall-clock assert, which load breaks), and its worker
    processes stop with it."""
    game = _position(content, "the-planet-king", 6)
    path = saves.save_game(game, saves_dir=tmp_path)
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "planet_king.cli",
            "hint",
            str(path),
            "--playouts",
            "1000000",
            "--workers",
            "2",
            "--oversubscribe",
            "--horizon",
            "0",
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    try:
        workers: set[int] = set()
        for _ in range(300):
            workers = _children(proc.pid)
            if len(workers) == 2:
                break
            time.sleep(0.1)
        assert len(workers) == 2, "the workers never started"
        # well into the playouts: each worker has run a tenth of a second of CPU (its CPU
        # time, not the wall clock's, which a loaded machine stretches)
        for _ in range(3000):
            if all(_cpu_ticks(w) >= 10 for w in workers):
                break
            time.sleep(0.01)
        os.kill(proc.pid, sig)
        # a million playouts would take many minutes: ending at all is ending on the signal
        code = proc.wait(timeout=90)
        for _ in range(3000):
            if not any(_alive(w) for w in workers):
                break
            time.sleep(0.01)
        assert not any(_alive(w) for w in workers)
        assert code == (130 if sig == signal.SIGINT else 128 + signal.SIGTERM)
        assert b"Traceback" not in proc.stderr.read()
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()


def test_the_advisor_service_answers_again_with_the_same_warm_workers(content) -> None:
    """The TUI's advisor process keeps its workers: a second question starts none."""
    game = _position(content)
    proc = subprocess.Popen(
        [sys.executable, "-m", "planet_king.advisor.server"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        request = {"save": saves.dumps(game), "seed": 1, "playouts": 10}
        answers, workers = [], []
        for _ in range(2):
            proc.stdin.write(json.dumps(request) + "\n")
            proc.stdin.flush()
            answers.append(json.loads(proc.stdout.readline()))
            workers.append(_children(proc.pid))
        assert all(a["ok"] for a in answers)
        assert answers[0]["options"] == answers[1]["options"]
        assert workers[0] == workers[1]
        proc.stdin.write("not json\n")
        proc.stdin.flush()
        bad = json.loads(proc.stdout.readline())
        assert not bad["ok"] and bad["error"]
        proc.stdin.close()
        assert proc.wait(timeout=10) == 0
        assert not any(_alive(w) for w in workers[0])
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()


def test_hint_refuses_the_advisor_bot_as_its_own_playout_policy(content, tmp_path) -> None:
    """The advisor bot plays playouts of its own: as the hint's policy it would play
    playouts inside every playout. It is refused in one line, as an unknown bot is."""
    path = saves.save_game(_position(content), saves_dir=tmp_path)
    for policy, why in (("advisor", "plays playouts of its own"), ("oracle", "is not a bot")):
        result = CliRunner().invoke(app, ["hint", str(path), "--policy", policy])
        assert result.exit_code == 2 and why in result.stderr and "expert" in result.stderr
        assert "Traceback" not in result.stderr + result.stdout


def test_live_analysis_keeps_every_option_playing_until_told_to_stop(content) -> None:
    """Issue 29 (3): a live analysis reports after every round, drops no option (every
    figure keeps improving) and stops when its listener says so."""
    game = _position(content)
    seen: list[list[int]] = []

    def update(advice) -> bool:
        seen.append([v.playouts for v in advice.options])
        return len(seen) < 3

    advice = advise(game, seconds=600, seed=5, workers=1, on_round=update, max_round=1)
    assert len(seen) == 3
    legal = len(game.decision.legal_ids)
    assert [sorted(set(counts)) for counts in seen] == [[1], [2], [3]]
    assert all(len(counts) == legal for counts in seen)
    assert all(v.dropped_in is None for v in advice.options)
    assert sum(v.recommended for v in advice.options) == 1
