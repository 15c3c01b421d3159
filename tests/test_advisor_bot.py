"""Advisor-guided play as a bot: the expert's choice unless the advisor's playouts show
a clearly better one; reproducible from its seed, and never touching the game's fate
(Bots, batch simulation, an advisor; issue 16, section 3)."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from planet_king import report
from planet_king.advisor import bot as advisor_bot
from planet_king.advisor.bot import AdvisorBot
from planet_king.advisor.value import Outcome
from planet_king.bots import make_bot
from planet_king.cli import app
from planet_king.engine.game import Game


def _play(content, bot, scenario: str = "hothead", seed: int = 3) -> Game:
    game = Game(scenario, seed=seed, content=content)
    while game.decision is not None:
        game.choose(bot.choose(game))
    return game


def test_the_advisor_is_a_registered_bot() -> None:
    assert isinstance(make_bot("advisor", 1), AdvisorBot)


def test_the_bot_registry_imports_the_advisor_only_when_its_bot_is_made() -> None:
    """Issue 33 §3: the advisor plays its playouts with the bots; the bots never import
    the advisor back (nor the evaluator's model) until such a bot is asked for."""
    import subprocess
    import sys

    code = (
        "import sys\n"
        "from planet_king.bots import make_bot\n"
        "heavy = ('planet_king.advisor.search', 'planet_king.advisor.options',\n"
        "         'planet_king.advisor.bot',\n"
        "         'planet_king.bots.evaluator_bot', 'planet_king.evaluator.model')\n"
        "print(sorted(m for m in heavy if m in sys.modules))\n"
        "make_bot('advisor', 1)\n"
        "print(sorted(m for m in heavy if m in sys.modules))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout.splitlines()
    assert out == ["[]", "['planet_king.advisor.bot', 'planet_king.advisor.options']"]


def test_the_same_seed_plays_the_same_game(content) -> None:
    a = _play(content, AdvisorBot(7))
    b = _play(content, AdvisorBot(7))
    assert a.choices == b.choices
    assert a.log_digest() == b.log_digest()


def _play_untouched(content, bot: AdvisorBot, seed: int) -> Game:
    """A Hothead game played by ``bot``, checking that its thinking never drew from the
    game's RNG nor changed the game."""
    game = Game("hothead", seed=seed, content=content)
    while game.decision is not None:
        before = (game.rng.getstate(), game.random_draws, game.state.digest())
        choice = bot.choose(game)
        assert (game.rng.getstate(), game.random_draws, game.state.digest()) == before
        game.choose(choice)
    return game


def test_playouts_never_draw_from_the_games_rng_nor_change_the_game(content) -> None:
    bot = AdvisorBot(5, kinds=advisor_bot.ALL, playouts=12)
    game = _play_untouched(content, bot, 5)
    assert bot.spent > 0
    replayed = Game.replay("hothead", game.choices, seed=5, content=content)
    assert replayed.log_digest() == game.log_digest()


def test_decisions_not_worth_asking_follow_the_policy_bot(content) -> None:
    """No kind consulted: the expert's own game, move for move, and no playouts."""
    guided = AdvisorBot(11, kinds=frozenset())
    alone = _play(content, make_bot("expert", 11), "iupiter-hispano", 2)
    assert _play(content, guided, "iupiter-hispano", 2).choices == alone.choices
    assert guided.consulted == guided.spent == 0


def _fake_playouts(monkeypatch, value) -> None:
    """Playouts whose utility is ``value(option, k)`` for the k-th shared fate."""
    fates: dict[int, int] = {}

    def play_task(root, task):
        option, fate = task[0], task[1]
        k = fates.setdefault(fate, len(fates))
        v = value(option, k)
        return Outcome(v, v, {"defeat": 1.0}, truncated=False)

    monkeypatch.setattr(advisor_bot, "play_task", play_task)


def test_a_challenger_clearly_better_on_the_same_fates_replaces_the_policy_choice(
    monkeypatch,
) -> None:
    _fake_playouts(monkeypatch, lambda o, k: k % 3 + (1.0 if o == "b" else 0.0))
    assert AdvisorBot(1)._search(None, ("a", "b", "c"), "a", 0) == "b"


def test_a_gap_within_the_noise_keeps_the_policy_choice(monkeypatch) -> None:
    # b wins the screen's fates, then half the others: ahead by about one standard error
    def value(o: str, k: int) -> float:
        return (1.0 if k < advisor_bot.SCREEN or k % 2 else -1.0) if o == "b" else 0.0

    _fake_playouts(monkeypatch, value)
    bot = AdvisorBot(1)
    assert bot._search(None, ("a", "b"), "a", 0) == "a"
    assert bot.spent > 2 * advisor_bot.SCREEN  # b did better in the screen: asked further


def test_no_challenger_after_the_screen_spends_no_more(monkeypatch) -> None:
    _fake_playouts(monkeypatch, lambda o, k: 1.0 if o == "a" else 0.0)
    bot = AdvisorBot(1)
    assert bot._search(None, ("a", "b", "c"), "a", 0) == "a"
    assert bot.spent == 3 * advisor_bot.SCREEN


def test_anchored_the_evaluator_s_choice_ahead_on_the_shared_fates_wins_its_duel(
    monkeypatch,
) -> None:
    """As the advisor's duel (``advisor.search``): the evaluator's choice, named before
    any playout, is taken when it is ahead of the policy's on the fates they share, even
    by less than the two errors a challenger found by the playouts needs."""

    # b: ahead by about one standard error (see the test above); c: behind
    def value(o: str, k: int) -> float:
        if o == "b":
            return 1.0 if k < advisor_bot.SCREEN or k % 2 else -1.0
        return -1.0 if o == "c" else 0.0

    _fake_playouts(monkeypatch, value)
    monkeypatch.setattr(AdvisorBot, "_instant", staticmethod(lambda root, at: "b"))
    assert AdvisorBot(1, anchored=True)._search(None, ("a", "b", "c"), "a", 0) == "b"
    assert AdvisorBot(1)._search(None, ("a", "b", "c"), "a", 0) == "a"  # unanchored


def test_anchored_the_evaluator_s_choice_behind_loses_its_duel(monkeypatch) -> None:
    _fake_playouts(monkeypatch, lambda o, k: (k % 3) - (0.5 if o == "c" else 0.0))
    monkeypatch.setattr(AdvisorBot, "_instant", staticmethod(lambda root, at: "c"))
    bot = AdvisorBot(1, anchored=True)
    assert bot._search(None, ("a", "b", "c"), "a", 0) == "a"
    assert bot.spent > 3 * advisor_bot.SCREEN  # the duel was played beyond the screen


def test_full_search_plays_the_advisor_s_answer_but_the_policy_s_own_tie_break(
    monkeypatch,
) -> None:
    """``full``: the advisor's own search (``hint``'s) answers; where it recommends the
    policy's choice, the guided game keeps its own policy bot's (the expert breaks ties
    with its RNG, which the advisor's fresh bot does not share)."""
    from types import SimpleNamespace

    from planet_king.advisor import search

    answer = SimpleNamespace(recommended="b", policy_choice="b", playouts=10)
    monkeypatch.setattr(search, "advise", lambda root, **kw: answer)
    bot = AdvisorBot(1, full=10)
    assert bot._advised(None, "a", 0) == "a"  # the advisor's "b" was its policy's tie-break
    answer.policy_choice = "c"
    assert bot._advised(None, "a", 0) == "b"
    assert bot.spent == 20


def test_full_search_plays_the_horizon_it_is_given_and_hint_s_by_default(monkeypatch) -> None:
    from types import SimpleNamespace

    from planet_king.advisor import search

    horizons: list[int] = []

    def advise(root, **kw):
        horizons.append(kw["horizon"])
        return SimpleNamespace(recommended="a", policy_choice="a", playouts=1)

    monkeypatch.setattr(search, "advise", advise)
    AdvisorBot(1, full=10)._advised(None, "a", 0)
    AdvisorBot(1, full=10, full_horizon=1)._advised(None, "a", 0)
    assert horizons == [search.DEFAULT_HORIZON, 1]


def test_full_search_plays_the_same_game_from_the_same_seed_without_the_game_s_rng(
    content,
) -> None:
    games = []
    for _ in range(2):
        bot = AdvisorBot(5, kinds=advisor_bot.ALL, full=8)
        games.append(_play_untouched(content, bot, 5))
        assert bot.spent >= 8 * bot.consulted > 0
    assert games[0].choices == games[1].choices


def test_disputed_full_search_runs_only_where_the_evaluator_s_choice_is_not_the_policy_s(
    content, monkeypatch
) -> None:
    """``disputed``: the advisor's search is asked only where the evaluator's instant
    answer names another option than the policy's; elsewhere the policy's choice stands,
    no playout spent."""
    from types import SimpleNamespace

    from planet_king.advisor import search

    asked: list[int] = []

    def advise(root, **kw):
        asked.append(len(root.choices))
        return SimpleNamespace(recommended="x", policy_choice="x", playouts=1)  # the policy's

    monkeypatch.setattr(search, "advise", advise)
    monkeypatch.setattr(
        AdvisorBot, "_instant", staticmethod(lambda root, seed: root.decision.legal[-1].id)
    )
    game = Game("hothead", seed=3, content=content)
    bot = AdvisorBot(3, kinds=advisor_bot.ALL, full=1, disputed=True)
    disputed, choices = [], 0
    while game.decision is not None:
        legal = game.decision.legal_ids
        pick = bot.choose(game)
        if len(legal) > 1:
            choices += 1
            if legal[-1] != pick:
                disputed.append(len(game.choices))
        game.choose(pick)
    assert asked == disputed
    assert 0 < len(asked) < choices
    assert bot.consulted == len(asked)


def test_disputed_search_reuses_the_gate_s_instant_answer_and_plays_the_same_game(
    content, monkeypatch
) -> None:
    """The gate's instant answer is the one the search would compute (the same seed):
    passed on, not computed twice, and the game is the same as with it computed again."""
    from planet_king.advisor import search

    real, given = search.advise, []

    def advise(root, **kw):
        given.append(kw["instant"])
        return real(root, **kw)

    monkeypatch.setattr(search, "advise", advise)
    reused = _play_untouched(
        content, AdvisorBot(5, kinds=advisor_bot.ALL, full=8, disputed=True), 5
    )
    assert given and all(given)

    monkeypatch.setattr(search, "advise", lambda root, **kw: real(root, **kw | {"instant": None}))
    again = _play_untouched(content, AdvisorBot(5, kinds=advisor_bot.ALL, full=8, disputed=True), 5)
    assert reused.choices == again.choices


def test_disputed_without_a_full_search_is_refused_not_ignored() -> None:
    with pytest.raises(ValueError, match="full"):
        AdvisorBot(1, disputed=True)


def test_simulate_plays_the_advisor_bot() -> None:
    out = CliRunner().invoke(
        app, ["simulate", "hothead", "--games", "1", "--bot", "advisor", "--json"]
    )
    assert out.exit_code == 0, out.output
    assert json.loads(out.stdout)["summary"]["games"] == 1


def test_the_report_plays_the_advisor_in_the_short_scenarios_only(content, monkeypatch) -> None:
    asked: list[tuple[str, str]] = []

    def simulate(scenario, games, seed, bot, content, workers=1, cluster=None):
        asked.append((scenario, bot))
        game = {"final_vp": 1, "victory_level": "defeat", "vp_by_turn": [1], "ledger": {}}
        levels = {"major-victory": 0, "historical-outcome": 0, "defeat": 1}
        levels["neither-king-nor-planet"] = 0
        return {
            "scenario": scenario,
            "bot": bot,
            "seed": seed,
            "games": [game],
            "summary": {"victory_levels": levels},
        }

    monkeypatch.setattr(report, "simulate", simulate)
    text, _ = report.build(1, 1, content, ("expert", "advisor"))
    assert {s for s, b in asked if b == "advisor"} == {
        "hothead",
        "iupiter-hispano",
        "anni-mirabiles",
        "anni-horribiles",
    }
    assert {s for s, b in asked if b == "expert"} == set(report.SCENARIOS)
    assert "advisor: scenarios of 4 turns or fewer only" in text
    paired = text.split("## Advisor-guided play against the expert bot alone")[1]
    table = paired.split("##")[0]
    assert "| anni-mirabiles | 1 |" in table and "| the-planet-king" not in table


def test_action_types_and_wars_are_worth_playouts_in_the_one_turn_scenarios_only(
    content,
) -> None:
    """Where a game is one turn its action types are few and decide it, and a playout sees
    a war's cost; in the longer scenarios action types are a quarter of all decisions and
    a war's cost falls after the playout stops at the next turn, so the bot leaves both to
    the expert. A Royal Mistress is asked everywhere."""
    bot = AdvisorBot(1)
    short = Game("iupiter-hispano", seed=1, content=content)
    long = Game("anni-mirabiles", seed=1, content=content)
    for kinds in (("type:military", "type:court"), ("war:a", "war:b")):
        assert bot._worth_asking(short, kinds)
        assert not bot._worth_asking(long, kinds)
    assert bot._worth_asking(long, ("mistress:a", "mistress:b"))
