"""What the player reads, in words, shared by the full screen and the plain-text mode.

The forecast of the End of Turn (``engine.forecast``), the victory thresholds and the
notables' ratings and traits are put into sentences here once, so the TUI (which adds
colour) and the plain-text mode (which adds nothing) say the same thing. No rule is
counted here: every figure comes from the engine.

One module by what it holds: ``phrases`` (counts, ordinals), ``phases`` (the turn and the
phase), ``forecast_words`` (the End of Turn forecast, the victory levels), ``game_over``,
``memorials``, ``notables`` (ratings, traits, children), ``wars``, ``card_words`` (the
card browser) and ``options`` (an option as the screens show it). Their names are all
here too: ``present.war_text`` reads as before.
"""

from __future__ import annotations

from planet_king.present.card_words import (
    BIRDS,
    card_rows,
    card_text,
    field_line,
    field_value,
    find_cards,
)
from planet_king.present.forecast_words import (
    DANGER_WORD,
    LEVELS,
    SCORE_LABEL,
    SETTING_UP,
    Line,
    effect_label,
    forecast_detail,
    forecast_lines,
    forecast_text,
    level_line,
    level_name,
    score_line,
    short_thresholds,
    thresholds_text,
    treasury_detail,
    treasury_line,
    vp_detail,
    vp_line,
    warned_label,
)
from planet_king.present.game_over import (
    OTHER_VP,
    VP_SOURCES,
    ducat_sources,
    game_over_summary,
    game_over_text,
    vp_by_turn,
    vp_sources,
)
from planet_king.present.memorials import (
    memorial_note,
)
from planet_king.present.notables import (
    TRAIT_WORDS,
    child_name,
    children_text,
    notable_summary,
    rating,
    short_name,
    subject_line,
)
from planet_king.present.options import (
    OFFERS_NOTABLE,
    option_text,
)
from planet_king.present.phases import (
    END_OF_TURN_STEPS,
    PHASES,
    phase_name,
    turn_text,
)
from planet_king.present.phrases import (
    ordinal,
    plural,
)
from planet_king.present.wars import (
    OUTCOMES,
    UNIT_WORDS,
    at_peace,
    outcome_text,
    units_phrase,
    war_sides,
    war_stakes,
    war_status,
    war_text,
    war_track,
)

__all__ = [
    "BIRDS",
    "DANGER_WORD",
    "END_OF_TURN_STEPS",
    "LEVELS",
    "OFFERS_NOTABLE",
    "OTHER_VP",
    "OUTCOMES",
    "PHASES",
    "SCORE_LABEL",
    "SETTING_UP",
    "TRAIT_WORDS",
    "UNIT_WORDS",
    "VP_SOURCES",
    "Line",
    "at_peace",
    "card_rows",
    "card_text",
    "child_name",
    "children_text",
    "ducat_sources",
    "effect_label",
    "field_line",
    "field_value",
    "find_cards",
    "forecast_detail",
    "forecast_lines",
    "forecast_text",
    "game_over_summary",
    "game_over_text",
    "level_line",
    "level_name",
    "memorial_note",
    "notable_summary",
    "option_text",
    "ordinal",
    "outcome_text",
    "phase_name",
    "plural",
    "rating",
    "score_line",
    "short_name",
    "short_thresholds",
    "subject_line",
    "thresholds_text",
    "treasury_detail",
    "treasury_line",
    "turn_text",
    "units_phrase",
    "vp_by_turn",
    "vp_detail",
    "vp_line",
    "vp_sources",
    "war_sides",
    "war_stakes",
    "war_status",
    "war_text",
    "war_track",
    "warned_label",
]
