"""The rulebook's worked examples, recomputed from the card data with small pure helpers
(the engine's scoring code is tested elsewhere)."""

from __future__ import annotations

from itertools import combinations

from planet_king.content.loader import Content
from planet_king.content.models import TableRow

CASTILE, ARAGON = 3, 1  # Income from Spain
UNIT_SP = {"tercio": 1.0, "veteran": 2.0, "provincial": 0.5, "nations": 1.0, "fleet": 1.0}


def enlightenment(
    content: Content, geniuses: list[str], nobles: list[str], mistress: str | None = None
) -> int:
    """Enlightenment Points: geniuses and writer/musician nobles (at most two per art, *),
    one point per patron noble, and the Royal Mistress's music point."""
    per_art: dict[str, list[int]] = {}
    for gid in geniuses:
        genius = content.geniuses[gid]
        per_art.setdefault(genius.art, []).append(genius.enlightenment)
    patrons = 0
    for nid in nobles:
        traits = content.nobles[nid].traits
        if "writer" in traits:
            per_art.setdefault("literature", []).append(1)
        if "musician" in traits:
            per_art.setdefault("music", []).append(1)
        patrons += "patron" in traits
    limit = content.tables.genius_per_art_limit
    total = sum(sum(sorted(points, reverse=True)[:limit]) for points in per_art.values())
    if mistress is not None:
        total += sum(content.ladies[mistress].enlightenment.values())
    return total + patrons


def court_prestige(
    content: Content, valido: str, nobles: list[str], queen: str, mistress: str
) -> int:
    """Prestige Points: the nobles at Court including the Valido, the Queen, the Mistress."""
    total = sum(content.nobles[n].prestige for n in [valido, *nobles])
    return total + content.ladies[queen].prestige + content.ladies[mistress].prestige


def court_happiness(content: Content, queen: str, mistress: str) -> int:
    """King's Happiness Points: the Queen's and the Royal Mistress's happiness."""
    return content.ladies[queen].happiness + content.ladies[mistress].happiness


def row(table: list[TableRow], points: int) -> TableRow:
    for r in table:
        if (r.min is None or points >= r.min) and (r.max is None or points <= r.max):
            return r
    raise AssertionError(f"no row for {points}")


def government(content: Content, noble: str) -> int:
    value = content.nobles[noble].government
    assert value != "?"
    return int(value)


def indies_income(content: Content, viceroy: str, indies_fleets: int, galleon: bool) -> int:
    """Income from the Indies, capped by the ducats on the overseas territories."""
    gov = government(content, viceroy)
    wanted = gov + gov * indies_fleets + (1 if galleon else 0)
    available = sum(t.income for t in content.territories.values() if t.region == "indies")
    return min(wanted, available)


def army_sp(units: list[str]) -> float:
    return sum(UNIT_SP[u] for u in units)


def test_enlightenment_points_example_totals_7(content: Content) -> None:
    """Determining Enlightenment / Enlightenment Points example: Quevedo 2, Lope 2, Góngora 1,
    Zurbarán 2, Brun (literature) and Borja (patron): 7, Brun and Góngora over the limit."""
    geniuses = ["francisco-de-quevedo", "lope-de-vega", "luis-de-gongora", "francisco-de-zurbaran"]
    total = enlightenment(content, geniuses, ["antoine-brun", "gaspar-de-borja"])
    assert total == 7
    r = row(content.tables.enlightenment, total)
    assert (r.vp, r.prestige, r.ducats) == (1, 1, -1)


def test_spanish_golden_age_example_counts_8(content: Content) -> None:
    """Example First Game Turn: SPANISH GOLDEN AGE counts 8 (Velázquez 3, Quevedo 2,
    Gracián 1, Pimentel 1 as patron, María Calderón 1 for music) and gains one VP."""
    geniuses = ["diego-velazquez", "francisco-de-quevedo", "baltasar-gracian"]
    nobles = ["francisco-pimentel", "bartolome-de-fonte", "gomez-suarez"]  # Court that turn
    total = enlightenment(content, geniuses, nobles, mistress="maria-calderon")
    assert total == 8
    card = content.events["spanish-golden-age"]
    assert card.effect == "spanish-golden-age"
    assert int(card.params["threshold"]) <= total and card.params["vp"] == 1


def test_prestige_points_example_totals_4_then_5(content: Content) -> None:
    """Prestige Points example: Brun 1 + Borja 1 + Elisabeth 2 - Casilda 1 + 1 from
    enlightenment = 4; with the markers (+2 -1) 5, worth one VP."""
    notables = court_prestige(
        content,
        "gaspar-de-guzman",
        ["antoine-brun", "gaspar-de-borja"],
        "elisabeth-of-france",
        "casilda-manrique",
    )
    total = notables + 1  # enlightenment 7 gives +1 prestige
    assert total == 4
    assert row(content.tables.prestige, total + 2 - 1).vp == 1


def test_happiness_example_three_from_the_ladies_then_6(content: Content) -> None:
    """King's Happiness Points example: Elisabeth 1 + Casilda 2 = 3; -1 without legitimate
    children, +4 from markers: 6, one more VP and one less ducat."""
    ladies = court_happiness(content, "elisabeth-of-france", "casilda-manrique")
    assert ladies == 3
    r = row(content.tables.happiness, ladies - 1 + 4)
    assert (r.vp, r.ducats) == (1, -1)


def test_first_turn_income_5_4_3(content: Content) -> None:
    """Example First Game Turn / Income: Indies 5 (Carrillo 2 + 2 for the Indies fleet + 1 for
    the Manila Galleon), Castile and Aragon 4, Italy and Flanders 3."""
    assert indies_income(content, "diego-carrillo", indies_fleets=1, galleon=True) == 5
    assert CASTILE + ARAGON == 4
    italy = government(content, "fernandez-de-castro-father")
    flanders = government(content, "isabel-clara-eugenia") - 1
    assert italy + flanders == 3


def test_income_from_the_indies_example_three_raids_leave_4(content: Content) -> None:
    """Income from the Indies example: with raid markers on three territories only 4 ducats
    are left in the Indies (Spanish and Portuguese territories, no settlements)."""
    incomes = [t.income for t in content.territories.values() if t.region == "indies"]
    assert any(sum(incomes) - sum(raided) == 4 for raided in combinations(incomes, 3))


def test_first_turn_campaign_and_total_war_strengths(content: Content) -> None:
    """Example First Game Turn: Spinola's army in Flanders has 4 SP against the Dutch 4; the
    army of Italy has 1.5 SP against France's 3."""
    scen = content.scenarios["iupiter-hispano"]
    assert army_sp(scen.units["flanders"]) == content.powers["united-provinces"].strength == 4
    assert army_sp(scen.units["italy"]) == 1.5
    assert content.powers["france"].strength == 3
