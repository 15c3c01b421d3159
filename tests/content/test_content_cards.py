"""Counts, numbers, fortune symbols and printed facts of the card database."""

from __future__ import annotations

from collections import Counter

from planet_king.content.loader import Content


def window(card) -> tuple[int | None, int | None, str | None]:
    return card.turns.from_, card.turns.to, card.turns.condition


def test_components_card_counts(content: Content) -> None:
    """Components: 68 event cards, 76 notable cards, 14 Secret Memorial cards."""
    assert len(content.events) == 68
    assert len(content.nobles) + len(content.ladies) + len(content.geniuses) == 76
    assert len(content.notables) == 76
    assert len(content.memorials) == 14
    owners = Counter(m.owner for m in content.memorials.values())
    assert owners == {"king": 7, "valido": 7}


def test_action_event_cards_there_are_eight(content: Content) -> None:
    """Action Event Cards / Actions Overview: eight ACTION cards, seven from the start."""
    actions = [c for c in content.events.values() if c.effect == "action"]
    assert len(actions) == 8
    assert {c.id for c in actions} == {f"action-{i}" for i in range(1, 8)} | {"action-14"}
    assert all(c.name == "Action" for c in actions)


def test_event_numbers_are_one_to_sixty_eight_with_the_printed_ones(content: Content) -> None:
    """Errata, Creating the Event Decks, War with Portugal: the printed card numbers."""
    numbers = sorted(c.number for c in content.events.values() if c.number is not None)
    assert numbers == list(range(1, 69))
    printed = {
        "action-14": 14,
        "franco-spanish-war-32": 32,
        "franco-spanish-war-33": 33,
        "flanders-war-34": 34,
        "anglo-spanish-war-37": 37,
        "portuguese-war": 39,
        "lutzen": 49,
        "beaten-to-a-pulp": 53,
    }
    for card_id, number in printed.items():
        assert content.events[card_id].number == number, card_id
        assert "number" not in content.events[card_id].reconstructed


def test_fortune_test_distribution_41_19_40(content: Content) -> None:
    """Events Phase / Overview: eagle 41%, pigeon 19%, crow 40% over the 68 cards."""
    counts = Counter(c.fortune for c in content.events.values())
    assert counts == {"positive": 28, "neutral": 13, "negative": 27}
    assert round(100 * counts["positive"] / 68) == 41
    assert round(100 * counts["neutral"] / 68) == 19
    assert round(100 * counts["negative"] / 68) == 40


def test_fortune_symbols_shown_in_the_examples(content: Content) -> None:
    """Progression of a War and Example First Game Turn reveal these fortune symbols."""
    ev = content.events
    assert (ev["instability-1"].fortune, ev["instability-1"].sp_loss) == ("negative", True)
    assert (ev["fall-from-grace"].fortune, ev["fall-from-grace"].sp_loss) == ("neutral", True)
    assert ev["excellent-harvests"].fortune == "positive"
    assert ev["hunting-day"].fortune == "positive"
    pirates = [c for c in ev.values() if c.name == "Pirates"]
    assert len(pirates) >= 2
    assert any(c.fortune == "negative" for c in pirates)


def test_errata_event_cards(content: Content) -> None:
    """Errata: ACTION (14) conditional; LÜTZEN's red text; BEATEN TO A PULP's text."""
    ev = content.events
    assert ev["action-14"].turns.condition == "union-of-arms-completed"
    assert set(ev["lutzen"].removes) == {"danish-intervention", "breitenfeld-1631"}
    assert ev["lutzen"].one_use
    assert ev["beaten-to-a-pulp"].text == (
        "The player loses a royal action but gains a happiness marker."
    )


def test_errata_notables_and_counters(content: Content) -> None:
    """Errata: LOUIS II CONDÉ conditional; counters Oquendo 1-4, Spinola 1-2, de Fonte 1-5,
    Turenne 3-8."""
    nobles = content.nobles
    assert nobles["louis-ii-conde"].turns.condition == "the-fronde"
    for noble_id, turns in {
        "antonio-de-oquendo": (1, 4),
        "ambrosio-de-spinola": (1, 2),
        "bartolome-de-fonte": (1, 5),
    }.items():
        counter = nobles[noble_id].leader
        assert counter is not None
        assert (counter.turns.from_, counter.turns.to) == turns, noble_id
    assert window(content.leaders["turenne"]) == (3, 8, None)


def test_turn_seals_given_by_the_rules(content: Content) -> None:
    """Event Cards and Notable Cards examples; Creating the Notable Decks; Condé."""
    assert window(content.events["the-fronde"]) == (6, None, None)
    assert window(content.events["lutzen"]) == (2, 4, None)
    assert window(content.nobles["francisco-de-moura"]) == (5, None, None)
    assert window(content.geniuses["juan-caramuel"]) == (3, None, None)
    assert content.nobles["sor-maria-de-agreda"].turns.condition
    assert content.nobles["fernandez-de-castro-son"].turns.condition == "father-removed"
    assert content.nobles["fernandez-de-castro-father"].son == "fernandez-de-castro-son"
    assert content.leaders["conde"].turns.from_ == 3
    assert content.leaders["margarit"].turns.condition == "guerra-dels-segadors"
    assert content.leaders["margarit"].powers == ["france-catalonia"]
    assert content.leaders["emmanuel-of-savoy"].powers == ["france-italy"]


def test_conditional_war_cards_are_33_34_37(content: Content) -> None:
    """Creating the Event Decks: FSW (33), FLANDERS WAR (34), ANGLO-SPANISH WAR (37) are
    conditional; card 32 is not (ruling D2 on Change Difficulty's '32, 34, 37')."""
    by_number = {c.number: c for c in content.events.values()}
    assert {n for n in (32, 33, 34, 37) if by_number[n].turns.condition} == {33, 34, 37}
    assert by_number[33].params["strength"] == 4
    assert by_number[39].params == {"power": "portugal", "strength": 4}
    assert content.events["breitenfeld-1631"].params["strength"] == 4
    assert content.events["corsairs-of-dunkirk"].params["strength"] == 3


def test_war_event_cards_name_their_power(content: Content) -> None:
    """War Event Cards: each war card names a foreign power; Barbary has no war card."""
    powers = {c.params["power"] for c in content.events.values() if c.effect == "war"}
    assert powers == {"france", "united-provinces", "england", "ottoman", "portugal"}
    turkish = content.events["turkish-war"].params
    assert turkish["declaration_tests"] == 1 and turkish["declare_on_neutral"] is False


def test_ratings_revealed_by_the_examples(content: Content) -> None:
    """Every rating, trait and value that a rulebook example reveals."""
    n, g, la, le = content.nobles, content.geniuses, content.ladies, content.leaders
    oliv = n["gaspar-de-guzman"]
    assert (oliv.political, oliv.government, oliv.prestige) == (2, 3, 0)
    assert "industrious" in oliv.traits
    assert n["diego-carrillo"].government == 2
    assert n["bartolome-de-fonte"].military == 1 and "explorer" in n["bartolome-de-fonte"].traits
    assert "patron" in n["francisco-pimentel"].traits
    assert n["ambrosio-de-spinola"].military == 3
    assert (n["antoine-brun"].prestige, n["antoine-brun"].traits) == (1, ["writer"])
    assert n["gaspar-de-borja"].prestige == 1 and "patron" in n["gaspar-de-borja"].traits
    assert n["leopold-of-habsburg"].political == 2
    assert n["juan-jose-of-austria"].military == "?"
    assert n["rodrigo-pacheco"].government == "?"
    for commander in (
        "gomez-suarez",
        "francisco-de-melo",
        "guillaume-de-bette",
        "diego-mexia-guzman",
        "fernandez-de-la-cueva",
        "fernando-de-austria",
    ):
        assert n[commander].leader is not None, commander
    assert (g["diego-velazquez"].art, g["diego-velazquez"].enlightenment) == ("painting", 3)
    assert (g["francisco-de-quevedo"].art, g["francisco-de-quevedo"].enlightenment) == (
        "literature",
        2,
    )
    assert g["baltasar-gracian"].enlightenment == 1
    assert g["lope-de-vega"].enlightenment == 2
    assert g["luis-de-gongora"].enlightenment == 1
    assert g["francisco-de-zurbaran"].enlightenment == 2
    eli = la["elisabeth-of-france"]
    assert (eli.prestige, eli.happiness, eli.fertility) == (2, 1, 2)
    cas = la["casilda-manrique"]
    assert (cas.prestige, cas.happiness) == (-1, 2)
    assert la["maria-calderon"].enlightenment == {"music": 1}
    assert la["maria-calderon"].fertility == 2
    assert le["la-motte"].strategy == 2 and le["nassau"].strategy == 2
    assert le["tromp"].strategy == 2
    assert le["meneses"].powers == ["portugal"]


def test_te_deum_memorial(content: Content) -> None:
    """Secret Memorial Letters example: TE DEUM loses 1, gains 2 (short) or 1 (campaign)."""
    te = content.memorials["te-deum"]
    assert (te.vp_fail, te.vp_short, te.vp_campaign) == (1, 2, 1)
    assert te.check == "end-of-game"
    immediate = {m.name.upper() for m in content.memorials.values() if m.check == "immediate"}
    assert immediate == {
        "GOLDEN AGE",
        "US AGAINST ALL",
        "ALL AGAINST US",
        "CARPE DIEM",
        "REPUTATION",
    }


def test_queens_and_mistresses_prestige(content: Content) -> None:
    """LADY Cards: a Queen needs prestige 0 or more, a Royal Mistress 0 or less."""
    for scen in content.scenarios.values():
        if scen.queen:
            assert content.ladies[scen.queen].prestige >= 0
        for lady in scen.mistress_choices:
            assert content.ladies[lady].prestige <= 0


def test_every_power_has_a_leader_on_every_turn(content: Content) -> None:
    """Declaration of War: a random leader of the power is placed, from those available on
    the turn; the War of the Palatinate has none."""
    for power in content.powers:
        if power == "protestants":
            assert not [le for le in content.leaders.values() if power in le.powers]
            continue
        fronts = {w.id for w in content.wars.values() if w.power == power}
        for turn in range(1, 9):
            available = [
                le
                for le in content.leaders.values()
                if (power in le.powers or fronts & set(le.powers))
                and le.turns.condition is None
                and le.turns.open_on(turn)
            ]
            assert available, (power, turn)


def test_ids_are_unique_across_files(content: Content) -> None:
    """One id names one thing: cards, leaders, memorials, wars, territories and powers."""
    groups = [
        content.events, content.notables, content.memorials, content.leaders,
        content.wars, content.territories,
    ]  # fmt: skip
    seen: set[str] = set()
    for group in groups:
        assert not seen & set(group), seen & set(group)
        seen |= set(group)
