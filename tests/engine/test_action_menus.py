"""The action menus and the checks read in their quick forms (issue 16, section 4) give
the rules' answers: the same actions under each type, the same allowed options."""

from __future__ import annotations

import pytest

from planet_king.bots import make_bot
from planet_king.content.loader import Content
from planet_king.engine.decisions import Decision, Option, Role
from planet_king.engine.game import Game, GameOptions
from planet_king.engine.rules import actions, units, wars
from planet_king.engine.rules.actions import simple


@pytest.mark.parametrize("war_only", [False, True])
def test_menus_list_each_action_under_its_type(content: Content, war_only: bool) -> None:
    """Actions / Types of Actions, and Scenarios / War-Only Mode: the Cortes and the Royal
    Pardon are political actions in War-Only mode; each menu lists its actions in order."""
    g = Game("the-planet-king", seed=1, options=GameOptions(war_only=war_only), content=content)
    for t in actions.TYPES:
        expected = [a for a in actions.ACTIONS.values() if actions.action_type(g, a) == t]
        assert list(actions.actions_of_type(g, t)) == expected
    types = actions.action_types(g)
    assert types["cortes"] == ("political" if war_only else "royal")
    assert types == {aid: actions.action_type(g, a) for aid, a in actions.ACTIONS.items()}


def test_quick_checks_agree_with_the_lists(content: Content) -> None:
    """Military Units and Build a Fortification: 'somewhere to place a new unit' and
    'something to fortify', asked without the lists, agree with the lists at every
    position of played games; and a war is allowed exactly when allowed_wars has it."""
    for scenario, seed in (("the-planet-king", 2), ("hothead", 3), ("anni-horribiles", 4)):
        g = Game(scenario, seed=seed, content=content)
        bot = make_bot("random", seed)
        while g.decision is not None:
            for kind in ("provincial", "nations", "tercio", "fleet"):
                assert units.has_new_unit_place(g, kind) == bool(units.new_unit_places(g, kind))
            assert simple.can_fortify(g) == bool(simple.fortification_targets(g))
            for w in g.state.wars:
                assert wars.war_allowed(g, w) == (w in wars.allowed_wars(g))
            g.choose(bot.choose(g))


def test_refused_everywhere_names_every_reason(content: Content) -> None:
    """A war that allows the action makes it allowed, wherever it is listed; else every
    reason is given with its wars."""
    g = Game("the-planet-king", seed=1, content=content)
    reasons = [("flanders", "at truce"), ("barbary", "no commander in this army")]
    assert actions.refused_everywhere(g, iter([*reasons, ("flanders", None)]), "none") is None
    said = actions.refused_everywhere(g, iter(reasons), "none")
    assert said == (
        f"at truce ({g.name('flanders')}); no commander in this army ({g.name('barbary')})"
    )
    assert actions.refused_everywhere(g, iter([]), "no war") == "no war"


def test_decision_legal_is_the_allowed_options() -> None:
    """A decision's legal options are its allowed ones, whether the rules passed them
    along or not."""
    opts = (Option("a", "A"), Option("b", "B", False, "no"), Option("c", "C"))
    plain = Decision(Role.KING, "Which?", opts)
    given = Decision(Role.KING, "Which?", opts, known_legal=(opts[0], opts[2]))
    assert plain.legal == given.legal == (opts[0], opts[2])
    assert plain.legal_ids == given.legal_ids == ("a", "c")
    assert plain == given


def test_greedy_reads_the_board_afresh_in_another_game(content: Content) -> None:
    """The greedy bot reuses what it read for a choice of type only in the action menu
    that follows it in the same game: one bot driving two games plays each as a fresh
    bot with the same random stream would."""
    a = Game("the-planet-king", seed=5, content=content)
    b = Game("the-planet-king", seed=6, content=content)
    shared = make_bot("greedy", 1)
    alone_a, alone_b = make_bot("greedy", 1), make_bot("greedy", 1)
    ref_a = Game("the-planet-king", seed=5, content=content)
    ref_b = Game("the-planet-king", seed=6, content=content)
    for _ in range(150):
        for game, ref, alone in ((a, ref_a, alone_a), (b, ref_b, alone_b)):
            if game.decision is None:
                continue
            # the shared bot's RNG stream differs, so compare its choice with a fresh
            # bot's given the same RNG state
            alone.rng.setstate(shared.rng.getstate())
            choice = shared.choose(game)
            assert alone.choose(ref) == choice
            game.choose(choice)
            ref.choose(choice)
