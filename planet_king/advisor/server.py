"""The advisor as a long-lived process, for the TUI: its worker pool stays warm, so a
second question pays no start-up (a pool cannot start inside the threaded TUI).

    python -m planet_king.advisor.server

Reads one JSON request a line on stdin: ``{"save": <a save's text>, "data_dir": ...,
"seed": N, "seconds": S | "playouts": N}`` (optional ``policy``, ``horizon``, ``leaf``) and
answers each with one JSON line: ``hint --json``'s object with ``"ok": true``, or
``{"ok": false, "error": "..."}``. A live request (``"live": true``, optional
``"round"``: playouts an option per update) answers with a line after every round
(``"final": false``) until ``seconds`` are spent, then one with ``"final": true``; the
client stops it sooner by ending the process (the TUI's analysis pane, on Escape).
It ends at the end of its input, on SIGINT or SIGTERM, and its workers with it.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from planet_king import saves
from planet_king.advisor.answer import advice_json
from planet_king.advisor.options import DEFAULT_POLICY, Advice
from planet_king.advisor.pool import PlayoutPool, cores, stop_on_signals
from planet_king.advisor.search import DEFAULT_HORIZON, advise
from planet_king.content.loader import Content, load_content

LIVE_ROUND = 8  # playouts an option between two updates of a live analysis


def _send(reply: dict[str, Any]) -> None:
    sys.stdout.write(json.dumps(reply, ensure_ascii=False) + "\n")
    sys.stdout.flush()


def answer(
    request: dict[str, Any], pool: PlayoutPool, contents: dict[str, Content]
) -> dict[str, Any]:
    data_dir = str(request.get("data_dir") or "")
    if data_dir not in contents:
        contents[data_dir] = load_content(Path(data_dir) if data_dir else None)
    data = saves.parse_text(request["save"], source="<the TUI's position>")
    game = saves.rebuild(data, content=contents[data_dir], up_to_valid=False, verify=True)
    if game.decision is None:
        raise ValueError("the game is over: there is no decision to advise on")
    playouts = request.get("playouts")
    live = bool(request.get("live"))

    def update(advice: Advice) -> bool:
        _send({"ok": True, "final": False, **advice_json(game, advice)})
        return True

    advice = advise(
        game,
        playouts=playouts,
        seconds=None if playouts else float(request.get("seconds", 1.0)),
        seed=int(request.get("seed", 0)),
        policy=str(request.get("policy", DEFAULT_POLICY)),
        horizon=int(request.get("horizon", DEFAULT_HORIZON)),
        leaf=request.get("leaf"),
        pool=pool,
        on_round=update if live else None,
        max_round=int(request.get("round", LIVE_ROUND)) if live else None,
    )
    return {"ok": True, "final": True, **advice_json(game, advice)}


def main() -> None:
    stop_on_signals()
    pool = PlayoutPool(cores())
    contents: dict[str, Content] = {}
    try:
        pool.start()
        for line in sys.stdin:
            try:
                reply = answer(json.loads(line), pool, contents)
            except Exception as exc:  # one bad question never ends the service
                reply = {"ok": False, "error": f"{type(exc).__name__}: {exc}"}
            _send(reply)
    except KeyboardInterrupt:
        pass
    finally:
        pool.close()


if __name__ == "__main__":
    main()
