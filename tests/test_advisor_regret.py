"""The regret benchmark's positions (issue 29): chosen by a rule stated before any answer
was looked at, so they must be what the rule says, the same on every run."""

from __future__ import annotations

import math
from types import ModuleType

import pytest
from conftest import benchmark_script

from planet_king.content.loader import Content


@pytest.fixture
def advisor_regret() -> ModuleType:
    return benchmark_script("advisor_regret", register=True)


def test_regret_positions_follow_the_stated_rule(
    advisor_regret: ModuleType, content: Content
) -> None:
    """Two positions of each master seed's first expert game, each a decision with three
    moves or more (Back, of a sub-menu or of the action menu, is not a move), the same on
    every run; the expert's own choice there is one of those moves."""
    spots = advisor_regret.spots(content, ("hothead",))
    assert spots == advisor_regret.spots(content, ("hothead",))
    assert [s.master for s in spots] == [m for m in advisor_regret.SEEDS for _ in range(2)]
    for spot in spots:
        game, mine = advisor_regret.at_spot(content, spot)
        moves = advisor_regret.moves(game)
        assert len(moves) >= advisor_regret.MIN_OPTIONS
        assert not any(o in ("back", "menu:back") for o in moves)
        assert mine in game.decision.legal_ids


def test_a_reference_restricted_to_the_moves_keeps_their_sums(advisor_regret: ModuleType) -> None:
    """Regret is read over the moves only: the Back option's sums and pairs are dropped,
    the others' kept as played."""
    aq = advisor_regret.aq
    ref = aq.empty(["a", "b", "back"])
    aq.add(ref, {"a": (2.0, 5.0), "b": (1.0, 3.0), "back": (3.0, 6.0)})
    aq.add(ref, {"a": (3.0, 6.0), "b": (2.0, 4.0), "back": (3.0, 6.0)})
    moves = advisor_regret.restricted(ref, ["a", "b"])
    assert moves["options"] == ["a", "b"] and moves["n"] == 2
    assert set(moves["pairs"]) == {"a|b"}
    assert aq.mean_u(moves, "a") - aq.mean_u(moves, "b") == pytest.approx(1.0)


def test_other_master_seeds_give_positions_by_the_same_rule(
    advisor_regret: ModuleType, content: Content
) -> None:
    """``--seeds``: a second set of positions (to test a change designed after the first
    set's answers were seen), two a master seed, none of them the first set's."""
    fresh = advisor_regret.spots(content, ("hothead",), (2931, 2932))
    assert [s.master for s in fresh] == [2931, 2931, 2932, 2932]
    first = advisor_regret.spots(content, ("hothead",))
    assert not {(s.seed, s.at) for s in fresh} & {(s.seed, s.at) for s in first}
    for spot in fresh:
        game, _ = advisor_regret.at_spot(content, spot)
        assert len(advisor_regret.moves(game)) >= advisor_regret.MIN_OPTIONS


def test_pairs_to_tell_grow_as_the_lead_shrinks_against_its_spread(
    advisor_regret: ModuleType,
) -> None:
    """The paired playouts an answer needs to see that an option is not the best: the
    reference's count scaled by (2 standard errors / lead) squared; none can when the
    reference finds no lead."""
    aq = advisor_regret.aq
    ref = aq.empty(["a", "b"])
    for u_a, u_b in ((3.0, 1.0), (1.0, 1.0), (2.0, 0.0), (1.0, 2.0)):
        aq.add(ref, {"a": (u_a, 0.0), "b": (u_b, 0.0)})
    lead, se = aq.gap(ref, "a", "b")
    assert lead == pytest.approx(0.75)  # differences 2, 0, 2, -1
    assert advisor_regret.pairs_to_tell(ref, "a", "b") == pytest.approx(4 * (2 * se / lead) ** 2)
    assert advisor_regret.pairs_to_tell(ref, "b", "a") == float("inf")


def _reference(advisor_regret: ModuleType, values: dict[str, list[float]]):
    aq = advisor_regret.aq
    ids = list(values)
    ref = aq.empty(ids)
    for k in range(len(values[ids[0]])):
        aq.add(ref, {o: (values[o][k], 0.0) for o in ids})
    return ref


def test_a_perfect_answer_s_regret_is_the_chance_another_option_s_luck_puts_it_ahead(
    advisor_regret: ModuleType,
) -> None:
    """The winner's curse of a reference: two options of equal worth, measured on 400
    fates where their results are uncorrelated (each with variance ~1), are scored best
    by whichever drew the better fates; the perfect answer's expected regret is then
    E[max(0, d)] for d the noise of their gap: sd(d) / sqrt(2 pi) = 1 / sqrt(400 pi)."""
    n = 400
    a = [1.0 if k % 2 == 0 else -1.0 for k in range(n)]
    b = [1.0 if k % 4 < 2 else -1.0 for k in range(n)]
    ref = _reference(advisor_regret, {"a": a, "b": b})
    assert advisor_regret.covariance(ref)[0][1] == pytest.approx(0.0)
    expected = math.sqrt(n / (n - 1)) / math.sqrt(n * math.pi)
    assert advisor_regret.winners_curse(ref, "even") == pytest.approx(expected, rel=0.08)


def test_no_winner_s_curse_where_the_options_move_together_or_one_is_far_ahead(
    advisor_regret: ModuleType,
) -> None:
    """Options whose results differ by the same amount on every fate cannot trade places
    by luck (their gap has no noise), nor can an option ten standard errors behind."""
    n = 400
    a = [1.0 if k % 2 == 0 else -1.0 for k in range(n)]
    together = _reference(advisor_regret, {"a": a, "b": [x - 0.01 for x in a], "c": a[:]})
    assert advisor_regret.winners_curse(together, "together") == pytest.approx(0.0, abs=1e-9)
    b = [1.0 if k % 4 < 2 else -1.0 for k in range(n)]
    far = _reference(advisor_regret, {"a": [x + 1.0 for x in a], "b": b})
    assert advisor_regret.winners_curse(far, "far") < 1e-6


def test_a_run_other_than_the_first_draws_its_answers_their_own_fates(
    advisor_regret: ModuleType, content: Content
) -> None:
    """``--run``: run 0 seeds an answer with the position's game seed, as every run
    before the option did (its figures stay reproducible); each other run its own seed,
    the same every time, so repeated runs are independent draws of an answer's luck."""
    spot = advisor_regret.spots(content, ("hothead",))[0]
    assert advisor_regret.answer_seed(spot, 0) == spot.seed
    seeds = {advisor_regret.answer_seed(spot, run) for run in (0, 1, 2, 3)}
    assert len(seeds) == 4
    assert advisor_regret.answer_seed(spot, 2) == advisor_regret.answer_seed(spot, 2)
