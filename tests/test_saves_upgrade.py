"""Saves survive upgrades (issue 33; docs/saves.md): a save of older rules resumes
from its snapshot, a format-1 save is replayed as far as its choices stay legal, and
either says so in one line."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from planet_king import saves
from planet_king.bots import RandomBot, make_bot
from planet_king.cli import app
from planet_king.content.loader import Content, load_content
from planet_king.engine import snapshot
from planet_king.engine.decisions import BACK_ID, IllegalChoice
from planet_king.engine.game import Game
from planet_king.engine.rules_version import RULES_VERSION

GOLDEN = Path(__file__).parent / "golden_saves"


@pytest.fixture(scope="module")
def content() -> Content:
    return load_content()


@pytest.fixture(scope="module")
def in_progress(content: Content, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A save of the current rules, a few choices past the start of turn 5 (made here,
    not a golden save: these tests must hold whatever the rules become)."""
    for seed in range(2, 40):  # the first seed whose reign lasts to turn 5 under these rules
        game = Game("the-planet-king", seed=seed, content=content)
        bot = make_bot("expert", seed)
        while game.decision is not None and not (
            game.state.turn == 5
            and game.last_start is not None
            and game.last_start.turn == 5
            and len(game.choices) >= game.last_start.choices + 7
        ):
            game.choose(bot.choose(game))
        if game.decision is not None:
            break
    assert game.decision is not None, "no reign of these seeds lasted to turn 5"
    return saves.save_game(game, "in-progress", saves_dir=tmp_path_factory.mktemp("saves"))


def _format_1(src: Path, tmp_path: Path) -> Path:
    """``src`` as the releases before format 2 wrote it (its digests are of this
    version, but a format-1 save's are never checked)."""

    def edit(doc: dict) -> None:  # type: ignore[type-arg]
        for key in ("rules_version", "resumed_from", "snapshot"):
            doc.pop(key, None)
        doc["format_version"] = 1

    return _edited(src, tmp_path, edit)


def program_rules(monkeypatch: pytest.MonkeyPatch, version: int) -> None:
    """This program's rules version, as the saves write it and read it."""
    for module in (saves.write, saves.replay):
        monkeypatch.setattr(module, "RULES_VERSION", version)


@pytest.fixture
def newer_rules(monkeypatch: pytest.MonkeyPatch) -> int:
    """This program's rules are one version past the saves'."""
    program_rules(monkeypatch, RULES_VERSION + 1)
    return RULES_VERSION + 1


class _EveryDrawTwice(random.Random):
    """An RNG that throws away every other draw of random bits."""

    def getrandbits(self, k: int) -> int:
        super().getrandbits(k)
        return super().getrandbits(k)


def change_the_rules(monkeypatch: pytest.MonkeyPatch) -> None:
    """A rules change that alters play: the game's RNG draws every number twice and
    keeps the second (the same seed and choices no longer give the same game). Made on
    ``random.Random``, which the game looks up when it is made, not on a method of
    ``Game``, which the compiled build (scripts/compile_core.py) calls directly."""
    monkeypatch.setattr(random, "Random", _EveryDrawTwice)


@pytest.fixture
def changed_rules(monkeypatch: pytest.MonkeyPatch) -> None:
    change_the_rules(monkeypatch)


def _edited(src: Path, tmp_path: Path, edit) -> Path:  # type: ignore[no-untyped-def]
    doc = json.loads(src.read_text(encoding="utf-8"))
    edit(doc)
    path = tmp_path / src.name
    path.write_text(json.dumps(doc), encoding="utf-8")
    return path


def test_a_save_of_older_rules_resumes_from_its_snapshot(
    content: Content, in_progress: Path, newer_rules: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    data = saves.read_save(in_progress)
    snap = data.snapshot
    assert snap is not None and 0 < snap["choices"] < len(data.choices)
    game = saves.load_game(in_progress, content=content)
    assert game.load_notice == (
        f"{in_progress}: saved under rules version {RULES_VERSION} (this is rules version "
        f"{newer_rules}): resumed from its snapshot at the start of turn {snap['turn']} "
        f"(after {snap['choices']} of its {len(data.choices)} choices); all its choices replay"
    )
    assert game.resumed_from.start.choices == snap["choices"]
    # the rules did not really change: resuming gives the game a replay gives
    program_rules(monkeypatch, RULES_VERSION)
    replayed = saves.load_game(in_progress, content=content)
    assert replayed.load_notice is None and replayed.resumed_from is None
    assert game.state == replayed.state and game.log_entries == replayed.log_entries
    assert game.turn_digests == replayed.turn_digests
    assert game.rng.getstate() == replayed.rng.getstate()
    assert game.random_draws == replayed.random_draws


def test_after_a_rules_change_the_same_version_refuses_and_a_bump_resumes(
    content: Content, in_progress: Path, changed_rules: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Replay-and-verify stays for saves of the same rules version: the change is caught.
    with pytest.raises(saves.SaveError, match="does not match the save") as info:
        saves.load_game(in_progress, content=content)
    assert info.value.kind == "digest"
    # With the rules version bumped, the save resumes from its snapshot instead.
    program_rules(monkeypatch, RULES_VERSION + 1)
    data = saves.read_save(in_progress)
    game = saves.load_game(in_progress, content=content)
    assert "resumed from its snapshot at the start of turn 5" in (game.load_notice or "")
    assert game.resumed_from.start.choices == data.snapshot["choices"]
    assert game.resumed_from.start.state.treasury == data.snapshot["state"]["treasury"]
    bot = RandomBot(3)
    while game.decision is not None:
        game.choose(bot.choose(game))
    assert game.over and game.state.victory_level


def test_a_format_1_save_is_replayed_until_a_choice_is_no_longer_legal(
    content: Content, in_progress: Path, tmp_path: Path
) -> None:
    old = _format_1(in_progress, tmp_path)
    n = len(saves.read_save(old).choices)
    assert saves.load_game(old, content=content).choices == list(saves.read_save(old).choices)
    # As a rules change would: choice 30 is no longer an option where it was made.
    path = _edited(old, tmp_path, lambda d: d["choices"].__setitem__(29, "noble:nobody"))
    game = saves.load_game(path, content=content)
    assert len(game.choices) == 29
    notice = game.load_notice or ""
    assert notice.startswith(
        f"{path}: saved by an older planet-king (save format 1): replayed from the start "
        f"under the current rules; the replay parts from the save at choice 30 of {n} "
        "('noble:nobody', turn "
    )
    assert "no longer legal: 'noble:nobody' is not an option" in notice
    assert notice.endswith("; the game resumes before it") and "\n" not in notice
    assert game.decision is not None and "noble:nobody" not in game.decision.legal_ids


def test_a_format_1_save_parts_where_a_changed_rule_makes_a_choice_illegal(
    content: Content, in_progress: Path, tmp_path: Path, changed_rules: None
) -> None:
    old = _format_1(in_progress, tmp_path)
    data = saves.read_save(old)
    game = saves.load_game(old, content=content)
    found = re.search(
        r"parts from the save at choice (\d+) of (\d+) \('([^']+)'", game.load_notice or ""
    )
    assert found, game.load_notice
    k = int(found.group(1))
    assert int(found.group(2)) == len(data.choices) and found.group(3) == data.choices[k - 1]
    assert game.choices == list(data.choices[: k - 1])
    assert game.decision is not None and data.choices[k - 1] not in game.decision.legal_ids


def test_a_golden_format_1_save_names_where_its_replay_parts(
    content: Content, tmp_path: Path
) -> None:
    source = GOLDEN / "v1" / "the-planet-king-finished.json"
    path = _edited(source, tmp_path, lambda d: d["choices"].__setitem__(0, "noble:nobody"))
    game = saves.load_game(path, content=content)
    assert game.choices == []
    assert "the replay parts from the save at choice 1 of 484 ('noble:nobody', turn " in (
        game.load_notice or ""
    )


def test_a_save_of_older_rules_parts_after_its_snapshot_where_a_choice_is_illegal(
    content: Content, in_progress: Path, tmp_path: Path, newer_rules: int
) -> None:
    data = saves.read_save(in_progress)
    k = data.snapshot["choices"] + 3  # 1-based: the third choice after the snapshot
    path = _edited(in_progress, tmp_path, lambda d: d["choices"].__setitem__(k - 1, "x:y"))
    game = saves.load_game(path, content=content)
    assert game.choices == list(data.choices[: k - 1])
    assert f"the replay parts from the save at choice {k} of {len(data.choices)} ('x:y'" in (
        game.load_notice or ""
    )


def test_a_save_of_newer_rules_asks_for_an_upgrade(
    content: Content, in_progress: Path, tmp_path: Path
) -> None:
    path = _edited(in_progress, tmp_path, lambda d: d.update(rules_version=RULES_VERSION + 1))
    with pytest.raises(saves.SaveError, match=r"newer than this planet-king's.*please upgrade"):
        saves.load_game(path, content=content)


def test_undo_never_crosses_the_point_a_game_was_resumed_from(
    content: Content, in_progress: Path, newer_rules: int
) -> None:
    game = saves.load_game(in_progress, content=content)
    start = game.resumed_from.start.choices
    back = game
    while len(back.choices) > start:
        assert back.can_undo(learning=True) is None
        back = back.undo(learning=True)
        assert back.resumed_from is game.resumed_from
    why = back.can_undo(learning=True) or ""
    assert "was resumed after it" in why
    assert f"'{back.choices[-1]}'" not in why  # issue 32 (9): words, never an option's id
    with pytest.raises(IllegalChoice, match="from a save made under older rules"):
        back.undo(learning=True)
    fork = game.fork()  # from the resume point, not from the seed
    assert fork.state == game.state and fork.choices == game.choices


def test_a_resumed_game_saves_and_reopens_verified(
    content: Content, in_progress: Path, tmp_path: Path, newer_rules: int
) -> None:
    game = saves.load_game(in_progress, content=content)  # older rules: resumed
    bot = RandomBot(5)
    for _ in range(40):
        if game.decision is None:
            break
        game.choose(bot.choose(game))
    path = saves.save_game(game, "resumed", saves_dir=tmp_path)
    data = saves.read_save(path)
    assert data.rules_version == newer_rules and data.resumed_from is not None
    again = saves.load_game(path, content=content)  # the same rules: verified
    assert again.load_notice is None and again.state == game.state
    assert again.choices == game.choices and again.log_entries == game.log_entries
    # its digests are still checked: a tampered one is caught
    bad = _edited(path, tmp_path, lambda d: d["final"].update(digest="0" * 16))
    with pytest.raises(saves.SaveError, match="does not match the save after its last"):
        saves.load_game(bad, content=content)


def test_a_snapshot_reads_renamed_unknown_and_missing_fields(
    content: Content,
    in_progress: Path,
    tmp_path: Path,
    newer_rules: int,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    data = saves.read_save(in_progress)
    turn = data.snapshot["turn"]

    def edit(doc: dict) -> None:  # type: ignore[type-arg]
        state = doc["snapshot"]["state"]
        state["ducats"] = state.pop("treasury")  # as saved by a version that renamed it
        state["no_such_field"] = [1, 2]  # a field this version does not have
        del state["valido"]  # a field the saving version did not have: its default

    path = _edited(in_progress, tmp_path, edit)
    monkeypatch.setitem(snapshot.RENAMED, "GameState.ducats", "treasury")
    game = saves.load_game(path, content=content)
    assert f"at the start of turn {turn}" in (game.load_notice or "")
    at = game.resumed_from.start.state
    assert at.treasury == data.snapshot["state"]["treasury"] and at.valido is None


def test_a_damaged_snapshot_is_one_line(
    content: Content, in_progress: Path, tmp_path: Path, newer_rules: int
) -> None:
    path = _edited(in_progress, tmp_path, lambda d: d["snapshot"]["state"].update(treasury="lots"))
    with pytest.raises(saves.SaveError, match=r"snapshot: field 'state.treasury' should be int"):
        saves.load_game(path, content=content)


def test_a_game_resumed_at_its_first_choice_saves_as_resumed(
    content: Content, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Hothead's only turn starts before its first choice: its snapshot is at choice 0.
    game = Game("hothead", seed=4, content=content)
    for _ in range(3):
        game.choose(game.decision.legal_ids[0])
    path = saves.save_game(game, "hothead", saves_dir=tmp_path)
    assert saves.read_save(path).snapshot["choices"] == 0
    change_the_rules(monkeypatch)
    program_rules(monkeypatch, RULES_VERSION + 1)
    resumed = saves.load_game(path, content=content)
    assert resumed.state.deck == game.state.deck  # the deck as it was dealt, not reshuffled
    again = saves.save_game(resumed, "again", saves_dir=tmp_path)
    assert saves.read_save(again).resumed_from == 0
    reopened = saves.load_game(again, content=content)  # from the snapshot, verified
    assert reopened.load_notice is None and reopened.state == resumed.state


# ----------------------------------------------------------------- the command line
def test_resume_says_in_one_line_that_a_save_of_older_rules_resumed_from_its_snapshot(
    in_progress: Path, newer_rules: int
) -> None:
    result = CliRunner().invoke(app, ["resume", str(in_progress), "--text"], input="q\n")
    assert result.exit_code == 0, result.stderr
    first = result.stdout.splitlines()[0]
    assert first.startswith(f"{in_progress}: saved under rules version {RULES_VERSION} ")
    assert "resumed from its snapshot at the start of turn 5" in first
    assert "Leaving the game." in result.stdout


def test_replay_verify_does_not_call_an_unchecked_save_verified(
    in_progress: Path, tmp_path: Path
) -> None:
    ok = CliRunner().invoke(app, ["replay", str(in_progress), "--verify"])
    assert ok.exit_code == 0 and ok.stdout.startswith("ok: "), ok.stderr
    old = _format_1(in_progress, tmp_path)
    result = CliRunner().invoke(app, ["replay", str(old), "--verify"])
    assert result.exit_code == 1 and result.stderr.count("\n") == 1
    assert "not verified: " in result.stderr and "save format 1" in result.stderr


def test_a_back_in_a_resumed_game_returns_there_and_its_save_replays(
    content: Content, in_progress: Path, newer_rules: int, changed_rules: None, tmp_path: Path
) -> None:
    """Issue 32 (3): in a game resumed from a snapshot of older rules, a sub-menu's Back
    runs the rules again from the resume point (not from the seed: under the changed
    rules its replay is another game) to the menu before; the save made then opens at
    the same state."""
    game = saves.load_game(in_progress, content=content)
    assert game.resumed_from is not None
    r = random.Random(4)
    before = None
    while game.decision is not None and game.decision.back is None:
        before = (game.decision, game.state.digest(), len(game.log_entries))
        game.choose(r.choice(game.decision.legal_ids))
    assert game.decision is not None and before is not None, "no sub-menu in this reign"
    game.choose(BACK_ID)
    assert (game.decision, game.state.digest(), len(game.log_entries)) == before
    assert game.resumed_from is not None
    path = saves.save_game(game, "with-back", saves_dir=tmp_path)
    loaded = saves.load_game(path, content=content)
    assert loaded.choices == game.choices and loaded.state.digest() == game.state.digest()
    assert loaded.decision == game.decision
