"""The advisor ranks the legal options by Monte Carlo playouts and never changes the game
(Bots, batch simulation, an advisor)."""

from __future__ import annotations

import json
import random

from typer.testing import CliRunner

from planet_king import saves
from planet_king.advisor import advise, play_on
from planet_king.cli import app
from planet_king.engine.game import Game


def _position(content, scenario: str = "iupiter-hispano", n: int = 6) -> Game:
    game = Game(scenario, seed=4, content=content)
    rng = random.Random(2)
    for _ in range(n):
        game.choose(rng.choice(game.decision.legal_ids))
    return game


def test_advice_covers_every_legal_option_and_leaves_the_game_alone(content) -> None:
    game = _position(content)
    digest, choices = game.state.digest(), list(game.choices)
    ranked = advise(game, playouts=12, seed=1)
    assert {v.option_id for v in ranked} == set(game.decision.legal_ids)
    assert all(v.playouts >= 1 for v in ranked)
    assert game.state.digest() == digest and game.choices == choices
    values = [(v.mean_vp, v.level_value) for v in ranked]
    assert values == sorted(values, reverse=True)


def test_advice_is_reproducible_with_a_fixed_seed(content) -> None:
    game = _position(content)
    first = [v.as_dict() for v in advise(game, playouts=8, seed=7)]
    again = [v.as_dict() for v in advise(game, playouts=8, seed=7)]
    assert first == again


def test_hint_command_on_a_save(content, tmp_path) -> None:
    game = _position(content)
    path = saves.save_game(game, saves_dir=tmp_path)
    result = CliRunner().invoke(app, ["hint", str(path), "--playouts", "6", "--json"])
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["decision"] == game.decision.prompt
    assert {o["option"] for o in data["options"]} == set(game.decision.legal_ids)
    earlier = CliRunner().invoke(app, ["hint", str(path), "--at", "2", "--playouts", "4", "--json"])
    assert earlier.exit_code == 0, earlier.stderr
    bad = CliRunner().invoke(app, ["hint", str(path), "--at", "999"])
    assert bad.exit_code == 1 and "only" in bad.stderr


def test_advice_is_the_same_in_one_process_or_several(content) -> None:
    """Every playout has its own seeds: the pool changes the speed, not the answer."""
    game = _position(content, "the-planet-king", 6)
    alone = [v.as_dict() for v in advise(game, playouts=10, seed=3, workers=1)]
    pooled = [v.as_dict() for v in advise(game, playouts=10, seed=3, workers=2)]
    assert alone == pooled


def test_playouts_forked_from_a_turn_start_match_full_replays(content) -> None:
    """A playout forks its position from the last turn start; from a game that keeps
    no turn starts the fork is a full replay. The games played are the same."""
    game = _position(content, "iupiter-hispano", 30)
    assert game.turn_starts is None
    kept = Game.replay(
        game.scenario.id, game.choices, seed=game.seed, content=content, keep_turn_starts=True
    )
    assert kept.turn_starts and kept.turn_starts[-1].choices > 0
    for option in game.decision.legal_ids:
        for fate, policy in ((1, 2), (77, 5)):
            replayed = play_on(game, option, fate, policy)
            forked = play_on(kept, option, fate, policy)
            assert replayed.state.digest() == forked.state.digest()
            assert replayed.log_digest() == forked.log_digest()


def test_advice_asked_from_a_thread_is_the_same(content) -> None:
    """The TUI asks from a worker thread, where the pool starts its processes through a
    fork server instead of forking the threaded program: the answer does not change."""
    import threading

    game = _position(content, "iupiter-hispano", 6)
    alone = [v.as_dict() for v in advise(game, playouts=6, seed=2, workers=1)]
    found: list[list[dict[str, object]]] = []
    thread = threading.Thread(
        target=lambda: found.append([v.as_dict() for v in advise(game, playouts=6, seed=2)])
    )
    thread.start()
    thread.join()
    assert found == [alone]


def test_without_a_process_pool_the_advice_is_the_same(content, monkeypatch) -> None:
    """Where no worker process can start, the playouts run in this process."""
    from planet_king import advisor

    game = _position(content, "iupiter-hispano", 6)
    alone = [v.as_dict() for v in advise(game, playouts=6, seed=4, workers=1)]

    def no_pool(*args, **kwargs):
        raise OSError("no processes here")

    monkeypatch.setattr(advisor, "ProcessPoolExecutor", no_pool)
    assert [v.as_dict() for v in advise(game, playouts=6, seed=4, workers=2)] == alone


def test_an_automatic_defeat_counts_below_every_victory_level() -> None:
    """Victory / Automatic Defeat: the game is lost before its end; the engine records
    it as a Defeat, and the advisor values it as low as Neither King nor Planet."""
    from planet_king.advisor import OptionValue

    survived = OptionValue("a", "A", playouts=2, vps=[9, 9])
    survived.levels["neither-king-nor-planet"] = 2
    lost = OptionValue("b", "B", playouts=2, vps=[9, 9], automatic_defeats=2)
    lost.levels["defeat"] = 2
    assert lost.level_value == survived.level_value == 0
    assert lost.as_dict()["automatic_defeat"] == 1.0


def test_the_advice_counts_the_playouts_lost_by_automatic_defeat(content) -> None:
    game = _position(content, "the-planet-king", 6)
    ranked = advise(game, playouts=10, seed=3, workers=1)
    root = Game.replay(game.scenario.id, game.choices, seed=game.seed, content=content)
    rng = random.Random(3)
    seeds = [(rng.getrandbits(48), rng.getrandbits(32)) for _ in range(10)]
    per = 10 // len(game.decision.legal)
    expected: dict[str, int] = {}
    for k, option in enumerate(game.decision.legal_ids):
        ends = [play_on(root, option, *seeds[k * per + j]).state.ended_by for j in range(per)]
        expected[option] = ends.count("automatic-defeat")
    assert {v.option_id: v.automatic_defeats for v in ranked} == expected
