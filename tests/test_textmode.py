"""The plain-text mode (issue 14, parts 1 and 5): what the full screen offers, in lines
a screen reader reads: the forecast, the warnings, the status, the references."""

from __future__ import annotations

import io
import random
from collections.abc import Callable, Iterator
from pathlib import Path

from planet_king import textmode
from planet_king.engine import forecast as fc
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
    text = play(Game("the-planet-king", seed=1), ["q"], tmp_path)
    assert (
        "If the turn ended now: enlightenment 0 AUTOMATIC DEFEAT, prestige 1 AUTOMATIC "
        "DEFEAT, happiness 0 AUTOMATIC DEFEAT; Treasury 12/12; VP 0 -> 0"
    ) in text


def test_a_certain_defeat_is_marked_and_needs_a_yes(tmp_path: Path) -> None:
    """Victory / Automatic Defeat: the warned option says so, and asks before it is
    taken; anything but y leaves the game as it was."""
    game = Game.replay("the-planet-king", WARNED, seed=1)
    assert list(fc.defeat_warnings(game)) == ["noble:gonzalo-fernandez-de-cordoba"]
    text = play(game, ["1", "n", "q"], tmp_path)
    assert "!! automatic defeat at this End of Turn: prestige fell to 1 or less" in text
    assert "Not taken." in text and len(game.choices) == len(WARNED)
    play(game, ["1", "y", "q"], tmp_path)
    assert game.choices[len(WARNED)] == "noble:gonzalo-fernandez-de-cordoba"


def test_the_end_names_the_automatic_defeat(tmp_path: Path) -> None:
    game = Game("the-planet-king", seed=1)
    r = random.Random(1)
    while game.decision is not None:
        game.choose(r.choice(game.decision.legal_ids))
    text = play(game, [""], tmp_path)
    assert f"Automatic defeat: {game.state.defeat_cause}." in text
