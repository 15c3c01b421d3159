"""TUI latency: the first frame, and a choice to the next frame (issue 7: under 1 s and
under 50 ms on this machine).

Runs the app headless with Textual's ``run_test`` at a fixed size and plays a whole
Hothead game, pressing the key of the first allowed option each time. Frames are timed
where Textual hands a finished frame to the terminal (``App._display``, a private hook:
this is a measurement, not a test). For each choice it reports

- choice → first frame: from the key event reaching the game screen to the end of the
  first frame drawn after the engine has moved on, which is what the player sees;
- choice → settled: to the last frame drawn before the app is idle again.

The first frame is measured in this process (game set-up + app start + first frame)
and cold, in a fresh interpreter (imports included), to the first frame.

    .venv/bin/python benchmarks/tui_latency.py [--size 160x50] [--seed 3] [--json]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import subprocess
import sys
import tempfile
import time
from typing import Any

COLD = """
import time
t0 = time.perf_counter()
import asyncio
from planet_king.content.loader import load_content
from planet_king.engine.game import Game
from planet_king.tui.app import PlanetKingApp
frames = []
orig = PlanetKingApp._display
def display(self, screen, renderable):
    orig(self, screen, renderable)
    if renderable is not None and not frames:
        frames.append(time.perf_counter())
PlanetKingApp._display = display
async def main():
    app = PlanetKingApp(Game("hothead", seed=SEED, content=load_content()), saves_dir=SAVES)
    async with app.run_test(size=SIZE) as pilot:
        while not frames:
            await asyncio.sleep(0.001)
asyncio.run(main())
print(frames[0] - t0)
"""


async def measure(size: tuple[int, int], seed: int, saves: str) -> dict[str, Any]:
    from planet_king.content.loader import load_content
    from planet_king.engine.game import Game
    from planet_king.tui.app import PlanetKingApp
    from planet_king.tui.screens import game as game_screen

    frames: list[float] = []
    takes: list[tuple[float, float]] = []
    orig_display = PlanetKingApp._display
    orig_take = game_screen.GameScreen.take

    def display(self: Any, screen: Any, renderable: Any) -> None:
        orig_display(self, screen, renderable)
        if renderable is not None:
            frames.append(time.perf_counter())

    def take(self: Any, option_id: str) -> None:
        start = time.perf_counter()
        orig_take(self, option_id)
        takes.append((start, time.perf_counter()))

    PlanetKingApp._display = display  # type: ignore[method-assign]
    game_screen.GameScreen.take = take  # type: ignore[method-assign]
    try:
        t0 = time.perf_counter()
        app = PlanetKingApp(Game("hothead", seed=seed, content=load_content()), saves_dir=saves)
        first_frame = None
        first: list[float] = []
        handler: list[float] = []
        settled: list[float] = []
        async with app.run_test(size=size) as pilot:
            while not frames:
                await asyncio.sleep(0.001)
            first_frame = frames[0] - t0
            await pilot.pause()
            while app.game is not None and app.game.decision is not None:
                decision = app.game.decision
                index = next(i for i, o in enumerate(decision.options) if o.allowed)
                frames.clear()
                takes.clear()
                await pilot.press(str(index + 1) if index < 9 else "enter")
                start, done = takes[-1]
                after = [f for f in frames if f >= done]
                handler.append(done - start)
                if after:
                    first.append(after[0] - start)
                    settled.append(after[-1] - start)
    finally:
        PlanetKingApp._display = orig_display  # type: ignore[method-assign]
        game_screen.GameScreen.take = orig_take  # type: ignore[method-assign]

    def ms(values: list[float]) -> dict[str, float]:
        ordered = sorted(values)
        return {
            "mean": round(1000 * statistics.mean(values), 1),
            "median": round(1000 * statistics.median(values), 1),
            "p90": round(1000 * ordered[int(0.9 * (len(ordered) - 1))], 1),
            "max": round(1000 * max(values), 1),
        }

    return {
        "size": f"{size[0]}x{size[1]}",
        "choices": len(first),
        "first_frame_ms": round(1000 * (first_frame or 0), 1),
        "handler_ms": ms(handler),
        "choice_to_first_frame_ms": ms(first),
        "choice_to_settled_ms": ms(settled),
    }


def cold_first_frame(size: tuple[int, int], seed: int, saves: str) -> float:
    code = COLD.replace("SEED", str(seed)).replace("SAVES", repr(saves)).replace("SIZE", repr(size))
    out = subprocess.run(
        [sys.executable, "-c", code], check=True, capture_output=True, text=True
    ).stdout
    return float(out.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", default="160x50,80x24", help="WxH[,WxH...]")
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    sizes = [tuple(int(n) for n in s.split("x")) for s in args.size.split(",")]
    results = []
    with tempfile.TemporaryDirectory() as saves:
        for w, h in sizes:
            row = asyncio.run(measure((w, h), args.seed, saves))
            row["cold_first_frame_ms"] = round(1000 * cold_first_frame((w, h), args.seed, saves), 1)
            results.append(row)
    if args.json:
        print(json.dumps(results, indent=2))
        return
    for r in results:
        print(
            f"{r['size']}: first frame {r['first_frame_ms']} ms in process, "
            f"{r['cold_first_frame_ms']} ms cold (imports included); "
            f"{r['choices']} choices: choice → first frame "
            f"median {r['choice_to_first_frame_ms']['median']} ms, "
            f"p90 {r['choice_to_first_frame_ms']['p90']} ms, "
            f"max {r['choice_to_first_frame_ms']['max']} ms; "
            f"choice → settled median {r['choice_to_settled_ms']['median']} ms, "
            f"max {r['choice_to_settled_ms']['max']} ms; "
            f"handler (engine + views) median {r['handler_ms']['median']} ms"
        )


if __name__ == "__main__":
    main()
