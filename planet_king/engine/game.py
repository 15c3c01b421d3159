"""The game master: owns the state, the one RNG, the log, and drives the rules.

Rule code is written as generators (see ``planet_king.engine.rules``): it runs straight
through and yields a ``Decision`` whenever the rules give the player a choice; the
driver sends back the chosen option id. A game is therefore fully determined by
(data version, scenario, options, seed, choices), which is how it is replayed.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Generator, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from planet_king.content.ids import Event
from planet_king.content.loader import Content
from planet_king.content.models import EventCard, Scenario
from planet_king.engine import draws, history, snapshot, stacking
from planet_king.engine.decisions import (
    BACK,
    BACK_ID,
    Choices,
    Decision,
    DecisionKind,
    IllegalChoice,
    Option,
    Role,
)
from planet_king.engine.errors import EngineError, ScenarioNotPlayable, UnknownScenario
from planet_king.engine.fortune import BIRDS, FortuneResult
from planet_king.engine.log import LogEntry
from planet_king.engine.rules import modes
from planet_king.engine.rules.flow import play
from planet_king.engine.state import GameState

if TYPE_CHECKING:
    from planet_king.engine.resume import ResumePoint

Rules = Generator[Decision, str, Any]

_new_entry = tuple.__new__  # LogEntry's fields, all given: skips the defaults' wrapper


@dataclass(frozen=True, slots=True)
class GameOptions:
    """Options are part of a game's identity: they are saved and replayed."""

    difficulty: str = "normal"
    coop: bool = False
    memorials: bool = False
    war_only: bool = False
    optional: tuple[str, ...] = ()
    stack: str = ""  # a named stack of the decks (planet_king.engine.stacking)

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "difficulty": self.difficulty,
            "coop": self.coop,
            "memorials": self.memorials,
            "war_only": self.war_only,
            "optional": list(self.optional),
        }
        if self.stack:  # written only when used: saves of unstacked games are unchanged
            out["stack"] = self.stack
        return out

    @classmethod
    def from_dict(cls, raw: dict[str, Any]) -> GameOptions:
        return cls(
            difficulty=str(raw.get("difficulty", "normal")),
            coop=bool(raw.get("coop", False)),
            memorials=bool(raw.get("memorials", False)),
            war_only=bool(raw.get("war_only", False)),
            optional=tuple(raw.get("optional", ())),
            stack=str(raw.get("stack", "")),
        )


class Game:
    """A game in progress. ``decision`` is the pending Decision, or None when over.

    Every attribute is declared here (the compiled build makes Game a native class, whose
    attributes are slots read in a few instructions: the rules read ``g.state`` and
    ``g.content`` at every step). Facts that rule code keeps for the game go in
    ``caches``, never in new attributes."""

    def __init__(
        self,
        scenario: str,
        *,
        seed: int = 0,
        options: GameOptions | None = None,
        content: Content,
        keep_turn_starts: bool = False,
        _start: tuple[history.TurnStart, history.History] | None = None,
    ) -> None:
        # The Content its command line resolved (tests/test_layers.py); no default: tests
        # and scripts name the default data folder, content=load_content().
        self.content = content
        if scenario not in self.content.scenarios:
            known = ", ".join(sorted(self.content.scenarios))
            raise UnknownScenario(f"unknown scenario '{scenario}' (known: {known})")
        self.scenario: Scenario = self.content.scenarios[scenario]
        if not self.scenario.playable:
            raise ScenarioNotPlayable(
                f"scenario '{scenario}' is not playable yet: its rules are not implemented"
            )
        self.options = options or GameOptions()
        modes.validate(self)
        self.seed = seed
        self.rng = random.Random(seed)
        self.state = GameState(scenario=scenario, turn=self.scenario.first_turn)
        self.state.stacked = stacking.start(self)
        self.log_entries: list[LogEntry] = []
        self.choices: list[str] = []
        # Every use of the RNG that a choice cannot take back: the hidden decks'
        # shuffles as well as the draws (undo and Back read it: no re-dealing either).
        self.random_draws = 0
        # What fate did in the player's sight: a card drawn and shown, a marker drawn, a
        # die cast, a fortune test; never a hidden deck's shuffle, which shows only when
        # its card is drawn (and counts then). The review's luck and the forecast's
        # certainty read it, by differences on one game.
        self.seen_draws = 0
        # (turn, number of choices made, state digest) at the start of each turn:
        # saves check replays against these (a point where no rule code is pending).
        self.turn_digests: list[tuple[int, int, str]] = []
        self._trace = history.Trace()
        # Actions being carried out (rules.actions.perform): their decisions that follow
        # a choice of the same player are sub-menus, and offer Back (see ``ask``).
        self.acting = 0
        self.decision: Decision | None = None
        # Copies of the game at each turn start, kept on demand (see ``fork``).
        self.turn_starts: list[history.TurnStart] | None = [] if keep_turn_starts else None
        # The last turn start, kept serialised for saves (None before the first one).
        self.last_start: history.StartRecord | None = None
        # A game resumed from a snapshot (a save of older rules): its choices before
        # this point no longer replay from the seed (planet_king.engine.resume).
        self.resumed_from: ResumePoint | None = None
        # Facts about the map that rule code computes once a game, by name (a fork
        # carries them over: the same for every game of the content).
        self.caches: dict[str, Any] = {}
        if _start is None:
            self._rules: Rules = play(self)
        else:
            turn = self._restore(*_start)
            self._rules = play(self, resume_turn=turn, in_events=_start[0].in_events)
        self._advance(None)

    def _restore(self, start: history.TurnStart, past: history.History) -> int:
        """Take the position at ``start``, after ``past``; returns the turn to resume."""
        self.rng.setstate(start.rng)
        self.state = start.state.clone()
        self.log_entries = past.log_entries[: start.log_entries]
        self.choices = past.choices[: start.choices]
        self.random_draws = start.random_draws
        self.seen_draws = start.seen_draws
        self.turn_digests = past.turn_digests[: start.turn_digests]
        self._trace = history.Trace(
            past.draws_before_choice[: start.choices], past.seen_before_choice[: start.choices]
        )
        self.caches.update(past.caches)
        if past.record_start:
            self.last_start = history.record(self, start.turn, start.turn_digests)
        return start.turn

    def fork(self) -> Game:
        """A new game at the same position, to play on without touching this one
        (``history.fork``: from the last turn start kept, else from the start)."""
        return history.fork(self)

    # ----------------------------------------------------------------- driving
    @classmethod
    def replay(
        cls,
        scenario: str,
        choices: Iterable[str],
        *,
        seed: int = 0,
        options: GameOptions | None = None,
        content: Content,
        keep_turn_starts: bool = False,
    ) -> Game:
        game = cls(
            scenario,
            seed=seed,
            options=options,
            content=content,
            keep_turn_starts=keep_turn_starts,
        )
        for i, choice in enumerate(choices):
            try:
                game.choose(choice)
            except IllegalChoice as exc:
                raise IllegalChoice(f"choice {i + 1}: {exc}") from None
        return game

    @property
    def over(self) -> bool:
        return self.decision is None

    def mark_turn_start(self) -> None:
        """Called by the turn sequence at the start of each turn."""
        # The state's phase is still the turn before's End of Turn (it is part of the
        # turn's digest, so it stays); what happens here belongs to the new turn's first
        # phase, the Organisation phase (Game Sequence).
        stacking.past_last_turn(self, phase="organisation")
        if self.quiet:  # a playout: never saved, so never checked against a replay
            return
        record = history.record(self, self.state.turn, len(self.turn_digests) + 1)
        self.last_start = record
        digest = snapshot.digest_of_text(record.state_text)
        self.turn_digests.append((self.state.turn, len(self.choices), digest))
        if self.turn_starts is not None:
            self.turn_starts.append(history.kept(self))

    def mark_event_start(self) -> None:
        """Called by the Events phase before each card is drawn, where no rule code is
        pending either: with ``keep_turn_starts``, the position is kept there too, so
        that a fork (every playout of the advisor) replays one card's choices, not the
        whole turn's (some 60 choices late in a turn, half a playout's time). Nothing is
        recorded for saves: they resume at turn starts."""
        starts = self.turn_starts
        if starts is None or self.quiet:
            return
        if starts and starts[-1].in_events:
            starts.pop()  # a fork starts from the last point kept: one card's is enough
        starts.append(history.kept(self, in_events=True))

    def choose(self, option_id: str) -> None:
        """Take a legal option of the pending decision; anything else changes nothing."""
        decision = self.decision
        if decision is None:
            raise IllegalChoice("the game is over: there is no decision to take")
        for o in decision.options:  # option_id in decision.legal_ids, without the tuple
            if o.id == option_id and o.allowed:
                break
        else:
            try:
                opt = decision.option(option_id)
                why = f"not allowed: {opt.reason}"
            except KeyError:
                why = "not an option"
            raise IllegalChoice(
                f"'{option_id}' is {why} (decision: {decision.prompt}; "
                f"legal: {', '.join(decision.legal_ids)})"
            )
        if option_id == BACK_ID:
            self._back()
            return
        stacking.follow(self, option_id)
        self._trace.last_label = o.label
        self._trace.last_role = decision.role
        self._trace.draws_before_choice.append(self.random_draws)
        self._trace.seen_before_choice.append(self.seen_draws)
        self.choices.append(option_id)
        self._advance(option_id)

    def _back(self) -> None:
        """Back from a sub-menu: the game as it was at the menu it came from, the Back
        kept among the choices (a save replays it). The rules are a generator, which
        cannot step back: they run again, in place, through the choices that count, from
        the game's start or its resume point (a whole game replays in some 20 ms)."""
        raw = [*self.choices, BACK_ID]
        draws = [*self._trace.draws_before_choice, self.random_draws]
        seen = [*self._trace.seen_before_choice, self.seen_draws]
        # what the replay would recount otherwise, and with other choice numbers (a Back
        # never crosses a turn start: it stays within one action)
        kept = (self.turn_digests, self.last_start, self.turn_starts, self.resumed_from)
        caches = self.caches
        self._rules.close()
        at = self.resumed_from
        first = 0 if at is None else at.start.choices
        start = None if at is None else (at.start, at.history)
        # __init__ sets only the engine's fields: metadata (saves' names, learning) stays
        self.__init__(  # type: ignore[misc]
            self.scenario.id,
            seed=self.seed,
            options=self.options,
            content=self.content,
            _start=start,
        )
        self.caches = caches
        for choice in history.counted(raw[first:]):
            self.choose(choice)
        self.turn_digests, self.last_start, self.turn_starts, self.resumed_from = kept
        self.choices = raw
        self._trace.draws_before_choice = draws
        self._trace.seen_before_choice = seen
        self._trace.last_label = "Back"  # for the undo's messages

    def _advance(self, value: str | None) -> None:
        try:
            self.decision = self._rules.send(value) if value is not None else next(self._rules)
        except StopIteration:
            self.decision = None
            self.state.over = True

    # --------------------------------------------------------------- asking
    def ask(
        self,
        prompt: str,
        options: Sequence[Option] | Choices,
        *,
        role: Role = Role.KING,
        rule: str = "",
        cause: str = "",
        checks: Mapping[str, str | None] | None = None,
        kind: DecisionKind = DecisionKind.OTHER,
        subject: str | None = None,
    ) -> Rules:
        """Yield a decision; with a single legal option there is no choice to make.

        ``kind`` and ``subject`` say what it is about, for readers that are not people."""
        opts = tuple(options.items if isinstance(options, Choices) else options)
        legal = tuple([o for o in opts if o.allowed])
        if not legal:
            raise EngineError(f"no legal option for decision '{prompt}'")
        if len(legal) == 1:
            return legal[0].id
        trace = self._trace
        if (
            self.acting
            and trace.last_role is role
            and trace.draws_before_choice
            and trace.draws_before_choice[-1] == self.random_draws
        ):  # a sub-menu: Back takes back the choice that led here (nothing drawn since)
            opts = (*opts, BACK)
        choice = yield Decision(role, prompt, opts, rule, cause, checks, legal, kind, subject)
        return choice

    def ask_among(
        self,
        prompt: str,
        prefix: str,
        items: Iterable[tuple[str, str]],
        *,
        role: Role = Role.KING,
        rule: str = "",
        cause: str = "",
        kind: DecisionKind = DecisionKind.OTHER,
        subject: str | None = None,
    ) -> Rules:
        """Ask for one of several things, offered as ``prefix:key`` options with their
        labels; returns the chosen key."""
        opts = tuple(Option(f"{prefix}:{key}", label) for key, label in items)
        choice = yield from self.ask(
            prompt, opts, role=role, rule=rule, cause=cause, kind=kind, subject=subject
        )
        return choice.partition(":")[2]

    # ------------------------------------------------------------------ log
    # A playout that no one will read (the advisor's) keeps no log.
    quiet: bool = False

    def log(self, text: str, *, rule: str = "", cause: str = "", phase: str = "") -> None:
        """Write a log line, labelled with the current turn and ``phase`` (by default the
        phase the state is in)."""
        if self.quiet:
            return
        s = self.state
        entry = _new_entry(LogEntry, (s.turn, phase or s.phase, text, rule, cause))
        self.log_entries.append(entry)

    def log_text(self) -> str:
        # LogEntry.line, unrolled: the digest of every simulated game reads the whole log
        lines = self.log_entries
        return "\n".join(f"[T{turn} {phase}] {text}" for turn, phase, text, _, _ in lines)

    def log_digest(self) -> str:
        return hashlib.sha256(self.log_text().encode()).hexdigest()

    # ------------------------------------------------------- names and cards
    def name(self, ident: str) -> str:
        """A power's name, else ``Content.name`` (the id itself if nothing has it)."""
        return self.content.display_names.get(ident, ident)

    def event(self, card_id: str) -> EventCard:
        return self.content.events[card_id]

    # --------------------------------------------------------- the event deck
    def shuffle_deck(self) -> None:
        draws.shuffle(self.rng, self.state.deck)
        self.random_draws += 1

    def reshuffle_discards(self, why: str) -> None:
        """The discard pile becomes the deck, less the ACTION and TOTAL WAR cards played
        as events this phase, kept separated to count them (ruling R102)."""
        s = self.state
        apart = [c for c in s.discard if c in s.played_apart]
        s.deck.extend(c for c in s.discard if c not in s.played_apart)
        s.discard[:] = apart
        self.shuffle_deck()
        kept = f"; the {len(apart)} ACTION and TOTAL WAR cards played stay apart" if apart else ""
        self.log(
            f"The event deck is exhausted {why}: the discard pile ({len(s.deck)} cards) is "
            f"shuffled to form a new deck{kept}.",
            rule="Events Phase / Overview",
        )

    def fortune_test(self, reason: str, *, rule: str = "Events Phase / Overview") -> FortuneResult:
        """Draw the top card for its fortune symbol only; the card goes to the discards."""
        s = self.state
        if not s.deck:
            self.reshuffle_discards("during a fortune test")
        if not s.deck:
            raise EngineError("no card left to draw for a fortune test")
        card_id = self.draw("events")
        s.discard.append(card_id)
        self.random_draws += 1
        self.seen_draws += 1
        card = self.event(card_id)
        mark = ", SP-loss symbol" if card.sp_loss else ""
        # the bird first and the card after it: the card is read for its bird only, and
        # its name alone ("The Plague") would read as if the event had struck
        self.log(
            f"Fortune test ({reason}): {BIRDS[card.fortune]}, {card.fortune}{mark} "
            f"(card: {card.name}).",
            rule=rule,
            cause=reason,
        )
        return FortuneResult(card_id, card.fortune, card.sp_loss)

    def pick(self, items: Sequence[str], what: str, *, seen: bool = True) -> str:
        """Draw a marker at random from a cup (the list must be in a stable order);
        ``seen=False``: a card drawn unseen, which shows only when it is revealed."""
        if not items:
            raise EngineError(f"empty cup: {what}")
        self.random_draws += 1
        self.seen_draws += seen
        return stacking.pick(self, what, list(items), draws.choice(self.rng, list(items)))

    def draw(self, deck: str) -> str:
        """Take the next card of the ``events``, ``nobles`` or ``geniuses`` deck: the top
        card, or the next card of the game's stack (planet_king.engine.stacking)."""
        card = stacking.draw(self, deck)
        if card == Event.HUNTING_DAY:
            self.state.hunting_day_due = False  # played: only a new Hunt brings it back
        return card

    # ------------------------------------------------------- score markers
    @property
    def hothead(self) -> bool:
        return self.scenario.kind == "hothead"

    def add_vp(self, amount: int, cause: str, *, rule: str = "", role: Role = Role.VALIDO) -> None:
        """VP markers cannot go below zero (Victory Points). War-Only mode doubles every VP
        gained or lost; in co-op each role keeps its own VP (Cooperative Game)."""
        s = self.state
        if self.options.war_only:
            amount *= 2
        if self.options.coop:
            if role is Role.KING and s.king_dead:
                self.log(
                    f"{amount:+d} VP for the King ({cause}) is lost: the King is dead.",
                    rule="Cooperative Game / Overview",
                    cause=cause,
                )
                return
            key = "vp_king" if role is Role.KING else "vp_valido"
            before = getattr(s, key)
            setattr(s, key, max(0, before + amount))
            s.vp = s.vp_king + s.vp_valido
            s.stats.vp_ledger[rule or cause] += getattr(s, key) - before
            self.log(
                f"{amount:+d} VP for the {role.value.capitalize()} ({cause}): {before} → "
                f"{getattr(s, key)}.",
                rule=rule,
                cause=cause,
            )
            return
        before = s.vp
        s.vp = max(0, s.vp + amount)
        s.stats.vp_ledger[rule or cause] += s.vp - before
        self.log(f"{amount:+d} VP ({cause}): {before} → {s.vp}.", rule=rule, cause=cause)

    def add_prestige(self, amount: int, cause: str, *, rule: str = "") -> None:
        self.state.prestige_markers += amount
        self.log(f"{amount:+d} prestige marker ({cause}).", rule=rule, cause=cause)

    def add_happiness(self, amount: int, cause: str, *, rule: str = "") -> None:
        if self.hothead or self.options.war_only:
            where = "in Hothead" if self.hothead else "in War-Only mode"
            self.log(
                f"{amount:+d} happiness ({cause}) is ignored {where}.",
                rule='Scenarios / "Hothead"' if self.hothead else "Scenarios / War-Only Mode",
                cause=cause,
            )
            return
        self.state.happiness_markers += amount
        self.log(f"{amount:+d} happiness marker ({cause}).", rule=rule, cause=cause)

    # ------------------------------------------------------------ treasury
    def gain(self, amount: int, source: str, *, rule: str = "", cause: str = "") -> int:
        """Add ducats, at most up to 12 in the Treasury (Ducats)."""
        s = self.state
        got = max(0, min(amount, 12 - s.treasury))
        s.treasury += got
        s.stats.ledger[source] += got
        lost = f" ({amount - got} lost: the Treasury holds at most 12)" if got < amount else ""
        self.log(
            f"+{got} ducat{'s' if got != 1 else ''} ({cause or source}){lost}; "
            f"Treasury {s.treasury}.",
            rule=rule or "Game Board / Ducats",
            cause=cause or source,
        )
        return got

    def spend(self, amount: int, source: str, *, rule: str = "", cause: str = "") -> None:
        """Pay a prior cost the player has already been checked to afford."""
        s = self.state
        if amount > s.treasury:
            raise EngineError(f"cannot spend {amount} with {s.treasury} in the Treasury")
        s.treasury -= amount
        s.stats.ledger[source] -= amount
        self.log(
            f"-{amount} ducat{'s' if amount != 1 else ''} ({cause or source}); "
            f"Treasury {s.treasury}.",
            rule=rule,
            cause=cause or source,
        )

    # ------------------------------------------------------------ undo (saves)
    # Save metadata, kept on the game so that undo and the next save carry it over
    # (see planet_king.saves). ``learning``: an undo crossed a card or marker drawn
    # after the undone choice (allowed only in learning mode), so fate may have been
    # re-rolled; the save says so.
    learning: bool = False
    role_names: dict[str, str] | None = None
    created: str | None = None
    # The game's own id, made when it is first saved: it names its saves (None: never
    # saved, or a save made before games had ids).
    game_id: str | None = None
    # The choices as of the last autosave (or of the save it was opened from): an
    # autosave with nothing new is not written.
    autosaved_choices: tuple[str, ...] | None = None
    # One line for the player about how a save was opened (older rules, a replay that
    # parted from the save), set by planet_king.saves; None when there is nothing to say.
    load_notice: str | None = None
    # The log as the last save encoded it (planet_king.saves.write): the number of
    # entries and their text, and the lines encoded so far (the log only grows).
    saved_log: tuple[int, str] | None = None
    saved_log_lines: list[str] | None = None

    def can_undo(self, *, learning: bool = False) -> str | None:
        """None if the last choice can be taken back, else the reason why not
        (``history.can_undo``: no re-rolling fate but in learning mode)."""
        return history.can_undo(self, learning=learning)

    def undo(self, *, learning: bool = False) -> Game:
        """The game replayed without its last choice; raises IllegalChoice if not allowed."""
        return history.undo(self, learning=learning)
