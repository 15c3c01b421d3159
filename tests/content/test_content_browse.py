"""Browsing the cards (planet_king.cards): JSON objects and Rich tables with provenance."""

from __future__ import annotations

import json

import pytest
from rich.console import Console

from planet_king.cards import SECTIONS, cards_json, print_cards
from planet_king.content.loader import Content


def test_cards_json_has_every_section_and_card(content: Content) -> None:
    """DESIGN.md invariant 6: the player can see every card and its provenance."""
    data = cards_json(content)
    assert tuple(data) == SECTIONS
    sizes = {k: len(v) for k, v in data.items()}
    assert sizes == {
        "events": 68, "nobles": 43, "ladies": 13, "geniuses": 20, "memorials": 14, "leaders": 25,
    }  # fmt: skip
    json.dumps(data)  # plain JSON values only
    for cards in data.values():
        for card in cards:
            assert {"id", "name", "source", "reconstructed", "note"} <= set(card)


def test_cards_json_field_shapes(content: Content) -> None:
    """The field names the CLI documents: turns, fortune, ratings, traits, power, owner."""
    events = {c["id"]: c for c in cards_json(content, "events")["events"]}
    assert events["lutzen"]["turns"] == {"from": 2, "to": 4}
    assert events["hunting-day"]["turns"] == {"condition": "hunt"}
    assert events["traitor"]["turns"] == {"from": None, "to": None}
    assert events["instability-1"]["fortune"] == "negative" and events["instability-1"]["sp_loss"]
    assert events["lutzen"]["one_use"] and events["lutzen"]["number"] == 49
    assert events["franco-spanish-war-33"]["power"] == "france"
    nobles = {c["id"]: c for c in cards_json(content, "nobles")["nobles"]}
    assert nobles["ambrosio-de-spinola"]["strategy"] == 3
    assert nobles["gaspar-de-guzman"]["traits"] == ["industrious"]
    assert nobles["juan-jose-of-austria"]["military"] == "?"
    leaders = {c["id"]: c for c in cards_json(content, "leaders")["leaders"]}
    assert leaders["emmanuel-of-savoy"]["power"] == "france"
    assert leaders["emmanuel-of-savoy"]["powers"] == ["france-italy"]
    memorials = {c["id"]: c for c in cards_json(content, "memorials")["memorials"]}
    assert memorials["te-deum"]["owner"] in {"king", "valido"}
    ladies = {c["id"]: c for c in cards_json(content, "ladies")["ladies"]}
    assert (ladies["casilda-manrique"]["prestige"], ladies["casilda-manrique"]["happiness"]) == (
        -1,
        2,
    )
    geniuses = {c["id"]: c for c in cards_json(content, "geniuses")["geniuses"]}
    assert geniuses["diego-velazquez"]["enlightenment"] == 3


def test_cards_json_section_and_search(content: Content) -> None:
    """--search filters case-insensitively over name, id, text and traits."""
    only = cards_json(content, "nobles", "WRITER")
    assert list(only) == ["nobles"]
    assert {c["id"] for c in only["nobles"]} >= {"antoine-brun", "manuel-de-melo"}
    assert all("writer" in c["traits"] for c in only["nobles"])
    assert [c["id"] for c in cards_json(content, "events", "lützen")["events"]] == ["lutzen"]
    everywhere = cards_json(content, search="condé")
    assert everywhere["nobles"] and everywhere["leaders"]
    with pytest.raises(ValueError, match="unknown section"):
        cards_json(content, "dragons")


def test_print_cards_shows_provenance(content: Content) -> None:
    """The tables show the source and the reconstructed fields of every card."""
    console = Console(record=True, width=220, color_system=None)
    print_cards(content, None, None, console)
    out = console.export_text()
    for title in ("Event cards (68)", "Nobles (43)", "Secret Memorials (14)", "Enemy leaders"):
        assert title in out
    assert "reconstructed" in out and "rulebook" in out
    console = Console(record=True, width=220, color_system=None)
    print_cards(content, "ladies", "no such lady", console)
    assert "No ladies match" in console.export_text()
