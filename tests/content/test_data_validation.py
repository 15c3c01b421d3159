"""Hostile or broken data folders are refused at load, in one line naming file, entry
and field (issue 15, items 6, 7 and 10). Each case once crashed in the middle of a game,
hung, or ate gigabytes; now ``load_content`` refuses it before a game starts."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import threading
import tracemalloc
from pathlib import Path

import pytest

from planet_king.content.effects import EFFECT_NAMES
from planet_king.content.loader import DataError, default_data_dir, load_content
from planet_king.engine.rules import events


@pytest.fixture
def data(tmp_path: Path) -> Path:
    folder = tmp_path / "data"
    shutil.copytree(default_data_dir(), folder)
    return folder


def edit(path: Path, old: str, new: str, count: int = 1) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, count), encoding="utf-8")


def refused(folder: Path, *words: str) -> str:
    """Load ``folder``: it must fail with one short line holding every word."""
    with pytest.raises(DataError) as info:
        load_content(folder)
    message = str(info.value)
    assert "\n" not in message and len(message) < 400, message
    for word in words:
        assert word in message, (word, message)
    return message


def test_the_shipped_data_loads(data: Path) -> None:
    assert load_content(data).scenarios


# ------------------------------------------------------------ 6. alias bombs
def test_a_yaml_alias_bomb_is_refused_without_expanding_it(data: Path) -> None:
    """Item 6: a "billion laughs" in --data-dir ate 7-10 GB: the loader expanded it
    to label an error. Aliases are refused in game data, before anything is built."""
    levels = ['a0: &a0 ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]']
    for i in range(1, 10):
        levels.append(f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 9) + "]")
    (data / "events.yaml").write_text(
        "- bomb:\n"
        + "\n".join("    " + line for line in levels)
        + "\n  id: *a9\n  name: *a9\n  effect: *a9\n"
    )
    tracemalloc.start()
    try:
        refused(data, "events.yaml", "alias")
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 64 * 2**20  # expanded, the bomb is 9**10 strings: gigabytes


def test_a_huge_value_is_never_formatted_whole_into_a_message(data: Path) -> None:
    """Item 6: a value put in an error label is cut, whatever its size."""
    edit(data / "nobles.yaml", "- id: ", f"- id: {'x' * 200_000}\n  bad: 1\n- id: ")
    assert len(refused(data, "nobles.yaml")) < 400


# ------------------------------------------------------------ 7. not regular files
@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs on this system")
@pytest.mark.parametrize("name", ["tables.yaml", "scenarios/hothead.yaml", "extra.yaml"])
def test_a_fifo_in_the_data_folder_is_refused_without_hanging(data: Path, name: str) -> None:
    """Item 7: a FIFO as a data file hung the loader."""
    path = data / name
    path.unlink(missing_ok=True)
    os.mkfifo(path)

    stop, opened = threading.Event(), threading.Event()

    def writer() -> None:  # old code blocked on open: let it end (and fail), not hang
        if not stop.wait(3):
            with open(path, "wb"):
                opened.set()  # before the close: a blocked loader reads EOF only after

    thread = threading.Thread(target=writer, daemon=True)
    thread.start()
    refused(data, name.split("/")[-1], "named pipe")
    loader_opened_the_pipe = opened.is_set()
    stop.set()
    if thread.is_alive():  # slow but right: the writer waits for a reader, release it
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
        thread.join()
        os.close(fd)
    assert not loader_opened_the_pipe


def test_a_data_file_over_the_size_cap_is_refused(data: Path) -> None:
    """Item 10: a size cap on data files (a game's data is some 100 kB)."""
    with (data / "events.yaml").open("a") as fh:
        fh.write("# " + "x" * (5 * 1024 * 1024) + "\n")
    refused(data, "events.yaml", "too large")


# ------------------------------------------------------------ 10. everything a game needs
def test_an_empty_event_deck_is_refused(data: Path) -> None:
    (data / "events.yaml").write_text("[]\n")
    refused(data, "events.yaml", "no event cards")


def test_an_empty_fixed_event_deck_is_refused(data: Path) -> None:
    path = data / "scenarios" / "hothead.yaml"
    text = path.read_text()
    text = re.sub(r"event_deck:\n(  - .*\n)+", "event_deck: []\n", text)
    path.write_text(text)
    refused(data, "hothead.yaml", "scenario 'hothead'", "event_deck")


def test_an_empty_scoring_table_is_refused(data: Path) -> None:
    path = data / "tables.yaml"
    text = path.read_text()
    text = re.sub(r"enlightenment:\n(  - .*\n)+", "enlightenment: []\n", text)
    path.write_text(text)
    refused(data, "tables.yaml", "enlightenment")


def test_a_scoring_table_with_a_gap_is_refused(data: Path) -> None:
    edit(data / "tables.yaml", "  - {min: 4, max: 5}\n", "")
    refused(data, "tables.yaml", "enlightenment", "4")


def test_a_court_noble_listed_six_times_is_refused(data: Path) -> None:
    path = data / "scenarios" / "hothead.yaml"
    original = path.read_text()
    six = ", ".join(["diego-carrillo"] * 6)
    path.write_text(re.sub(r"court_nobles:.*\n", f"court_nobles: [{six}]\n", original))
    refused(data, "hothead.yaml", "court_nobles", "at most 4")
    two = ", ".join(["diego-carrillo"] * 2)
    path.write_text(re.sub(r"court_nobles:.*\n", f"court_nobles: [{two}]\n", original))
    refused(data, "hothead.yaml", "court_nobles", "'diego-carrillo' listed twice")


def test_an_unknown_effect_is_refused(data: Path) -> None:
    edit(data / "events.yaml", "effect: ", "effect: no-such-effect-", 1)
    refused(data, "events.yaml", "effect", "no-such-effect")


def test_the_content_checks_the_effects_without_importing_the_engine() -> None:
    """Issue 33 §3: content sits below the engine. The effects the data may name are
    declared in content (``content/effects.py``), so loading and checking the data
    imports no module of the engine."""
    code = (
        "import sys; from planet_king.content.loader import load_content; load_content(); "
        "bad = sorted(m for m in sys.modules if m.startswith('planet_king.engine')); "
        "print(bad); sys.exit(1 if bad else 0)"
    )
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_the_rule_code_implements_exactly_the_declared_effects() -> None:
    """The engine's effect registry is the content's declared effects, name for name
    (checked when ``engine.rules.events`` is imported); a missing or extra one is named."""
    assert set(events.EFFECTS) == EFFECT_NAMES
    assert events.effects_mismatch(events.EFFECTS, EFFECT_NAMES) is None
    without = [name for name in events.EFFECTS if name != "storms"]
    assert events.effects_mismatch(without, EFFECT_NAMES) == "declared without rule code: storms"
    extra = [*events.EFFECTS, "plague"]
    assert events.effects_mismatch(extra, EFFECT_NAMES) == (
        "rule code for undeclared effects: plague"
    )
    with pytest.raises(ValueError, match="'plague' is not declared"):
        events.effect("plague")


def test_a_5000_digit_integer_is_refused(data: Path) -> None:
    edit(data / "scenarios" / "hothead.yaml", "treasury: 5", "treasury: " + "7" * 5000)
    message = refused(data, "hothead.yaml", "treasury")
    assert "7" * 100 not in message


@pytest.mark.parametrize("value", ["-1", "13"])
def test_a_treasury_outside_0_to_12_is_refused(data: Path, value: str) -> None:
    edit(data / "scenarios" / "hothead.yaml", "treasury: 5", f"treasury: {value}")
    refused(data, "hothead.yaml", "scenario 'hothead'", "treasury")


@pytest.mark.parametrize(
    ("first", "last"), [("5", "3"), ("0", "4"), ("1", "9")], ids=["reversed", "zero", "nine"]
)
def test_turns_must_be_in_order_within_1_to_8(data: Path, first: str, last: str) -> None:
    path = data / "scenarios" / "anni-mirabiles.yaml"
    edit(path, "first_turn: 1", f"first_turn: {first}")
    edit(path, "last_turn: 4", f"last_turn: {last}")
    refused(data, "anni-mirabiles.yaml", "turn")


@pytest.mark.parametrize(
    ("file", "field", "value"),
    [
        ("nobles.yaml", "political", "9"),
        ("nobles.yaml", "military", "-1"),
        ("ladies.yaml", "fertility", "7"),
        ("leaders.yaml", "strategy", "12"),
        ("tables.yaml", "fleet", "-1"),
        ("map.yaml", "income", "40"),
        ("map.yaml", "spanish_spaces", "0"),
    ],
)
def test_ratings_and_counters_within_their_printed_ranges(data, file, field, value) -> None:
    """Item 10: ratings 0-3, strategy 1-3, no negative counter mix, and so on."""
    path = data / file
    text, n = re.subn(rf"\b{field}: -?\d+", f"{field}: {value}", path.read_text(), count=1)
    assert n == 1
    path.write_text(text)
    refused(data, file, field)


def test_no_notable_in_two_places(data: Path) -> None:
    """Item 10: the Valido also sitting at Court would be in play twice."""
    path = data / "scenarios" / "hothead.yaml"
    text = path.read_text()
    valido = re.search(r"^valido: (\S+)", text, re.M).group(1)  # type: ignore[union-attr]
    text = re.sub(r"court_nobles: \[", f"court_nobles: [{valido}, ", text)
    path.write_text(text)
    refused(data, "hothead.yaml", valido, "two places")


def test_duplicate_yaml_keys_are_refused(data: Path) -> None:
    edit(data / "scenarios" / "hothead.yaml", "treasury: 5", "treasury: 5\ntreasury: 12")
    refused(data, "hothead.yaml", "treasury", "twice")


def test_two_scenario_files_with_one_id_are_refused(data: Path) -> None:
    shutil.copy(data / "scenarios" / "hothead.yaml", data / "scenarios" / "hothead-copy.yaml")
    refused(data, "hothead", "id")


def test_a_data_folder_path_too_long_is_one_line(tmp_path: Path) -> None:
    """Item 11 (for --data-dir): a 5,000-character path gave "internal error: OSError"."""
    refused(tmp_path / ("x" * 5000), "data folder not found", "too long")


def test_a_battle_name_table_short_of_a_row_is_refused(data: Path) -> None:
    """Found by the hostile pass: a battle-name table is read with two dice (6 x 6);
    a short one crashed the game at the first battle of that front."""
    path = data / "battle_names.yaml"
    text = path.read_text()
    m = re.search(r"\[[^\[\]\n]+\]", text)
    assert m
    path.write_text(text[: m.start()] + "[]" + text[m.end() :])
    refused(data, "battle_names.yaml")


def test_an_unknown_memorial_condition_is_refused(data: Path) -> None:
    """Item 10: an unknown `condition` stopped the game at the first memorial check."""
    edit(data / "memorials.yaml", "condition: heir-alive", "condition: heir-is-happy")
    refused(data, "memorials.yaml", "condition", "heir-is-happy")


def test_a_memorial_condition_without_its_parameter_is_refused(data: Path) -> None:
    edit(data / "memorials.yaml", "params: {points: 8}", "params: {}")
    refused(data, "memorials.yaml", "points")


def test_every_condition_the_loader_knows_is_one_the_engine_checks(content) -> None:
    """The loader's list of memorial conditions and the engine's checks agree: each
    known condition is answered (true or false), none is "unknown"."""
    from planet_king.content.models import MEMORIAL_CONDITIONS, Memorial
    from planet_king.engine.game import Game
    from planet_king.engine.rules import memorials

    game = Game("the-planet-king", seed=1, content=content)
    values = {"points": 6, "wars": 1, "space": "amazon", "geniuses": 2, "ducats": 5}
    base = next(iter(content.memorials.values())).model_dump(by_alias=True)
    for condition, needs in MEMORIAL_CONDITIONS.items():
        raw = {**base, "condition": condition, "params": {k: values[k] for k in needs}}
        if condition == "won-war":
            raw["params"] = {"wars": "france"}
        card = Memorial.model_validate(raw)
        assert memorials._met(game, card, final=True) in (True, False), condition
    used = {m.condition for m in content.memorials.values()}
    assert used <= set(MEMORIAL_CONDITIONS)


# Events / the cards' parameters: each effect names the parameters it reads, so a number
# in the data can never be silently ignored (the TURKISH WAR's `declaration_tests` and
# `declare_on_neutral`, and CORSAIRS OF DUNKIRK's strength, were once read by no rule code).
TURKISH = "params: {power: ottoman, "


def test_an_event_parameter_its_effect_does_not_read_is_refused(data: Path) -> None:
    edit(data / "events.yaml", TURKISH, TURKISH + "tests: 1, ")
    refused(data, "events.yaml", "turkish-war", "params.tests", "does not read")


def test_an_event_without_a_parameter_its_effect_needs_is_refused(data: Path) -> None:
    edit(data / "events.yaml", TURKISH, "params: {")
    refused(data, "events.yaml", "turkish-war", "params.power", "missing")


@pytest.mark.parametrize("value", ["'two'", "true"])
def test_an_event_parameter_of_the_wrong_type_is_refused(data: Path, value: str) -> None:
    text = (data / "events.yaml").read_text(encoding="utf-8")
    amount = re.search(r"params: \{amount: (-?\d+)\}", text)
    assert amount is not None
    edit(data / "events.yaml", amount.group(0), f"params: {{amount: {value}}}")
    refused(data, "events.yaml", "params.amount", "expected int")


def test_the_data_version_is_the_played_data_not_the_tutorial_s_words(tmp_path: Path) -> None:
    """Rewording the tutorial (data/tutorial) leaves the data version as it was: that
    version keys the evaluator's model, the simulation workers' check and the saves, and
    no game plays differently for it; a change to played data changes it."""
    base = load_content().version
    copy = tmp_path / "data"
    shutil.copytree(default_data_dir(), copy)
    tut = copy / "tutorial" / "first-turn.yaml"
    tut.write_text(tut.read_text(encoding="utf-8").replace("Good luck", "Fair winds"), "utf-8")
    assert load_content(copy).version == base
    played = tmp_path / "played"  # another folder: contents are cached by folder
    shutil.copytree(default_data_dir(), played)
    scen = played / "scenarios" / "hothead.yaml"
    scen.write_text(scen.read_text(encoding="utf-8") + "\n# a comment is data too\n", "utf-8")
    assert load_content(played).version != base
