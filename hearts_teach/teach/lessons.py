"""Small helpers behind the lesson notebooks (``notebooks/NN_*.ipynb``).

The lessons keep their cells short by calling these: the table of contents and the
navigation links, fixed positions built from hand-picked deals, and the small seeded
simulations behind the plots. Everything random goes through ``Rng`` with a fixed seed,
so every printed figure is reproducible.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass

from hearts_teach.agents import driver
from hearts_teach.games.hearts.hand import DEFAULT_SEAT_NAMES, Hand
from hearts_teach.games.hearts.legality import final_scores
from hearts_teach.games.hearts.rules import Rules
from hearts_teach.games.hearts.view import View
from hearts_teach.kernel.cards import DECK, SUIT_MASKS, Card, CardLike, CardList
from hearts_teach.kernel.errors import ArgumentError
from hearts_teach.kernel.rng import Rng

# the series --------------------------------------------------------------------------

LESSONS: tuple[tuple[str, str, str], ...] = (
    ("00_welcome", "Welcome", "how the series works, the deck, the card names and the penalty cards"),
    ("01_deal_and_pass", "The deal and the pass", "13 cards each, which way the pass goes, what to give away"),
    ("02_tricks_and_following_suit", "Tricks and following suit",
     "the 2♣ opens, follow suit, no trump, and the safe discard"),
    ("03_breaking_hearts", "Breaking hearts", "when a heart may be led, and the first-trick rule"),
    ("04_queen_of_spades", "The queen of spades", "the 13-point card, and where she ends up"),
    ("05_shooting_the_moon", "Shooting the moon", "taking every penalty card on purpose, and stopping it"),
    ("06_scoring_a_match", "Scoring a match", "points per hand, totals to 100, lowest wins, variants"),
    ("07_play_a_match", "Play a match", "a whole match at the table against the bots, with hints"),
    ("08_practice_decisions", "Practice decisions", "drills on passes and plays, graded by the coach"),
    ("09_hearts_vs_spades", "Hearts vs Spades", "the same deck played the other way round"),
    ("10_write_a_bot", "Write a bot", "a bot from the View, measured on duplicate deals, improved step by step"),
)

# lesson number -> exercise notebook (lessons 00 has none; 07 and 08 share one)
EXERCISES: dict[int, str] = {
    1: "01_pass_targets", 2: "02_trick_winner", 3: "03_legal_plays", 4: "04_hand_points",
    5: "05_moon_scoring", 6: "06_match_winner", 7: "07_strategy", 8: "07_strategy",
    9: "09_spades_scoring", 10: "10_write_a_bot",
}


def lesson_file(n: int) -> str:
    return LESSONS[n][0] + ".ipynb"


def exercise_link(n: int) -> str | None:
    """The relative link from lesson ``n`` to its exercise notebook (None for lesson 00)."""
    name = EXERCISES.get(n)
    return None if name is None else f"../exercises/{name}.ipynb"


def nav_line(n: int) -> str:
    """The Markdown navigation line of lesson ``n``: ← previous · Index · next →."""
    parts = []
    if n > 0:
        parts.append(f"[← {LESSONS[n - 1][0][:2]} {LESSONS[n - 1][1]}]({lesson_file(n - 1)})")
    parts.append(f"[Index]({lesson_file(0)}#The-lessons)")
    if n + 1 < len(LESSONS):
        parts.append(f"[{LESSONS[n + 1][0][:2]} {LESSONS[n + 1][1]} →]({lesson_file(n + 1)})")
    line = " · ".join(parts)
    if exercise_link(n):
        line += f" · [Exercise]({exercise_link(n)})"
    return line


# fixed deals and positions ---------------------------------------------------------------

SEATS = DEFAULT_SEAT_NAMES  # South, West, North, East (seats 0..3, clockwise)


def deal_with(fixed: Mapping[int, str | Iterable[CardLike]], seed: int = 0) -> list[CardList]:
    """A deal in which seat ``s`` holds the cards ``fixed[s]``; the remaining cards are
    shuffled with ``Rng(seed)`` and fill every seat up to 13."""
    hands: list[list[Card]] = [[], [], [], []]
    used = 0
    for seat in sorted(fixed):
        for c in CardList(fixed[seat]):
            if used & c.mask:
                raise ArgumentError(f"{c.pretty} is given to two seats", argument="hands")
            used |= c.mask
            hands[seat].append(c)
        if len(hands[seat]) > 13:
            raise ArgumentError(f"seat {seat} is given {len(hands[seat])} cards; at most 13", argument="hands")
    rest = [c for c in DECK if not used & c.mask]
    Rng(seed).shuffle(rest)
    for seat in range(4):
        need = 13 - len(hands[seat])
        hands[seat] += rest[:need]
        rest = rest[need:]
    return [CardList(sorted(h)) for h in hands]


def position(fixed: Mapping[int, str | Iterable[CardLike]], plays: str | Iterable[CardLike] = (),
             seed: int = 0, rules: Rules | None = None) -> Hand:
    """A hold hand (no pass) dealt by ``deal_with`` with ``plays`` already played in order."""
    hand = Hand(deal_with(fixed, seed), "hold", rules)
    for c in CardList(plays):
        hand.play(c)
    return hand


# simple, fully predictable players (for setting up positions and small demonstrations) ----

Policy = Callable[[Hand], Card]


def lowest(hand: Hand) -> Card:
    """Play the lowest legal card (by rank, ties by suit order ♣ ♦ ♥ ♠)."""
    return min(hand.legal_plays(), key=lambda c: (c.rank, c.suit))


def highest(hand: Hand) -> Card:
    """Play the highest legal card (by rank, ties by suit order ♠ ♥ ♦ ♣)."""
    return max(hand.legal_plays(), key=lambda c: (c.rank, c.suit))


def play_out(hand: Hand, policies: Sequence[Policy], until_trick: int = 14) -> Hand:
    """Play ``hand`` on, seat ``s`` choosing with ``policies[s]``, until the hand is over or
    trick ``until_trick`` is about to start. Returns the same hand."""
    while not hand.is_over and not (hand.trick_number >= until_trick and not hand.current_trick.cards):
        hand.play(policies[hand.turn](hand))
    return hand


def trick_rows(hand, tail: Callable) -> str:
    """Every completed trick as one line, leader first, the winner marked with *;
    ``tail(trick)`` writes the end of the line (shared by Hearts and Spades)."""
    lines = []
    for t in hand.tricks:
        cells = [f"{hand.seat_names[seat][:1]} {card.pretty:>3}{'*' if seat == t.winner else ' '}"
                 for seat, card in zip(t.seats, t.cards, strict=True)]
        lines.append(f"{t.number:>2}. " + "  ".join(cells) + tail(t))
    return "\n".join(lines)


def trick_table(hand: Hand) -> str:
    """Every completed trick as one line: leader first, the winner marked with *."""
    def tail(t) -> str:
        name = hand.seat_names[t.winner]
        return "   " + (f"{t.points:>2} pts → {name}" if t.points else f"       {name}")

    return trick_rows(hand, tail)


def describe_trick(hand: Hand, trick=None) -> str:
    """'East 2♣, South 9♣, West 6♣, North A♣ → North takes it (0 points)' (default: last trick)."""
    trick = hand.last_trick if trick is None else trick
    names = hand.seat_names
    played = ", ".join(f"{names[s]} {c.pretty}" for s, c in zip(trick.seats, trick.cards, strict=False))
    if trick.winner is None:
        return f"trick {trick.number} so far: {played}"
    pts = f"{trick.points} point{'' if trick.points == 1 else 's'}"
    return f"trick {trick.number}: {played} → {names[trick.winner]} takes it ({pts})"


def legal_report(hand: Hand) -> str:
    """The cards of the player to move, grouped by verdict: ✓ may play, ✗ may not, and why."""
    groups: dict[tuple[bool, str], list[Card]] = {}
    order: list[tuple[bool, str]] = []
    for c in sorted(hand.cards(hand.turn), key=lambda c: (-c.suit, -c.rank)):
        v = hand.explain(c)
        key = (v.legal, str(v.rule))
        if key not in groups:
            groups[key] = []
            order.append(key)
        groups[key].append(c)
    lines = []
    for key in sorted(order, key=lambda k: not k[0]):  # legal groups first, otherwise in hand order
        group = groups[key]
        msg = hand.explain(group[0]).message
        if len(group) > 1:  # the sentence names one card; make it speak for the whole group
            first = group[0].pretty
            msg = (msg.replace(f"{first} cannot win this trick, so it is", "none of these can win this trick, so it is")
                   .replace(f"{first} is a", "each of these is a")
                   .replace(f"{first} is not a heart, so it may be led", "these are not hearts, so they may be led")
                   .replace("instead of the queen of spades", "instead of a point card")
                   .replace("instead of a heart", "instead of a point card"))
        lines.append(f"{'✓ may play' if key[0] else '✗ may not '}  {' '.join(c.pretty for c in group)}\n"
                     f"             {msg}")
    return "\n".join(lines)


# scoring helpers ----------------------------------------------------------------------


def score_piles(piles: Sequence[str | Iterable[CardLike]], rules: Rules | None = None) -> tuple[int, ...]:
    """Hand scores from the cards each seat took (any cards not listed nobody took)."""
    rules = rules if rules is not None else Rules()
    masks = [CardList(p).mask for p in piles]
    return final_scores(masks, rules.moon, rules.omnibus)[0]


def match_verdict(totals: Sequence[int], end_score: int = 100) -> str:
    """What the rules say about these totals at the end of a hand."""
    low = min(totals)
    leaders = [SEATS[s] for s, t in enumerate(totals) if t == low]
    if max(totals) < end_score:
        return f"nobody has reached {end_score}: the match goes on"
    if len(leaders) > 1:
        return f"{' and '.join(leaders)} tie for lowest with {low}: another hand is played"
    return f"the match is over: {leaders[0]} wins with {low}, the lowest total"


def _several(cards: Sequence[Card], one: str, many: str) -> str:
    return f"{' '.join(c.pretty for c in cards)}: {one if len(cards) == 1 else many}"


def pass_feedback(hand: Hand, seat: int, passed: Iterable[CardLike]) -> str:
    """Plain-language comments on a pass, following the lesson's rules of thumb.

    It describes the choice (what happened to the spade danger, voids, low hearts); it does
    not score it: lesson 08 lets the coach grade passes by simulation.
    """
    gave = CardList(passed)
    dealt = hand.dealt(seat)
    kept = CardList(c for c in dealt if c not in gave)
    notes = []
    kept_queen = any(str(c) == "QS" for c in kept)
    if any(str(c) == "QS" for c in gave):
        notes.append("Q♠ is gone: 13 points you can no longer be stuck with.")
    elif kept_queen:
        guards = len([c for c in kept if c.suit == 3 and c.rank < 12])
        notes.append(f"You kept Q♠ with {guards or 'no'} lower spade{'' if guards == 1 else 's'} to hide "
                     f"behind{': she can easily be forced out' if guards < 3 else ''}.")
    big_kept = [c for c in kept if c.suit == 3 and c.rank > 12]
    if big_kept and not kept_queen:
        notes.append(_several(big_kept, "a high spade that can be forced to win the queen on a spade lead.",
                              "high spades that can be forced to win the queen on a spade lead."))
    for s in range(4):
        if dealt.of_suit(s) and not kept.of_suit(s):
            notes.append(f"You are now void in {('clubs', 'diamonds', 'hearts', 'spades')[s]}: "
                         f"when they are led you may throw away anything.")
    low_hearts = [c for c in gave if c.suit == 2 and c.rank <= 6]
    if low_hearts:
        notes.append(_several(low_hearts, "a low heart lets you duck a heart lead; usually worth keeping.",
                              "low hearts let you duck a heart lead; usually worth keeping."))
    high = [c for c in gave if c.rank >= 12 and c.suit != 3]
    if high:
        notes.append(_several(high, "a high card that could have won a trick you didn't want.",
                              "high cards that could have won tricks you didn't want."))
    return " ".join(notes) or "A quiet pass: no spade danger, no void, nothing special."


# bots at the table ----------------------------------------------------------------------


def table_bots(names: str | Sequence[str] = "rule", seed: int = 0) -> list:
    """Four bots (one name for all seats, or one per seat), seeded ``seed``, ``seed + 1``, …"""
    from hearts_teach.agents.hearts import make_bot

    names = [names] * 4 if isinstance(names, str) else list(names)
    return [make_bot(n, seed + i) for i, n in enumerate(names)]


def bots_play(hand: Hand, bots: Sequence, stop: Callable[[Hand], bool] | None = None) -> Hand:
    """Let ``bots[seat]`` make every move (passes too) until the hand is over or ``stop(hand)``
    is true before a move. Returns the same hand."""
    return driver.play(hand, bots, stop=stop)


def cannot_follow(hand: Hand) -> bool:
    """True when the player to move holds none of the led suit (after the first trick)."""
    trick = hand.current_trick
    if trick is None or not trick.cards or hand.trick_number == 1:
        return False
    return not hand.cards(hand.turn).of_suit(trick.led_suit)


# simulations for the plots ------------------------------------------------------------------

SPADE_GROUPS = ("alone", "+1 or 2", "+3 or 4", "+5 or more")


def _spade_group(others: int) -> str:
    return SPADE_GROUPS[0 if others == 0 else 1 if others <= 2 else 2 if others <= 4 else 3]


def queen_fate(hands: int = 500, seed: int = 4, bots: str = "rule",
               engine: str = "batch") -> list[tuple[str, bool, bool]]:
    """Deal ``hands`` hold hands and let four bots play them out. For each hand: how many
    other spades the queen's holder had (a group of ``SPADE_GROUPS``), whether the holder
    also had A♠ or K♠, and whether the holder ended up taking the queen.

    engine: ``"batch"`` plays all hands at once on the numpy engine (``random``, ``rule``
    or ``easy`` bots); ``"scalar"`` plays them one by one with ``table_bots``. Both deal
    the same hands; rule and easy bots make the same choices on either engine."""
    queen, ace, king = Card("QS"), Card("AS"), Card("KS")
    if engine == "batch":
        import numpy as np

        dealt, taken = _batch_hold_hands(bots, hands, seed)
        ar = np.arange(hands)
        holder = ((dealt >> np.uint64(queen.index)) & np.uint64(1)).argmax(axis=1)
        held = dealt[ar, holder]
        others = (np.bitwise_count(held & np.uint64(SUIT_MASKS[3])) - 1).tolist()
        top = ((held & np.uint64(ace.mask | king.mask)) != 0).tolist()
        took = ((taken[ar, holder] & np.uint64(queen.mask)) != 0).tolist()
        return [(_spade_group(o), t, k) for o, t, k in zip(others, top, took, strict=True)]
    players = table_bots(bots, seed)
    rows = []
    for i in range(hands):
        hand = Hand.deal(Rng(seed).spawn(i), pass_direction="hold")
        holder = next(s for s in range(4) if queen in hand.cards(s))
        held = hand.cards(holder)
        others = len([c for c in held if c.suit == 3]) - 1
        bots_play(hand, players)
        rows.append((_spade_group(others), ace in held or king in held, queen in hand.taken(holder)))
    return rows


def _batch_hold_hands(names: str | Sequence[str], hands: int, seed: int):
    """The deals ``Hand.deal(Rng(seed).spawn(i))`` for i < ``hands`` played as hold hands
    on the batch engine by ``names`` (random bots draw from a batch stream seeded from
    ``seed``). Returns (dealt masks, taken masks), both (hands, 4)."""
    import numpy as np

    from hearts_teach.agents.hearts.batch_play import play_deals
    from hearts_teach.games.hearts.batch import Stream, deals_from_rngs

    base = Rng(seed)
    deals = deals_from_rngs([base.spawn(i) for i in range(hands)])
    stream = Stream.from_rng(base.spawn("batch"), np.arange(hands))
    result = play_deals(deals, names, offsets=0, stream=stream)
    return deals, result.taken


def queen_fate_table(rows: Sequence[tuple[str, bool, bool]]) -> list[tuple[str, bool, int, int]]:
    """(spade group, with A♠/K♠, hands, hands in which the holder took her) per cell."""
    out = []
    for group in SPADE_GROUPS:
        for top in (False, True):
            cell = [r for r in rows if r[0] == group and r[1] == top]
            out.append((group, top, len(cell), sum(r[2] for r in cell)))
    return out


class Shooter:
    """A crude moon shooter for demonstrations: always plays its highest legal card."""

    name = "shooter"

    def choose_play(self, view: View) -> Card:
        return max(view.legal, key=lambda c: (c.rank, c.suit))  # as ``highest``

    def act(self, hand: Hand, seat: int | None = None) -> Card:
        card = self.choose_play(hand.view(hand.turn))
        hand.play(card)
        return card


def moon_frequency(tables: Mapping[str, str | Sequence[str]], hands: int = 250,
                   seed: int = 5, engine: str = "batch") -> dict[str, list[int]]:
    """For each named table of bots, play the same ``hands`` seeded hold hands and count
    the moons shot by each seat. ``engine`` as in ``queen_fate``."""
    out: dict[str, list[int]] = {}
    for label, names in tables.items():
        if engine == "batch":
            from hearts_teach.games.hearts.batch import batch_scores

            _dealt, taken = _batch_hold_hands(names, hands, seed)
            moon = batch_scores(taken, Rules())[1]
            out[label] = [int((moon == s).sum()) for s in range(4)]
            continue
        players = table_bots(names, seed)
        moons = [0, 0, 0, 0]
        for i in range(hands):
            hand = bots_play(Hand.deal(Rng(seed).spawn(i), pass_direction="hold"), players)
            if hand.moon is not None:
                moons[hand.moon] += 1
        out[label] = moons
    return out


# matches ------------------------------------------------------------------------------------


def replay_with(hand: Hand, rules: Rules) -> Hand:
    """The same deal, passes and plays under other ``rules`` (for scoring variants such as
    omnibus that don't change which cards may be played)."""
    new = Hand([hand.dealt(s) for s in range(4)], hand.pass_direction, rules, hand.hand_number,
               hand.seat_names)
    new.replay(hand.history)
    return new


def play_match(match, bots: Sequence, max_hands: int | None = None):
    """Let the bots play ``match`` hand after hand until it is over (or ``max_hands`` more
    hands have been finished). Returns the match."""
    done = 0
    while True:
        bots_play(match.hand, bots)
        done += 1
        if match.is_over or (max_hands is not None and done >= max_hands):
            return match
        match.next_hand()


class MatchStepper:
    """A button that plays the next hand of a bot match and shows the score table.

    ``.button.click()`` (or ``.step()``) plays one hand; ``text()`` is the score table.
    """

    def __init__(self, match, bots: Sequence):
        import ipywidgets as w

        self.match = match
        self.bots = list(bots)
        self.button = w.Button(description="Play next hand", tooltip="The bots play one more hand",
                               layout=w.Layout(width="auto"))
        self.button.on_click(lambda _b: self.step())
        self.table = w.HTML()
        self.widget = w.VBox([self.button, self.table])
        self._show()

    def step(self) -> str:
        m = self.match
        if m.is_over:
            return self.text()
        if m.hand.is_over:
            m.next_hand()
        bots_play(m.hand, self.bots)
        self._show()
        return self.text()

    def _show(self) -> None:
        from html import escape

        self.button.disabled = self.match.is_over
        self.table.value = f"<pre>{escape(self.text())}</pre>"

    def text(self) -> str:
        return self.match.score_table()

    def _repr_mimebundle_(self, include=None, exclude=None):
        bundle = self.widget._repr_mimebundle_(include=include, exclude=exclude)
        data = bundle[0] if isinstance(bundle, tuple) else bundle
        return dict(data or {}, **{"text/plain": self.text()})


# drills (lesson 08) ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Drill:
    """One practice decision: a fixed position, whose move it is, and what to decide."""

    title: str
    kind: str  # "pass" (choose 3 cards) or "play" (choose 1 card)
    seat: int
    prompt: str
    make: Callable[[], Hand]  # builds the position afresh (so a drill can be replayed)


def _flush_lead() -> Hand:
    def stop(h: Hand) -> bool:
        return h.turn == 0 and h.trick_number >= 3 and not h.current_trick.cards
    return bots_play(Hand.deal(seed=1, pass_direction="hold"), table_bots("rule"), stop=stop)


DRILLS: tuple[Drill, ...] = (
    Drill("Pass with the queen and the ace", "pass", 0,
          "Hand 1, passing left. Choose the 3 cards South should pass.",
          lambda: Hand.deal(seed=287)),
    Drill("Pass with a long spade suit", "pass", 0,
          "Hand 2, passing right. Choose the 3 cards South should pass.",
          lambda: Hand.deal(seed=23, hand_number=1)),
    Drill("Void in clubs", "play", 0,
          "Trick 3: East is winning a club trick and South has no clubs. What should South play?",
          lambda: bots_play(Hand.deal(seed=23, pass_direction="hold"), table_bots("rule"),
                            stop=cannot_follow)),
    Drill("Your lead", "play", 0,
          "Trick 3: South leads. The queen of spades has not been played. What should South lead?",
          _flush_lead),
    Drill("The queen is on the table", "play", 0,
          "Trick 2: West led 5♠, North played 9♠, East dropped Q♠. What should South play?",
          lambda: position({0: "AS 3S 4H 8H JD 9D 5D 7C 8C 9C TC JC 7D", 1: "KC 5S", 2: "4C 9S",
                            3: "2C QS 3C 5C 6C 2D 3D 4D 6D 2H 3H 5H 6H"},
                           plays="2C 7C KC 4C 5S 9S QS", seed=2)),
)

# how many marks each coach verdict earns in a drill score ("points" are the game's penalties)
VERDICT_MARKS = {"best": 1.0, "fine": 1.0, "inaccuracy": 0.5, "mistake": 0.0, "blunder": 0.0}
VERDICT_POINTS = VERDICT_MARKS  # the old name


def _meaning(verdict: str) -> str:
    from hearts_teach.agents.coach_stats import VERDICT_MEANINGS

    return VERDICT_MEANINGS[verdict].replace("points a hand", "penalty points a hand")


def marks(n: float) -> str:
    """'1 mark', '0.5 marks', '0 marks'."""
    return f"{n:g} mark{'' if n == 1 else 's'}"


@dataclass(frozen=True)
class DrillResult:
    drill: Drill
    answer: CardList
    verdict: str
    points: float  # the marks earned (kept under its old name)
    reason: str
    best: str
    assessment: object
    position: str = ""  # the graded position as the learner saw it
    feedback: str = ""

    @property
    def marks(self) -> float:
        return self.points


class DrillSession:
    """Work through ``drills`` one by one; the coach grades each answer with its reasons.

    Text path: ``answer("QS")`` / ``answer("QS AS AD")`` grades the current drill and moves on;
    ``text()`` shows the current drill or the final score. ``widget`` holds clickable cards
    (a ``HandWidget`` or a ``PassPicker``) for the current drill and the feedback so far.
    """

    def __init__(self, drills: Sequence[Drill] = DRILLS, seed: int = 0):
        self.drills = list(drills)
        self.seed = seed
        self.results: list[DrillResult] = []
        self.hand: Hand | None = None
        self.last_feedback = ""
        self.control = None  # the PassPicker or HandWidget of the current drill (once shown)
        self._widget = None
        self._start()

    # state ------------------------------------------------------------------------------
    @property
    def done(self) -> bool:
        return len(self.results) == len(self.drills)

    @property
    def current(self) -> Drill | None:
        return None if self.done else self.drills[len(self.results)]

    @property
    def score(self) -> float:
        return sum(r.points for r in self.results)

    def score_line(self) -> str:
        return (f"Score: {self.score:g} / {len(self.results)} marks "
                f"(best or fine 1, inaccuracy ½, mistake or blunder 0)")

    def _start(self) -> None:
        d = self.current
        self.hand = d.make() if d is not None else None
        if self._widget is not None:
            self._refresh_widget()

    # answering ----------------------------------------------------------------------------
    def answer(self, cards: str | Iterable[CardLike]) -> str:
        """Grade ``cards`` for the current drill with the coach, record it and move on."""
        from hearts_teach.agents.coach import assess_pass, assess_play

        d = self.current
        if d is None:
            return "All drills are done. " + self.score_line()
        chosen = CardList(cards)
        hand = self.hand
        if d.kind == "pass":
            if hand.passed(d.seat) is None:
                hand.pass_cards(d.seat, chosen)  # the engine checks the pass (3 held cards)
            graded = assess_pass(hand.view(d.seat), seed=self.seed)
            mine = graded.of(chosen)
            chosen = CardList.from_mask(chosen.mask)  # in the order the coach names passes
        else:
            if len(chosen) != 1:
                raise ArgumentError(f"a play drill needs exactly one card, got {len(chosen)}: "
                                    f"{' '.join(c.pretty for c in chosen) or 'none'}", argument="cards")
            verdict = hand.explain(chosen[0], d.seat)
            if not verdict.legal:
                self.last_feedback = f"Can't play {chosen[0].pretty}: {verdict.message}. Try another card."
                self._refresh_widget()
                return self.last_feedback
            graded = assess_play(hand.view(d.seat), seed=self.seed)
            mine = graded.of(chosen[0])
        pts = VERDICT_MARKS[mine.verdict]
        seen = self.position_text()
        feedback = (f"Drill {len(self.results) + 1} · {d.title}: you chose "
                    f"{' '.join(c.pretty for c in chosen)} → {mine.verdict} ({marks(pts)}). {mine.reason}")
        if mine.verdict != "best":
            feedback += f" The coach's best: {graded.best.label}."
        feedback += f" ({mine.verdict.capitalize()} means {_meaning(mine.verdict)}.)"
        self.results.append(DrillResult(d, chosen, mine.verdict, pts, mine.reason, graded.best.label,
                                        graded, seen, feedback))
        self.last_feedback = feedback
        self._start()
        return self.last_feedback

    # views --------------------------------------------------------------------------------
    def position_text(self) -> str:
        d = self.current
        if d is None:
            return "All drills are done. " + self.score_line()
        head = f"Drill {len(self.results) + 1} of {len(self.drills)} · {d.title}\n{d.prompt}"
        return head + "\n" + self.hand.text(seat=d.seat)

    def graded_text(self) -> str:
        """The last graded position with its feedback beside it (empty before any answer)."""
        if not self.results:
            return ""
        r = self.results[-1]
        return f"Graded:\n{r.position}\n\n{r.feedback}"

    def summary(self) -> str:
        lines = [f"{i + 1}. {r.drill.title:<32} {' '.join(c.pretty for c in r.answer):<10} "
                 f"{r.verdict:<10} {marks(r.points):<8}  (coach's best: {r.best})"
                 for i, r in enumerate(self.results)]
        return "\n".join(lines + [self.score_line()])

    def _current_note(self) -> str:
        """A message about the current drill (a refused card), not about the graded one."""
        if self.last_feedback and (not self.results or self.last_feedback != self.results[-1].feedback):
            return self.last_feedback
        return ""

    def _next_text(self) -> str:
        """What follows the graded box: the next drill, or the end (the score is just above)."""
        if not self.results:
            return self.position_text()
        return "All drills are done." if self.done else "Next: " + self.position_text()

    def text(self) -> str:
        """The text path: the last graded position with its feedback, then the next drill."""
        parts = []
        if self.results:
            parts += [self.graded_text(), self.score_line()]
        parts.append(self._next_text())
        if self._current_note():
            parts.append(self._current_note())
        return "\n\n".join(parts)

    @property
    def widget(self):
        if self._widget is None:
            import ipywidgets as w

            self._prompt = w.HTML()
            self._area = w.VBox()
            self._feedback = w.HTML()
            # the graded position and its feedback side by side, above the next drill
            self._graded_position = w.HTML()
            self._graded = w.HBox([self._graded_position, self._feedback],
                                  layout=w.Layout(border="1px solid #ccc", padding="4px"))
            self._widget = w.VBox([self._graded, self._prompt, self._area])
            self._refresh_widget()
        return self._widget

    def _refresh_widget(self) -> None:
        if self._widget is None:
            return
        from html import escape

        from hearts_teach.present.widgets import HandWidget, PassPicker

        d = self.current
        note = self._current_note()
        self._prompt.value = (f"<pre>{escape(self._next_text())}</pre>"
                              + (f"<div style='color:#a00'>{escape(note)}</div>" if note else ""))
        if d is None:
            self.control = None
        elif d.kind == "pass":
            self.control = PassPicker(self.hand, d.seat, on_confirm=lambda cards: self.answer(cards))
        else:
            self.control = HandWidget(self.hand, d.seat, on_play=lambda card: self.answer([card]))
        self._area.children = () if self.control is None else (self.control.widget,)
        if self.results:
            r = self.results[-1]
            self._graded_position.value = f"<pre>Graded:\n{escape(r.position)}</pre>"
            self._feedback.value = (f"<div style='white-space:pre-wrap;max-width:36em;padding-left:8px'>"
                                    f"{escape(r.feedback + chr(10) + self.score_line())}</div>")
            self._graded.layout.display = None
        else:
            self._graded_position.value = self._feedback.value = ""
            self._graded.layout.display = "none"

    def _repr_mimebundle_(self, include=None, exclude=None):
        bundle = self.widget._repr_mimebundle_(include=include, exclude=exclude)
        data = bundle[0] if isinstance(bundle, tuple) else bundle
        return dict(data or {}, **{"text/plain": self.text()})
