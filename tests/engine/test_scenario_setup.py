"""Scenario set-ups (Scenarios): the drawn nobles, the offices and the commands."""

from __future__ import annotations

from planet_king.content.loader import Content
from planet_king.engine.game import Game
from planet_king.engine.rules import court


def _take_commanders_first(g: Game) -> None:
    """Answer the set-up's questions with a noble who can command wherever one is
    offered: the choice that would leave no commander for a later command."""
    while g.state.phase == "setup" and g.decision is not None:
        ids = g.decision.legal_ids
        nobles = [o for o in ids if o.startswith("noble:")]
        able = [o for o in nobles if court.can_command(g, o.partition(":")[2])]
        g.choose((able or nobles or list(ids))[0])


def test_anni_horribiles_always_has_a_commander_for_portugal(content: Content) -> None:
    """Scenarios / Anni Horribiles (l.866: appoint "a leader in command of the Army of
    Portugal from the drawn nobles"), ruling R89: the command is asked first, so no
    office can take the only nobles who can command, whatever the player chooses."""
    for seed in range(2, 42):
        g = Game("anni-horribiles", seed=seed, content=content)
        _take_commanders_first(g)
        leader = g.state.wars["portugal"].leader
        assert leader is not None and court.can_command(g, leader), seed


def test_anni_horribiles_draws_on_until_a_noble_can_command(content: Content) -> None:
    """Ruling R89 (Anni Horribiles, l.866): on a seed where none of the five drawn
    nobles can command (seed 2), nobles are drawn on until one can; he commands the Army
    of Portugal and the others drawn on the way go back to the deck."""
    g = Game("anni-horribiles", seed=2, content=content)
    line = next(e.text for e in g.log_entries if "drawn on until one can" in e.text)
    assert "Bartolomé de Fonte is drawn" in line and "go back to the deck" in line
    _take_commanders_first(g)
    s = g.state
    assert s.wars["portugal"].leader == "bartolome-de-fonte"
    placed = [n for n in s.court_nobles if n] + [v for v in s.offices.values() if v]
    assert "everardo-de-nithard" not in placed and "everardo-de-nithard" in s.noble_deck
