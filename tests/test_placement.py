"""Where the expert bot seats a noble (planet_king.bots.placement): what an office pays is
read as the End of Turn counts it, and what the Court gives as the scoring counts it."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from planet_king.bots import make_bot, placement
from planet_king.bots.expert import ExpertBot
from planet_king.content.loader import Content
from planet_king.engine.decisions import Decision
from planet_king.engine.game import Game, GameOptions
from planet_king.engine.rules import actions, court, end_of_turn, exploration, scoring

OFFICES = ("viceroy-indies", "viceroy-italy", "governor-flanders")


def _vacant_board(content: Content) -> Game:
    """A Planet King game at its first decision with the Court and offices emptied."""
    g = Game("the-planet-king", seed=3, content=content)
    s = g.state
    s.court_nobles = [None] * len(s.court_nobles)
    s.offices = dict.fromkeys(s.offices)
    s.valido = None
    return g


@pytest.mark.parametrize("fleets", [0, 1])
def test_office_worth_is_the_income_it_pays(content: Content, fleets: int) -> None:
    """End of Turn / Income from the Indies; Income from Italy and Flanders: each income
    office is worth, per turn, the ducats the End of Turn collects for its holder (a
    government rating, for himself and each Indies fleet, less one in Flanders and one
    for a corrupt noble), for every noble of the game."""
    g = _vacant_board(content)
    g.state.plus_ultra = {"indies-fleet": fleets}
    assert sum(end_of_turn._indies_available(g).values()) >= 6  # the cap never bites
    for nid in content.nobles:
        for office in OFFICES:
            g.state.offices = dict.fromkeys(g.state.offices)
            g.state.offices[office] = nid
            if office == "viceroy-indies":
                paid, _ = end_of_turn.indies_income(g, court.known_rating)
            else:
                label = "income:italy" if office == "viceroy-italy" else "income:flanders"
                home = end_of_turn.home_income(g, court.known_rating)
                paid = sum(n for source, _, n in home if source == label)
            worth = placement.seat_worth(g, nid, f"office:{office}")
            assert worth == placement.DUCAT * paid, (nid, office)


def test_court_worth_is_what_the_scoring_counts_there(content: Content) -> None:
    """Scoring: a noble's prestige and his writer, musician or patron enlightenment count
    only while he is at Court (what he is worth there beyond them is the same in any
    seat: the commands, embassies and cubes he may give)."""
    g = _vacant_board(content)
    before = scoring.prestige(g).total + scoring.enlightenment(g).total
    for nid in content.nobles:
        g.state.court_nobles[0] = nid
        points = scoring.prestige(g).total + scoring.enlightenment(g).total - before
        g.state.court_nobles[0] = None
        extras = placement.court_extras(g, nid, explore=False)
        assert placement.seat_worth(g, nid, "court") == placement.POINT * points + extras, nid


def test_replacing_a_viceroy_weighs_what_the_holder_gave(content: Content) -> None:
    """Political Actions (Appoint Noble): the noble displaced from an office returns to
    Court if it has room; a government-2 noble is worth more in the Viceroyalty of Italy
    than a government-0 one, and a worse holder is not replaced for nothing."""
    g = _vacant_board(content)
    g.state.offices["viceroy-italy"] = "alvarez-de-toledo"  # government 0
    gain = placement.replacement_worth(g, "diego-carrillo", "office:viceroy-italy")
    assert gain == placement.DUCAT * 2 + placement.seat_worth(g, "alvarez-de-toledo", "court")
    g.state.offices["viceroy-italy"] = "diego-carrillo"
    g.state.court_nobles = ["a"] * len(g.state.court_nobles)  # no room: he is removed
    loss = placement.replacement_worth(g, "alvarez-de-toledo", "office:viceroy-italy")
    assert loss == -placement.DUCAT * 2


def test_only_one_explorer_is_counted(content: Content) -> None:
    """Exploration: one noble who lets the player explore is enough; a Viceroy of the
    Indies who explores is worth it only when no one else does."""
    g = _vacant_board(content)
    assert not exploration.explorers(g)
    alone = placement.replacement_worth(g, "bartolome-de-fonte", "office:viceroy-indies")
    g.state.court_nobles[0] = "bartolome-de-fonte"
    assert exploration.explorers(g)
    other = placement.replacement_worth(g, "francisco-pimentel", "office:viceroy-indies")
    assert alone == placement.seat_worth(g, "bartolome-de-fonte", "office:viceroy-indies") + (
        placement.EXPLORE
    )
    assert other == placement.seat_worth(g, "francisco-pimentel", "office:viceroy-indies")


def test_setup_plan_of_the_first_game_turn(content: Content) -> None:
    """Example First Game Turn (Anni Mirabiles): with the example's five nobles drawn,
    the expert follows the example's reasons: a government rating of 2 (Diego Carrillo's
    or Fernández de Castro's) earns in the Viceroyalty of Italy, Francisco Pimentel
    ("very useful as a patron") stays at Court, and Bartolomé de Fonte ("an explorer")
    still lets the player explore (from Court or, as the example does not, from the
    Viceroyalty of the Indies)."""
    options = GameOptions(stack="first-game-turn")
    g = Game("anni-mirabiles", seed=1, content=content, options=options)
    bot = make_bot("expert", 1)
    while g.decision is not None and g.decision.prompt.startswith("Set-up: who takes"):
        g.choose(bot.choose(g))
    offices = g.state.offices
    assert court.known_rating(g, offices["viceroy-italy"], "government") == 2
    assert "francisco-pimentel" in court.court_nobles(g)
    assert "bartolome-de-fonte" in exploration.explorers(g)


def _decision(g: Game, rules: Iterator[object]) -> Decision:
    """The first question a rule asks."""
    decision = next(rules)
    assert isinstance(decision, Decision)
    return decision


def test_a_vacancy_is_filled_by_the_noble_the_court_misses_least(content: Content) -> None:
    """Court and Council of State / Vacancies: the office is filled from Court at once;
    of two nobles of government 2, the expert sends the one whose prestige does not count
    at Court (Scoring), Diego Carrillo, and keeps the Count of Lemos's."""
    g = _vacant_board(content)
    g.state.court_nobles[:2] = ["fernandez-de-castro-father", "diego-carrillo"]
    d = _decision(g, court.fill_vacancy(g, "office:viceroy-italy", cause="test"))
    g.decision = d
    assert ExpertBot(1).choose(g) == "noble:diego-carrillo"


def test_nominate_noble_picks_the_noble_an_office_gains_most_from(content: Content) -> None:
    """Political Actions (Nominate Noble): a noble from Court to an office, its holder
    back to Court. Of two nobles of government 2, the expert nominates the one whose
    prestige does not count at Court (Scoring), Diego Carrillo, to the Viceroyalty of
    Italy held by a noble of government 1."""
    g = _vacant_board(content)
    g.state.offices["viceroy-italy"] = "gomez-suarez"
    g.state.court_nobles[:2] = ["fernandez-de-castro-father", "diego-carrillo"]
    assert court.known_rating(g, "gomez-suarez", "government") < 2
    ctx = actions.Context("card", "test")
    d = _decision(g, actions.ACTIONS["nominate-noble"].run(g, ctx))
    g.decision = d
    assert ExpertBot(1).choose(g) == "noble:diego-carrillo"
