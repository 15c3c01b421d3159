"""The plain-text mode (issue 14, parts 1 and 5): what the full screen offers, in lines
a screen reader reads: the forecast, the warnings, the status, the references."""

from __future__ import annotations

import io
import random
import re
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from planet_king import saves, textmode
from planet_king.content.loader import load_content
from planet_king.engine import forecast as fc
from planet_king.engine.decisions import Decision
from planet_king.engine.game import Game

WARNED = [
    "noble:alvarez-de-toledo", "noble:diego-carrillo", "noble:gomez-suarez",
    "mistress:maria-calderon", "type:simple", "action:simple:asiento", "done", "keep",
    "type:simple", "action:simple:move", "from:flanders", "done", "type:royal",
    "action:royal:sale-of-privileges", "noble:gaspar-de-bracamonte", "done", "nun:explore",
    "done", "done", "type:government", "action:government:raise-nations", "to:flanders",
    "type:royal", "action:royal:nominate-genius", "keep", "type:political",
    "action:political:appoint-noble", "place:army:palatinate", "court", "keep",
]  # fmt: skip


def scripted(answers: list[str]) -> Callable[[str], str]:
    it: Iterator[str] = iter(answers)

    def read(prompt: str) -> str:
        try:
            return next(it)
        except StopIteration:
            raise EOFError from None

    return read


def play(game: Game, answers: list[str], tmp_path: Path) -> str:
    out = io.StringIO()
    textmode.run(game, read=scripted(answers), out=out, saves_dir=tmp_path)
    return out.getvalue()


def test_every_decision_comes_with_the_forecast(tmp_path: Path) -> None:
    """End of Turn Phase: the scores as they would be counted, before each decision."""
    text = play(Game("the-planet-king", seed=1, content=load_content()), ["q"], tmp_path)
    assert (
        "If the turn ended now: enlightenment 0 (AUTOMATIC DEFEAT); prestige 1 (AUTOMATIC "
        "DEFEAT); happiness 0 (AUTOMATIC DEFEAT); Treasury 12/12; VP 0 -> 0"
    ) in text


def test_a_certain_defeat_is_marked_and_needs_a_yes(tmp_path: Path) -> None:
    """Victory / Automatic Defeat: the warned option says so, and asks before it is
    taken; anything but y leaves the game as it was."""
    game = Game.replay("the-planet-king", WARNED, seed=1, content=load_content())
    assert list(fc.defeat_warnings(game)) == ["noble:gonzalo-fernandez-de-cordoba"]
    text = play(game, ["1", "n", "q"], tmp_path)
    assert "!! automatic defeat at this End of Turn: prestige fell to 1 or less" in text
    assert "Not taken." in text and len(game.choices) == len(WARNED)
    play(game, ["1", "y", "q"], tmp_path)
    assert game.choices[len(WARNED)] == "noble:gonzalo-fernandez-de-cordoba"


def test_the_end_names_the_automatic_defeat(tmp_path: Path) -> None:
    game = Game("the-planet-king", seed=1, content=load_content())
    r = random.Random(1)
    while game.decision is not None:
        game.choose(r.choice(game.decision.legal_ids))
    text = play(game, [""], tmp_path)
    assert f"Automatic defeat: {game.state.defeat_cause}." in text


def test_the_status_has_ratings_traits_both_sides_and_thresholds(tmp_path: Path) -> None:
    """Issue 14, part 5: the status says what the panels say."""
    text = play(Game("the-planet-king", seed=1, content=load_content()), ["s", "q"], tmp_path)
    assert "Valido: Gaspar de Guzmán, Count-Duke of Olivares (M0 P2 G3, industrious)" in text
    assert "Queen: Elisabeth of France (Isabel de Borbón) (prestige +2, happiness 1" in text
    assert "Flanders War (at war): United Provinces 4 3 2 [1] 0 1 2 3 4 Spain" in text
    assert "  Spain 4 SP: Ambrosio de Spinola" in text
    assert "  enemy 4 SP: Frederick Henry of Nassau (strategy 2)" in text
    assert "Victory thresholds: Major Victory 20+ · Historical Outcome 15-19" in text


def test_rules_and_cards_are_read_by_words(tmp_path: Path) -> None:
    text = play(
        Game("the-planet-king", seed=1, content=load_content()),
        ["r", "r condé", "c olivares", "c ensign nun", "c zzz", "q"],
        tmp_path,
    )
    assert "Setup / Court and Council of State\n" in text  # the decision's own rule
    assert "Special Rules / Condé" in text
    assert "Gaspar de Guzmán, Count-Duke of Olivares (noble)\npolitical: 2" in text
    assert "traits: industrious" in text and "turns: 1-5" in text
    assert "The Ensign Nun (event)\neagle (positive)" in text
    assert "No card holds: zzz." in text
    assert "['" not in text and "{'" not in text  # no Python repr reaches the player


def test_an_invalid_entry_is_one_line_and_the_menu_is_not_reprinted(tmp_path: Path) -> None:
    text = play(Game("hothead", seed=3, content=load_content()), ["x", "99", "m", "q"], tmp_path)
    after = text.split("Type a number", 1)[1]
    assert after.count("Type a number from 1 to") == 1  # "99" says it once more
    assert after.count(" decides: ") == 1  # only "m" printed the menu again


def test_the_advisor_comes_by_the_same_path_as_the_full_screen(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`h N` asks the advisor's child process (advisor.client), as the TUI does."""
    game = Game("hothead", seed=3, content=load_content())
    digest = game.state.digest()
    text = play(game, ["h 0.3", "h x", "q"], tmp_path)
    assert "The advisor thinks for 0.3 seconds..." in text
    assert "The advisor: " in text and "Best value first." in text
    answer = text.split("Best value first.")[1]
    assert "Too close to call: within 2 standard errors" in answer  # the table's footer
    assert "'x' is not a number of seconds" in text
    for option in game.decision.options:
        if option.allowed:
            assert option.label in answer
    assert game.state.digest() == digest


def test_piped_input_never_glues_output_to_the_prompt(tmp_path: Path) -> None:
    """A transcript of piped input: each prompt is on its own line with the answer."""
    import os
    import subprocess
    import sys

    env = {**os.environ, "PLANET_KING_SAVES": str(tmp_path)}
    done = subprocess.run(
        [sys.executable, "-m", "planet_king.cli", "play", "hothead", "--seed", "3", "--text"],
        input="1\nx\nq\n",
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
    )
    lines = done.stdout.splitlines()
    prompts = [line for line in lines if line.startswith(">")]
    assert prompts == ["> 1", "> x", "> q"]


def test_the_forecast_line_says_a_score_near_defeat(tmp_path: Path) -> None:
    """Anni Horribiles at set-up: happiness 1 is one point above the King's death."""
    text = play(Game("anni-horribiles", seed=1, content=load_content()), ["f", "q"], tmp_path)
    assert "happiness 1 (-1 VP, 1 point from defeat)" in text
    assert "    Enlightenment: Lope de Vega (literature) +2" in text  # what makes it


def test_hothead_says_its_goal_and_a_war_over_says_so(tmp_path: Path) -> None:
    """Scenarios / "Hothead": no score is counted, the goal is said plainly; Anni
    Horribiles: the Palatinate war is over at set-up (said "over", not "ended: ended")."""
    text = play(Game("hothead", seed=1, content=load_content()), ["f", "q"], tmp_path)
    goal = next(line for line in text.splitlines() if line.strip().startswith("Goal:"))
    assert "Italian War" in goal and "[" not in goal
    text = play(Game("anni-horribiles", seed=1, content=load_content()), ["s", "q"], tmp_path)
    assert "War of the Palatinate (over)" in text and "ended: ended" not in text


def test_the_forecast_at_set_up_says_the_court_is_still_being_formed() -> None:
    """Setup / Court and Council of State: before the Court is complete the scores are
    low by construction; the forecast says so rather than frighten a newcomer."""
    from planet_king import present
    from planet_king.textmode import forecast_line

    game = Game("the-planet-king", seed=1, content=load_content())
    assert game.state.phase == "setup"
    assert present.SETTING_UP in forecast_line(game)
    assert present.forecast_lines(game)[0].text == present.SETTING_UP


def test_w_never_replaces_a_named_save_silently(tmp_path: Path) -> None:
    """Issue 34, 5: ``w my-reign`` in another game replaced a 4-choice save with a
    0-choice one. It is refused, saying how to replace it (``w my-reign!``)."""
    out = play(Game("hothead", seed=3, content=load_content()), ["1", "w my-reign", "q"], tmp_path)
    assert "Saved to" in out
    kept = (tmp_path / "my-reign.json").read_text()
    out = play(Game("hothead", seed=4, content=load_content()), ["w my-reign"], tmp_path)
    assert "Not saved: a save named 'my-reign.json' exists already" in out
    assert "save as 'my-reign!'" in out
    assert (tmp_path / "my-reign.json").read_text() == kept
    out = play(Game("hothead", seed=4, content=load_content()), ["w my-reign!"], tmp_path)
    assert "Saved to" in out and '"seed": 4' in (tmp_path / "my-reign.json").read_text()


def test_q_after_a_failed_autosave_retries_then_asks(tmp_path: Path) -> None:
    """Issue 34, 11: the full-screen game says the moves are not kept; text mode left
    without a word. It retries the autosave, and asks before leaving if it still fails."""
    folder = tmp_path / "saves"
    folder.write_text("")  # a file where the saves folder should be: autosaves fail
    out = io.StringIO()
    textmode.run(
        Game("hothead", seed=3, content=load_content()),
        read=scripted(["1", "q", "n"]),
        out=out,
        saves_dir=folder,
    )
    text = out.getvalue()
    assert "autosave failed" in text
    assert "the moves since the last save are not kept if you leave now" in text
    assert "Not leaving." in text  # n: the game goes on (then the input ends)
    # the folder works again: q retries, saves, and leaves without asking
    folder.unlink()
    out = io.StringIO()
    game = Game("hothead", seed=3, content=load_content())
    textmode.run(game, read=scripted(["1", "q"]), out=out, saves_dir=folder)
    assert "Leaving the game." in out.getvalue()
    assert list(folder.glob("autosave-*.json"))


def test_q_retries_a_failed_autosave_and_keeps_the_moves(tmp_path: Path) -> None:
    folder = tmp_path / "saves"
    folder.write_text("")
    answers = iter(["1"])

    def read(prompt: str) -> str:
        try:
            return next(answers)
        except StopIteration:
            if folder.is_file():  # the disk is fixed before the player quits
                folder.unlink()
                return "q"
            raise EOFError from None

    out = io.StringIO()
    textmode.run(
        Game("hothead", seed=3, content=load_content()), read=read, out=out, saves_dir=folder
    )
    text = out.getvalue()
    assert "autosave failed" in text and "Leaving the game." in text
    assert "not kept" not in text.split("autosave failed")[-1].split("\n", 1)[-1]
    newest = saves.latest_autosave(folder)
    assert newest is not None and len(saves.read_save(newest).choices) == 1


def test_h_with_seconds_thinks_that_long_and_bare_h_answers_from_the_instant_seam(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 29 (3): `h 5` asks the advisor for five seconds; a bare `h` answers from an
    instant valuer when one is plugged in (the learned evaluator's seam), no playouts."""
    from planet_king import textmode
    from planet_king.advisor import client as advisor_client

    game = Game("hothead", seed=3, content=load_content())
    asked: list[float | None] = []

    def figures(oid: str, value: float) -> dict[str, object]:
        return {"option": oid, "label": oid, "playouts": 50, "value": value, "value_error": 0.01}

    def fake_ask(self, saved, seed, data_dir, *, seconds=None, playouts=None):
        asked.append(seconds)
        ids = game.decision.legal_ids
        return {"options": [figures(i, 1.0 + n) for n, i in enumerate(ids)], "playouts": 9}

    monkeypatch.setattr(advisor_client.Advisor, "ask", fake_ask)
    monkeypatch.setattr(textmode, "_ADVISOR", {})
    text = play(game, ["h 5", "q"], tmp_path)
    assert asked == [5.0]
    assert "The advisor thinks for 5 seconds..." in text
    assert "Recommended: " + game.decision.legal_ids[-1] in text

    def instant(g: Game) -> dict[str, object]:
        return {"options": [figures(i, 2.0) for i in g.decision.legal_ids]}

    monkeypatch.setattr(advisor_client, "INSTANT", instant)
    text = play(game, ["h", "q"], tmp_path)
    assert asked == [5.0]  # no playouts asked for
    assert "too close to call" in text


def test_bare_h_answers_at_once_from_the_learned_evaluator(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 29 (3): plain text's `h` answers from the evaluator, asking no playouts."""
    from planet_king.advisor import client as advisor_client

    def no_playouts(self, *args, **kwargs):
        raise AssertionError("a bare h asked the advisor's playouts")

    monkeypatch.setattr(advisor_client.Advisor, "ask", no_playouts)
    game = Game("hothead", seed=3, content=load_content())
    digest = game.state.digest()
    text = play(game, ["h", "q"], tmp_path)
    answer = text.split("The learned evaluator, at once")[1]
    assert "No recommendation before playouts have measured the options." in answer
    for option in game.decision.legal:
        assert option.label in answer
    assert game.state.digest() == digest


def _to_a_sub_menu() -> tuple[Game, Decision]:
    """Random play to the first decision that offers Back, with the decision before."""
    g = Game("anni-mirabiles", seed=1, content=load_content())
    r = random.Random(1)
    before = g.decision
    while g.decision is not None and g.decision.back is None:
        before = g.decision
        g.choose(r.choice(g.decision.legal_ids))
    assert g.decision is not None and before is not None
    return g, before


def test_a_sub_menu_numbers_back_and_its_number_goes_back(tmp_path: Path) -> None:
    """Issue 32 (3): every sub-menu has Back, numbered like any option; taking it shows
    the menu the player came from again, nothing of the choice left."""
    game, before = _to_a_sub_menu()
    n = len(game.decision.options)
    digest_before = Game.replay(
        game.scenario.id, game.choices[:-1], seed=1, content=load_content()
    ).state.digest()
    text = play(game, [str(n), "q"], tmp_path)
    assert f"\n  {n}. Back\n" in text
    after = text.split("Back to the menu before", 1)[1]
    assert f"decides: {before.prompt}" in after  # the menu before, shown again
    assert game.decision == before and game.state.digest() == digest_before


def test_every_option_is_numbered_past_the_ninth(tmp_path: Path) -> None:
    """Issue 32 (3): a list of more than nine options numbers them all, and the number
    typed takes that option."""
    for seed in range(40):
        game = Game("the-planet-king", seed=seed, content=load_content())
        r = random.Random(seed)
        while game.decision is not None:
            opts = game.decision.options
            if len(opts) >= 11 and opts[9].allowed and opts[10].allowed:
                break
            game.choose(r.choice(game.decision.legal_ids))
        if game.decision is not None:
            break
    else:
        raise AssertionError("no decision of eleven options in these games")
    eleventh = game.decision.options[10]
    menu = textmode.render_decision(game)
    numbers = re.findall(r"^  (\d+)\. ", menu, flags=re.MULTILINE)
    assert numbers == [str(i) for i in range(1, len(game.decision.options) + 1)]
    play(game, ["11", "y", "q"], tmp_path)  # y: if a warning asks first
    assert game.choices[-1] == eleventh.id
