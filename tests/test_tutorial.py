"""The tutorial (planet_king.tutorial): its texts as validated content, the guide, the
plain-text tutorial and the ``planet-king tutorial`` command."""

from __future__ import annotations

import dataclasses
import io
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from planet_king import rules_reference as rules_ref
from planet_king import tutorial
from planet_king.cli import app
from planet_king.content.loader import Content, DataError
from planet_king.engine import stacking


def test_the_tutorial_follows_the_stack_of_the_example(content: Content) -> None:
    """One step per choice of Example First Game Turn, each naming a panel and a rule
    of the rules reference."""
    tut = tutorial.load(content)
    script = stacking.load(content, tut.stack).script
    assert [s.choice for s in tut.steps] == list(script) and len(tut.steps) == 35
    for step in tut.steps:
        assert rules_ref.find(step.rule) is not None, step.rule
        assert step.text.strip() and len(step.text) < 600, step.title


def _data_copy(content: Content, tmp_path: Path) -> Content:
    for folder in ("tutorial", "stacks"):
        shutil.copytree(content.data_dir / folder, tmp_path / folder)
    return dataclasses.replace(content, data_dir=tmp_path)


def test_tutorial_data_with_an_unknown_field_is_refused(content: Content, tmp_path) -> None:
    copy = _data_copy(content, tmp_path)
    path = tmp_path / "tutorial" / "first-turn.yaml"
    path.write_text(path.read_text(encoding="utf-8") + "colour: red\n", encoding="utf-8")
    with pytest.raises(DataError, match="field 'colour': Extra inputs are not permitted"):
        tutorial.load(copy)


def test_tutorial_steps_off_the_stack_script_are_refused(content: Content, tmp_path) -> None:
    copy = _data_copy(content, tmp_path)
    path = tmp_path / "tutorial" / "first-turn.yaml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("choice: action:royal:hunt", "choice: action:royal:cortes"))
    with pytest.raises(DataError, match=r"field 'steps\.5\.choice': the steps must follow"):
        tutorial.load(copy)


def test_the_guide_reads_the_game(content: Content) -> None:
    tut = tutorial.load(content)
    guide = tutorial.Guide(tut)
    game = tutorial.new_game(tut, content)
    at = guide.current(game)
    assert at is not None and (at.number, at.option_number) == (1, 1)
    assert at.option_label.startswith("Diego Carrillo")
    game.choose("noble:manuel-de-melo")
    assert guide.current(game) is None and guide.left_path_at(game) == 0
    assert not guide.finished(game)


def answers(*lines: str):
    queue = list(lines)

    def read(prompt: str) -> str:
        if not queue:
            raise EOFError
        return queue.pop(0)

    return read


def test_plain_text_tutorial_with_enter_only(content: Content, tmp_path) -> None:
    """Enter makes the example's choice at each of the 35 steps; the closing page
    follows; the player may then leave."""
    out = io.StringIO()
    code = tutorial.run_text(content, read=answers(*[""] * 35, "q"), out=out, saves_dir=tmp_path)
    text = out.getvalue()
    assert code == 0
    assert "== Step 1 of 35: Set-up — the Viceroy of the Indies" in text
    assert "== Step 35 of 35:" in text
    assert "1. Diego Carrillo de Mendoza, Marquis of Gelves" in text
    assert "Gelves — M1 P1 G2, strategy 1   <- the example" in text
    assert "Look at: Wars.  Rule: Wars / Progression of a War." in text
    assert "+1 VP (a male heir is alive): 2 → 3." in text
    assert "That was the rulebook's first turn" in text
    assert "Leaving the tutorial." in text


def test_plain_text_tutorial_another_choice_plays_on(content: Content, tmp_path) -> None:
    """Another choice: the example's is named, and the game goes on in plain text
    without printing its log twice."""
    out = io.StringIO()
    read = answers("2", "p", "q")
    code = tutorial.run_text(content, read=read, out=out, saves_dir=tmp_path)
    text = out.getvalue()
    assert code == 0
    assert 'The example went another way here: it chose "Diego Carrillo' in text
    assert "The decks are no longer stacked: 'noble:fernandez-de-castro-father' was chosen" in text
    assert "The Planet King — Anni Mirabiles. Type ? for help." in text
    assert text.count("Nobles drawn:") == 1
    assert "Leaving the game." in text


def test_the_tutorial_command_in_plain_text(tmp_path) -> None:
    result = CliRunner().invoke(
        app, ["tutorial", "--text", "--saves-dir", str(tmp_path)], input="\n\nq\n"
    )
    assert result.exit_code == 0, result.output
    assert result.output.startswith("The Planet King — tutorial: Your first turn")
    assert "== Step 3 of 35" in result.output and "Leaving the tutorial." in result.output


def test_the_tutorial_command_without_a_terminal_says_so(tmp_path) -> None:
    result = CliRunner().invoke(app, ["tutorial", "--saves-dir", str(tmp_path)], input="q\n")
    assert result.exit_code == 0
    assert result.output.startswith("Not a terminal: the tutorial runs in plain text")


def test_resume_of_a_tutorial_autosave_goes_on_guided(tmp_path) -> None:
    """A tutorial left midway is autosaved like any game; ``resume`` brings the guide
    back at the step where it stopped (the stack is part of the save)."""
    runner = CliRunner()
    result = runner.invoke(
        app, ["tutorial", "--text", "--saves-dir", str(tmp_path)], input="\n" * 6 + "q\n"
    )
    assert result.exit_code == 0, result.output
    result = runner.invoke(app, ["resume", "--text", "--saves-dir", str(tmp_path)], input="\nq\n")
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Resumed after 6 of the example's 35 choices." in out
    assert "== Step 7 of 35: Second action — government" in out
    assert "== Step 8 of 35: Build a Fleet" in out  # Enter took the example's choice
    assert "Leaving the tutorial." in out


def test_a_tutorial_game_off_the_example_resumes_as_an_ordinary_game(
    content: Content,
) -> None:
    tut = tutorial.load(content)
    game = tutorial.new_game(tut, content)
    game.choose("noble:diego-carrillo")
    assert tutorial.for_game(content, game) == tut
    game.choose("noble:manuel-de-melo")  # the example chose Fernández de Castro
    assert tutorial.for_game(content, game) is None


def test_plain_text_tutorial_answers_any_typed_line(content: Content, tmp_path) -> None:
    """Issue 15, item 9, in the tutorial too: '²', a 5,000-digit number and a line too
    long to be a command each get the one-line answer; nothing is chosen."""
    out = io.StringIO()
    odd = ["²", "9" * 5000, "x" * 5000]
    code = tutorial.run_text(content, read=answers(*odd, "q"), out=out, saves_dir=tmp_path)
    assert code == 0
    assert out.getvalue().count("Press Enter, or type a number from 1 to") == len(odd)


def test_a_tutorial_save_switched_to_coop_is_not_guided_by_the_solo_example(
    content: Content, tmp_path
) -> None:
    """Issue 34, 13: the example is a solo game; a save of it edited to co-op (or any
    other option) is an ordinary game, not one the guide can still follow."""
    import json

    from planet_king import saves

    tut = tutorial.load(content)
    game = tutorial.new_game(tut, content)
    path = saves.save_game(game, "tutorial", saves_dir=tmp_path)
    assert tutorial.for_game(content, saves.load_game(path, content=content)) is not None
    doc = json.loads(path.read_text())
    doc["options"]["coop"] = True
    path.write_text(json.dumps(doc))
    coop = saves.load_game(path, content=content)
    assert coop.options.coop and coop.options.stack == tut.stack
    assert tutorial.for_game(content, coop) is None
