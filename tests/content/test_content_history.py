"""Seals the reign's history fixes (data rulings D31-D36): each reconstructed seal opens in
the turn of the first year its person was at Court, or the first turn the rules allow, and
closes in the turn of the last."""

from __future__ import annotations

from planet_king.content.loader import Content

# Ruling D32: the rulebook dates scenarios, not turns; each scenario's turns are read as
# equal spans (Iupiter Hispano 1621-1626; Anni Mirabiles 1621-1645; Anni Horribiles
# 1647-1665). A year on a boundary belongs to the later turn.
TURN_STARTS = {1: 1621, 2: 1626, 3: 1632, 4: 1639, 5: 1647, 6: 1651, 7: 1656, 8: 1660}


def turn_of(year: int) -> int:
    return max(t for t, start in TURN_STARTS.items() if year >= start)


def seal(content: Content, card_id: str) -> tuple[int | None, int | None]:
    turns = content.notables[card_id].turns
    return turns.from_, turns.to


def test_turn_of_reads_the_scenario_years() -> None:
    """Scenarios: Anni Horribiles opens in 1647 (turn 5); the reign ends in 1665 (turn 8)."""
    assert (turn_of(1621), turn_of(1645), turn_of(1647), turn_of(1665)) == (1, 4, 5, 8)


def test_juana_francisca_stays_to_the_end_of_the_reign(content: Content) -> None:
    """D31: married 1645, back from New Spain in 1660, at Court after the King's death."""
    assert seal(content, "juana-francisca-diez-de-aux") == (turn_of(1645), turn_of(1665))


def test_medina_de_las_torres_enters_after_the_turn_one_deck(content: Content) -> None:
    """D32: at Court from 1622 (turn 1), but the turn-1 noble deck is the example's (D6)."""
    assert turn_of(1622) == 1
    assert seal(content, "medina-de-las-torres") == (2, None)


def test_caracena_and_his_counter_enter_with_the_governorship_of_milan(
    content: Content,
) -> None:
    """D33: Governor of Milan from 1648; card and leader counter alike."""
    card = content.nobles["marquis-of-caracena"]
    assert seal(content, card.id) == (turn_of(1648), None)
    assert card.leader is not None
    assert (card.leader.turns.from_, card.leader.turns.to) == (turn_of(1648), 8)


def test_nithard_comes_with_queen_mariana(content: Content) -> None:
    """D34: he came with Mariana for the wedding of 1649, the turn her card enters."""
    assert seal(content, "everardo-de-nithard") == (turn_of(1649), None)
    assert content.ladies["maria-anna-of-austria"].turns.from_ == turn_of(1649)


def test_antoine_brun_leaves_in_the_turn_of_his_death(content: Content) -> None:
    """D35: died at The Hague on 2 January 1654; still open on turn 5, as the Anni
    Horribiles list of eliminated nobles needs (D4)."""
    assert seal(content, "antoine-brun") == (2, turn_of(1654))
    assert "antoine-brun" in content.scenarios["anni-horribiles"].eliminated


def test_luisa_de_guzman_is_no_queen_for_philip_after_her_marriage(content: Content) -> None:
    """D36: married the Duke of Braganza in 1633, Queen of Portugal from December 1640."""
    assert seal(content, "luisa-de-guzman") == (2, turn_of(1633))
    assert turn_of(1640) > turn_of(1633)
