"""The rulebook's worked examples of war, scripted card by card."""

from __future__ import annotations

from conftest import drive, stack
from test_wars_helpers import at_war, full_game, texts

from planet_king.engine.rules import actions, units, war_campaigns, war_declaration, wars
from planet_king.engine.rules.actions import ACTIONS, Context


def test_flanders_example_with_tromp(content) -> None:
    """Wars / Progression of a War (example): turn 6, Flanders at red 1, the Marquis de Lede
    with a veteran tercio and a fleet (3 SP) against the Dutch 4; Tromp (strategy 2) draws
    INSTABILITY (negative) and FALL FROM GRACE (neutral), both with the SP symbol: the
    marker moves to red 2, the veteran is flipped, and Tromp stays."""
    game = full_game(content, turn=6)
    s = game.state
    at_war(
        game,
        "england",
        units={"fleet": 1},
        enemy="blake",
    )
    at_war(
        game,
        "flanders",
        units={"veteran": 1, "fleet": 1},
        leader="guillaume-de-bette",
        enemy="tromp",
        position=-1,
    )
    assert wars.army_sp(game, "flanders", player_campaign=False) == 3
    assert wars.enemy_strength(game, "flanders") == 4
    stack(game, "instability-1", "fall-from-grace")
    drive(war_declaration.war_event(game, content.events["flanders-war-1"]))
    # As printed: "two fortune tests must be performed, yielding the INSTABILITY
    # (negative) and FALL FROM GRACE (neutral) cards" — both drawn (ruling R48).
    assert s.discard[-2:] == ["instability-1", "fall-from-grace"]
    assert s.wars["flanders"].position == -2
    assert s.units["flanders"] == {"veteran-flipped": 1, "fleet": 1}
    assert s.wars["flanders"].enemy_leader == "tromp"
    assert any("must be flipped" in t for t in texts(game))


def _first_turn(content):
    """Anni Mirabilis turn 1 as in Example First Game Turn: Flanders at red 1 with Nassau,
    Spinola commanding a veteran, a tercio of Nations and a fleet; Italy 1 tercio and 1
    provincial; the Palatinate at black 1."""
    game = full_game(content, turn=1, treasury=10)
    at_war(
        game,
        "flanders",
        units={"veteran": 1, "nations": 1, "fleet": 1},
        leader="ambrosio-de-spinola",
        enemy="nassau",
        position=-1,
    )
    at_war(game, "palatinate", units={"nations": 1}, position=1)
    game.state.units["italy"] = {"tercio": 1, "provincial": 1}
    return game


def test_first_game_turn_spinola_campaign(content) -> None:
    """Example First Game Turn: a military campaign in Flanders costs two ducats with
    Spinola; three tests, one positive, 4 SP against 4 moves the marker one space; an
    SP-loss symbol against Nassau (strategy 2) flips the veteran tercio."""
    game = _first_turn(content)
    s = game.state
    assert wars.army_sp(game, "flanders", player_campaign=True) == 4
    stack(game, "excellent-harvests", "action-2", "instability-1")
    ctx = Context("card", "ACTION")
    drive(ACTIONS["military-campaign"].run(game, ctx), ["war:flanders"])
    assert s.treasury == 8
    assert s.wars["flanders"].position == 0
    assert s.units["flanders"] == {"veteran-flipped": 1, "nations": 1, "fleet": 1}


def test_first_game_turn_total_war(content) -> None:
    """Example First Game Turn / TOTAL WAR: Italy (1.5 SP, La Motte strategy 2 against
    France's 3) draws a neutral and a negative result and loses one space; in Flanders
    Nassau achieves nothing and is relieved; the Palatinate is spared (Total War)."""
    game = _first_turn(content)
    s = game.state
    # After INSTABILITY removed Spinola, Gómez Suárez took the Flanders army; the veteran
    # had been flipped by the campaign; war in Italy was declared with Pimentel.
    s.units["flanders"] = {"veteran-flipped": 1, "nations": 1, "fleet": 1}
    s.wars["flanders"].leader = "gomez-suarez"
    s.wars["flanders"].position = 0
    at_war(
        game,
        "france-italy",
        units={"tercio": 1, "provincial": 1},
        leader="francisco-pimentel",
        enemy="la-motte",
    )
    s.units["italy"] = {}
    # Flanders first (board order): two positive results for Nassau; then Italy, as
    # printed: "With one neutral result and one negative result, the war progress marker
    # moves one space" — La Motte's two cards are both drawn (ruling R48).
    stack(game, "excellent-harvests", "action-1", "action-2", "the-plague")
    drive(war_campaigns.total_war(game, content.events["total-war"]))
    assert s.discard[-2:] == ["action-2", "the-plague"]
    assert s.wars["france-italy"].position == -1
    assert s.wars["flanders"].position == 0
    assert s.wars["flanders"].enemy_leader not in (None, "nassau")
    assert s.wars["palatinate"].position == 1
    assert any("relieved of command" in t for t in texts(game))


def test_picardy_catalonia_front_choice_example(content) -> None:
    """Wars / War with France (example): turn 6, Picardy at black 2, Catalonia at red 1:
    a FRANCO-SPANISH WAR card makes France campaign in Picardy."""
    game = full_game(content, turn=6)
    s = game.state
    at_war(game, "france-picardy", units={"tercio": 2}, leader="gomez-suarez", position=2)
    at_war(game, "france-catalonia", units={"tercio": 1}, position=-1)
    s.wars["france-picardy"].enemy_leader = "turenne"
    s.wars["france-catalonia"].enemy_leader = "harcourt"
    assert (
        war_campaigns.campaign_front(game, ["france-picardy", "france-catalonia"])
        == "france-picardy"
    )
    stack(game, "excellent-harvests", "action-1", "action-4")
    drive(war_declaration.war_event(game, content.events["franco-spanish-war-1"]))
    assert any("campaigns in War with France, Picardy front" in t for t in texts(game))
    assert s.wars["france-catalonia"].position == -1


def test_embassy_to_england_with_leopold_of_habsburg(content) -> None:
    """Actions / Political Actions (Embassy) example: at war with France (Picardy and
    Catalonia), the United Provinces and England (red 1); one ducat, Leopold of Habsburg
    (political 2) from Court, one test, positive: the war with England is at truce."""
    game = full_game(content, turn=4)
    s = game.state
    s.court_nobles[0] = "leopold-of-habsburg"
    for w in ("france-picardy", "france-catalonia", "flanders"):
        at_war(game, w)
    at_war(game, "england", units={"fleet": 1}, position=-1, enemy="pennington")
    stack(game, "excellent-harvests")
    drive(
        actions.embassy(game, "ACTION", paid=True),
        ["war:england", "noble:leopold-of-habsburg"],
    )
    assert s.treasury == 9
    assert s.wars["england"].truce
    assert sum("Fortune test (embassy" in t for t in texts(game)) == 1
    # The front is immobilised whatever the events played.
    stack(game, "the-plague", "action-3")
    drive(war_declaration.war_event(game, content.events["anglo-spanish-war-1"]))
    assert s.wars["england"].position == -1


def test_valtellina_movement_example(content) -> None:
    """Actions / Simple Actions (Move) example: turn 4, the Valtellina pass is closed; two
    tercios move from Spain to Flanders because a fleet is in the Plus Ultra box."""
    game = full_game(content, turn=4)
    s = game.state
    s.valtellina_closed = True
    s.units["spain"] = {"tercio": 2}
    at_war(game, "flanders", units={"nations": 1})
    assert "spanish-netherlands" not in units.reachable(game, "spain", "tercio")
    assert "flanders" not in units.reachable(game, "spain", "tercio")
    s.units["plus-ultra"] = {"fleet": 1}
    assert "spanish-netherlands" in units.reachable(game, "spain", "tercio")
    drive(
        units.move_action(game, "ACTION"),
        [
            "from:spain",
            "unit:tercio",
            "to:spanish-netherlands",
            "unit:tercio",
            "to:spanish-netherlands",
        ],
    )
    assert s.units["spanish-netherlands"] == {"tercio": 2}
    assert s.units["plus-ultra"] == {"fleet": 1}
