"""The reign review (issue 30): blunders found, ill fortune named, the account adds up."""

from __future__ import annotations

import json
import math
import re
import shutil
from dataclasses import replace
from pathlib import Path

import pytest
from typer.testing import CliRunner

from planet_king import saves
from planet_king.advisor.value import mean, stderr
from planet_king.bots.expert import ExpertBot
from planet_king.cli import app
from planet_king.content.loader import default_data_dir, load_content
from planet_king.engine.forecast import defeat_warnings
from planet_king.engine.game import Game, GameOptions
from planet_king.engine.rules import court
from planet_king.evaluator.model import default_evaluator
from planet_king.review import QUICK, luck_of, render, review_game, settle
from planet_king.review.account import strokes
from planet_king.review.decisions import errors
from planet_king.review.model import Step
from planet_king.review.walk import measure
from planet_king.sim import bot_seed

SCENARIO = "anni-mirabiles"


def expert_game(seed: int, *, content=None, options=None) -> Game:
    g = Game(SCENARIO, seed=seed, content=content or load_content(), options=options)
    bot = ExpertBot(bot_seed(seed))
    while g.decision is not None:
        g.choose(bot.choose(g))
    return g


def reviewed(game: Game):
    review = review_game(game, settings=QUICK, evaluator=default_evaluator(), with_par=False)
    return review, settle(review)


# ---------------------------------------------------------------- a planted blunder
# The seeds searched for a blunder to plant, the first that gives one (found by this
# search over seeds 1-39) tried first: the search is the dearest part of the test (every
# choice's defeat warnings) and the test is about the review, not the search. Should play
# change so that this seed gives none, the search goes on through the others.
FIRST_PLANTED = 32
PLANT_SEEDS = (FIRST_PLANTED, *(s for s in range(1, 40) if s != FIRST_PLANTED))


def blundered_game() -> tuple[Game, int]:
    """An expert game with one blunder planted: at a decision where an option brings
    an automatic defeat at this End of Turn (the forecast's warning) and the expert's own
    choice does not, that option is taken, and the expert plays on. The first such
    decision of the first seeds where the defeat does come (the expert cannot undo it).
    Returns the game and the blunder's choice number."""
    for seed in PLANT_SEEDS:
        plain = expert_game(seed)
        g = Game(SCENARIO, seed=seed, keep_turn_starts=True, content=load_content())
        for mine in plain.choices:
            warned = defeat_warnings(g)
            if warned and mine not in warned:
                trial = g.fork()
                turn = trial.state.turn
                trial.choose(next(o for o in trial.decision.legal_ids if o in warned))
                blunder = len(trial.choices)
                bot = ExpertBot(bot_seed(seed))
                while trial.decision is not None:
                    trial.choose(bot.choose(trial))
                s = trial.state
                if s.ended_by == "automatic-defeat" and s.turn == turn:
                    return trial, blunder
            g.choose(mine)
    raise AssertionError(f"no certain automatic defeat to plant in {len(PLANT_SEEDS)} expert games")


@pytest.mark.slow  # a game searched for a blunder to plant, reviewed
def test_planted_blunder_ranks_first_among_errors():
    game, blunder = blundered_game()
    review, account = reviewed(game)
    errs = errors(review)
    assert errs, "the blunder was not found"
    assert errs[0].n == blunder
    assert errs[0].error > 2 * errs[0].gap_se
    assert account.decisions.value <= -errs[0].error + 1e-9


# ---------------------------------------------------------- a stacked ill fortune
def _stacked(content, data: Path, name: str, events: list[str], picks: list[str], seed: int):
    """Turn 1 of the scenario with the event deck and the notables cup stacked."""
    stack = {
        "id": name,
        "scenario": SCENARIO,
        "description": "the first event cards drawn on chosen notables",
        "source": "tests/test_review.py",
        "last_turn": 1,
        "events": events,
        "picks": {"notables": picks},
    }
    (data / "stacks" / f"{name}.yaml").write_text(json.dumps(stack), encoding="utf-8")
    return Game(SCENARIO, seed=seed, content=content, options=GameOptions(stack=name))


def ill_fortune_game(tmp_path: Path) -> tuple[Game, list[str]]:
    """Turn 1 of Anni Mirabiles, the expert playing, with the decks stacked (in a copy of
    the data) so that the first two event cards are INSTABILITY and THE TWILIGHT OF LIFE
    and they draw the two best notables: those whose loss to INSTABILITY alone costs the
    most value (each tried on a game of its own). The draws before them (the fortune
    tests of the Organisation phase) are the unstacked game's own, so play is the same
    up to them. Returns the game, stopped just after them (a game in progress is
    reviewed up to where it stands), and the notables' names."""
    seed = 5
    plain = Game(SCENARIO, seed=seed, content=load_content())
    bot = ExpertBot(bot_seed(seed))
    deck: list[str] = []  # the event deck as the set-up made it, top card first
    while not any(e.text.startswith("Event: ") for e in plain.log_entries):
        plain.choose(bot.choose(plain))
        if not deck and plain.state.deck:
            assert not any(e.text.startswith("Fortune test (") for e in plain.log_entries)
            deck = list(reversed(plain.state.deck))  # drawn from the top: the list's end
    tests = sum(1 for e in plain.log_entries if e.text.startswith("Fortune test ("))
    n = len(plain.choices)  # the choice after which the first event card is drawn
    instability = next(c for c in deck if c.startswith("instability"))
    data = tmp_path / "data"
    shutil.copytree(default_data_dir(), data)
    content = load_content(data)
    ev = default_evaluator()
    cost: dict[str, float] = {}
    for i, marker in enumerate(court.cup_notables(plain)):
        g = _stacked(content, data, f"probe-{i}", [*deck[:tests], instability], [marker], seed)
        for choice in plain.choices[: n - 1]:
            g.choose(choice)
        before = ev.value(g)
        g.choose(plain.choices[n - 1])
        cost[marker] = ev.value(g) - before
    best = sorted(cost, key=cost.__getitem__)[:2]
    names = [plain.name(court.holder(plain, m)) for m in best]
    events = [*deck[:tests], instability, "the-twilight-of-life"]
    g = _stacked(content, data, "ill-fortune", events, best, seed)
    bot = ExpertBot(bot_seed(seed))
    while not any(e.text.startswith("Event: The Twilight") for e in g.log_entries):
        g.choose(bot.choose(g))
    return g, names


def test_stacked_instability_and_twilight_rank_as_the_worst_luck_of_the_reign(tmp_path):
    game, names = ill_fortune_game(tmp_path)
    log = game.log_text()
    assert "Event: Instability." in log and "Event: The Twilight of Life." in log
    review, _ = reviewed(game)
    _, bad = strokes(review)
    worst = bad[0].what
    assert bad[0].luck < -2 * bad[0].luck_se
    assert "INSTABILITY took" in worst and "THE TWILIGHT OF LIFE took" in worst
    assert all(n.split(",")[0] in worst for n in names)


# ----------------------------------------------------------------- the account
@pytest.fixture(scope="module")
def expert_reviews():
    """Four whole expert games (seeds 1 to 4), each reviewed once (the dearest thing in
    this file): the account's and the expert's errors' tests read the same reviews."""
    out = []
    for seed in range(1, 5):
        game = expert_game(seed)
        out.append((game, *reviewed(game)))
    return out


@pytest.mark.slow  # whole games reviewed (shared with the test below)
def test_account_parts_add_up_to_the_result_and_luck_is_zero_without_draws(expert_reviews):
    luck_steps: list[float] = []
    # every seed: the geniuses dealt face up after the set-up's Ambassador in Austria
    # are a draw of that step, the event deck shuffled unseen after the Royal Mistress
    # is none (``Game.seen_draws``)
    for game, review, a in expert_reviews:
        total = a.start.value + a.luck.value + a.decisions.value + a.residual.value
        assert math.isclose(total, a.result, abs_tol=1e-9)
        assert a.result == review.result
        assert a.errors + a.noise == len(review.steps) == len(game.choices)
        for s in review.steps:
            if not s.draws:
                assert s.luck == 0.0 and s.luck_se == 0.0
            else:
                luck_steps.append(s.luck)
    # luck is value after a draw less its expectation: over many draws it averages out
    assert abs(mean(luck_steps)) <= 3 * stderr(luck_steps)


@pytest.mark.slow
def test_luck_alone_is_the_account_s_luck(expert_reviews):
    """``luck_of`` (a benchmark's control variate) walks the same fates as the review."""
    for game, _review, a in expert_reviews:
        alone = luck_of(game, default_evaluator(), QUICK.luck_fates)
        assert math.isclose(alone, a.luck.value, abs_tol=1e-9)
        assert alone != 0.0  # every seed draws the set-up's geniuses in sight


@pytest.mark.slow
def test_expert_errors_are_few_over_expert_games(expert_reviews):
    """The expert's own choices, reviewed: nearly all within the noise."""
    judged = errs = 0
    for _game, review, a in expert_reviews:
        judged += len(review.steps)
        errs += a.errors
    assert errs <= 0.02 * judged


# -------------------------------------------------------------------- the CLI
runner = CliRunner()


def test_review_of_a_missing_save_is_one_line_and_exit_1(tmp_path):
    result = runner.invoke(app, ["review", str(tmp_path / "nothing.json")])
    assert result.exit_code == 1
    assert len(result.output.strip().splitlines()) == 1
    assert "cannot be read" in result.output


def test_review_of_a_corrupt_save_is_one_line_and_exit_1(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": 2, "scenario": ', encoding="utf-8")
    result = runner.invoke(app, ["review", str(bad)])
    assert result.exit_code == 1
    assert len(result.output.strip().splitlines()) == 1


def test_review_writes_text_html_and_markdown_and_caches_beside_the_save(tmp_path):
    g = Game(SCENARIO, seed=4, content=load_content())
    bot = ExpertBot(bot_seed(4))
    while g.decision is not None and g.state.turn == 1:  # a game in progress, turn 1
        g.choose(bot.choose(g))
    path = saves.save_game(g, "reign", saves_dir=tmp_path)
    first = runner.invoke(app, ["review", str(path), "--quick", "--html", "--md"])
    assert first.exit_code == 0, first.output
    for heading in ("The account", "Decisions", "Luck", "Turning points", "Turn by turn"):
        assert f"\n{heading}\n" in first.output
    # not a terminal: the charts in plain text, after the turn-by-turn lines
    assert "\nCharts\nVictory points, turn by turn\nT1 " in first.output
    assert "\x1b[" not in first.output
    page = (tmp_path / "reign.review.html").read_text(encoding="utf-8")
    assert page.count("<svg") == 6 and 'class="series"' in page
    assert "## The account" in (tmp_path / "reign.review.md").read_text(encoding="utf-8")
    cached = list((tmp_path / "reviews").glob("reign.quick.json"))
    assert cached
    # the second look reads the cache: the same text, and the saves list is unchanged
    second = runner.invoke(app, ["review", str(path), "--quick"])
    assert second.output.splitlines()[:3] == first.output.splitlines()[:3]
    assert [s.path.name for s in saves.list_saves(tmp_path)] == ["reign.json"]


def test_plain_text_review_has_no_box_drawing_for_screen_readers():
    g = Game(SCENARIO, seed=4, content=load_content())
    bot = ExpertBot(bot_seed(4))
    for _ in range(30):
        g.choose(bot.choose(g))
    unchecked = replace(QUICK, most_checks=0)  # the words, not the playouts, are tested
    review = review_game(g, settings=unchecked, evaluator=default_evaluator(), with_par=False)
    out = render.text(review)
    assert not any("\u2500" <= ch <= "\u257f" for ch in out)
    assert "Expected at the start" in out and "Residual" in out


@pytest.fixture(scope="module")
def two_turns_review():
    """Anni Mirabiles, the expert playing, reviewed up to the start of turn 3 (rows T1, T2
    and where it stands); playouts unchecked: the charts, not the estimates, are tested."""
    g = Game(SCENARIO, seed=4, content=load_content())
    bot = ExpertBot(bot_seed(4))
    while g.decision is not None and g.state.turn < 3:
        g.choose(bot.choose(g))
    unchecked = replace(QUICK, most_checks=0)
    return review_game(g, settings=unchecked, evaluator=default_evaluator(), with_par=False)


BAR = "\u2588\u2591-\u2593"  # the bars' block characters (a range, for a regex)


def _chart(out: str, title: str) -> list[str]:
    """The rows of the chart whose title starts ``title`` in the text review."""
    charts = out.split("\nCharts\n", 1)[1].split("\n\n")
    block = next(c for c in charts if c.startswith(title)).splitlines()
    return [line for line in block if re.match(r"(T\d+|end) ", line)]


def _bars(out: str, title: str) -> list[tuple[str, str, str]]:
    """A bar chart's rows, each as its label, its figure (the words before the bar) and
    its bar (blocks, spaces and the | mark)."""
    row = re.compile(rf"(\S+) +([^{BAR}|]*?) *([{BAR}| ]*)$")
    return [row.fullmatch(line).groups() for line in _chart(out, title)]


def test_text_review_charts_a_row_a_turn_with_its_figures_within_80_columns(two_turns_review):
    review = two_turns_review
    turns = review.turns
    out = render.text(review)
    assert out.index("\nTurn by turn\n") < out.index("\nCharts\n")  # the lines are kept
    labels = ["end" if t.end else f"T{t.turn}" for t in turns]
    assert len(turns) == 3 and labels[:2] == ["T1", "T2"]
    charts = out.split("\nCharts\n", 1)[1]
    assert all(len(line) <= 80 for line in charts.splitlines())
    assert not any("\u2500" <= ch <= "\u257f" for ch in charts)  # no box drawing
    # VP: the figure beside each turn's bar, the bar as long as the VP (the most: full)
    vp = _bars(out, "Victory points")
    assert [r[0] for r in vp] == labels
    assert [int(r[1]) for r in vp] == [t.vp for t in turns]
    length = [r[2].count("\u2588") for r in vp]
    assert [t.vp for t in turns] == [0, 4, 8]  # this game's VP: none, then half, then all
    assert length[0] == 0 < length[1] < length[2]
    full = _chart(out, "Victory points")[2]  # the most VP: a bar to the 80th column
    assert len(full) == 80 and full.endswith("\u2588" * length[2])
    assert abs(length[1] - length[2] / 2) <= 1
    # each score: the points and the defeat line, marked |, the bar past it when above it
    for name in turns[0].scores:
        rows = _bars(out, name.capitalize())
        assert [r[0] for r in rows] == labels
        for r, t in zip(rows, turns, strict=True):
            pts, line = t.scores[name]
            if t.end:
                assert r[1] == str(pts) and "|" not in r[2]
                continue
            assert r[1] == f"{pts}, line {line}"
            past = r[2].split("|", 1)[1]
            assert ("\u2588" in past) == (pts > line)
    assert [int(r[1]) for r in _bars(out, "Treasury")] == [t.treasury for t in turns]
    wars = {w for t in turns for w in t.wars}
    assert wars
    for war in wars:
        rows = _bars(out, f"War: {war},")
        assert [int(r[1]) for r in rows] == [t.wars[war] for t in turns if war in t.wars]
    # the value: its figure, the stacked bar, then each shown level's percent
    shown = [lv for lv in render.LEVEL_ORDER if any(t.levels.get(lv, 0) >= 0.005 for t in turns)]
    value = _chart(out, "Chance of each victory level")
    assert len(value) == len(turns)
    for line, t in zip(value, turns, strict=True):
        label, figure, _bar, percents = re.fullmatch(
            rf"(\S+) +(\S+) ([{BAR}x]+) *([\d ]+)", line
        ).groups()
        assert (label, float(figure)) == (labels[turns.index(t)], round(t.value, 2))
        assert [int(p) for p in percents.split()] == [
            round(100 * t.levels.get(lv, 0.0)) for lv in shown
        ]


def test_v_at_the_game_over_in_plain_text_mode_prints_the_whole_review(tmp_path):
    import io

    from planet_king import textmode

    game = Game("hothead", seed=3, content=load_content())
    while game.decision is not None:
        game.choose(game.decision.legal_ids[0])
    answers = iter(["v", ""])
    out = io.StringIO()
    textmode.run(game, read=lambda prompt: next(answers), out=out, saves_dir=tmp_path)
    text = out.getvalue()
    assert "Type v for the reign review" in text
    for heading in ("REIGN REVIEW", "The account", "Decisions", "Luck", "Turning points"):
        assert f"\n{heading}\n" in text


# ------------------------------------------------------------- a sub-menu's Back
def test_a_game_where_back_was_taken_is_reviewed_without_it():
    """Issue 32's Back is no decision of the reign: the review walks the choices that
    count (a newcomer's game with one Back crashed the review with KeyError 'menu:back')."""
    import random

    from planet_king.engine.decisions import BACK_ID
    from planet_king.engine.history import counted

    g = Game(SCENARIO, seed=3, content=load_content())
    rng = random.Random(3)
    while g.decision is not None and g.decision.back is None:
        g.choose(rng.choice(g.decision.legal_ids))
    assert g.decision is not None, "no sub-menu with Back in this game"
    g.choose(BACK_ID)
    for _ in range(3):
        g.choose(rng.choice(g.decision.legal_ids))
    assert BACK_ID in g.choices
    review, account = reviewed(g)
    assert [s.chosen for s in review.steps] == counted(g.choices)
    assert BACK_ID not in {s.chosen for s in review.steps}
    assert account.errors + account.noise == len(review.steps)


# ------------------------------------------------------------ luck at the set-up
def _set_up_review(seed: int):
    """A quick review of an expert game of Anni Mirabiles stopped at the first choice
    after the set-up's (a game in progress is reviewed where it stands)."""
    g = Game(SCENARIO, seed=seed, content=load_content())
    bot = ExpertBot(bot_seed(seed))
    while g.state.phase == "setup":
        g.choose(bot.choose(g))
    review = review_game(g, settings=QUICK, evaluator=default_evaluator(), with_par=False)
    return review, settle(review)


def test_a_set_up_step_that_shuffles_a_hidden_deck_and_draws_nothing_in_sight_has_no_luck():
    review, a = _set_up_review(3)
    asked = [s.asked for s in review.steps]
    assert asked == [
        "Set-up: who takes the Viceroy of the Indies?",
        "Set-up: who takes the Viceroy of Italy?",
        "Set-up: who takes the Ambassador in Austria?",
        "Choose the Royal Mistress",
    ]
    # the Royal Mistress chosen, the event deck is built and shuffled face down: its
    # order shows only when its cards are drawn, at the steps that draw them
    mistress = review.steps[3]
    assert mistress.chosen == "mistress:maria-de-chirel"
    assert (mistress.draws, mistress.what) == (0, "")
    assert mistress.luck == 0.0 and mistress.luck_se == 0.0
    assert mistress.expected == [mistress.expected[0]] * QUICK.luck_fates
    # the Ambassador named, two geniuses come to Court from the top of the genius deck,
    # face up: what fate dealt there, measured on every fate (it was counted as luck
    # without a draw before, on one fork only); its size depends on the trained model
    ambassador = review.steps[2]
    assert ambassador.draws == 2
    assert ambassador.what == "drew Luis de Góngora (genius); drew Baltasar Gracián (genius)"
    assert len(set(ambassador.expected)) > 1
    assert ambassador.luck == pytest.approx(mistress.value - mean(ambassador.expected))
    assert ambassador.luck != 0.0
    assert ambassador.luck_se > 0
    for s in review.steps[:2]:
        assert (s.draws, s.luck, s.luck_se) == (0, 0.0, 0.0)
    # and the account still adds up to where the game stands
    total = a.start.value + a.luck.value + a.decisions.value + a.residual.value
    assert math.isclose(total, a.result, abs_tol=1e-12)
    assert a.luck.value == pytest.approx(ambassador.luck)


# ------------------------------------------------------- an error is beyond the noise
class _ScriptedPlayouts:
    """An estimator whose playouts to the end give scripted gaps (best - chosen), one
    round of fates at a time: the rule of ``walk.measure`` on known figures."""

    def __init__(self, rounds: list[list[float]]) -> None:
        self.settings = replace(QUICK, check_fates=len(rounds[0]))
        self.rounds = rounds
        self.asked = 0

    def played_out(self, g, options, step, first, fates):
        assert first == QUICK.pick_fates + QUICK.luck_fates + self.asked * fates
        chosen, best = options
        gaps = self.rounds[self.asked]
        self.asked += 1
        return {chosen: [0.0] * fates, best: gaps}


def _step() -> Step:
    return Step(
        n=9, turn=1, phase="organisation", asked="Choose a royal action", chosen="a",
        chosen_label="a", best="b", best_label="b", options=2, value=2.0, expected=[2.0],
        gap=0.0, gap_se=0.0, checked=False, draws=0, what="",
    )  # fmt: skip


def test_a_gap_of_three_standard_errors_on_one_round_of_fates_is_measured_again():
    # the expert's "error" of 1.54 that noise made (seed 11, game 11): 6 playouts each way
    first = [1.0, 2.0, 1.0, 3.0, 1.0, 1.0]
    est = _ScriptedPlayouts([first, [0.0, -1.0, 0.0, 1.0, -1.0, 0.0]] + [[0.0] * 6] * 2)
    step = _step()
    measure(est, None, step)
    assert mean(first) > 3 * stderr(first)  # an error under the old rule (one round, 2 SE)
    assert est.asked >= 2
    assert step.checked and step.error == 0.0


def test_a_gap_that_holds_over_two_rounds_of_fates_is_an_error():
    rounds = [[1.0, 2.0, 1.0, 2.0, 1.0, 1.0], [2.0, 1.0, 1.0, 2.0, 1.0, 2.0]]
    est = _ScriptedPlayouts(rounds)
    step = _step()
    measure(est, None, step)
    assert est.asked == 2
    diffs = rounds[0] + rounds[1]
    assert step.gap == pytest.approx(mean(diffs)) and step.gap_se == pytest.approx(stderr(diffs))
    assert step.error == pytest.approx(mean(diffs))


def test_a_gap_within_one_standard_error_is_not_measured_again():
    est = _ScriptedPlayouts([[1.0, -1.0, 0.0, 1.0, -1.0, 0.5]])
    step = _step()
    measure(est, None, step)
    assert est.asked == 1 and step.error == 0.0


def test_a_review_cached_by_another_model_is_made_again(tmp_path):
    """Reviews kept beside a save: a retrained evaluator (the same version, other
    numbers: ``Evaluator.fingerprint``) does not read the old model's review."""
    from planet_king.review import cache as review_cache

    g = Game(SCENARIO, seed=4, content=load_content())
    bot = ExpertBot(bot_seed(4))
    for _ in range(10):
        g.choose(bot.choose(g))
    evaluator = default_evaluator()
    unchecked = replace(QUICK, most_checks=0)
    review = review_game(g, settings=unchecked, evaluator=evaluator, with_par=False)
    save = tmp_path / "reign.json"
    save.write_text("{}", encoding="utf-8")
    mine = review_cache.key(b"{}", evaluator.version, evaluator.fingerprint, "quick")
    review_cache.write(save, mine, review)
    assert review_cache.read(save, mine) is not None
    retrained = review_cache.key(b"{}", evaluator.version, "another-model", "quick")
    assert review_cache.read(save, retrained) is None
