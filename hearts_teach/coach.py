"""The coach: grade a play or a pass by simulation and say why.

For each candidate (equivalent cards grouped), the coach samples hidden deals consistent
with what the seat knows, plays the candidate, lets everyone continue like the rule bot,
and compares candidates on the *same* deals (paired differences). It reports expected
points with a 95% interval, the difference from the best with its interval, a verdict and
one sentence built from the same rollouts.

Determinism: the random stream is seeded by ``hash64`` of the position's canonical key
(``View.key()``) and the ``seed`` argument, so the same position gives the same numbers
whatever ran before, in any process. The number of sampled deals grows only when the
statistics are undecided (never by the clock).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from html import escape

from .bots.mc import PlayContext, equivalence_classes, pass_pool, pass_rollout, pass_worlds
from .bots.policy import rule_pass
from .bots.rollout import view_worlds
from .cards import DECK, HEARTS_MASK, QS_INDEX, QS_MASK, Card, CardList, to_card
from .core import final_scores
from .errors import (
    ArgumentError,
    ArgumentTypeError,
    HeartsError,
    IllegalPassError,
    Rule,
    WrongPhaseError,
    quote,
)
from .rng import Rng, hash64
from .validation import check_int, check_seed
from .view import View, require_view

VERDICTS = ("best", "fine", "inaccuracy", "mistake", "blunder")
BEST_BAND = 0.05  # a paired difference this small is a tie with the best (same outcome)
TIE_MIN = 0.25  # the tie band is max(TIE_MIN, 2 standard errors of the paired difference)
INACCURACY_MAX = 1.0
MISTAKE_MAX = 3.0
MAX_WORLDS = 100_000  # sampled deals per candidate: more would run for hours


def verdict_for(delta: float, se: float) -> str:
    """The verdict for a paired difference ``delta`` (points worse than the best) with
    standard error ``se``. Anything inside the tie band ``max(0.25, 2·se)`` is never worse
    than "fine"; beyond it: < 1 point "inaccuracy", < 3 "mistake", else "blunder"."""
    if delta <= BEST_BAND:
        return "best"
    if delta <= max(TIE_MIN, 2.0 * se):
        return "fine"
    if delta <= INACCURACY_MAX:
        return "inaccuracy"
    if delta <= MISTAKE_MAX:
        return "mistake"
    return "blunder"


def _ci(values: list[float]) -> tuple[float, float, float]:
    """Mean, and the 95% normal interval of the mean."""
    n = len(values)
    mean = sum(values) / n
    if n < 2:
        return mean, mean, mean
    sd = math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1))
    h = 1.96 * sd / math.sqrt(n)
    return mean, mean - h, mean + h


@dataclass(frozen=True)
class Candidate:
    """One graded choice: a group of equivalent cards (a play) or a triple (a pass)."""

    cards: CardList  # the equivalent cards (play) or the three cards (pass)
    exp_points: float  # expected own points for the whole hand (taken so far + rest, moon applied)
    ci95: tuple[float, float]
    delta_vs_best: float  # paired mean of (points with this − points with the best), same deals
    delta_ci95: tuple[float, float]
    delta_se: float
    verdict: str
    stats: dict = field(compare=False)  # p_win_trick, p_take_qs, exp_hearts, p_moon_any, p_moon_self
    reason: str = ""

    @property
    def card(self) -> Card:
        """The first card of the group (for a play: any card of the group does the same)."""
        return self.cards[0]

    def __contains__(self, card: object) -> bool:
        try:
            return to_card(card) in self.cards  # type: ignore[arg-type]
        except HeartsError:
            return False

    @property
    def label(self) -> str:
        """'9♦/10♦' for a group of equivalent cards, 'Q♠ A♥ 2♣' for a pass."""
        sep = "/" if "p_win_trick" in self.stats else " "
        return sep.join(c.pretty for c in self.cards)

    def __str__(self) -> str:
        return (f"{self.label}: {self.verdict}, {self.exp_points:.1f} pts "
                f"(Δ {self.delta_vs_best:+.1f}) — {self.reason}")


CardAssessment = Candidate
PassAssessment = Candidate


@dataclass(frozen=True)
class Assessment:
    """The coach's grading of every candidate in one position, best first.

    ``a.best``, ``a.of('QS')`` (the candidate holding a card, or the pass triple),
    ``a.verdict('QS')``, iteration, ``len``, indexing; ``str`` gives a table and Jupyter
    shows an HTML table.
    """

    kind: str  # "play" or "pass"
    seat: int
    seat_name: str
    position: str  # one line describing the position
    candidates: tuple[Candidate, ...]
    worlds: int
    seed: int
    key: str = field(repr=False, default="")

    @property
    def best(self) -> Candidate:
        return self.candidates[0]

    def __iter__(self):
        return iter(self.candidates)

    def __len__(self) -> int:
        return len(self.candidates)

    def __getitem__(self, i: int) -> Candidate:
        return self.candidates[i]

    def of(self, choice) -> Candidate:
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

    def verdict(self, choice) -> str:
        return self.of(choice).verdict

    def table(self) -> str:
        head = (f"Coach · {self.position} · {self.worlds} sampled deals, seed {self.seed}\n")
        width = max(len(c.label) for c in self.candidates)
        width = max(width, 5)
        lines = [f"{'cards':<{width}}  {'exp pts':>7}  {'95% CI':>13}  {'Δ vs best':>9}  "
                 f"{'95% CI':>13}  verdict"]
        for c in self.candidates:
            lines.append(f"{c.label:<{width}}  {c.exp_points:7.1f}  "
                         f"[{c.ci95[0]:4.1f}, {c.ci95[1]:4.1f}]  {c.delta_vs_best:+9.1f}  "
                         f"[{c.delta_ci95[0]:+4.1f}, {c.delta_ci95[1]:+4.1f}]  {c.verdict}")
        return head + "\n".join(lines)

    def __str__(self) -> str:
        reasons = "\n".join(f"  {c.label}: {c.reason}" for c in self.candidates)
        return f"{self.table()}\nWhy:\n{reasons}"

    def _repr_html_(self) -> str:
        from .render import card_html

        rows = []
        for c in self.candidates:
            cards = "".join(card_html(x) for x in c.cards)
            rows.append(
                f"<tr><td style='padding:2px 6px;white-space:nowrap'>{cards}</td>"
                f"<td style='padding:2px 6px;text-align:right'>{c.exp_points:.1f}</td>"
                f"<td style='padding:2px 6px'>[{c.ci95[0]:.1f}, {c.ci95[1]:.1f}]</td>"
                f"<td style='padding:2px 6px;text-align:right'>{c.delta_vs_best:+.1f}</td>"
                f"<td style='padding:2px 6px'>[{c.delta_ci95[0]:+.1f}, {c.delta_ci95[1]:+.1f}]</td>"
                f"<td style='padding:2px 6px'><b>{escape(c.verdict)}</b></td>"
                f"<td style='padding:2px 6px'>{escape(c.reason)}</td></tr>")
        th = "style='padding:2px 6px;text-align:left'"
        return (f"<div class='ht-coach' style='font-family:sans-serif'>"
                f"<div><b>Coach</b> · {escape(self.position)} · {self.worlds} sampled deals, "
                f"seed {self.seed}</div><table style='border-collapse:collapse'>"
                f"<tr><th {th}>cards</th><th {th}>exp pts</th><th {th}>95% CI</th>"
                f"<th {th}>Δ vs best</th><th {th}>95% CI</th><th {th}>verdict</th>"
                f"<th {th}>why</th></tr>{''.join(rows)}</table></div>")


class NotGradedError(HeartsError):
    """Asked for the grade of a card that is not among the graded (legal) cards."""


# shared statistics -----------------------------------------------------------------------
def _grade(rows: list[list[float]], stats: list[dict], groups: list[CardList], worlds: int,
           reasons, sep: str = "/") -> list[Candidate]:
    means = [sum(r) / len(r) for r in rows]
    best = min(range(len(rows)), key=lambda i: (means[i], i))
    out = []
    for i, r in enumerate(rows):
        mean, lo, hi = _ci(r)
        diffs = [a - b for a, b in zip(r, rows[best], strict=True)]
        d, dlo, dhi = _ci(diffs)
        se = (dhi - d) / 1.96 if len(diffs) > 1 else 0.0
        verdict = verdict_for(d, se)
        out.append((i, mean, lo, hi, d, dlo, dhi, se, verdict))
    out.sort(key=lambda t: (t[4], t[1], t[0]))
    best_label = sep.join(c.pretty for c in groups[best])
    result = []
    for i, mean, lo, hi, d, dlo, dhi, se, verdict in out:
        reason = reasons(i, stats[i], verdict, d, best_label)
        result.append(Candidate(groups[i], round(mean, 3), (round(lo, 3), round(hi, 3)), round(d, 3),
                                (round(dlo, 3), round(dhi, 3)), round(se, 3), verdict, stats[i], reason))
    return result


def _undecided(rows: list[list[float]]) -> bool:
    """True while some candidate is neither clearly worse than the best (> 2 SE) nor
    within 0.25 points of it: more deals are then worth sampling."""
    means = [sum(r) / len(r) for r in rows]
    best = min(range(len(rows)), key=lambda i: (means[i], i))
    for i, r in enumerate(rows):
        if i == best:
            continue
        diffs = [a - b for a, b in zip(r, rows[best], strict=True)]
        d, _lo, hi = _ci(diffs)
        se = (hi - d) / 1.96
        if not (d < TIE_MIN or d > 2 * se):
            return True
    return False


def _pct(p: float) -> str:
    return f"{round(100 * p)}%"


# plays -----------------------------------------------------------------------------------
def assess_play(view: View, seed: int = 0, worlds: int = 64, max_worlds: int = 256) -> Assessment:
    """Grade every legal card of the seat to play (equivalent cards grouped).

    worlds: sampled deals in the first batch; the count doubles while the comparison is
    undecided, up to ``max_worlds``. The same position and seed always give the same result.
    """
    view = require_view(view, "assess_play")
    if not view.my_turn:
        raise WrongPhaseError(f"assess_play needs the view of the seat to play; it is "
                              f"{view.seat_names[view.turn]}'s turn (phase: {view.phase})"
                              if view.phase == "play" else
                              f"assess_play needs a play position, this view is in the {view.phase} phase",
                              rule=Rule.WRONG_PHASE, seat=view.seat)
    _check_widths(worlds, max_worlds, seed)
    legal = view.legal_mask
    done_mask = view.played
    for c in view.trick:
        done_mask &= ~(1 << c)
    classes = equivalence_classes(view.hand, legal, done_mask, view.rules.omnibus)
    reps = [cl[0] for cl in classes]
    key = view.key()
    rng = Rng(hash64(key) ^ (seed & ((1 << 64) - 1)))
    ctx = PlayContext(view)
    seat, moon_rule, omni = view.seat, view.rules.moon, view.rules.omnibus
    rows: list[list[float]] = [[] for _ in reps]
    raw: list[list[tuple]] = [[] for _ in reps]
    n = 0
    batch = worlds
    while True:
        for hands in view_worlds(view, rng, batch):
            for i, card in enumerate(reps):
                taken, first_winner = ctx.run(hands, card)
                scores, moon = final_scores(taken, moon_rule, omni)
                rows[i].append(scores[seat])
                mine = taken[seat]
                raw[i].append((first_winner == seat, bool(mine & QS_MASK),
                               (mine & HEARTS_MASK).bit_count(), moon is not None, moon == seat))
        n += batch
        if len(reps) == 1 or n >= max_worlds or not _undecided(rows):
            break
        batch = min(n, max_worlds - n)
    stats = [_summarise(r, with_trick=True) for r in raw]
    groups = [CardList(DECK[c] for c in cl) for cl in classes]
    trick_no = view.tricks_done + 1
    pos = f"{view.seat_names[seat]} to play, trick {trick_no}"
    if view.trick:
        pos += " after " + " ".join(DECK[c].pretty for c in view.trick)
    else:
        pos += ", leading"
    tags = [_play_tag(view, cl[0]) for cl in classes]

    def reasons(i, st, verdict, d, best_label):
        return _play_reason(tags[i], st, verdict, d, best_label)

    cands = _grade(rows, stats, groups, n, reasons)
    return Assessment("play", seat, view.seat_names[seat], pos, tuple(cands), n, seed, key)


def _check_widths(worlds: int, max_worlds: int, seed: int) -> None:
    """The coach's arguments, checked before any work (``ArgumentError`` naming each)."""
    check_seed(seed, allow_str=False)
    for name, v in (("worlds", worlds), ("max_worlds", max_worlds)):
        check_int(v, name, 2, MAX_WORLDS)
    if max_worlds < worlds:
        raise ArgumentError(f"max_worlds ({max_worlds}) must be at least worlds ({worlds})",
                            argument="max_worlds")


def _summarise(raw: list[tuple], with_trick: bool) -> dict:
    n = len(raw)
    out = {}
    if with_trick:
        out["p_win_trick"] = sum(r[0] for r in raw) / n
    out["p_take_qs"] = sum(r[1] for r in raw) / n
    out["exp_hearts"] = sum(r[2] for r in raw) / n
    out["p_moon_any"] = sum(r[3] for r in raw) / n
    out["p_moon_self"] = sum(r[4] for r in raw) / n
    return out


def _play_tag(view: View, card: int) -> str:
    """A short description of what the card does now (from public facts only)."""
    names = view.seat_names
    c = DECK[card]
    if not view.trick:
        if card // 13 == 3 and card < QS_INDEX and not view.played & QS_MASK and not view.hand & QS_MASK:
            return f"leading {c.pretty} to flush out the Q♠"
        return f"leading {c.pretty}"
    led = view.led_suit
    if card // 13 != led:
        if card == QS_INDEX:
            return f"dumping the Q♠ on {names[view.win_seat]}'s trick"
        if card // 13 == 2:
            return f"discarding {c.pretty} on {names[view.win_seat]}'s trick"
        return f"discarding {c.pretty}"
    if card < view.win_card:
        return f"ducking {c.pretty} under {DECK[view.win_card].pretty}"
    if len(view.trick) == 3:
        pts = sum(DECK[x].points for x in view.trick)
        return f"winning the trick with {c.pretty}" + ("" if pts else " (no points on it)")
    return f"going over {DECK[view.win_card].pretty} with {c.pretty}"


def _play_reason(tag: str, st: dict, verdict: str, d: float, best_label: str) -> str:
    bits = [f"{tag[0].upper()}{tag[1:]}: you win this trick in {_pct(st['p_win_trick'])} of deals",
            f"end with the Q♠ in {_pct(st['p_take_qs'])}",
            f"take {st['exp_hearts']:.1f} hearts on average"]
    if st["p_moon_any"] >= 0.005:
        bits.append(f"someone shoots the moon in {_pct(st['p_moon_any'])}")
    head = ", ".join(bits)
    return head + "; " + _verdict_words(verdict, d, best_label) + "."


def _verdict_words(verdict: str, d: float, best_label: str) -> str:
    if verdict == "best":
        return "the best choice here"
    if verdict == "fine":
        return f"as good as {best_label} within the noise ({d:+.1f} pts)"
    return f"{verdict}: about {d:.1f} points worse than {best_label}"


# passes ----------------------------------------------------------------------------------
def assess_pass(view: View, seed: int = 0, worlds: int = 48, max_worlds: int = 96,
                include=()) -> Assessment:
    """Grade about 25 candidate passes (the rule bot's, every triple of the 6 most
    passable cards, void-making triples) plus ``include`` (more triples, e.g. the
    learner's) and the pass already chosen in the view, by simulating whole hands in which
    the other seats pass and play like the rule bot."""
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
    extra = [include] if isinstance(include, str | Card) else list(include)
    if extra and (isinstance(extra[0], str) and len(extra[0]) <= 3 or isinstance(extra[0], Card)):
        extra = [extra]  # a single triple given as cards
    if view.passed:
        extra.append(CardList.from_mask(view.passed))
    for tri in extra:
        m = _triple_mask(tri, view.hand)
        if m not in pool:
            pool.append(m)
    key = view.key()
    rng = Rng(hash64(key) ^ (seed & ((1 << 64) - 1)))
    rows: list[list[float]] = [[] for _ in pool]
    raw: list[list[tuple]] = [[] for _ in pool]
    seat = view.seat
    n = 0
    batch = worlds
    while True:
        for dealt in pass_worlds(view, rng, batch):
            for i, cand in enumerate(pool):
                taken, (scores, moon), _ = pass_rollout(view, dealt, cand, with_scores=True)
                rows[i].append(scores[seat])
                mine = taken[seat]
                raw[i].append((False, bool(mine & QS_MASK), (mine & HEARTS_MASK).bit_count(),
                               moon is not None, moon == seat))
        n += batch
        if n >= max_worlds or not _undecided(rows):
            break
        batch = min(n, max_worlds - n)
    stats = [_summarise(r, with_trick=False) for r in raw]
    groups = [CardList.from_mask(m) for m in pool]
    greedy = rule_pass(view.hand)

    def reasons(i, st, verdict, d, best_label):
        tag = f"Passing {' '.join(c.pretty for c in groups[i])}"
        if pool[i] == greedy:
            tag += " (the rule bot's pass)"
        return (f"{tag}: you end with the Q♠ in {_pct(st['p_take_qs'])} of deals, take "
                f"{st['exp_hearts']:.1f} hearts on average"
                + (f", someone shoots the moon in {_pct(st['p_moon_any'])}" if st["p_moon_any"] >= 0.005 else "")
                + "; " + _verdict_words(verdict, d, best_label) + ".")

    cands = _grade(rows, stats, groups, n, reasons, sep=" ")
    to = view.pass_to
    pos = f"{view.seat_names[seat]} passes {view.pass_direction} to {view.seat_names[to]}"
    return Assessment("pass", seat, view.seat_names[seat], pos, tuple(cands), n, seed, key)


def _triple_mask(tri, hand: int) -> int:
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
    """The coach's recommendation: ``cards`` (one card to play, or 3 to pass) and why."""

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
        return f"{what}. {self.reason}"

    def _repr_html_(self) -> str:
        return f"<div class='ht-hint'>{escape(str(self))}</div>"


def hint(view: View, seed: int = 0) -> Hint:
    """The recommended card (play phase) or pass (pass phase) for the view's seat, with a
    reason built from the coach's rollouts (``assessment`` holds the full grading)."""
    view = require_view(view, "hint")
    if view.phase == "pass":
        a = assess_pass(view, seed=seed)
        return Hint("pass", a.best.cards, a.best.reason, a)
    a = assess_play(view, seed=seed)
    # inside a group of equivalent cards any card does the same; recommend the lowest
    reason = a.best.reason
    if view.legal_mask.bit_count() == 1:
        reason = "It is your only legal card. " + reason
    return Hint("play", CardList([a.best.cards[0]]), reason, a)


__all__ = ["Assessment", "Candidate", "CardAssessment", "PassAssessment", "Hint", "VERDICTS",
           "NotGradedError", "assess_pass", "assess_play", "hint", "verdict_for"]
