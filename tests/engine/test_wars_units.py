"""Units, OLD TERCIO, STORMS, the raids, and the End of Turn clean-up of the war markers."""

from __future__ import annotations

import pytest
from conftest import drive, stack
from test_wars_helpers import at_war, full_game, texts

from planet_king.engine.game import Game
from planet_king.engine.rules import events, units, war_declaration, war_end, war_events


def _target(monkeypatch: pytest.MonkeyPatch, game: Game, loc: str) -> None:
    monkeypatch.setattr(game, "pick", lambda items, what: loc if loc in items else "NOT-IN-CUP")


# ------------------------------------------------------------------ units
def test_old_tercio_exchanges_a_spanish_tercio_for_a_ducat(content) -> None:
    """Events / Old Tercio: pay one ducat to exchange a Spanish tercio for an old tercio,
    within the counters."""
    game = full_game(content, treasury=3)
    s = game.state
    s.units["italy"] = {"tercio": 2}
    drive(events.play_event(game, "old-tercio"), ["swap:italy"])
    assert s.units["italy"] == {"tercio": 1, "veteran": 1} and s.treasury == 2
    s.units["spain"] = {"veteran": 3}
    drive(events.play_event(game, "old-tercio"))  # four old tercios: no counter left
    assert s.units["italy"] == {"tercio": 1, "veteran": 1} and s.treasury == 2
    assert any("No old tercio counter" in t for t in texts(game))


def test_provincial_tercios_go_only_where_allowed(content) -> None:
    """Actions / Simple Actions (Raise a Provincial Tercio): Spain, Italy and the wars of
    Portugal, Italy, Barbary, the Ottomans and the Catalan front."""
    game = full_game(content, turn=5)
    for w in ("flanders", "france-picardy", "france-catalonia", "barbary", "palatinate"):
        at_war(game, w)
    ok = [loc for loc in content.territories if units.destination_ok(game, "provincial", loc)]
    assert sorted(ok) == ["italy", "spain"]
    assert units.destination_ok(game, "provincial", "france-catalonia")
    assert units.destination_ok(game, "provincial", "barbary")
    assert not units.destination_ok(game, "provincial", "flanders")
    assert not units.destination_ok(game, "provincial", "france-picardy")


def test_fleet_limits_per_war(content) -> None:
    """Simple Actions (Move); Progression of a War: one fleet at most in wars with land
    powers, none in the Palatinate, no limit against naval powers; never Franche-Comté."""
    game = full_game(content, turn=5)
    for w in ("flanders", "palatinate", "england"):
        at_war(game, w, units={"fleet": 1})
    game.state.units["palatinate"] = {}
    assert not units.destination_ok(game, "fleet", "flanders")
    assert not units.destination_ok(game, "fleet", "palatinate")
    assert units.destination_ok(game, "fleet", "england")
    assert not units.destination_ok(game, "fleet", "franche-comte")


def test_habsburg_tercios_only_on_french_fronts_or_the_palatinate(content) -> None:
    """Events / Austrian Alliance: a Habsburg tercio can only be deployed on the French
    fronts or in the Palatinate war."""
    game = full_game(content, turn=5)
    for w in ("flanders", "palatinate", "france-picardy"):
        at_war(game, w)
    assert units.destination_ok(game, "habsburg", "palatinate")
    assert units.destination_ok(game, "habsburg", "france-picardy")
    assert not units.destination_ok(game, "habsburg", "flanders")
    assert not units.destination_ok(game, "habsburg", "spanish-netherlands")


def test_a_moving_fleet_clears_a_raid_marker(content) -> None:
    """Raid Events; Simple Actions (Move): the raid marker stays until the player sends a
    fleet with a movement action."""
    game = full_game(content)
    s = game.state
    s.units["plus-ultra"] = {"fleet": 1}
    s.raids = ["peru"]
    units.move_one(game, "plus-ultra", "fleet", "peru", "test")
    assert s.raids == []


# ----------------------------------------------------------------- Storms
def test_storms_test_each_fleet_pirates_and_indies_fleet(content) -> None:
    """Events / Storms: one test per fleet, Pirates marker and Indies fleet in Plus Ultra;
    negative removes it; the Manila Galleon is not tested."""
    game = full_game(content)
    s = game.state
    s.units["plus-ultra"] = {"fleet": 2}
    s.plus_ultra = {"pirates": 1, "indies-fleet": 1, "manila-galleon": 1}
    stack(game, "the-plague", "excellent-harvests", "action-3", "action-2")
    drive(events.play_event(game, "storms"))
    assert s.units["plus-ultra"] == {"fleet": 1}
    assert s.plus_ultra == {"pirates": 0, "indies-fleet": 1, "manila-galleon": 1}
    assert sum("Fortune test (storm" in t for t in texts(game)) == 4


# ------------------------------------------------------------------ Raids
def test_raid_on_an_undefended_territory_succeeds_but_draws_a_card(monkeypatch, content) -> None:
    """Raid Events: no defences — the raid succeeds at once, yet a test card is drawn; the
    ducats there are lost and a raid marker placed."""
    game = full_game(content)
    s = game.state
    s.indies_ducats["philippines"] = 1
    _target(monkeypatch, game, "philippines")
    stack(game, "excellent-harvests")
    drive(events.play_event(game, "pirates-1"))
    assert s.raids == ["philippines"] and s.indies_ducats["philippines"] == 0
    assert "excellent-harvests" in s.discard


def test_raid_against_fortification_levels(monkeypatch, content) -> None:
    """Raid Events: level 1 (Peru, New Spain, Spain intrinsic) falls to a negative or neutral
    result; a fleet or a level 2 fortification only to a negative one."""
    game = full_game(content)
    s = game.state
    _target(monkeypatch, game, "peru")
    stack(game, "excellent-harvests")
    drive(events.play_event(game, "counter-armada"))
    assert s.raids == []
    stack(game, "action-2")
    drive(events.play_event(game, "counter-armada"))
    assert s.raids == ["peru"]
    s.raids = []
    s.fortifications["peru"] = 2
    stack(game, "action-2")
    drive(events.play_event(game, "counter-armada"))
    assert s.raids == []
    s.fortifications.pop("peru")
    s.units["peru"] = {"fleet": 1}
    stack(game, "action-2")
    drive(events.play_event(game, "counter-armada"))
    assert s.raids == []


def test_one_raid_marker_per_territory_and_portugal_ignored(monkeypatch, content) -> None:
    """Raid Events: raids on areas that already have a raid marker, and on Portuguese
    territories after independence, have no effect (no test is drawn)."""
    game = full_game(content)
    s = game.state
    s.raids = ["philippines"]
    _target(monkeypatch, game, "philippines")
    drive(events.play_event(game, "pirates-1"))
    assert s.raids == ["philippines"]
    s.portugal_independent = True
    s.indies_ducats["brazil"] = 1
    _target(monkeypatch, game, "brazil")
    drive(events.play_event(game, "pirates-1"))
    assert "brazil" not in s.raids and s.indies_ducats["brazil"] == 1
    assert not any("Fortune test (raid" in t for t in texts(game))


def test_raid_destroys_a_settlement(monkeypatch, content) -> None:
    """Raid Events: a successful raid removes the settlement and costs a prestige point;
    only founded settlements are in the cup (Setup / Tokens)."""
    game = full_game(content)
    s = game.state
    assert "formosa" not in war_events.raid_cup(game)
    s.settlements = ["formosa"]
    assert "formosa" in war_events.raid_cup(game)
    _target(monkeypatch, game, "formosa")
    stack(game, "the-plague")
    drive(events.play_event(game, "pirates-1"))
    assert s.settlements == [] and s.prestige_markers == -1
    assert "formosa" not in war_events.raid_cup(game)


def test_counter_armada_in_spain(monkeypatch, content) -> None:
    """Raid Events: COUNTER-ARMADA successful in Spain removes two ducats, and places a
    raid marker if there is no fleet in Spain."""
    game = full_game(content, treasury=5)
    s = game.state
    _target(monkeypatch, game, "spain")
    stack(game, "action-2")
    drive(events.play_event(game, "counter-armada"))
    assert s.treasury == 3 and s.raids == ["spain"]
    s.raids = []
    s.units["spain"] = {"fleet": 1}
    stack(game, "the-plague")
    drive(events.play_event(game, "counter-armada"))
    assert s.treasury == 1 and s.raids == []


def test_raid_in_the_indies_needs_the_war_with_the_united_provinces(monkeypatch, content) -> None:
    """Raid Events: RAID IN THE INDIES is conditional on the United Provinces being at war
    with Spain when it is played."""
    game = full_game(content)
    s = game.state
    _target(monkeypatch, game, "philippines")
    drive(events.play_event(game, "raid-in-the-indies"))
    assert s.raids == []
    at_war(game, "flanders")
    stack(game, "the-plague")
    drive(events.play_event(game, "raid-in-the-indies"))
    assert s.raids == ["philippines"]


def test_pirates_place_a_marker_in_plus_ultra(content) -> None:
    """Raid Events; Game Board / Plus Ultra: the other PIRATES cards place a Pirates marker."""
    game = full_game(content)
    drive(events.play_event(game, "pirates-2"))
    drive(events.play_event(game, "pirates-3"))
    assert game.state.plus_ultra["pirates"] == 2


# ------------------------------------------------------------- clean-up
def test_cleanup_turn_flips_truces_and_clears_the_war_markers(content) -> None:
    """End of Turn Phase / Clean-up; Construction and Maintenance: truce markers flip back,
    the Peace and 1st/2nd war markers and the Dunkirk Corsairs marker are removed."""
    game = full_game(content, turn=4)
    s = game.state
    at_war(game, "england")
    s.wars["england"].truce = True
    s.wars["flanders"].peace_this_turn = True
    s.wars_declared_this_turn = 2
    s.corsairs = True
    war_end.cleanup_turn(game)
    assert not s.wars["england"].truce and s.wars["england"].active
    assert not s.wars["flanders"].peace_this_turn
    assert s.wars_declared_this_turn == 0 and not s.corsairs
    assert war_declaration.can_declare(game, "flanders") is None
