"""Saying what a choice means (issue 14, part 2): notables offered with their ratings and
traits, traits that change a result named in the log, no internal id in the words."""

from __future__ import annotations

import random

from planet_king import present
from planet_king.content.loader import load_content
from planet_king.engine.game import Game
from planet_king.engine.rules import end_of_turn, family, organisation
from planet_king.engine.state import Child


def test_a_noble_offered_shows_ratings_traits_and_his_counter() -> None:
    """Notable Cards / NOBLE Cards: ratings, prestige, traits; the leader counter's
    tactician and strategy count too."""
    g = Game("the-planet-king", seed=1, content=load_content())
    label = "Fadrique Álvarez de Toledo, Marquis of Villanueva de Valdueza (military 2, ...)"
    text = present.option_text(g, "noble:alvarez-de-toledo", label)
    assert text == (
        "Fadrique Álvarez de Toledo, Marquis of Villanueva de Valdueza — M2 P1 G0, "
        "prestige +1, admiral, brave, strategy 2"
    )
    cordoba = present.notable_summary(g, "gonzalo-fernandez-de-cordoba")
    assert "tactician" in cordoba  # from his leader counter


def test_a_lady_offered_shows_prestige_happiness_and_fertility() -> None:
    g = Game("the-planet-king", seed=1, content=load_content())
    label = "María Inés Calderón, La Calderona (prestige -1, happiness 2, fertility 2)"
    text = present.option_text(g, "mistress:maria-calderon", label)
    assert text.startswith("María Inés Calderón, La Calderona — prestige -1, happiness 2, ")
    assert "fertility 2" in text and "(prestige" not in text


def test_options_that_offer_no_notable_keep_their_label() -> None:
    g = Game("the-planet-king", seed=1, content=load_content())
    assert present.option_text(g, "type:royal", "Royal action") == "Royal action"
    assert present.option_text(g, "place:office:viceroy-italy", "Viceroy of Italy") == (
        "Viceroy of Italy"
    )


def test_every_offered_notable_is_shown_with_a_summary_in_real_games() -> None:
    """Across real decisions, every option naming a notable gets its summary."""
    seen = 0
    for seed in range(3):
        g = Game("the-planet-king", seed=seed, content=load_content())
        r = random.Random(seed)
        while g.decision is not None and seen < 200:
            for o in g.decision.options:
                kind, _, rest = o.id.partition(":")
                if kind in present.OFFERS_NOTABLE and rest in g.content.notables:
                    assert " — " in present.option_text(g, o.id, o.label), o.label
                    seen += 1
            g.choose(r.choice(g.decision.legal_ids))
    assert seen > 20


def test_the_green_cube_names_the_industrious_valido(reign: Game) -> None:
    """Organisation Phase / Action Cubes: an industrious Valido gives a green cube."""
    reign.state.valido = "gaspar-de-guzman"
    organisation.place_cubes(reign)
    line = next(e.text for e in reversed(reign.log_entries) if e.text.startswith("Action cubes"))
    assert "1 green" in line and "Olivares is industrious" in line


def test_a_corrupt_governor_is_named_in_the_income(reign: Game) -> None:
    """Income from Italy and Flanders: a corrupt holder yields one ducat less."""
    reign.state.offices["viceroy-italy"] = "count-of-monterrey"  # corrupt
    italy = next(c for src, c, _ in end_of_turn.home_income(reign) if src == "income:italy")
    assert "is corrupt" in italy and "Monterrey" in italy


def test_children_are_named_by_what_they_are_never_by_id(reign: Game) -> None:
    """Royal Family: "a sickly son (2nd child), the heir" — never "child-2"."""
    s = reign.state
    s.children = [Child("child-1", False, True), Child("child-2", True, True, 1)]
    s.heir = "child-2"
    assert family.child_name(s.children[0]) == "a daughter (1st child)"
    assert (
        present.children_text(reign) == "a daughter (1st child); a sickly son (2nd child), the heir"
    )
    assert "child-" not in present.children_text(reign)


def test_card_fields_are_words_not_python_values() -> None:
    assert present.field_value({"from": 1, "to": 5}) == "turns 1-5"
    assert present.field_value(["writer", "patron"]) == "writer, patron"
    assert present.field_value(True) == "yes"
    assert present.plural(1, "ducat") == "1 ducat" and present.plural(2, "tercio") == "2 tercios"


def test_counts_have_their_plurals_in_the_log() -> None:
    """Issue 14, part 2: "1 ducat", "2 tercios" — no "(s)" in what the player reads."""
    from planet_king.engine.words import plural

    assert plural(1, "test") == "1 test" and plural(3, "test") == "3 tests"
    assert plural(2, "tercio of Nations", "tercios of Nations") == "2 tercios of Nations"
    for seed in range(3):
        g = Game("the-planet-king", seed=seed, content=load_content())
        r = random.Random(seed)
        while g.decision is not None:
            g.choose(r.choice(g.decision.legal_ids))
        for e in g.log_entries:
            assert "(s)" not in e.text, e.text


def test_no_internal_key_reaches_the_log_or_the_options() -> None:
    """Issue 14, part 2: no "won:barbary", "ended:palatinate" or other key in what the
    player reads, over whole greedy games of three scenarios."""
    import re

    from planet_king.bots.greedy import GreedyBot
    from planet_king.engine.rules.organisation import red_text_words

    key = re.compile(r"\b[a-z]+:[a-z-]+\b|\bchild-\d")
    for scenario in ("the-planet-king", "anni-horribiles", "iupiter-hispano"):
        g = Game(scenario, seed=1, content=load_content())
        bot = GreedyBot(1)
        while g.decision is not None:
            for o in g.decision.options:
                assert not key.search(present.option_text(g, o.id, o.label)), o.label
            g.choose(bot.choose(g))
        for e in g.log_entries:
            assert not key.search(e.text), e.text
    assert red_text_words(g, "won:barbary") == "red text: Barbary Pirates war won"


def test_a_card_says_its_turns_once() -> None:
    """Issue 32 (9): a card's counter turns read "turns: 1-5", not "turns: turns 1-5"."""
    g = Game("the-planet-king", seed=2, content=load_content())
    text = present.card_text("noble", g.content.nobles["gaspar-de-guzman"])
    assert "turns: 1-5" in text and "turns turns" not in text


def test_a_unit_takes_the_article_its_sound_asks() -> None:
    """Issue 32 (9): "Remove an old tercio", never "Remove a old tercio"."""
    from planet_king.engine.rules.units import UNIT_NAMES
    from planet_king.engine.words import a_unit

    assert a_unit(UNIT_NAMES["veteran"]) == "an old (veteran) tercio"
    assert a_unit(UNIT_NAMES["english"]) == "an English tercio"
    assert a_unit(UNIT_NAMES["tercio"]) == "a Spanish tercio"


def _decisions_placing_a_noble(limit: int = 40):
    """Every decision of random games that places a noble, as (game, decision) pairs
    taken before the choice."""
    from planet_king.engine.decisions import DecisionKind

    for seed in range(limit):
        g = Game("the-planet-king", seed=seed, content=load_content())
        r = random.Random(seed)
        while g.decision is not None:
            if g.decision.kind is DecisionKind.PLACE_NOBLE:
                yield g, g.decision
            g.choose(r.choice(g.decision.legal_ids))


def test_options_that_place_a_noble_say_everything() -> None:
    """Issue 32 (3), Actions / Political Actions (Appoint Noble, Nominate Noble): "At
    Court" stays listed when the Court is full, with why; a command the noble cannot take
    stays listed with why; a holder replaced is said to return to Court or leave the game;
    the decision names the noble with his ratings."""
    full_court = cannot_command = replaced = 0
    for g, d in _decisions_placing_a_noble():
        about = present.subject_line(g)
        assert about is not None and about.startswith(g.name(d.subject or ""))
        for o in d.options:
            if o.label == "At Court" and not o.allowed:
                assert o.reason == "the Court is full"
                full_court += 1
            if o.id.startswith("place:army:") and not o.allowed:
                assert o.reason and (
                    "leader counter serves" in o.reason or "military 0" in o.reason
                )
                cannot_command += 1
            if "(replacing " in o.label:
                assert "returns to Court or leaves the game" in o.label or (
                    "leaves the game: the Court is full" in o.label
                )
                replaced += 1
        if cannot_command and replaced:
            break
    assert cannot_command and replaced, (cannot_command, replaced)
    # a full Court, set up: the noble drawn cannot go to Court, and the option says so
    from planet_king.engine.rules import actions

    g = Game("the-planet-king", seed=3, content=load_content())
    s = g.state
    s.court_nobles = [s.noble_deck.pop() for _ in s.court_nobles]
    d = next(actions.ACTIONS["appoint-noble"].run(g, actions.Context("card", "a test")))
    at_court = next(o for o in d.options if o.label == "At Court")
    assert not at_court.allowed and at_court.reason == "the Court is full"
    for o in d.options:
        if "(replacing " in o.label:
            assert "leaves the game: the Court is full" in o.label
