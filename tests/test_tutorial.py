"""The tutorial (planet_king.tutorial): its texts as validated content, the guide, the
plain-text tutorial and the ``planet-king tutorial`` command."""

from __future__ import annotations

import dataclasses
import io
import re
import shutil
from pathlib import Path

import pytest
import yaml
from typer.testing import CliRunner

from planet_king import present, tutorial
from planet_king import rules_reference as rules_ref
from planet_king.cli import app
from planet_king.content.loader import Content, DataError
from planet_king.engine import stack_files
from planet_king.engine.forecast import forecast


def test_the_tutorial_follows_the_stack_of_the_example(content: Content) -> None:
    """One step per choice of Example First Game Turn, each naming a panel and a rule
    of the rules reference."""
    tut = tutorial.load(content)
    script = stack_files.load(content, tut.stack).script
    assert [s.choice for s in tut.steps] == list(script) and len(tut.steps) == 35
    for step in tut.steps:
        assert rules_ref.find(step.rule) is not None, step.rule
        assert step.text.strip() and len(step.text) < 600, step.title
        assert step.why.strip() and step.why != step.text and len(step.why) < 600, step.title


def _without_why(step: dict) -> None:
    del step["why"]


def _blank_why(step: dict) -> None:
    step["why"] = "   "


@pytest.mark.parametrize("edit", [_without_why, _blank_why], ids=["missing", "blank"])
def test_every_step_must_say_why(content: Content, tmp_path, edit) -> None:
    """Issue 32, item 5: a step says why the example chooses what it chooses, not only
    what happens; a step without a reason, or with a blank one, is refused on loading."""
    copy = _data_copy(content, tmp_path)
    path = tmp_path / "tutorial" / "first-turn.yaml"
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    edit(data["steps"][6])
    path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    with pytest.raises(DataError, match=r"field 'steps\.6\.why'"):
        tutorial.load(copy)


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
    assert text.count("\nWhy: ") == 35  # every step says why
    assert '== About the game: The forecast, "If the turn ended now"' in text
    assert "== About the game: The three score tables, and their defeat lines" in text
    # the Queen's Issue turns over THE PLAGUE's card: a test's card, not the event
    assert (
        "Fortune test (Issue with Elisabeth of France (Isabel de Borbón)): crow, negative "
        "(card: The Plague)." in text
    )
    assert "Event: The Plague" not in text and " The Plague —" not in text
    assert "That was the rulebook's first turn" in text
    closing = text[text.index("== Where the example leaves you") :]
    assert "== The danger now, and what to do" in closing
    assert "== What to aim for" in closing and "Leaving the tutorial." in closing


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


def _points(game) -> dict[str, int]:
    f = forecast(game)
    return {sf.name: sf.points for sf in f.scores}


def _said(text: str) -> str:
    return " ".join(text.split())


def test_three_lessons_teach_the_goal_where_the_screen_shows_it(content: Content) -> None:
    """Issue 32, item 5: the forecast, the three score tables with their defeat lines and
    the victory levels each get a page, at a step whose screen shows what it explains;
    the figures the pages quote are the engine's at that step (Victory / Victory Levels,
    Anni Mirabiles; End of Turn Phase / Determining Enlightenment, Prestige, King's
    Happiness and Victory Points)."""
    tut = tutorial.load(content)
    game = tutorial.new_game(tut, content)
    seen = []
    for step in tut.steps:
        if step.lesson is not None:
            text = _said(step.lesson.text)
            f = forecast(game)
            if "forecast" in step.lesson.title:  # the Council of State shows the forecast
                assert step.panel == "council"
                assert _points(game)["happiness"] == 1 and f.score("happiness").margin == 1
                assert _points(game)["prestige"] == 2
                assert "happiness is 1, one point above defeat, and prestige 2" in text
            elif "tables" in step.lesson.title:  # the forecast's rows, as they will count
                assert game.state.phase == "end-of-turn"
                assert tuple(_points(game).values()) == (6, 4, 1)
                assert "The forecast reads 6, 4 and 1 now: +1 VP, +1 VP and -1 VP" in text
                for sf in f.scores:  # each defeat line as the engine draws it
                    assert f"{sf.defeat_at} or less" in text, sf.name
            else:  # the VP line and "The Valido decides" above the options
                assert step.lesson.title.startswith("Victory")
                t = game.scenario.thresholds
                assert (t.major_victory, t.historical_outcome, t.defeat) == (15, 11, 7)
                assert "15 VP or more is a Major Victory, 11 to 14 the Historical" in text
                assert "7 to 10 Defeat, 6 or less Neither King nor Planet" in text
                assert game.state.vp == 2 and "with 2 VP, the lowest" in text
                assert f.level_now == "neither-king-nor-planet"
                assert game.decision is not None and game.decision.role.value == "valido"
                assert '"The Valido decides"' in text
            seen.append(step.lesson.title)
        game.choose(step.choice)
    assert len(seen) == 3


def test_the_last_pages_explain_the_position_the_example_leaves(content: Content) -> None:
    """Issue 32, item 5: the example ends at turn 2's Organisation phase, on the
    preparation of the decks (Organisation Phase / Creating the Notable Decks), with the
    forecast at happiness 0, an automatic defeat if the turn ended now. The closing pages
    say what that decision is and what the danger is, and a choice they name
    (Choose Royal Mistress, a free royal action) lifts the King out of it; the last page
    says what to aim for, with the scenario's figures."""
    tut = tutorial.load(content)
    game = tutorial.new_game(tut, content)
    for step in tut.steps:
        game.choose(step.choice)
    where, danger, aim = (_said(p.text) for p in tut.outro)
    d = game.decision
    assert d is not None and game.state.turn == 2 and game.state.phase == "organisation"
    assert d.prompt == "Remove one card of the noble deck from the game?"
    assert f'"{d.prompt}" is that step' in where
    assert "not allowed" in where and any(not o.allowed for o in d.options)
    assert "keep" in d.legal_ids and "Keeping the whole deck is always safe" in where
    # the danger, as the forecast shows it
    f = forecast(game)
    assert f.score("happiness").points == 0 and f.score("happiness").row.defeat
    assert f.score("prestige").points == 3
    assert '"Happiness 0 AUTOMATIC DEFEAT"' in danger and "prestige is at 3" in danger
    assert "hunting-day" in game.state.deck and "HUNTING DAY is still in the event deck" in danger
    # ... and the way out it names: a free royal action, Choose Royal Mistress
    for choice in ("keep", "keep", "keep", "type:royal", "action:royal:choose-mistress"):
        game.choose(choice)
    game.choose(game.decision.options[0].id)
    after = forecast(game).score("happiness")
    assert not after.row.defeat and not forecast(game).defeat
    # what to aim for: the VP so far and the scenario's levels
    t = game.scenario.thresholds
    assert f"You have {game.state.vp} VP" in aim
    assert f"{t.historical_outcome} reach the Historical Outcome" in aim
    assert f"{t.major_victory} a Major Victory" in aim
    assert "ends after the End of Turn of turn 4" in aim and f.last_turn == 4
    # End of Turn Phase / Appointment of a New Valido: four turns served by then
    assert f.last_turn - game.state.valido_since + 1 == 4
    assert "Olivares will have served four turns at the last End of Turn" in aim


def test_back_in_a_step_s_sub_menu_returns_to_the_step_before(content: Content, tmp_path) -> None:
    """Issue 32 (3): a step that is a sub-menu (who explores, after Exploration) offers
    Back; taking it shows the step before again, still on the example's path, and the
    example then plays to its end."""
    tut = tutorial.load(content)
    game = tutorial.new_game(tut, content)
    steps = [s.choice for s in tut.steps]
    for choice in steps:
        if game.decision is not None and game.decision.back is not None:
            break
        game.choose(choice)
    else:
        raise AssertionError("no step of the tutorial is a sub-menu")
    n = len(game.choices)  # the sub-menu is step n + 1
    back = str(len(game.decision.options))
    out = io.StringIO()
    read = answers(*[""] * n, back, *[""] * (len(steps) - n + 1), "q")
    code = tutorial.run_text(content, read=read, out=out, saves_dir=tmp_path)
    text = out.getvalue()
    assert code == 0
    assert f"  {back}. Back" in text and "Back to the step before." in text
    after = text.split("Back to the step before.", 1)[1]
    assert after.index(f"== Step {n} of {len(steps)}:") < after.index(f"== Step {n + 1} of")
    assert "The example went another way" not in text
    assert "== What to aim for" in text  # played to the end, on the path


# "1 on France's side", "2 on Spain's side", "1 on the United Provinces' side"
TRACK_PLACE = re.compile(r"(\d) on (?:the )?([\w' ]+?)(?:'s|') side")


def _places(game) -> set[tuple[str, int]]:
    """Each active war's marker as the Wars panel lays it out: the power's name (or
    "enemy") on its side, "Spain" on Spain's, with the spaces counted from 0."""
    out = set()
    for war_id, ws in game.state.wars.items():
        if ws.active:
            power = game.name(game.content.wars[war_id].power)
            if ws.position > 0:
                out.add(("Spain", ws.position))
            else:
                out |= {(power, -ws.position), ("enemy", -ws.position)}
    return out


def test_the_tutorial_says_what_the_screen_shows(content: Content) -> None:
    """Issue 32 (the newcomer's retry): the texts name no colour of a war track (the
    board's red and black: the Wars panel draws a track as numbers with the power on the
    left and Spain on the right), each place on a track they quote is the marker's at
    that step (before or after its choice), and the Viceroy of the Indies' step calls
    no noble "the best" of a choice he ties: every noble offered with the highest
    government rating is named."""
    tut = tutorial.load(content)
    game = tutorial.new_game(tut, content)
    texts = [tut.intro, *(p.text for p in tut.outro)]
    first = tut.steps[0]
    assert game.decision is not None and first.choice.startswith("noble:")
    offered = [content.nobles[o.id.removeprefix("noble:")] for o in game.decision.options]
    top = max(n.government for n in offered)
    said = _said(first.text + " " + first.why)
    assert "the best" not in said
    for noble in offered:
        if noble.government == top:  # named as the text names him: two words or more
            words = present.short_name(game, noble.id).split()
            names = {
                " ".join(words[i:j]) for i in range(len(words) - 1) for j in (i + 2, len(words) + 1)
            }
            assert any(name in said for name in names if not name.startswith("de ")), noble.name
    quoted = 0
    for step in tut.steps:
        step_texts = [step.text, step.why, *([step.lesson.text] if step.lesson else [])]
        texts += step_texts
        before = _places(game)
        game.choose(step.choice)
        for n, who in TRACK_PLACE.findall(_said(" ".join(step_texts))):
            assert (who, int(n)) in before | _places(game), (step.title, n, who)
            quoted += 1
    for n, who in TRACK_PLACE.findall(_said(tut.outro[-1].text)):
        assert (who, int(n)) in _places(game), (n, who)
        quoted += 1
    assert quoted >= 4
    for text in texts:
        assert not re.search(r"\b(red|black) \d", text), text
