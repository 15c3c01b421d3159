"""The advisor's answer as JSON data, worded for the player: `hint --json`, the hint
server's replies and the instant answer all send this object (its words are the
decision's prompt, the options' labels and what an action does and costs, as the engine
hands them to the screens too; every figure is the search's)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from planet_king.engine.view import decision_view, option_does

if TYPE_CHECKING:
    from planet_king.advisor.options import Advice
    from planet_king.engine.game import Game


def advice_json(game: Game, advice: Advice) -> dict[str, object]:
    """`hint --json` (and the hint server's answer): the decision, the budget spent and
    every option's figures, with the words the player reads beside the ids: its
    ``label`` and its ``description``, what an action does and costs as the screens say
    it after the label (``engine.view.option_does``; "" when the label says it all)."""
    decision = game.decision
    assert decision is not None
    shown = decision_view(game, decision.role)
    assert shown is not None
    labels = {o["id"]: o["label"] for o in shown["options"]}
    # the action menu's Back is a way through the menus, not a move: the table leaves it
    # out (issue 32), though the search plays it as the bots may take it
    back = {o["id"] for o in shown["options"] if (o["meaning"] or {}).get("action") == "back"}
    options = []
    for v in advice.options:
        figures = v.as_dict()
        option = figures.pop("option")
        entry = {
            "option": option,
            "label": labels[v.option_id],
            "description": option_does(game, v.option_id),
            **figures,
        }
        if option in back:
            entry["back"] = True
        options.append(entry)
    return {
        "decision": shown["prompt"],
        "role": decision.role.value,
        "playouts": advice.playouts,
        "seed": advice.seed,
        "policy": advice.policy,
        "horizon": advice.horizon,
        "recommended": advice.recommended,
        "policy_choice": advice.policy_choice,
        "elapsed_s": advice.elapsed_s,
        "options": options,
    }
