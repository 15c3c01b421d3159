"""Every card the rulebook names is in the data, with honest provenance; every key is
documented; a broken data file is reported by file, entry and field."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
import rulebook_facts
from rulebook_facts import capital_names

from planet_king.content.loader import Content, DataError, load_content

ROOT = Path(__file__).resolve().parents[2]

# Every name the rulebook prints in capitals, with the card(s) it names.
NAMED: dict[str, list[str]] = {
    # events
    "ACTION": ["action-1"], "ACTION (14)": ["action-14"],
    "AUSTRIAN ALLIANCE": ["austrian-alliance"], "BARBARA VAN BECK": ["barbara-van-beck"],
    "BARBARY PIRATES": ["barbary-pirates"], "BEATEN TO A PULP": ["beaten-to-a-pulp"],
    "BEATEN TO A PULP (53)": ["beaten-to-a-pulp"], "BREITENFELD 1631": ["breitenfeld-1631"],
    "BREITENFELD 1643": ["breitenfeld-1643"], "CONSPIRACY OF NOBLES": ["conspiracy-of-nobles"],
    "CONSTRUCTION": ["construction"], "CORRALES AND BROTHELS": ["corrales-and-brothels"],
    "CORRUPTION": ["corruption"], "CORSAIRS OF DUNKIRK": ["corsairs-of-dunkirk"],
    "COUNTER ARMADA": ["counter-armada"], "COUNTER-ARMADA": ["counter-armada"],
    "DANISH INTERVENTION": ["danish-intervention"], "DIPLOMACY": ["diplomacy"],
    "ENSIGN NUN": ["the-ensign-nun"], "THE ENSIGN NUN": ["the-ensign-nun"],
    "EXCELLENT HARVESTS": ["excellent-harvests"], "FALL FROM GRACE": ["fall-from-grace"],
    "FLANDERS WAR": ["flanders-war-1"], "THE FLANDERS WAR": ["flanders-war-1"],
    "FLANDERS WAR (34)": ["flanders-war-34"],
    "FRANCO-SPANISH WAR": ["franco-spanish-war-1"],
    "FRANCO-SPANISH WAR (32)": ["franco-spanish-war-32"],
    "FRANCO-SPANISH WAR (33)": ["franco-spanish-war-33"],
    "ANGLO-SPANISH WAR": ["anglo-spanish-war-1"],
    "ANGLO-SPANISH WAR (37)": ["anglo-spanish-war-37"],
    "GALLEON OF MANILA": ["manila-galleon"],
    "GOLDEN AGE": ["spanish-golden-age", "golden-age"],
    "GUERRA DELS SEGADORS": ["guerra-dels-segadors"],
    "GUERRA DELS SEGADORES": ["guerra-dels-segadors"],
    "HIS MAJESTY THE KING": ["his-majesty-the-king"], "HUNTING DAY": ["hunting-day"],
    "INSTABILITY": ["instability-1"], "INSTABILITY CARDS": ["instability-2"],
    "LIBERTINES": ["libertines"], "LÜTZEN": ["lutzen"], "LÜTZEN (49)": ["lutzen"],
    "MERCENARIES": ["mercenaries"], "PATRON": ["patron"], "PIRATES": ["pirates-1"],
    "PLAGUE": ["the-plague"], "THE PLAGUE": ["the-plague"],
    "PORTUGUESE WAR": ["portuguese-war"], "PORTUGUESE WAR (39)": ["portuguese-war"],
    "RAID IN THE INDIES": ["raid-in-the-indies"], "RIVALRY": ["rivalry"],
    "ROYAL MARRIAGE": ["royal-marriage"], "SÉBASTIÁN DE MORRA": ["sebastian-de-morra"],
    "SPANISH GOLDEN AGE": ["spanish-golden-age"], "SPANISH ROAD": ["spanish-road"],
    "THE FRONDE": ["the-fronde"], "THE TWILIGHT OF LIFE": ["the-twilight-of-life"],
    "TWILIGHT OF LIFE": ["the-twilight-of-life"], "TOTAL WAR": ["total-war"],
    "TRAITOR": ["traitor"], "TURKISH WAR": ["turkish-war"], "UNION OF ARMS": ["union-of-arms"],
    "WALLENSTEIN": ["wallenstein"], "WEST INDIES FLEET": ["west-indies-fleet-1"],
    # secret memorials
    "ALL AGAINST US": ["all-against-us"], "CARPE DIEM": ["carpe-diem"],
    "REPUTATION": ["reputation"], "TE DEUM": ["te-deum"], "US AGAINST ALL": ["us-against-all"],
    # nobles
    "ALVAREZ DE TOLEDO": ["alvarez-de-toledo"], "AMBROSIO DE SPINOLA": ["ambrosio-de-spinola"],
    "SPINOLA": ["ambrosio-de-spinola"], "ANTOINE BRUN": ["antoine-brun"],
    "ANTONIO DE OQUENDO": ["antonio-de-oquendo"], "BARTOLOMÉ DE FONTE": ["bartolome-de-fonte"],
    "CARDINAL INFANTE": ["fernando-de-austria"], "FERNANDO DE AUSTRIA": ["fernando-de-austria"],
    "CASTEL RODRIGO": ["castel-rodrigo"], "DIEGO CARRILLO": ["diego-carrillo"],
    "DIEGO MEXÍA GUZMÁN": ["diego-mexia-guzman"], "EVERARDO DE NITHARD": ["everardo-de-nithard"],
    "FERNÁNDEZ DE CASTRO": ["fernandez-de-castro-father", "fernandez-de-castro-son"],
    "FERNÁNDEZ DE LA CUEVA": ["fernandez-de-la-cueva"], "FRANCISCO DE MELO": ["francisco-de-melo"],
    "FRANCISCO DE MOURA": ["francisco-de-moura"], "FRANCISCO PIMENTEL": ["francisco-pimentel"],
    "PIMENTEL": ["francisco-pimentel"], "GARCÍA DE AVELLANEDA": ["garcia-de-avellaneda"],
    "GASPAR DE BORJA": ["gaspar-de-borja"], "GASPAR DE BRACAMONTE": ["gaspar-de-bracamonte"],
    "GASPAR DE GUZMÁN": ["gaspar-de-guzman"],
    "GONZALO FDEZ. DE CÓRDOBA": ["gonzalo-fernandez-de-cordoba"],
    "GÓNZALO FDEZ. DE CÓRDOBA": ["gonzalo-fernandez-de-cordoba"],
    "GUILLAUME DE BETTE": ["guillaume-de-bette"], "GÓMEZ SUÁREZ": ["gomez-suarez"],
    "ISABEL CLARA EUGENIA": ["isabel-clara-eugenia"],
    "JUAN JOSÉ OF AUSTRIA": ["juan-jose-of-austria"],
    "LEOPOLD OF HABSBURG": ["leopold-of-habsburg"], "LOUIS II CONDÉ": ["louis-ii-conde"],
    "LUIS DE HARO": ["luis-de-haro"], "MANUEL DE MELO": ["manuel-de-melo"],
    "RODRIGO PACHECO": ["rodrigo-pacheco"], "SOR MARÍA DE AGREDA": ["sor-maria-de-agreda"],
    "SOR MARÍA DE ÁGREDA": ["sor-maria-de-agreda"],
    # ladies
    "CASILDA DE MANRIQUE": ["casilda-manrique"], "CASILDA MANRIQUE": ["casilda-manrique"],
    "ELISABETH OF FRANCE": ["elisabeth-of-france"], "ELIZABETH OF FRANCE": ["elisabeth-of-france"],
    "ISABEL DE LA CUEVA": ["isabel-de-la-cueva"],
    "MARIA ANNA OF AUSTRIA": ["maria-anna-of-austria"],
    "MARIA CALDERON": ["maria-calderon"], "MARIA CALDERÓN": ["maria-calderon"],
    "MARÍA CALDERÓN": ["maria-calderon"], "MARIANA PÉREZ": ["mariana-perez"],
    "MARÍA CHIREL": ["maria-de-chirel"], "MARÍA DE CHIREL": ["maria-de-chirel"],
    # geniuses
    "ALONSO CANO": ["alonso-cano"], "BALTASAR GRACIÁN": ["baltasar-gracian"],
    "GRACIÁN": ["baltasar-gracian"], "DIEGO VELÁZQUEZ": ["diego-velazquez"],
    "VELÁZQUEZ": ["diego-velazquez"], "FRANCISCO DE QUEVEDO": ["francisco-de-quevedo"],
    "QUEVEDO": ["francisco-de-quevedo"], "FRANCISCO DE ZUBARÁN": ["francisco-de-zurbaran"],
    "ZURBARÁN": ["francisco-de-zurbaran"], "GÓNGORA": ["luis-de-gongora"],
    "LUIS DE GÓNGORA": ["luis-de-gongora"], "JOSÉ DE RIBERA": ["jose-de-ribera"],
    "JUAN CARAMUEL": ["juan-caramuel"], "LOPE DE VEGA": ["lope-de-vega"],
    "SOR JUANA DE LA CRUZ": ["sor-juana-de-la-cruz"], "VINCENTE CARDUCHO": ["vicente-carducho"],
}  # fmt: skip
# Capitalised words that are not card names (card types, numerals, abbreviations).
NOT_CARDS = {
    "CDG", "CLIO", "EVENT", "GENIUS", "GENIUSES", "III", "LADIES", "LADY", "NOBLE", "NOBLES",
    "NOTABLE", "PDF", "SECRET MEMORIAL", "XIV", "XVI", "XVII",
}  # fmt: skip
# Named in lower case: event headings, enemy leaders, and cards of Design Notes and A Bit of
# History (where the cards are in bold in the original).
NAMED_IN_PROSE: dict[str, str] = {
    "Uprising": "uprising", "Storms": "storms", "Old Tercio": "old-tercio",
    "La Motte": "la-motte", "Emmanuel": "emmanuel-of-savoy", "Nassau": "nassau",
    "Tromp": "tromp", "Turenne": "turenne", "Condé": "conde", "Meneses": "meneses",
    "Margarit": "margarit", "Piccolomini": "piccolomini", "Duke of Hijar": "duke-of-hijar",
    "Calderón de la Barca": "calderon-de-la-barca", "Tomás Torrejón": "tomas-torrejon",
    "Juana Francisca Diez de Aux": "juana-francisca-diez-de-aux",
    "Sister Margarita de la Cruz": "margarita-de-la-cruz",
}  # fmt: skip


def all_ids(content: Content) -> dict[str, object]:
    return {
        **content.events, **content.notables, **content.memorials, **content.leaders,
    }  # fmt: skip


def test_every_card_the_rulebook_names_is_present(content: Content) -> None:
    """Components / Cards: each capitalised name of the rulebook is a card of the data, and
    the card says so (source: rulebook)."""
    ids = all_ids(content)
    for name, card_ids in {**NAMED, **{k: [v] for k, v in NAMED_IN_PROSE.items()}}.items():
        for card_id in card_ids:
            assert card_id in ids, f"{name}: {card_id} missing"
            assert ids[card_id].source == "rulebook", f"{name}: {card_id} is not marked rulebook"


def test_capitalised_names_in_the_rulebook_are_all_mapped() -> None:
    """A Bit of History: cards are printed in capitals; none of them is forgotten.

    Read from the facts committed in tests/facts/rulebook_names.yaml (taken from the
    rulebook, so this runs on any clone); the next test checks those facts against the
    rulebook itself where it is present."""
    facts = rulebook_facts.load_names()
    found = set(facts["capitalised_names"])
    assert found - set(NAMED) - NOT_CARDS == set()
    assert set(NAMED) - found == set()
    assert sorted(facts["names_in_prose"]) == sorted(NAMED_IN_PROSE)


def test_the_committed_names_are_the_rulebooks() -> None:
    """Cross-check of the committed facts against the rulebook itself: the names are
    recomputed from its full text and must be the same, and every lower-case card name
    is in it. It runs where the rulebook is present (../shared or PLANET_KING_RULEBOOK).
    Elsewhere it is skipped with that reason, which hides nothing the test above checks
    (that one reads the committed facts and always runs); what it cannot check there is
    only whether the facts still match the rulebook, whose SHA-256 they record.
    PLANET_KING_REQUIRE_RULEBOOK=1 turns the skip into a failure."""
    text = rulebook_facts.rulebook_text_or_skip()
    facts = rulebook_facts.load_names()
    assert facts["sha256"] == rulebook_facts.sha256(text), "regenerate tests/facts"
    assert sorted(capital_names(text)) == facts["capitalised_names"]
    assert rulebook_facts.names_in(text, list(NAMED_IN_PROSE)) == sorted(NAMED_IN_PROSE)


def test_reconstructed_cards_are_not_in_the_rulebook(content: Content) -> None:
    """Provenance (DESIGN.md invariant 6): a card the rulebook does not name is reconstructed
    and lists its reconstructed fields; rulebook cards name every field they reconstruct."""
    named = {i for ids in NAMED.values() for i in ids} | set(NAMED_IN_PROSE.values())
    for card_id, card in all_ids(content).items():
        if card_id.startswith(("action-", "instability-", "pirates-", "west-indies-fleet-")):
            continue  # duplicates of a named card
        expected = "rulebook" if card_id in named else "reconstructed"
        assert card.source == expected, card_id
    for card_id, card in all_ids(content).items():
        assert card.note, card_id
        fields = set(type(card).model_fields) | {"leader.turns"}
        assert set(card.reconstructed) <= fields, (card_id, card.reconstructed)
        if card.source == "reconstructed":
            assert card.reconstructed, card_id


def test_cross_references_resolve(content: Content) -> None:
    """Every id a card or scenario refers to exists (the loader checks; this restates it)."""
    for card in content.events.values():
        assert set(card.removes) <= set(content.events)
    for noble in content.nobles.values():
        assert noble.son is None or noble.son in content.nobles
    targets = set(content.powers) | set(content.wars)
    for leader in content.leaders.values():
        assert set(leader.powers) <= targets
    for scen in content.scenarios.values():
        refs = [scen.valido, scen.queen, scen.court_painter, *scen.offices.values()]
        refs += [*scen.court_nobles, *scen.court_geniuses, *scen.mistress_choices]
        refs += [*scen.set_aside_nobles, *scen.eliminated]
        refs += [w.leader for w in scen.wars] + [w.enemy_leader for w in scen.wars]
        for ref in refs:
            assert ref is None or ref in content.notables or ref in content.leaders, ref
        assert set(scen.random_commands) <= set(content.wars)


def test_every_data_key_is_documented(content: Content) -> None:
    """docs/data.md lists every effect, condition, red-text and memorial key."""
    doc = (ROOT / "docs" / "data.md").read_text(encoding="utf-8")
    keys = {c.effect for c in content.events.values()}
    cards = [*content.events.values(), *content.notables.values(), *content.leaders.values()]
    conditions = {c.turns.condition for c in cards if c.turns.condition}
    keys |= {"war:" if k.startswith("war:") else k for k in conditions}
    keys |= {f"{c.removed_when.split(':')[0]}:" for c in content.events.values() if c.removed_when}
    keys |= {m.condition for m in content.memorials.values()}
    for key in keys:
        assert f"`{key}" in doc, key


def copy_data(tmp_path: Path) -> Path:
    data = tmp_path / "data"
    shutil.copytree(ROOT / "data", data)
    return data


def edit(path: Path, card_id: str, field: str, value: str) -> None:
    """Replace one field's line in one entry of a data file (text edit, keeps it fast)."""
    text = path.read_text(encoding="utf-8")
    start = text.index(f"- id: {card_id}\n")
    end = text.find("\n- id:", start + 1)
    end = len(text) if end < 0 else end
    block = re.sub(rf"(?m)^  {field}: .*$", f"  {field}: {value}", text[start:end], count=1)
    assert block != text[start:end], (card_id, field)
    path.write_text(text[:start] + block + text[end:], encoding="utf-8")


def test_malformed_field_names_file_entry_and_field(tmp_path: Path) -> None:
    """Loader: a bad value is a DataError naming the file, the entry id and the field."""
    data = copy_data(tmp_path)
    edit(data / "nobles.yaml", "gaspar-de-guzman", "political", "lots")
    with pytest.raises(DataError) as err:
        load_content(data)
    message = str(err.value)
    assert "nobles.yaml" in message and "gaspar-de-guzman" in message and "political" in message


def test_broken_reference_and_counter_are_reported(tmp_path: Path) -> None:
    """Loader: unknown ids and a leader counter that disagrees with its card are errors."""
    data = copy_data(tmp_path)
    edit(data / "events.yaml", "lutzen", "removes", "[no-such-card]")
    with pytest.raises(DataError, match=r"events\.yaml.*'lutzen'.*'removes'.*no-such-card"):
        load_content(data)
    data2 = copy_data(tmp_path / "second")
    edit(data2 / "nobles.yaml", "diego-carrillo", "military", "2")
    with pytest.raises(DataError, match=r"nobles\.yaml.*'diego-carrillo'.*'leader\.strategy'"):
        load_content(data2)


def test_every_data_file_reads_the_same_with_the_fast_safe_loader() -> None:
    """Loader: libyaml's safe loader, where present, builds exactly what the pure-Python
    safe loader (yaml.safe_load) builds from every data file."""
    import yaml

    from planet_king.content.loader import parse_yaml

    for path in sorted((ROOT / "data").rglob("*.yaml")):
        text = path.read_text(encoding="utf-8")
        assert parse_yaml(text) == yaml.safe_load(text), path.name


@pytest.mark.parametrize(
    ("text", "error"),
    [
        # not YAML at all: the file and the line
        ("- id: x\n  name: [unclosed\n", r"ladies\.yaml: not valid YAML at line \d+"),
        # the safe schema only: a Python-object tag is refused, never executed
        ("- !!python/object/apply:os.system ['true']\n", r"ladies\.yaml: not valid YAML"),
    ],
)
def test_a_file_the_safe_loader_refuses_is_a_one_line_error(
    tmp_path: Path, text: str, error: str
) -> None:
    """Loader: bad YAML is a one-line DataError naming the file."""
    data = copy_data(tmp_path)
    (data / "ladies.yaml").write_text(text, encoding="utf-8")
    with pytest.raises(DataError, match=error):
        load_content(data)
