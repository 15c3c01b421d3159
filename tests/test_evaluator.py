"""The learned evaluator (issue 29): its features, the packaged model, and the bot that
plays one ply with it."""

from __future__ import annotations

import math
import random
from statistics import fmean

import pytest

from planet_king.advisor import value as advisor_value
from planet_king.bots import PLAYOUT_POLICIES, make_bot
from planet_king.bots.evaluator_bot import EvaluatorBot, resample_hidden
from planet_king.bots.expert import ExpertBot
from planet_king.content.loader import Content, load_content
from planet_king.engine.game import Game
from planet_king.evaluator import features as feats
from planet_king.evaluator import model as evaluator_model
from planet_king.evaluator.model import (
    CLIP,
    LEVEL_POINTS,
    LEVELS,
    MODEL_FILE,
    VP_WEIGHT,
    Evaluator,
    current_version,
    default_evaluator,
)
from planet_king.sim import play_to_end


@pytest.fixture(scope="module")
def content() -> Content:
    return load_content()


def positions(content: Content, scenario: str, seed: int, every: int = 7) -> list[Game]:
    """Every ``every``-th position of an expert game, each a game of its own."""
    out = []
    game = Game(scenario, seed=seed, content=content)
    bot = ExpertBot(seed)
    while game.decision is not None:
        if len(game.choices) % every == 0:
            out.append(Game.replay(scenario, game.choices, seed=seed, content=content))
        game.choose(bot.choose(game))
    return out


@pytest.mark.parametrize("scenario", feats.SCENARIOS)
def test_features_have_a_fixed_length_and_read_the_position(
    content: Content, scenario: str
) -> None:
    """Every position gives one number per named feature, in the names' order, and
    reading them changes nothing in the game."""
    for g in positions(content, scenario, seed=3, every=25):
        before = g.state.digest()
        x = feats.features(g)
        assert g.state.digest() == before
        assert len(x) == feats.N_FEATURES == len(feats.FEATURES)
        assert all(math.isfinite(v) for v in x)
        at = feats.INDEX
        assert x[at[f"scenario:{scenario}"]] == 1.0
        assert sum(x[at[f"scenario:{s}"]] for s in feats.SCENARIOS) == 1.0
        assert x[at["vp"]] == g.state.vp
        assert x[at["treasury"]] == g.state.treasury
        assert x[at["deck"]] == len(g.state.deck)
        deck_by_bird = sum(x[at[f"deck_{b}"]] for b in ("positive", "neutral", "negative"))
        assert deck_by_bird == len(g.state.deck)


def played(content: Content, scenario: str, seed: int, choices: int) -> Game:
    """A game the expert has played ``choices`` choices into."""
    g = Game(scenario, seed=seed, content=content)
    bot = ExpertBot(seed)
    while len(g.choices) < choices:
        g.choose(bot.choose(g))
    return g


def test_features_read_the_deck_s_composition_not_its_order(content: Content) -> None:
    g = played(content, "the-planet-king", 4, 40)
    x = feats.features(g)
    before = list(g.state.deck)
    random.Random(0).shuffle(g.state.deck)
    assert g.state.deck != before
    assert feats.features(g) == x


def test_feature_names_are_unique_and_their_fingerprint_follows_their_order() -> None:
    assert len(set(feats.FEATURES)) == len(feats.FEATURES)
    fp = feats.feature_fingerprint()
    swapped = list(feats.FEATURES)
    swapped[0], swapped[1] = swapped[1], swapped[0]
    import hashlib

    assert hashlib.sha256("\n".join(swapped).encode()).hexdigest()[:12] != fp


def test_the_packaged_model_loads_and_names_its_features() -> None:
    assert MODEL_FILE.parent.name == "evaluator"  # shipped inside the package
    ev = Evaluator.load()
    assert set(ev.nets) == set(feats.SCENARIOS)
    assert default_evaluator() is default_evaluator()  # loaded once


def test_the_model_was_trained_on_these_rules_data_and_features(content: Content) -> None:
    """The model's version is what it was trained on; when the data, the expert's play
    (the rules or the bot) or the features change, the model is stale."""
    trained = Evaluator.load().version
    now = current_version(content)
    assert trained == now, (
        f"the evaluator model was trained on {trained}, the code is now {now}: retrain it "
        "with scripts/evaluator_data.py and scripts/train_evaluator.py"
    )


@pytest.mark.parametrize("scenario", feats.SCENARIOS)
def test_the_model_gives_a_distribution_over_levels_and_its_utility(
    content: Content, scenario: str
) -> None:
    ev = default_evaluator()
    for g in positions(content, scenario, seed=5, every=20):
        p = ev.predict(g)
        assert set(p.levels) <= set(LEVELS)
        assert all(0.0 <= v <= 1.0 for v in p.levels.values())
        assert sum(p.levels.values()) == pytest.approx(1.0, abs=1e-9)
        expected = sum(LEVEL_POINTS[lv] * v for lv, v in p.levels.items()) + VP_WEIGHT * p.vp
        assert p.value == pytest.approx(expected)
        if scenario == "hothead":  # its own condition: Major Victory or Defeat
            assert set(p.levels) <= {"major-victory", "defeat"}


def hothead_model(mean: float, scale: float, **net: object) -> Evaluator:
    """A model file of one Hothead network that reads every feature, each standardised
    with the same ``mean`` and ``scale``; ``net`` gives its layers."""
    n = feats.N_FEATURES
    layers = {"levels": ["defeat", "major-victory"], "keep": list(range(n)), "hidden": None}
    scaled = {"mean": [mean] * n, "scale": [scale] * n}
    raw = {
        "format": 1,
        "version": {},
        "features": list(feats.MODEL_INPUTS),
        "scenarios": {"hothead": {**layers, **scaled, **net}},
    }
    return Evaluator(raw)


def test_a_tree_model_sums_its_leaves_into_each_level_s_logit() -> None:
    """The model file's tree form: a level's logit is its bias plus the leaf each of its
    trees reaches (left when the standardised feature is at most the threshold)."""
    n = feats.N_FEATURES
    tree = {"f": [1, 0, 0], "t": [0.5, 0.0, 0.0], "l": [1, -1, -1], "r": [2, -1, -1]}
    ev = hothead_model(
        mean=0.0,
        scale=2.0,  # z = x / 2
        trees={"bias": [0.0, 0.25], "trees": [[], [{**tree, "v": [0.0, -1.0, 2.0]}]]},
        vp={"w": [0.0] * n, "b": 3.0},
    )
    for x1, logit in ((0.8, 0.25 - 1.0), (1.2, 0.25 + 2.0)):  # z1 = 0.4 or 0.6
        x = [0.0] * n
        x[1] = x1
        p = ev.predict_features("hothead", x)
        win = 1.0 / (1.0 + math.exp(-logit))
        assert p.levels["major-victory"] == pytest.approx(win)
        assert p.value == pytest.approx(2.0 + 2.0 * win + VP_WEIGHT * 3.0)


def test_a_network_model_passes_its_inputs_through_rectified_hidden_units() -> None:
    """The model file's network form: each hidden unit is max(0, w.z + b) of the
    standardised inputs, and the levels' logits are linear in the hidden units."""
    n = feats.N_FEATURES
    unit = [0.0] * n
    unit[1] = 1.0  # both hidden units read the second feature, one of them negated
    ev = hothead_model(
        mean=0.0,
        scale=1.0,
        hidden={"W": [unit, [-v for v in unit]], "b": [0.0, 0.5]},
        out={"W": [[0.0, 0.0], [2.0, -1.0]], "b": [0.0, 0.1]},
        vp={"w": [0.0] * n, "b": 1.0},
    )
    for x1, logit in ((1.5, 0.1 + 2.0 * 1.5), (0.2, 0.1 + 0.4 - 0.3), (-2.0, 0.1 - 2.5)):
        x = [0.0] * n
        x[1] = x1  # the second unit is rectified to zero above 0.5, the first below 0
        p = ev.predict_features("hothead", x)
        assert p.levels["major-victory"] == pytest.approx(1.0 / (1.0 + math.exp(-logit)))


def test_an_input_far_beyond_the_training_games_is_read_at_the_clip() -> None:
    """A feature the training games almost never showed is held within ``CLIP``
    deviations of its mean, so a weight fitted on a handful of positions cannot swamp
    the others (The Planet King's 1621 campaign against Barbary stood 80 out)."""
    n = feats.N_FEATURES
    ev = hothead_model(
        mean=1.0,
        scale=0.5,  # z = (x - 1) / 0.5
        out={"W": [[0.0] * n, [0.0, 1.0] + [0.0] * (n - 2)], "b": [0.0, 0.0]},
        vp={"w": [0.0, 2.0] + [0.0] * (n - 2), "b": 0.0},
    )

    def win(x1: float) -> tuple[float, float]:
        x = [1.0] * n
        x[1] = x1
        p = ev.predict_features("hothead", x)
        return p.levels["major-victory"], p.vp

    edge = 1.0 + 0.5 * CLIP  # the clip, in the feature's own units
    assert win(edge) == (pytest.approx(1.0 / (1.0 + math.exp(-CLIP))), pytest.approx(2 * CLIP))
    assert win(edge + 40.0) == win(edge)  # held at the clip
    assert win(1.0 - 0.5 * CLIP - 40.0) == win(1.0 - 0.5 * CLIP)  # on both sides
    assert win(edge - 0.5) != win(edge)  # inside it, read as trained


def test_a_finished_game_is_valued_by_its_outcome(content: Content) -> None:
    g = Game("iupiter-hispano", seed=6, content=content)
    play_to_end(g, ExpertBot(6))
    p = default_evaluator().predict(g)
    level = "automatic-defeat" if g.state.ended_by == "automatic-defeat" else g.state.victory_level
    assert p.levels == {level: 1.0}
    assert p.value == advisor_value.utility(level, g.state.vp)


def test_the_utility_is_the_advisor_s() -> None:
    assert LEVEL_POINTS == advisor_value.LEVEL_POINTS
    assert VP_WEIGHT == advisor_value.VP_WEIGHT


@pytest.mark.parametrize("scenario", feats.SCENARIOS)
def test_the_evaluator_bot_plays_a_whole_game_legally(content: Content, scenario: str) -> None:
    """``--bot evaluator`` plays every scenario to its end (Game.choose refuses anything
    but a legal option)."""
    g = Game(scenario, seed=8, content=content)
    bot = make_bot("evaluator", 8)
    play_to_end(g, bot)
    assert g.over and g.state.victory_level
    assert isinstance(bot, EvaluatorBot) and bot.valued > 0


def test_the_evaluator_bot_keeps_the_expert_s_choice_unless_it_values_another_higher(
    content: Content,
) -> None:
    """With a margin no option can beat, the bot plays the expert's game exactly."""
    alone = Game("hothead", seed=9, content=content)
    play_to_end(alone, ExpertBot(9))
    guided = Game("hothead", seed=9, content=content)
    play_to_end(guided, EvaluatorBot(9, margin=math.inf))
    assert guided.choices == alone.choices


def test_the_evaluator_bot_s_copies_owe_nothing_to_the_hidden_deck_order(
    content: Content,
) -> None:
    """Before an option is taken on a copy, the hidden decks are re-shuffled from a sorted
    order with the bot's own seed: two copies whose decks hold the same cards in other
    orders end up with the same decks and the same RNG."""
    a = played(content, "anni-mirabiles", 10, 30)
    b = played(content, "anni-mirabiles", 10, 30)
    for deck in ("deck", "noble_deck", "genius_deck"):
        random.Random(deck).shuffle(getattr(b.state, deck))
    assert a.state.deck != b.state.deck
    resample_hidden(a, 77)
    resample_hidden(b, 77)
    for deck in ("deck", "noble_deck", "genius_deck"):
        assert getattr(a.state, deck) == getattr(b.state, deck)
    assert a.rng.random() == b.rng.random()


def test_the_evaluator_bot_plays_no_playouts_for_the_advisor() -> None:
    assert "evaluator" not in PLAYOUT_POLICIES


def test_the_stage_inputs_name_the_turn_and_phase_of_the_position(content: Content) -> None:
    """The model reads where the reign stands (``features.with_stages``): one input for
    the turn's phase, the turn counted from the scenario's first."""
    g = Game("anni-mirabiles", seed=3, content=content)
    seen = set()
    bot = ExpertBot(3)
    while g.decision is not None and len(seen) < 6:
        x = feats.with_stages(feats.features(g))
        assert len(x) == len(feats.MODEL_INPUTS)
        on = [
            name
            for name, v in zip(feats.MODEL_INPUTS, x, strict=True)
            if name.startswith("stage:") and v
        ]
        turn = g.state.turn - g.scenario.first_turn
        assert on == [f"stage:{turn}:{g.state.phase}"]
        seen.add(on[0])
        g.choose(bot.choose(g))
    assert len(seen) == 6


def test_the_evaluator_bot_overrides_the_expert_only_beyond_the_noise_of_the_fates() -> None:
    """An option that draws is valued on every fate: ahead on the mean by less than two
    standard errors of the paired difference (a kind card on some fates), it does not
    override the expert's choice; a lead that owes nothing to fate does."""
    bot = EvaluatorBot(1, evaluator=default_evaluator())
    mine = [2.0] * 8
    lucky = [1.05, 1.98, 1.65, 2.9, 2.8, 2.7, 2.2, 2.1]  # mean 2.17, paired SE 0.22
    assert fmean(lucky) > fmean(mine) and not bot.beats(lucky, mine)
    assert bot.beats([2.05] * 8, mine)  # no fate in it: a lead is a lead
    assert not bot.beats([2.0] * 8, mine)


def test_the_evaluator_bot_values_every_option_on_every_fate(content: Content) -> None:
    g = played(content, "anni-mirabiles", 4, 40)
    legal = g.decision.legal_ids
    bot = EvaluatorBot(4, fates=3)
    values = bot.values(g, legal)
    assert set(values) == set(legal) and all(len(v) == 3 for v in values.values())
    assert bot.valued <= 3 * len(legal)  # an option with nothing drawn is valued once


def test_the_model_fingerprint_changes_with_its_numbers_and_its_clip(monkeypatch) -> None:
    """A review kept beside a save is keyed by what the model computes: the same numbers
    give the same fingerprint; other numbers (a retrain on the same games, the same
    version) or another clip give another."""
    n = feats.N_FEATURES
    net = {"trees": {"bias": [0.0, 0.0], "trees": [[], []]}, "vp": {"w": [0.0] * n, "b": 0.0}}
    one, same = hothead_model(0.0, 1.0, **net), hothead_model(0.0, 1.0, **net)
    assert one.version == same.version and one.fingerprint == same.fingerprint
    retrained = hothead_model(0.5, 1.0, **net)
    assert retrained.version == one.version and retrained.fingerprint != one.fingerprint
    monkeypatch.setattr(evaluator_model, "CLIP", CLIP + 1.0)
    assert hothead_model(0.0, 1.0, **net).fingerprint != one.fingerprint
