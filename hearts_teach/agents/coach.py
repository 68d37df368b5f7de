"""The coach: grade a play or a pass by simulation and say why, in words.

For each candidate (equivalent cards grouped), the coach plays the candidate out on hidden
deals sampled consistently with what the seat knows, with everyone continuing like the rule
bot. Every candidate is played on the *same* deals, the best is chosen on one half of them
and the differences are measured on the other half, and a verdict worse than "fine" is
given only when the whole 95 % interval of the difference lies beyond its band. Deals are
added in rounds until the verdicts are decided (``coach_stats`` holds the statistics and
their reasons; ``coach_backend`` the rollouts).

Determinism: deal ``j`` is drawn from ``hash64`` of the position's canonical key, the
``seed`` argument and ``j`` only, so the same position gives the same numbers whatever ran
before, in any process. The number of deals grows only with the statistics, never the clock.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from html import escape
from typing import Any

import numpy as np

from hearts_teach.agents.coach_stats import (
    BAND,
    INACCURACY_MAX,
    VERDICT_MEANINGS,
    Z95,
    Evidence,
    gather,
    verdict_of,
)
from hearts_teach.agents.hearts.candidates import pass_pool
from hearts_teach.agents.hearts.coach_backend import Backend, Outcomes, default_backend
from hearts_teach.agents.hearts.deals import BLOCK
from hearts_teach.agents.hearts.mc import equivalence_classes, out_of_play
from hearts_teach.agents.hearts.policy import rule_pass, threat_of
from hearts_teach.games.hearts.view import View, require_view
from hearts_teach.kernel.cards import (
    DECK,
    HEARTS,
    JD_MASK,
    POINTS_MASK,
    QS_INDEX,
    QS_MASK,
    RANKS,
    SPADES,
    SUIT_MASKS,
    SUITS,
    Card,
    CardLike,
    CardList,
    to_card,
)
from hearts_teach.kernel.display import draw
from hearts_teach.kernel.errors import (
    ArgumentError,
    ArgumentTypeError,
    HeartsError,
    IllegalPassError,
    Rule,
    WrongPhaseError,
    quote,
)
from hearts_teach.kernel.validation import check_int, check_seed

VERDICTS = ("best", "fine", "inaccuracy", "mistake", "blunder")
TOO_CLOSE = "too close to call"  # how the verdict "fine" is shown (see ``verdict_words``)
MAX_WORLDS = 100_000  # sampled deals per candidate: more would run for hours
SUIT_WORDS = ("clubs", "diamonds", "hearts", "spades")
NUMBER_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine",
                "ten", "eleven", "twelve")


def verdict_for(delta: float, se: float) -> str:
    """The verdict for a paired difference ``delta`` (points worse than the best) with
    standard error ``se``: the verdict of its 95 % interval (see ``coach_stats.verdict_of``)."""
    return verdict_of(delta - Z95 * se, delta + Z95 * se)


def verdict_words(verdict: str, hi: float) -> str:
    """A verdict as shown to the learner, given the top ``hi`` of its 95 % interval: the
    coach never shows a class its deals do not support (see ``Candidate.call``)."""
    if verdict == "fine":
        return TOO_CLOSE
    if verdict == "inaccuracy" and hi > INACCURACY_MAX:
        return "inaccuracy or worse"
    return verdict


def explain_verdicts(unit: str = "points", shown: bool = False) -> str:
    """What each verdict means, in plain words (``unit``: "points", or "marks" in drills
    where marks are the score and points are penalties). ``shown``: name each verdict as the
    coach shows it ("too close to call" for "fine"), as in an assessment's details."""
    lines = [f"{verdict_words(v, 0.0) if shown else v}: {VERDICT_MEANINGS[v]}" for v in VERDICTS]
    text = "\n".join(lines)
    return text if unit == "points" else text.replace("points a hand", "penalty points a hand")


@dataclass(frozen=True)
class PassContrast:
    """How a pass differs from the coach's best pass: the cards the best passes that this pass
    keeps, and whether this pass gives the Q♠ away while the best keeps her. The coach words it
    as a clause after what the pass does; a drill puts it in a sentence of its own."""

    best: str  # the best pass ("K♣ J♦ K♠")
    kept: str  # the best's cards this pass keeps (all of them when the two share none)
    shares_none: bool
    gives_queen: bool

    def clause(self) -> str:
        """The coach's words ("unlike K♣ J♦ K♠ it passes the Q♠, not the K♠")."""
        if self.shares_none:  # "unlike X it keeps the X" reads garbled
            return f"it passes none of {self.best}"
        if self.gives_queen:
            # this pass as the subject, so what followed reads as this pass's (a rater read
            # "X keeps the Q♠ instead and passes the J♦: the Q♠ can still be dumped..." as keeping
            # her being the danger)
            return f"unlike {self.best} it passes the Q♠, not the {self.kept}"
        return f"unlike {self.best} it keeps the {self.kept}"

    @property
    def queen_kept_by_best(self) -> bool:
        """This pass gives the Q♠ away, the best keeps her, and the two share cards."""
        return self.gives_queen and not self.shares_none

    def queen_sentence(self) -> str:
        """The queen's difference on its own, for after what followed ("K♣ J♦ K♠ keeps the Q♠
        and passes the K♠ instead."); only for ``queen_kept_by_best``."""
        return f"{self.best} keeps the Q♠ and passes the {self.kept} instead."


@dataclass(frozen=True)
class Candidate:
    """One graded choice: a group of equivalent cards (a play) or a triple (a pass)."""

    cards: CardList  # the equivalent cards (play) or the three cards (pass)
    exp_points: float  # expected own points for the whole hand (taken so far + rest, moon applied)
    ci95: tuple[float, float]
    delta_vs_best: float  # paired mean of (points with this − with the best), held-out deals
    delta_ci95: tuple[float, float]
    delta_se: float
    verdict: str
    stats: dict = field(compare=False)  # p_win_trick, p_take_qs, exp_hearts, p_moon_any, p_moon_self
    reason: str = ""  # what the choice does and what follows, in words (at most one number)
    does: str = ""  # what the choice does ("ducks under the A♠")
    consequence: str = ""  # what followed in the rollouts ("you take the Q♠ in 8% of deals")
    deals: int = 0  # deals this candidate was played on
    contrast: PassContrast | None = None  # a pass other than the best: how it differs from the best

    @property
    def card(self) -> Card:
        """The first card of the group (for a play: any card of the group does the same)."""
        return self.cards[0]

    def __contains__(self, card: object) -> bool:
        if not isinstance(card, Card | str):
            return False
        try:
            return to_card(card) in self.cards
        except HeartsError:
            return False

    @property
    def is_pass(self) -> bool:
        """A pass (three cards to give), not a play: only a play's rollouts record whether it won its trick."""
        return "p_win_trick" not in self.stats

    @property
    def label(self) -> str:
        """'9♦/10♦' for a group of equivalent cards, 'Q♠ A♥ 2♣' for a pass."""
        return _label(self.cards, self.is_pass)

    @property
    def call(self) -> str:
        """The verdict in words, as shown: "too close to call" when the deals could not
        tell whether it costs more than the band ("fine"), "inaccuracy or worse" when they
        could not tell an inaccuracy from a mistake; otherwise the verdict itself."""
        return verdict_words(self.verdict, self.delta_ci95[1])

    def __str__(self) -> str:
        return f"{self.label}: {self.call} — {self.reason}"


@dataclass(frozen=True)
class Assessment:
    """The coach's grading of every candidate in one position, best first.

    ``a.best``, ``a.of('QS')`` (the candidate holding a card, or the pass triple),
    ``a.verdict('QS')``, ``a.ties`` (the choices as good as the best), iteration, ``len``,
    indexing; ``str`` gives the verdicts with reasons, then the details table; Jupyter shows
    the same with the table behind a "details" disclosure.
    """

    kind: str  # "play" or "pass"
    seat: int
    seat_name: str
    position: str  # one line describing the position
    candidates: tuple[Candidate, ...]
    worlds: int  # deals sampled
    seed: int
    key: str = field(repr=False, default="")
    evidence: Evidence | None = field(repr=False, compare=False, default=None)

    @property
    def best(self) -> Candidate:
        return self.candidates[0]

    @property
    def ties(self) -> tuple[Candidate, ...]:
        """Every candidate graded "best": the coach's choice and those shown (95 %) to be as good."""
        return tuple(c for c in self.candidates if c.verdict == "best")

    def __iter__(self) -> Iterator[Candidate]:
        return iter(self.candidates)

    def __len__(self) -> int:
        return len(self.candidates)

    def __getitem__(self, i: int) -> Candidate:
        return self.candidates[i]

    def of(self, choice: Any) -> Candidate:  # a card, or 3 cards; checked by to_card / CardList
        """The candidate for a card (play) or for a set of 3 cards (pass)."""
        if self.kind == "play":
            c = to_card(choice)
            for cand in self.candidates:
                if c in cand.cards:
                    return cand
            raise NotGradedError(f"{c.pretty} is not one of the legal cards graded here "
                                 f"({', '.join(x.pretty for cand in self.candidates for x in cand.cards)})")
        mask = CardList(choice).mask
        for cand in self.candidates:
            if cand.cards.mask == mask:
                return cand
        raise NotGradedError(f"the pass {' '.join(c.pretty for c in CardList(choice))} was not "
                             f"graded; call assess_pass(view, include=[...]) with it")

    def verdict(self, choice: Any) -> str:
        return self.of(choice).verdict

    def tie_line(self) -> str:
        """Which choices are equally good: 'These 3 passes are equally good …', or the
        coach's choice and those the deals cannot tell apart from it."""
        ties = self.ties
        noun = "passes" if self.kind == "pass" else "cards"
        if len(ties) > 1:
            return (f"These {len(ties)} {noun} are equally good (each within {BAND:g} points "
                    f"of the best): {', '.join(c.label for c in ties)}.")
        close = [c.label for c in self.candidates[1:] if c.verdict == "fine"]
        head = f"Best: {self.best.label}." if ties else f"The coach's choice: {self.best.label}."
        if close:
            head += f" The deals cannot tell it apart from: {', '.join(close)}."
        return head

    def summary(self) -> str:
        """The verdicts with their reasons, one line each (no statistics)."""
        head = f"Coach · {self.position}"
        lines = [head, self.tie_line()]
        lines += [f"  {c.label}: {c.call} — {c.reason}" for c in self.candidates]
        return "\n".join(lines)

    def table(self) -> str:
        """The details: means, 95 % intervals and the meaning of each verdict."""
        head = (f"Details · {self.worlds} sampled deals, seed {self.seed}. Δ vs best is measured "
                f"on the half of the deals not used to choose the best.\n")
        width = max(5, max(len(c.label) for c in self.candidates))
        lines = [f"{'cards':<{width}}  {'exp pts':>7}  {'95% CI':>13}  {'Δ vs best':>9}  "
                 f"{'95% CI':>13}  verdict"]
        for c in self.candidates:
            lines.append(f"{c.label:<{width}}  {c.exp_points:7.1f}  "
                         f"[{c.ci95[0]:4.1f}, {c.ci95[1]:4.1f}]  {c.delta_vs_best:+9.2f}  "
                         f"[{c.delta_ci95[0]:+5.2f}, {c.delta_ci95[1]:+5.2f}]  {c.call}")
        return head + "\n".join(lines) + "\nVerdicts:\n" + explain_verdicts(shown=True)

    def details(self) -> str:
        """The text equivalent of the HTML "details" disclosure."""
        return self.table()

    def __str__(self) -> str:
        return f"{self.summary()}\n{self.table()}"

    def _repr_html_(self) -> str:
        pad = "style='padding:2px 6px'"
        rows, trows = [], []
        for c in self.candidates:
            cards = "".join(draw("html", x) for x in c.cards)
            rows.append(f"<tr><td {pad}>{cards}</td><td {pad}><b>{escape(c.call)}</b></td>"
                        f"<td {pad}>{escape(c.reason)}</td></tr>")
            trows.append(
                f"<tr><td {pad}>{cards}</td><td {pad}>{c.exp_points:.1f}</td>"
                f"<td {pad}>[{c.ci95[0]:.1f}, {c.ci95[1]:.1f}]</td>"
                f"<td {pad}>{c.delta_vs_best:+.2f}</td>"
                f"<td {pad}>[{c.delta_ci95[0]:+.2f}, {c.delta_ci95[1]:+.2f}]</td>"
                f"<td {pad}>{escape(c.call)}</td></tr>")
        th = "style='padding:2px 6px;text-align:left'"
        meanings = "".join(f"<li><b>{verdict_words(v, 0.0)}</b>: {escape(VERDICT_MEANINGS[v])}</li>"
                           for v in VERDICTS)
        return (f"<div class='ht-coach' style='font-family:sans-serif'>"
                f"<div><b>Coach</b> · {escape(self.position)}</div>"
                f"<div>{escape(self.tie_line())}</div>"
                f"<table style='border-collapse:collapse'><tr><th {th}>choice</th><th {th}>verdict</th>"
                f"<th {th}>why</th></tr>{''.join(rows)}</table>"
                f"<details><summary>Details: {self.worlds} sampled deals, means and 95% intervals"
                f"</summary><table style='border-collapse:collapse'>"
                f"<tr><th {th}>choice</th><th {th}>exp pts</th><th {th}>95% CI</th>"
                f"<th {th}>Δ vs best</th><th {th}>95% CI</th><th {th}>verdict</th></tr>"
                f"{''.join(trows)}</table><div>Δ vs best is measured on the half of the deals "
                f"not used to choose the best (seed {self.seed}).</div><ul>{meanings}</ul>"
                f"</details></div>")


class NotGradedError(HeartsError):
    """Asked for the grade of a card that is not among the graded (legal) cards."""


# turning evidence into candidates ---------------------------------------------------------
def _stats(ev: Evidence, i: int, seat: int, with_trick: bool) -> dict:
    o = ev.outcomes[i]
    n = o.points.shape[1]
    moon = o.moon[0]
    out = {}
    if with_trick:
        out["p_win_trick"] = float(o.trick[0].sum()) / n
    out["p_take_qs"] = float(o.queen[0].sum()) / n
    out["exp_hearts"] = float(o.hearts[0].sum()) / n
    out["p_moon_any"] = float((moon >= 0).sum()) / n
    out["p_moon_self"] = float((moon == seat).sum()) / n
    return out


def _mean_ci(x: np.ndarray) -> tuple[float, float, float]:
    n = len(x)
    s, s2 = int(x.astype(np.int64).sum()), int((x.astype(np.int64) ** 2).sum())
    mean = s / n
    if n < 2:
        return mean, mean, mean
    h = Z95 * (max(0.0, (s2 - s * s / n) / (n - 1)) / n) ** 0.5
    return mean, mean - h, mean + h


def _pct(p: float) -> str:
    return f"{round(100 * p)}%"


def _consequence(ev: Evidence, i: int, other: int | None, seat: int, names: Sequence[str], other_label: str,
                 with_trick: bool) -> str:
    text = _consequence_words(ev, i, other, seat, names, other_label, with_trick)
    if not with_trick and ev.candidates[i] & QS_MASK and text.startswith("the Q♠ ends up in your tricks"):
        # the queen was passed away: say how she comes back, or it reads like a bug. "Dropped", not
        # "dumped": she may come back as a discard or played under your card when spades are led
        # (the glossary's *dump* is a discard only, its *drop* either)
        text = "the Q♠ can still be dropped on a trick you win; she" + text[len("the Q♠"):]
    return text


def _queen_rate(o: Outcomes) -> float:
    """How often the Q♠ ended in the seat's tricks, moons aside, over all of o's deals."""
    return float((o.queen[0] * (o.moon[0] < 0)).mean())


def _consequence_words(ev: Evidence, i: int, other: int | None, seat: int, names: Sequence[str],
                       other_label: str, with_trick: bool) -> str:
    """What happened in the rollouts with candidate ``i``, compared with ``other`` (the best,
    or for the best the runner-up): the biggest of the Q♠, hearts and moon effects, worded
    with one number."""
    o = ev.outcomes[i]
    # compared on the deals both were played on (a settled candidate has fewer)
    n = o.points.shape[1] if other is None else min(o.points.shape[1], ev.outcomes[other].points.shape[1])
    moon_i = o.moon[0][:n]
    q_i = float((o.queen[0][:n] * (moon_i < 0)).mean())
    h_i = float((o.hearts[0][:n] * (moon_i < 0)).mean())
    opp_moon_i = float(((moon_i >= 0) & (moon_i != seat)).mean())
    own_moon_i = float((moon_i == seat).mean())
    if other is None:
        if with_trick and o.trick[0].min() == o.trick[0].max():
            won = bool(o.trick[0][0])
            if not won:
                return "you never win this trick" + ("" if q_i else " and never take the Q♠")
        if q_i == 0:
            return f"you never take the Q♠ and take {h_i:.1f} hearts on average"
        return f"the Q♠ ends up in your tricks in {_pct(q_i)} of deals"
    p = ev.outcomes[other]
    moon_p = p.moon[0][:n]
    q_p = float((p.queen[0][:n] * (moon_p < 0)).mean())
    h_p = float((p.hearts[0][:n] * (moon_p < 0)).mean())
    opp_moon_p = float(((moon_p >= 0) & (moon_p != seat)).mean())
    own_moon_p = float((moon_p == seat).mean())
    total = float(o.points[0][:n].mean() - p.points[0][:n].mean())
    parts = {"queen": 13 * (q_i - q_p), "hearts": h_i - h_p}
    parts["moon"] = total - parts["queen"] - parts["hearts"]
    # the effect that explains most of the difference, in the difference's direction
    sign = 1.0 if total >= 0 else -1.0
    kind = max(parts, key=lambda k: (sign * parts[k], k))
    if abs(total) < 0.05 or sign * parts[kind] <= 0:
        return f"about the same as {other_label}; " + _consequence_words(ev, i, None, seat, names, "", with_trick)
    worse = sign > 0
    if kind == "queen":
        # one number, the choice's own rate, with the comparison in words ("in 60% of
        # deals, more often than with X"), so the rate is never read as the other's
        if worse or q_i:
            # each rate on all of its candidate's deals, so a choice has one rate in every line
            # (the best is played on more deals than a choice settled early); the common-deal
            # rates only if the full ones would point the other way
            full_i, full_p = _queen_rate(o), _queen_rate(p)
            if (full_i - full_p) * (q_i - q_p) > 0:
                q_i, q_p = full_i, full_p
            how = ("more often than" if q_i > q_p else "less often than" if q_i < q_p else "as often as")
            return f"the Q♠ ends up in your tricks in {_pct(q_i)} of deals, {how} with {other_label}"
        return "you never take the Q♠"
    if kind == "hearts":
        return (f"you take about {abs(h_i - h_p):.1f} {'more' if worse else 'fewer'} hearts "
                f"than with {other_label}")
    if opp_moon_i != opp_moon_p and (opp_moon_i > opp_moon_p) == worse:
        return (f"an opponent shoots the moon in {_pct(opp_moon_i)} of deals" if worse else
                ("no opponent shoots the moon" if opp_moon_i == 0 else
                 f"an opponent shoots the moon in only {_pct(opp_moon_i)} of deals"))
    if own_moon_i != own_moon_p:
        return (f"you shoot the moon in {_pct(own_moon_i)} of deals" if not worse else
                f"you shoot the moon in only {_pct(own_moon_i)} of deals")
    return f"about {abs(total):.1f} points {'more' if worse else 'fewer'} than with {other_label}"


def _label(cards: Iterable[Card], is_pass: bool) -> str:
    """A candidate's name: cards that play alike joined by '/', a pass's three cards by spaces."""
    return (" " if is_pass else "/").join(c.pretty for c in cards)


def _candidates(ev: Evidence, groups: list[CardList], does: list[str], view: View,
                with_trick: bool) -> list[Candidate]:
    seat = view.seat
    labels = [_label(g, is_pass=not with_trick) for g in groups]
    base = sorted(range(ev.base), key=lambda i: (ev.diffs[i].mean, i))
    best = base[0]  # the candidate the coach recommends: always one of the position's own
    order = [best] + sorted((i for i in range(len(groups)) if i != best),
                            key=lambda i: (ev.diffs[i].mean, i))
    runner = base[1] if len(base) > 1 else None
    out = []
    for i in order:
        d = ev.diffs[i]
        mean, lo, hi = _mean_ci(ev.points(i))
        st = _stats(ev, i, seat, with_trick)
        if i == best:
            cons = _consequence(ev, i, runner, seat, view.seat_names,
                                labels[runner] if runner is not None else "", with_trick)
        else:
            cons = _consequence(ev, i, best, seat, view.seat_names, labels[best], with_trick)
        if ev.verdicts[i] == "fine":  # undecided: say what the deals do show
            like = labels[runner if i == best and runner is not None else best]
            cons = f"about as good as {like} as far as the deals show; {cons}"  # (one number a reason)
        contrast = None
        if not with_trick and i != best:  # a pass: name what it keeps that the best passes
            kept_mask = ev.candidates[best] & ~ev.candidates[i]
            contrast = PassContrast(labels[best], " ".join(c.pretty for c in CardList.from_mask(kept_mask)),
                                    shares_none=kept_mask == ev.candidates[best],
                                    # giving the Q♠ away is the difference to name, not the card
                                    # kept in her place
                                    gives_queen=bool(ev.candidates[i] & ~ev.candidates[best] & QS_MASK))
        what = does[i] + (f"; {contrast.clause()}" if contrast else "")
        other = runner if i == best else best
        if with_trick and other is not None and does[other] == does[i] and "as any card" not in what:
            # the card compared with does the same (both go over the 6♦): the difference is in what follows
            what += f", as {labels[other]} would"
        reason = f"{labels[i]} {what}: {cons}."
        out.append(Candidate(groups[i], round(mean, 3), (round(lo, 3), round(hi, 3)),
                             round(d.mean, 3), (round(d.lo, 3), round(d.hi, 3)), round(d.se, 3),
                             ev.verdicts[i], st, reason, does[i], cons, len(ev.points(i)), contrast))
    return out


def _check_widths(worlds: int, max_worlds: int, seed: int) -> None:
    """The coach's arguments, checked before any work (``ArgumentError`` naming each)."""
    check_seed(seed, allow_str=False)
    for name, v in (("worlds", worlds), ("max_worlds", max_worlds)):
        check_int(v, name, 2, MAX_WORLDS)
    if max_worlds < worlds:
        raise ArgumentError(f"max_worlds ({max_worlds}) must be at least worlds ({worlds})",
                            argument="max_worlds")


def _blocks(worlds: int, max_worlds: int) -> tuple[int, int]:
    """Deal counts rounded up to whole blocks (deals are sampled in blocks of 64)."""
    first = -(-worlds // BLOCK)
    return first, max(first, -(-max_worlds // BLOCK))


# plays -----------------------------------------------------------------------------------
# The work one assessment may do: a rollout of one of the position's own candidates costs 2,
# sampling a deal 1 (extras are free, so they cannot change anything). About 90,000 whole-hand
# rollouts take one second of one core on the batch engine; the rounds spend the budget on the
# candidates whose verdict is still open. Stability across seeds (the bench's class-change
# rate) and latency pull against each other; these budgets are the compromise measured in
# the README (a median pass about 0.6-0.7 s of one core on a quiet box, a play about 0.2 s).
PLAY_COST = 200_000
PASS_COST = 360_000


def assess_play(view: View, seed: int = 0, worlds: int = 256, max_worlds: int = 32768,
                backend: Backend | None = None) -> Assessment:
    """Grade every legal card of the seat to play (equivalent cards grouped).

    worlds: sampled deals in the first round (rounded up to blocks of 64); rounds double
    while some verdict is undecided, up to ``max_worlds`` deals or the work budget
    ``PLAY_COST`` (close calls get the later rounds to themselves). ``backend`` plays the rollouts
    (default: the batch engine; ``coach_backend.scalar_backend`` gives the same numbers). The same position and seed always give the
    same result.
    """
    view = require_view(view, "assess_play")
    if not view.my_turn:
        raise WrongPhaseError(f"assess_play needs the view of the seat to play; it is "
                              f"{view.seat_names[view.turn]}'s turn (phase: {view.phase})"
                              if view.phase == "play" else
                              f"assess_play needs a play position, this view is in the {view.phase} phase",
                              rule=Rule.WRONG_PHASE, seat=view.seat)
    _check_widths(worlds, max_worlds, seed)
    classes = equivalence_classes(view.hand, view.legal_mask, out_of_play(view), view.rules.omnibus)
    reps = [cl[0] for cl in classes]
    first, most = _blocks(worlds, max_worlds)
    if len(reps) == 1:
        first = most = 1  # one choice: a block of deals only to describe what follows
    ev = gather(view, reps, len(reps), seed, backend or default_backend(view), first, most, PLAY_COST)
    groups = [CardList(DECK[c] for c in cl) for cl in classes]
    does = [play_does(view, cl[0]) for cl in classes]
    if len(reps) == 1:
        # one group: a single card, or several legal cards that all do the same
        # (no brackets: ``does`` may hold a clause of its own)
        one = play_does(view, classes[0][0], note_every=False)
        does = [f"is your only legal card, and it {one}" if len(groups[0]) == 1 else
                f"does the same as any other legal card: each {one}"]
    cands = _candidates(ev, groups, does, view, with_trick=True)
    seat = view.seat
    pos = f"{view.seat_names[seat]} to play, trick {view.tricks_done + 1}"
    if view.trick:
        pos += " after " + " ".join(DECK[c].pretty for c in view.trick)
    else:
        pos += ", leading"
    return Assessment("play", seat, view.seat_names[seat], pos, tuple(cands), ev.deals, seed,
                      view.key(), ev)


def play_does(view: View, card: int, note_every: bool = True) -> str:
    """What the card does now, in words (from public facts and the seat's own hand).
    ``note_every``: say so when every legal card would win the trick too."""
    names = view.seat_names
    suit = card // RANKS
    if not view.trick:
        if suit == SPADES and card < QS_INDEX and not view.played & QS_MASK and not view.hand & QS_MASK:
            # say which: otherwise the low lead and a higher one read the same
            lower = view.hand & SUIT_MASKS[SPADES] & ((1 << card) - 1)
            return ("leads a spade below the queen to flush her out, keeping a lower one" if lower else
                    "leads your lowest spade to flush the queen out")
        if card == QS_INDEX:
            return "leads the Q♠ herself"
        if suit == SPADES and card > QS_INDEX and not view.played & QS_MASK:
            return ("leads a high spade while you still hold the Q♠" if view.hand & QS_MASK else
                    "leads a high spade while the Q♠ is still out")
        left = (view.hand & SUIT_MASKS[suit]).bit_count() - 1
        if left == 0:
            return f"leads your last {SUIT_WORDS[suit][:-1]}, leaving you void in {SUIT_WORDS[suit]}"
        higher_out = view.unseen_mask & SUIT_MASKS[suit] & ~((2 << card) - 1)
        if not higher_out:  # (a higher card in your own hand is not "out": none of the others)
            return f"leads a {SUIT_WORDS[suit][:-1]} none of the others can beat, so it wins the trick"
        kind = f"{'a low' if card % RANKS < 7 else 'a high'} {SUIT_WORDS[suit][:-1]}"
        # say which: otherwise the lowest card and a higher one of the same suit read the same
        if not view.hand & SUIT_MASKS[suit] & ((1 << card) - 1):
            return f"leads your lowest {SUIT_WORDS[suit][:-1]}"
        return f"leads {kind}, keeping a lower one"
    winner = names[view.win_seat]
    if suit != view.led_suit:
        # the trick is the winner's only once nobody plays after you
        trick = f"{winner}'s trick" if view.last_to_play else \
            f"the trick {winner} is winning so far"
        if card == QS_INDEX:
            return f"dumps the Q♠ on {trick}"
        if suit == HEARTS:
            return f"throws a heart onto {trick}"
        if suit == SPADES and card > QS_INDEX:
            return f"gets rid of a high spade on {trick}"
        return f"throws away a {SUIT_WORDS[suit][:-1]}"
    threat = threat_of(view.taken, view.seat)  # the rollouts' rule: a lone Q♠ taker is no threat
    if card < view.win_card:
        if threat >= 0 and threat == view.win_seat:
            return f"ducks under {DECK[view.win_card].pretty}, giving up the moon defence against {names[threat]}"
        return f"ducks under {DECK[view.win_card].pretty}"
    # every legal card wins too: say so, or "wins the trick" reads like a choice
    every = note_every and not view.legal_mask & ((1 << view.win_card) - 1)
    if view.last_to_play:  # the trick's last card: nobody can go over it
        return "wins the trick" + _trick_load(view) + (", as any card you may play would" if every else "")
    # (not "so far winning": a later card may beat it, and the reason may say it always does)
    return f"goes over {DECK[view.win_card].pretty}" + (", as any card you may play would" if every else "")


def _trick_load(view: View) -> str:
    """What taking the trick in progress brings, under the view's rules: hearts and the Q♠
    ("points and all"), the omnibus J♦ (−10), or nothing."""
    mask = view.trick_mask
    jack = view.rules.omnibus and mask & JD_MASK
    bad = mask & POINTS_MASK
    if bad and jack:
        return ", points and the J♦ (−10) with it"
    if bad:
        return ", points and all"
    if jack:
        return " and the J♦ (−10) on it"
    return ", with no points on it"


# passes ----------------------------------------------------------------------------------
def assess_pass(view: View, seed: int = 0, worlds: int = 128, max_worlds: int = 16384,
                include: Any = (), backend: Backend | None = None) -> Assessment:  # include: checked below
    """Grade about 25 candidate passes (the rule bot's, every triple of the 6 most
    passable cards, void-making triples) by simulating whole hands in which the other seats
    pass and play like the rule bot. ``include`` adds triples (e.g. the learner's); they, and
    the pass already chosen in the view, are measured on the same deals but never change the
    other candidates' numbers or verdicts."""
    view = require_view(view, "assess_pass")
    if view.phase != "pass":
        why = ("this is a hold hand: nobody passes" if view.pass_direction == "hold" else
               f"assess_pass needs a view during the pass (this one is in the {view.phase} phase)")
        raise WrongPhaseError(why, rule=Rule.WRONG_PHASE, seat=view.seat)
    _check_widths(worlds, max_worlds, seed)
    if isinstance(include, bytes | dict | set | frozenset) or not (
            isinstance(include, str | Card) or hasattr(include, "__iter__")):
        raise ArgumentTypeError(f"include is a pass (3 cards) or a list of passes, e.g. "
                                f"[['QS', 'AH', '2C']], got {type(include).__name__} {quote(include)}",
                                argument="include")
    pool = pass_pool(view.hand)
    extra: list[Any] = [include] if isinstance(include, str | Card) else list(include)
    if extra and (isinstance(extra[0], str) and len(extra[0]) <= 3 or isinstance(extra[0], Card)):
        extra = [extra]  # a single triple given as cards
    if view.passed:
        extra.append(CardList.from_mask(view.passed))
    extras: list[int] = []
    for tri in extra:
        m = _triple_mask(tri, view.hand)
        if m not in pool and m not in extras:
            extras.append(m)
    first, most = _blocks(worlds, max_worlds)
    ev = gather(view, pool + sorted(extras), len(pool), seed, backend or default_backend(view), first, most,
                PASS_COST)
    groups = [CardList.from_mask(m) for m in ev.candidates]
    greedy = rule_pass(view.hand)
    does = [_pass_does(view.hand, m) + (" (the rule bot's pass)" if m == greedy else "")
            for m in ev.candidates]
    cands = _candidates(ev, groups, does, view, with_trick=False)
    seat = view.seat
    to = view.pass_to  # a view of a pass hand: the pass has a receiver
    pos = f"{view.seat_names[seat]} passes {view.pass_direction} to {view.seat_names[to] if to is not None else 'nobody'}"
    return Assessment("pass", seat, view.seat_names[seat], pos, tuple(cands), ev.deals, seed,
                      view.key(), ev)


def _pass_does(hand: int, m: int) -> str:
    """What a pass does to the hand, in words: the queen, the high spades, voids, hearts."""
    keep = hand & ~m
    bits = []
    spades_kept_low = (keep & SUIT_MASKS[3] & ((1 << QS_INDEX) - 1)).bit_count()
    if m & QS_MASK:
        bits.append("gets rid of the Q♠")
    elif hand & QS_MASK:
        bits.append(f"keeps the Q♠ with {NUMBER_WORDS[spades_kept_low]} lower "
                    f"spade{'' if spades_kept_low == 1 else 's'}")
    high = [DECK[c].pretty for c in (51, 50) if m >> c & 1]
    if high:
        bits.append("passes the " + " and the ".join(high))
    voids = [SUIT_WORDS[s] for s in range(SUITS) if hand & SUIT_MASKS[s] and not keep & SUIT_MASKS[s]]
    if voids:  # one phrase for every suit emptied ("void in hearts and spades")
        bits.append("makes you void in " + " and ".join(voids))
    hearts = [DECK[c].pretty for c in range(38, 25, -1) if m >> c & 1 and c % 13 >= 9]
    if hearts:
        bits.append("passes the high heart" + ("s " if len(hearts) > 1 else " ") + " ".join(hearts))
    if not bits:
        words = {12: "ace", 11: "king", 10: "queen", 9: "jack"}
        names = [words.get(c % 13, "") for c in range(51, -1, -1) if m >> c & 1]
        high = [n for n in names if n]
        counted = []
        for n in dict.fromkeys(high):
            k = high.count(n)
            counted.append(f"{NUMBER_WORDS[k]} {n}s" if k > 1 else f"{'an' if n == 'ace' else 'a'} {n}")
        low = 3 - len(high)
        if low:
            counted.append("three low cards" if not high else
                           "a lower card" if low == 1 else f"{NUMBER_WORDS[low]} lower cards")
        what = counted[0] if len(counted) == 1 else ", ".join(counted[:-1]) + " and " + counted[-1]
        return f"gets rid of {what}"
    return bits[0] if len(bits) == 1 else ", ".join(bits[:-1]) + " and " + bits[-1]


def _triple_mask(tri: Iterable[CardLike] | str, hand: int) -> int:
    try:
        cl = CardList(tri)
    except (HeartsError, TypeError) as e:
        raise IllegalPassError(f"cannot read the pass {quote(tri)}: {e}", rule=Rule.PASS_SIZE) from None
    m = cl.mask
    if len(cl) != 3 or m.bit_count() != 3:
        raise IllegalPassError(f"a pass is 3 different cards, got {quote(tri)}", rule=Rule.PASS_SIZE)
    if m & ~hand:
        missing = CardList.from_mask(m & ~hand)
        raise IllegalPassError(f"the pass {cl} includes {' '.join(c.pretty for c in missing)}, "
                               f"which this hand does not hold", rule=Rule.NOT_IN_HAND)
    return m


# hints -----------------------------------------------------------------------------------
@dataclass(frozen=True)
class Hint:
    """The coach's recommendation: ``cards`` (one card to play, or 3 to pass) and why.
    ``reason`` reads on from the move ("it ducks under A♠: …"), never repeating the cards."""

    kind: str
    cards: CardList
    reason: str
    assessment: Assessment = field(repr=False)

    @property
    def card(self) -> Card:
        return self.cards[0]

    def __str__(self) -> str:
        what = ("Play " + self.cards[0].pretty) if self.kind == "play" else \
            ("Pass " + " ".join(c.pretty for c in self.cards))
        return f"{what}: {self.reason}"

    def _repr_html_(self) -> str:
        return f"<div class='ht-hint'>{escape(str(self))}</div>"


def hint(view: View, seed: int = 0) -> Hint:
    """The recommended card (play phase) or pass (pass phase) for the view's seat, with a
    reason built from the coach's rollouts (``assessment`` holds the full grading)."""
    view = require_view(view, "hint")
    if view.phase == "pass":
        a = assess_pass(view, seed=seed)
        kind, cards = "pass", a.best.cards
    else:
        a = assess_play(view, seed=seed)
        # inside a group of equivalent cards any card does the same; recommend the lowest
        kind, cards = "play", CardList([a.best.cards[0]])
    b = a.best
    reason = f"it {b.does}; {b.consequence}."
    if len(a.ties) > 1:
        others = [c.label for c in a.ties[1:]]
        reason += f" Equally good: {', '.join(others)}."
    return Hint(kind, cards, reason, a)


__all__ = ["Assessment", "Candidate", "PassContrast", "Hint", "TOO_CLOSE", "VERDICTS", "play_does", "verdict_words",
           "NotGradedError", "assess_pass", "assess_play", "explain_verdicts", "hint", "verdict_for"]
