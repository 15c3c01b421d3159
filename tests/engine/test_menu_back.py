"""Every sub-menu has Back (issue 32, item 3): a decision that follows a choice of the
same player in the same action offers Back, which returns to the menu it came from with
nothing spent; Back is no legal option, so no bot takes it; undo, replay and saves take
a Back among the choices."""

from __future__ import annotations

import random
from dataclasses import dataclass

import pytest

from planet_king import saves
from planet_king.bots import make_bot
from planet_king.content.loader import Content
from planet_king.engine.decisions import BACK_ID, Decision, DecisionKind
from planet_king.engine.game import Game, GameOptions
from planet_king.engine.history import counted


@dataclass(frozen=True)
class Position:
    """A pending decision and what the player could see of the game there."""

    decision: Decision
    digest: str
    log: list[str]
    cubes: dict[str, int]
    treasury: int
    choices: int


def position(g: Game) -> Position:
    assert g.decision is not None
    s = g.state
    return Position(
        g.decision,
        s.digest(),
        [e.text for e in g.log_entries],
        dict(s.cubes),
        s.treasury,
        len(g.choices),
    )


def same_position(g: Game, p: Position) -> None:
    now = position(g)
    assert now.decision == p.decision, (now.decision.prompt, p.decision.prompt)
    assert (now.digest, now.log, now.cubes, now.treasury) == (p.digest, p.log, p.cubes, p.treasury)


def to_nominate_to(content: Content) -> tuple[Game, list[Position]]:
    """A game at "Nominate NOBLE to?" of the Nominate Noble action, reached by the random
    bot choosing that action whenever it is allowed; with the positions of the action
    menu and of "Nominate which noble from Court?" on the way."""
    for seed in range(60):
        g = Game("anni-mirabiles", seed=seed, content=content)
        r = random.Random(seed)
        path: list[Position] = []
        while g.decision is not None:
            d = g.decision
            if d.kind is DecisionKind.PLACE_NOBLE and len(path) == 2:
                return g, path
            wanted = "action:political:nominate-noble"
            if d.kind is DecisionKind.ACTION and wanted in d.legal_ids:
                path = [position(g)]
                g.choose(wanted)
                continue
            if d.kind is DecisionKind.NOMINATE_NOBLE and len(path) == 1:
                path.append(position(g))
            else:
                path = []
            g.choose(r.choice(d.legal_ids))
    raise AssertionError("no Nominate Noble with a choice of noble and of office")


def test_nominate_to_has_back_and_back_returns_to_each_menu_with_nothing_spent(
    content: Content,
) -> None:
    """Issue 32 (3): "Nominate NOBLE to?" offers Back; it returns to "Nominate which
    noble?", whose Back returns to the action menu: the cube spent, the log lines written
    and the choices are taken back, and the menu is the one the player left."""
    g, (action_menu, which_noble) = to_nominate_to(content)
    d = g.decision
    assert d is not None and d.back is not None
    assert d.options[-1] is d.back and d.back.label == "Back"
    assert d.back.meaning is not None and d.back.meaning.action == "back"
    assert BACK_ID not in d.legal_ids  # a way through the menus, not a move
    cubes_spent = sum(action_menu.cubes.values()) - sum(g.state.cubes.values())
    assert cubes_spent == 1  # the action took its cube: Back must give it back

    # the action menu has the rules' own Back (to the choice of type), typed alike
    assert action_menu.decision.options[-1].meaning == d.back.meaning

    g.choose(BACK_ID)
    same_position(g, which_noble)
    assert g.decision is not None and g.decision.back is not None
    g.choose(BACK_ID)
    same_position(g, action_menu)
    assert g.choices[-2:] == [BACK_ID, BACK_ID]  # kept among the choices, for saves
    assert counted(g.choices) == counted(g.choices[: action_menu.choices])


def test_every_back_returns_to_the_decision_before_it(content: Content) -> None:
    """Random play taking Back at random, co-op included: each Back gives the decision
    and the position that were there before the choice it takes back; menus of a type
    of action and decisions of the set-up never offer it, nor a decision whose player
    did not make the choice before it."""
    backs = 0
    for scenario, seed, coop in (
        ("anni-mirabiles", 1, False),
        ("the-planet-king", 2, False),
        ("the-planet-king", 3, True),
    ):
        g = Game(scenario, seed=seed, options=GameOptions(coop=coop), content=content)
        r = random.Random(seed)
        before: list[Position] = []  # the position at each decision on the way
        roles = []  # who made each choice that counts
        while g.decision is not None:
            d = g.decision
            if d.back is not None:
                assert d.kind is not DecisionKind.ACTION_TYPE and g.state.phase != "setup"
                assert roles[-1] is d.role
                if r.random() < 0.4:
                    g.choose(BACK_ID)
                    backs += 1
                    roles.pop()
                    same_position(g, before.pop())
                    continue
            before.append(position(g))
            roles.append(d.role)
            g.choose(r.choice(d.legal_ids))
        replayed = Game.replay(scenario, g.choices, seed=seed, options=g.options, content=content)
        assert replayed.state.digest() == g.state.digest()
        assert replayed.turn_digests == g.turn_digests
        assert replayed.log_text() == g.log_text()
    assert backs >= 10


@pytest.mark.parametrize("bot", ["random", "greedy", "expert"])
def test_no_bot_ever_chooses_back(content: Content, bot: str) -> None:
    """Back is not among the legal options the bots choose from: games full of
    sub-menus with Back, and not one Back among the bots' choices."""
    offered = 0
    for seed in range(3):
        g = Game("anni-mirabiles", seed=seed, content=content)
        player = make_bot(bot, seed)
        while g.decision is not None:
            offered += g.decision.back is not None
            choice = player.choose(g)
            assert choice != BACK_ID
            g.choose(choice)
    assert offered > 0


def test_undo_fork_and_saves_take_a_back(content: Content) -> None:
    """A save whose choices hold a Back replays to the same state (digests checked);
    undo after Back returns to the sub-menu; a fork is at the same position."""
    g, (_, which_noble) = to_nominate_to(content)
    to = g.decision
    g.choose(BACK_ID)
    assert g.decision == which_noble.decision
    g.choose(g.decision.legal_ids[-1])  # a noble, maybe another, then on
    r = random.Random(5)
    for _ in range(30):
        if g.decision is None:
            break
        g.choose(r.choice(g.decision.legal_ids))

    loaded = saves.loads(saves.dumps(g), content=content)
    assert loaded.choices == g.choices and BACK_ID in loaded.choices
    assert loaded.state.digest() == g.state.digest()
    assert loaded.decision == g.decision

    fork = g.fork()
    assert fork.state.digest() == g.state.digest() and fork.decision == g.decision

    h, _ = to_nominate_to(content)
    h.choose(BACK_ID)
    assert h.can_undo() is None
    undone = h.undo()
    assert undone.decision == to and undone.choices[-1] != BACK_ID


def test_the_advisor_answers_the_same_position_the_same_after_a_back(content: Content) -> None:
    """The advisor's seed is the number of choices that count: at the menu a Back
    returned to, the hint is asked as it was before the choice taken back."""
    from planet_king.advisor import client as hint_client

    g, (_, which_noble) = to_nominate_to(content)
    g.choose(BACK_ID)
    assert g.decision == which_noble.decision
    assert hint_client.position(g)[1] == which_noble.choices
