"""Actions, by the rulebook's sections: the protocol (ACTION card, types, cubes, the
registry), then the royal, political, government and simple actions. Importing the
package registers every action, in that order: the order of the action menus."""

from planet_king.engine.rules.actions.protocol import (
    ACTIONS,
    CANCELLED,
    TYPES,
    Action,
    ActionChecks,
    Context,
    action_card,
    action_type,
    action_types,
    actions_of_type,
    describe,
    granted_action,
    perform,
    refused_everywhere,
    take_actions,
    take_one,
    type_why_not,
    why_not,
)

# isort: off
# In the rulebook's order, which is the order of ACTIONS and of every menu.
from planet_king.engine.rules.actions import royal
from planet_king.engine.rules.actions import political
from planet_king.engine.rules.actions import government
from planet_king.engine.rules.actions import simple

# isort: on
from planet_king.engine.rules.actions.government import campaign_targets
from planet_king.engine.rules.actions.political import (
    NO_EMBASSY,
    ambassadors,
    appointable,
    embassy,
    embassy_targets,
    locked,
)
from planet_king.engine.rules.actions.royal import place_revolt, return_from_exile

__all__ = [
    "ACTIONS",
    "CANCELLED",
    "NO_EMBASSY",
    "TYPES",
    "Action",
    "ActionChecks",
    "Context",
    "action_card",
    "action_type",
    "action_types",
    "actions_of_type",
    "ambassadors",
    "appointable",
    "campaign_targets",
    "describe",
    "embassy",
    "embassy_targets",
    "government",
    "granted_action",
    "locked",
    "perform",
    "place_revolt",
    "political",
    "refused_everywhere",
    "return_from_exile",
    "royal",
    "simple",
    "take_actions",
    "take_one",
    "type_why_not",
    "why_not",
]
