"""The rulebook's "Example First Game Turn", played end to end.

Anni Mirabiles, turn 1, with the decks stacked as the example draws them (the stack
``first-game-turn``, data/stacks/first-game-turn.yaml) and the example's choices. Every
figure the example prints is asserted where it happens. The pieces are also tested on
their own (tests/engine/test_full_turn.py, test_wars_examples.py,
tests/content/test_content_examples.py); this test checks that they add up when the
engine runs the whole turn itself.

Where the engine departs from a sentence of the example, the assertion says which one
and the ruling that decides it (docs/rulings.md).
"""

from __future__ import annotations

import re

import pytest

from planet_king.content.loader import Content
from planet_king.engine.game import Game, GameOptions
from planet_king.engine.rules import organisation, wars
from planet_king.engine.stack_files import load

NOBLES_OF_TURN_1 = {
    "gaspar-de-bracamonte",
    "castel-rodrigo",
    "diego-carrillo",
    "diego-mexia-guzman",
    "gomez-suarez",
    "manuel-de-melo",
    "fernandez-de-castro-father",
    "francisco-pimentel",
    "antonio-de-oquendo",
    "alvarez-de-toledo",
    "bartolome-de-fonte",
}
GENIUSES_OF_TURN_1 = {
    "vicente-carducho",
    "diego-velazquez",
    "baltasar-gracian",
    "lope-de-vega",
    "francisco-de-quevedo",
    "jose-de-ribera",
    "francisco-de-zurbaran",
    "luis-de-gongora",
}

# The example's choices, step by step (the stack's script must be exactly these).
COURT = [
    "noble:diego-carrillo",  # "DIEGO CARRILLO as Viceroy of the Indies"
    "noble:fernandez-de-castro-father",  # "FERNÁNDEZ DE CASTRO as Viceroy of Italy"
    "noble:manuel-de-melo",  # "MANUEL DE MELO as Ambassador in Austria"
]
MISTRESS = ["mistress:maria-calderon"]
HUNT = ["type:royal", "action:royal:hunt"]
FLEET = ["type:government", "action:government:build-fleet"]
APPOINT = ["type:political", "action:political:appoint-noble", "place:court:3"]
WALLENSTEIN = ["pay"]
EXPLORATION = ["type:simple", "action:simple:exploration", "explorer:bartolome-de-fonte:military"]
ISSUE = ["type:royal", "action:royal:issue"]
CAMPAIGN = ["type:government", "action:government:military-campaign", "war:flanders"]
INSTABILITY = ["noble:gomez-suarez"]
ENSIGN_NUN = ["nun:explore", "explore:formosa"]
FRANCO_SPANISH_WAR = [
    "noble:francisco-pimentel",
    "move:italy:tercio",
    "move:italy:provincial",
    "done",
]
# Not in the example ("The player continues to draw and play cards until ..."): three
# ACTION cards on which no action is taken, then no End of Turn actions; the new fleet
# goes to Plus Ultra, Italy's levied provincial tercio to its front.
AFTER_TOTAL_WAR = ["done", "done", "done", "done", "to:plus-ultra", "to:france-italy"]
NATIONS_UPKEEP = ["pay"]
VALIDO = ["keep"]  # "It is still too early to change the Valido"
EXAMPLE = (
    COURT
    + MISTRESS
    + HUNT
    + FLEET
    + APPOINT
    + WALLENSTEIN
    + EXPLORATION
    + ISSUE
    + CAMPAIGN
    + INSTABILITY
    + ENSIGN_NUN
    + FRANCO_SPANISH_WAR
    + AFTER_TOTAL_WAR
    + NATIONS_UPKEEP
    + VALIDO
)


def play(game: Game, choices: list[str]) -> list[str]:
    """Take the choices; return the log lines they produced."""
    before = len(game.log_entries)
    for choice in choices:
        assert game.decision is not None and choice in game.decision.legal_ids, (
            choice,
            game.decision and game.decision.prompt,
        )
        game.choose(choice)
    return [e.text for e in game.log_entries[before:]]


def line(lines: list[str], pattern: str) -> re.Match[str]:
    for text in lines:
        m = re.search(pattern, text)
        if m:
            return m
    raise AssertionError(f"no log line matches {pattern!r} in:\n" + "\n".join(lines))


def collected(lines: list[str], region: str) -> int:
    """The income of a region as counted, ducats lost to the 12-ducat limit included."""
    m = line(lines, rf"^\+(\d+) ducats? \({region}\)(?: \((\d+) lost)?")
    return int(m.group(1)) + int(m.group(2) or 0)


def test_the_stack_script_is_the_example(content: Content) -> None:
    """The tutorial and this test play the same choices."""
    assert list(load(content, "first-game-turn").script) == EXAMPLE


@pytest.mark.parametrize("seed", [1, 2024])
def test_example_first_game_turn(content: Content, seed: int) -> None:
    """Example First Game Turn, figure by figure (any seed: the stack fixes the draws)."""
    game = Game(
        "anni-mirabiles", seed=seed, content=content, options=GameOptions(stack="first-game-turn")
    )
    s = game.state

    # --- The decks and the Court ---------------------------------------------------
    # "Nobles: GASPAR DE BRACAMONTE, ... and BARTOLOMÉ DE FONTE" (11) and the 8 geniuses.
    drawn = [o.id.partition(":")[2] for o in game.decision.options]
    assert set(drawn) | set(s.noble_deck) == NOBLES_OF_TURN_1
    assert len(s.noble_deck) + len(drawn) == 11
    assert set(s.genius_deck) == GENIUSES_OF_TURN_1
    # "GASPAR DE GUZMÁN card as Valido, ELISABETH OF FRANCE as Queen"; "ISABEL CLARA
    # EUGENIA card as Governor of Flanders"; Spinola and Córdoba set aside (in command).
    assert (s.valido, s.queen) == ("gaspar-de-guzman", "elisabeth-of-france")
    assert s.offices["governor-flanders"] == "isabel-clara-eugenia"
    assert s.wars["flanders"].leader == "ambrosio-de-spinola"
    assert s.wars["palatinate"].leader == "gonzalo-fernandez-de-cordoba"
    # "draw 5 and 2": the five nobles the example then places.
    assert sorted(drawn) == sorted(
        [
            "diego-carrillo",
            "fernandez-de-castro-father",
            "manuel-de-melo",
            "francisco-pimentel",
            "bartolome-de-fonte",
        ]
    )
    play(game, COURT)
    assert s.offices["viceroy-indies"] == "diego-carrillo"
    assert game.content.nobles["diego-carrillo"].government == 2  # "government rating of 2"
    assert s.offices["viceroy-italy"] == "fernandez-de-castro-father"
    assert s.offices["ambassador-austria"] == "manuel-de-melo"
    assert [n for n in s.court_nobles if n] == ["francisco-pimentel", "bartolome-de-fonte"]
    assert [x for x in s.court_geniuses if x] == ["diego-velazquez", "baltasar-gracian"]
    play(game, MISTRESS)
    assert s.mistress == "maria-calderon"
    # "Ladies: CASILDA MANRIQUE and MARÍA CHIREL."
    assert sorted(s.ladies_deck) == ["casilda-manrique", "maria-de-chirel"]
    # "39 cards without turn indication, DANISH INTERVENTION, WALLENSTEIN, RAID IN THE
    # INDIES, 7 ACTION cards, and 1 INSTABILITY card for a total of 50 event cards."
    assert len(s.deck) == 50
    events = game.content.events
    unsealed = [c for c in s.deck if events[c].turns == events["the-plague"].turns]
    assert len(unsealed) == 39
    assert {"danish-intervention", "wallenstein", "raid-in-the-indies"} <= set(s.deck)
    assert sorted(c for c in s.deck if events[c].effect == "action") == [
        f"action-{i}" for i in range(1, 8)
    ]
    assert sum(events[c].effect == "instability" for c in s.deck) == 1
    # "three red cubes (government), two blue cubes (political) and four yellow cubes
    # ... As the Count-Duke is industrious, they place a green cube".
    assert s.cubes == {"red": 3, "blue": 2, "yellow": 4, "green": 1}
    # "The units and leaders are deployed on the map as indicated in the scenario."
    assert s.units["flanders"] == {"veteran": 1, "nations": 1, "fleet": 1}
    assert s.units["italy"] == {"tercio": 1, "provincial": 1}
    assert (s.wars["flanders"].position, s.wars["palatinate"].position) == (-1, 1)
    assert s.wars["flanders"].enemy_leader == "nassau"

    # --- The Organisation phase: three actions without cubes -------------------------
    cubes = dict(s.cubes)
    play(game, HUNT)
    # "they shuffle the HUNTING DAY card into the event deck ... the Hunting marker"
    assert "hunting-day" in s.deck and len(s.deck) == 51
    assert "hunt" in s.unique_used
    play(game, FLEET)
    # "The player pays one ducat for this fleet (9 remain in the Treasury)."
    assert s.treasury == 9
    assert ("fleet", "") in s.construction
    log = play(game, APPOINT)
    # "appoints a new noble to the Court (see Appoint Noble): GÓMEZ SUÁREZ"
    assert "gomez-suarez" in s.court_nobles
    assert s.cubes == cubes  # "without spending action cubes"
    # "The first card is WALLENSTEIN" (it asks whether to spend the ducat).
    assert log[-1] == "Event: Wallenstein."
    # From here the log is read from the start of the Events phase: a choice's effects
    # run on to the next decision (PATRON, SPANISH GOLDEN AGE... ask nothing).
    start = len(game.log_entries) - 1

    def events_log() -> list[str]:
        return [e.text for e in game.log_entries[start:]]

    # --- The Events phase ----------------------------------------------------------
    play(game, WALLENSTEIN)
    log = events_log()
    # "WALLENSTEIN; the player chooses to spend the ducat and moves the Palatinate War
    # marker one space in their favour."
    assert s.wars["palatinate"].position == 2
    # "The next card is EXCELLENT HARVESTS, earning one ducat." (9 - 1 + 1)
    assert line(log, r"\+1 ducat \(Excellent Harvests\); Treasury 9")
    assert s.treasury == 9
    # "The third card is an ACTION event."
    assert s.action_cards_played == 1

    play(game, EXPLORATION)
    log = events_log()
    # "BARTOLOMÉ DE FONTE's military rating of 1 ... a positive result ... the exploration
    # marker to the Amazon River."
    assert game.content.nobles["bartolome-de-fonte"].military == 1
    assert line(log, r"Fortune test \(exploration\): .* positive")
    assert game.content.tables.exploration_track[s.exploration] == "amazon"

    play(game, ISSUE)
    log = events_log()
    # "With the Queen they obtain a neutral and a negative result: a sickly son who
    # becomes the heir (Príncipe de Reynos); and with the Royal Mistress two positive
    # results: a boy (earning a happiness marker) and a girl."
    queen_tests = [t for t in log if t.startswith("Fortune test (Issue with Elisabeth")]
    mistress_tests = [t for t in log if t.startswith("Fortune test (Issue with María")]
    assert ["neutral" in queen_tests[0], "negative" in queen_tests[1]] == [True, True]
    assert all("positive" in t for t in mistress_tests) and len(mistress_tests) == 2
    heir = next(c for c in s.children if c.id == s.heir)
    assert heir.legitimate and heir.male and heir.sickly == 1
    bastards = [c for c in s.children if not c.legitimate]
    assert [c.male for c in bastards] == [True, False]
    assert s.happiness_markers == 1
    # "place the Progeny marker ... Remove a yellow action cube."
    assert "issue" in s.unique_used
    assert s.cubes["yellow"] == 3

    play(game, CAMPAIGN)
    log = events_log()
    # "a military campaign ... in Flanders (at a cost of two ducats due to Spinola's
    # special rule). Remove a red action cube."
    assert line(log, r"-2 ducats \(Military Campaign\); Treasury 7")
    assert s.cubes["red"] == 2
    # "With Spinola's strategy rating of 3, three fortune tests ... one positive result
    # which moves the war progress marker one space in favour of the player, as the
    # player's SP of 4 is equal to the enemy's SP of 4."
    assert game.content.nobles["ambrosio-de-spinola"].leader.strategy == 3
    assert line(log, r"Spinola.* campaigns in Flanders War: 4 SP against 4 SP, 3 test")
    tests = [t for t in log if t.startswith("Fortune test (campaign in Flanders")]
    assert len(tests) == 3 and sum("positive" in t for t in tests) == 1
    assert s.wars["flanders"].position == 0
    # "one of the cards drawn has an SP elimination symbol ... As Nassau is a general with
    # a strategy rating of 2, the player must turn their veteran tercio to its 1 SP side."
    assert sum("SP-loss symbol" in t for t in tests) == 1
    assert game.content.leaders["nassau"].strategy == 2
    assert s.units["flanders"] == {"veteran-flipped": 1, "nations": 1, "fleet": 1}

    # PATRON, SPANISH GOLDEN AGE, then INSTABILITY asks for Flanders' new commander.
    play(game, INSTABILITY)
    log = events_log()
    # "FRANCISCO DE QUEVEDO as the new genius who has two literature points."
    assert "francisco-de-quevedo" in s.court_geniuses
    quevedo = game.content.geniuses["francisco-de-quevedo"]
    assert (quevedo.art, quevedo.enlightenment) == ("literature", 2)
    # "a total of eight enlightenment points, they earn an immediate victory point
    # (VELÁZQUEZ 3, QUEVEDO 2, GRACIÁN 1, PIMENTEL 1 via his patron trait, and MARÍA
    # CALDERÓN 1 for her music)."
    geniuses = game.content.geniuses
    assert geniuses["diego-velazquez"].enlightenment == 3
    assert geniuses["baltasar-gracian"].enlightenment == 1
    assert line(log, r"The Court counts 8 enlightenment points")
    assert line(log, r"\+1 VP \(Spanish Golden Age\): 0 → 1")
    # "INSTABILITY. One ducat is lost ... SPINOLA is chosen at random and removed from the
    # game ... GÓMEZ SUÁREZ, Duke of Feria, who leaves the Court and takes command of the
    # army of Flanders."
    assert line(log, r"-1 ducat \(Instability\); Treasury 6")
    assert "ambrosio-de-spinola" in s.removed_notables
    assert s.wars["flanders"].leader == "gomez-suarez"
    assert "gomez-suarez" not in s.court_nobles
    # THE TWILIGHT OF LIFE: "MARÍA CALDERÓN, who is removed from the game along with her
    # two bastards. The death of La Calderona causes the loss of one happiness point."
    assert s.mistress is None and "maria-calderon" in s.removed_notables
    assert [c.id for c in s.children] == [heir.id]
    assert s.happiness_markers == 0  # +1 for the boy, -1 for La Calderona
    # "The WEST INDIES FLEET card deploys an Indies fleet marker in the Plus Ultra box, and
    # with the GALLEON OF MANILA card, that marker is also put in that box."
    assert s.plus_ultra == {"indies-fleet": 1, "manila-galleon": 1}

    vp = s.vp
    play(game, ENSIGN_NUN)
    log = events_log()
    # "after a fortune test, manage to move the exploration marker to the Formosa space.
    # They spend a ducat and gain a victory and a prestige point for the settlement."
    assert line(log, r"Fortune test \(exploration\): .* positive")
    assert "formosa" in s.settlements
    assert line(log, r"-1 ducat \(settlement in Formosa\); Treasury 5")
    assert s.vp == vp + 1 == 2
    assert s.prestige_markers == 1

    play(game, FRANCO_SPANISH_WAR)
    log = events_log()
    # "the test is negative, so war is declared. The player moves Pimentel from the Court
    # to take command of the Italian army and moves the troops stationed in Italy to the
    # new open front. La Motte is randomly chosen ... Place the 1st war declared marker".
    declaration = [t for t in log if t.startswith("Fortune test (does France declare war?)")]
    assert len(declaration) == 1 and "negative" in declaration[0]
    italy = s.wars["france-italy"]
    assert italy.active and italy.leader == "francisco-pimentel"
    assert "francisco-pimentel" not in s.court_nobles
    assert s.units_at("france-italy") == {"tercio": 1, "provincial": 1}
    assert not any(s.units_at("italy").values())
    assert italy.enemy_leader == "la-motte"
    assert s.wars_declared_this_turn == 1
    assert line(log, r"1st war declared this turn")
    # "a new INSTABILITY card is added to the event deck as of the next turn": three
    # wars (the Palatinate, Flanders, France) make two INSTABILITY cards.
    assert organisation.active_war_count(game) - 1 == 2
    # TOTAL WAR: "La Motte, with a strategy rating of 2, must make two fortune tests. The
    # Spanish army has the equivalent of 1.5 SP. As the French army is superior to the
    # Spanish (strength 3), neutral results will count as negative."
    assert game.content.leaders["la-motte"].strategy == 2
    assert line(log, r"France campaigns in War with France, Italian front: enemy 3 SP against 1.5")
    # "With one neutral result and one negative result, the war progress marker moves one
    # space to the right, against the player." Both tests are drawn (ruling R48), and two
    # qualifying results still move the marker one space only; neither card has the
    # SP-loss symbol (the example removes no SP in Italy).
    italian = [t for t in log if t.startswith("Fortune test (enemy campaign in War with France")]
    assert len(italian) == 2
    assert ["neutral" in italian[0], "negative" in italian[1]] == [True, True]
    assert not any("SP-loss symbol" in t for t in italian)
    assert italy.position == -1
    assert s.units_at("france-italy") == {"tercio": 1, "provincial": 1}
    # "If the war ... ends in a Spanish defeat, 2 victory points ... would be lost".
    assert game.content.wars["france-italy"].vp_lose == -2
    # "In Flanders, Nassau fails to move the war progression marker, so he is relieved of
    # command." (ruling R4)
    assert s.wars["flanders"].position == 0
    assert line(log, r"Nassau achieved nothing and is relieved of command")
    assert s.wars["flanders"].enemy_leader not in (None, "nassau")
    assert wars.army_sp(game, "flanders", player_campaign=False) == 3
    assert s.treasury == 5

    # --- End of the Events phase and the End of Turn --------------------------------
    log = play(game, AFTER_TOTAL_WAR + NATIONS_UPKEEP)
    # "until ... a total of 5 ACTION and/or TOTAL WAR cards have been played": 4 + 1.
    assert s.action_cards_played == 4 and s.total_war_played
    # "deploy the units that are in the Under Construction box ... pay for their tercios
    # of Nations" (one ducat for two: Flanders and the Palatinate).
    assert s.construction == [] and s.units["plus-ultra"]["fleet"] == 2
    assert line(log, r"-1 ducat \(tercios of Nations\); Treasury 4")
    # "In the Indies, with no Pirate markers, the player collects a total of 5 ducats: 2
    # for the Viceroy of the Indies, 2 for the Indies fleet and 1 for the Manila Galleon."
    assert line(log, r"2 for the Viceroy, 2 for 1 Indies fleet, 1 for the Manila Galleon → 5")
    assert collected(log, "the Indies") == 5
    # "For Castile and Aragon, they collect a total of 4 ducats and another 3 for Italy
    # and Flanders, the government rating of their governors (minus 1 for the Governor of
    # Flanders)." With 4 ducats in the Treasury, 12 more would make 16: "there can never
    # be more than 12 ducats in the Treasury" (Income), so 4 of them are lost (ruling R70).
    assert collected(log, "Castile") + collected(log, "Aragon") == 4
    assert collected(log, "Italy") + collected(log, "Flanders") == 3
    assert line(log, r"Treasury 12\.$")
    # "As the heir is sickly, he only survives with a positive result. With the EXCELLENT
    # HARVESTS card, the heir remains alive, and the player gains one victory point. The
    # Queen, on the other hand, gets a negative result with the PIRATES card and receives
    # a sickly marker."
    assert line(
        log,
        r"Fortune test \(mortality of a sickly son .*\): "
        r"eagle, positive \(card: Excellent Harvests\)",
    )
    assert heir in s.children
    assert line(log, r"\+1 VP \(a male heir is alive\): 2 → 3")
    assert line(
        log, r"Fortune test \(mortality of Queen Elisabeth.*\): crow, negative \(card: Pirates\)"
    )
    assert s.queen == "elisabeth-of-france" and s.queen_sickly
    # "The Enlightenment, Prestige, King's Happiness and victory points are calculated."
    assert set(s.last_scores) == {"enlightenment", "prestige", "happiness"}

    # "It is still too early to change the Valido, so the turn ends, and the player
    # prepares the decks for the next turn": the stack ends there.
    log = play(game, VALIDO)
    assert s.turn == 2 and s.valido == "gaspar-de-guzman"
    assert s.stacked is None
    assert line(log, r"The decks are no longer stacked: the stack covers turns up to 1")
    # ... a line of turn 2, before its Organisation phase: not of an End of Turn (the
    # screen's End of Turn breakdown of turn 2 would show it otherwise).
    released = next(e for e in game.log_entries if "no longer stacked" in e.text)
    assert (released.turn, released.phase) == (2, "organisation")
