"""What one role may see of a game: the per-role view for hotseat play and bots.

A view carries the public board and the role's own hidden information, never the
partner's Secret Memorial until it is claimed or the game ends (Cooperative Game).
"""

from __future__ import annotations

from typing import Any

from planet_king.engine.decisions import Role
from planet_king.engine.game import Game
from planet_king.engine.rules import actions, memorials


def view(game: Game, role: Role) -> dict[str, Any]:
    s = game.state
    visible = memorials.visible_to(game, role)
    own = s.memorials.get(role.value)
    return {
        "scenario": game.scenario.id,
        "role": role.value,
        "turn": s.turn,
        "phase": s.phase,
        "treasury": s.treasury,
        "vp": s.vp,
        "vp_king": s.vp_king,
        "vp_valido": s.vp_valido,
        "valido": s.valido,
        "queen": s.queen,
        "mistress": s.mistress,
        "court_nobles": list(s.court_nobles),
        "court_geniuses": list(s.court_geniuses),
        "offices": dict(s.offices),
        "wars": {
            w: {
                "active": ws.active,
                "position": ws.position,
                "truce": ws.truce,
                "leader": ws.leader,
                "enemy_leader": ws.enemy_leader,
            }
            for w, ws in s.wars.items()
        },
        "memorials": {
            cid: {
                "name": game.content.memorials[cid].name,
                "task": game.content.memorials[cid].task,
            }
            for cid in visible
        },
        "own_memorial_drawn": own is not None,
        "decision": decision_view(game, role),
    }


def decision_view(game: Game, role: Role) -> dict[str, Any] | None:
    """The pending decision as ``role`` sees it, in words and in machine terms (None when
    another role decides): what the engine hands the presenters and the advisor's answer."""
    d = game.decision
    if d is None or d.role is not role:
        return None
    # Machines read the kind, the subject and each option's meaning; the prompt and the
    # labels are for people (issue 33 §1).
    return {
        "kind": d.kind.value,
        "subject": d.subject,
        "prompt": d.prompt,
        "options": [
            {
                "id": o.id,
                "label": o.label,
                "allowed": o.allowed,
                "reason": o.reason,
                "meaning": None if o.meaning is None else o.meaning._asdict(),
            }
            for o in d.options
        ],
    }


def option_does(game: Game, option_id: str) -> str:
    """What an option of the pending decision does and costs, in words beside its label:
    an allowed action of an action menu, as the action says it (``actions.describe``,
    issue 32); "" for any other option, one not allowed (its reason is said instead) or
    one whose name says it. The screens (``present.option_text``) and the advisor's
    answer (``hint --json``'s ``description``) both show these words."""
    if option_id.partition(":")[0] != "action":
        return ""
    d = game.decision
    allowed = d is not None and any(o.id == option_id and o.allowed for o in d.options)
    return actions.describe(game, option_id.rpartition(":")[2]) if allowed else ""
