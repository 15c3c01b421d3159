"""The ids that rule code names, checked against the data when it loads.

Rule code compares the state with card, leader, power, war and place ids. A misspelt
literal never matches and fails silently (the rules tested ``"juan-jose-de-austria"``
while the card is ``juan-jose-of-austria``, so he never paid his two ducats). Rule code
therefore names ids through the constants below, one class per table of the content,
and ``load_content`` refuses data that lacks any of them (``unknown``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, ClassVar


class Ids:
    """A group of ids of one content table (``TABLE``: the ``Content`` attribute)."""

    TABLE: ClassVar[str] = ""

    @classmethod
    def declared(cls) -> dict[str, str]:
        """Constant name -> id, for every id the group declares."""
        return {k: v for k, v in vars(cls).items() if k.isupper() and k != "TABLE"}


class Noble(Ids):
    TABLE = "nobles"
    OLIVARES = "gaspar-de-guzman"  # Gaspar de Guzmán, Count-Duke of Olivares
    SOR_MARIA = "sor-maria-de-agreda"
    ISABEL_CLARA_EUGENIA = "isabel-clara-eugenia"
    SPINOLA = "ambrosio-de-spinola"
    JUAN_JOSE = "juan-jose-of-austria"
    CONDE = "louis-ii-conde"  # the Spanish Condé (Special Rules / Condé)


class Leader(Ids):
    TABLE = "leaders"
    CONDE = "conde"  # the French Condé's counter
    MARGARIT = "margarit"


class Event(Ids):
    TABLE = "events"
    GUERRA_DELS_SEGADORS = "guerra-dels-segadors"
    CORSAIRS_OF_DUNKIRK = "corsairs-of-dunkirk"
    HUNTING_DAY = "hunting-day"
    RAID_IN_THE_INDIES = "raid-in-the-indies"
    ACTION_14 = "action-14"  # the eighth ACTION card (Union of Arms)
    FRANCO_SPANISH_WAR_33 = "franco-spanish-war-33"
    FLANDERS_WAR_34 = "flanders-war-34"
    ANGLO_SPANISH_WAR_37 = "anglo-spanish-war-37"
    FALL_FROM_GRACE = "fall-from-grace"
    BEATEN_TO_A_PULP = "beaten-to-a-pulp"
    CORRALES_AND_BROTHELS = "corrales-and-brothels"
    RIVALRY = "rivalry"
    SEBASTIAN_DE_MORRA = "sebastian-de-morra"
    BARBARA_VAN_BECK = "barbara-van-beck"
    SPANISH_GOLDEN_AGE = "spanish-golden-age"
    UNION_OF_ARMS = "union-of-arms"


class Power(Ids):
    TABLE = "powers"
    FRANCE = "france"
    UNITED_PROVINCES = "united-provinces"
    PORTUGAL = "portugal"
    PROTESTANTS = "protestants"
    OTTOMAN = "ottoman"


class War(Ids):
    TABLE = "wars"
    FLANDERS = "flanders"
    FRANCE_ITALY = "france-italy"
    FRANCE_PICARDY = "france-picardy"
    FRANCE_CATALONIA = "france-catalonia"
    PALATINATE = "palatinate"
    PORTUGAL = "portugal"


class Place(Ids):
    TABLE = "territories"
    SPAIN = "spain"
    ITALY = "italy"
    FRANCHE_COMTE = "franche-comte"
    SPANISH_NETHERLANDS = "spanish-netherlands"
    PLUS_ULTRA = "plus-ultra"
    NEW_SPAIN = "new-spain"
    FORMOSA = "formosa"
    MARIANAS = "marianas"


GROUPS: tuple[type[Ids], ...] = (Noble, Leader, Event, Power, War, Place)


def unknown(content: Any, groups: Iterable[type[Ids]] = GROUPS) -> list[str]:
    """'Group.NAME = id' for every declared id missing from its content table."""
    missing = []
    for group in groups:
        table: Mapping[str, object] = getattr(content, group.TABLE)
        for name, value in group.declared().items():
            if value not in table:
                missing.append(f"{group.__name__}.{name} = '{value}' (no such {group.TABLE} id)")
    return missing
