"""How the textbook positions were found (``tests/textbook_positions.py``).

    python -m tests.textbook_search [COUNT] [OUT.json]

Seeded deals (``Hand.deal(seed, hand_number)``, hands 0-2: pass left, right, across) are
played by four rule bots; at every decision each principle's conditions are checked from the
deciding seat's view, and the first COUNT positions per principle (in seed order, one per
seed) are written out with the right and the wrong choice. The conditions keep only
positions where an expert's answer is clear: no moon in the air unless the principle is
about the moon, the queen short when she is to be passed or dumped, a real moon threat
(the Q♠ and at least five hearts) when it is to be stopped, and so on. Not collected by
pytest (it takes minutes); the positions it found are written down in
``textbook_positions.py``. The shoot-the-moon rule found no position in 12,000 hands (nor
with South always playing its highest card): rule bots rarely hold every point with only top
cards left, so the suite has no shooting position yet.
"""

import json
import os
import sys

from hearts_teach import Hand
from hearts_teach.agents.hearts import RuleBot
from hearts_teach.agents.hearts.policy import NO_MOON, rule_pass, threat_of
from hearts_teach.kernel.cards import DECK, HEARTS_MASK, QS_INDEX, QS_MASK, SUIT_MASKS

SP = SUIT_MASKS[3]
AS = 1 << 51
KS = 1 << 50
POINTS = HEARTS_MASK | QS_MASK
ONLY = (
    os.environ.get("ONLY", "").split(",") if os.environ.get("ONLY") else None
)  # some principles only


def pts(m):
    return (m & HEARTS_MASK).bit_count() + (13 if m & QS_MASK else 0)


def cards(m):
    return [str(DECK[c]) for c in range(52) if m >> c & 1]


def lo(m):
    return (m & -m).bit_length() - 1


def hi(m):
    return m.bit_length() - 1


def name(c):
    return str(DECK[c])


def quiet(v):
    t = threat_of(v.taken, v.seat)
    if t == NO_MOON:
        return True
    return all(pts(x) <= 5 for s, x in enumerate(v.taken) if s != v.seat)


def trick_mask(v):
    m = 0
    for c in v.trick:
        m |= 1 << c
    return m


def play_principles(v):
    out = []
    if v.phase != "play" or v.legal_mask.bit_count() < 2:
        return out
    hand, legal, seat = v.hand, v.legal_mask, v.seat
    tm = trick_mask(v)
    tl = len(v.trick)
    last = tl == 3
    unseen = v.unseen_mask
    qs_out = not v.played & QS_MASK and not hand & QS_MASK
    if tl:
        led = v.led_suit
        follow = hand & SUIT_MASKS[led]
        win = v.win_card
        if not follow and 1 <= v.tricks_done <= 8 and quiet(v):
            if legal & QS_MASK and (hand & SP).bit_count() <= 3:
                rest = legal & ~QS_MASK
                np_ = rest & ~POINTS
                out.append(("dump-queen-void", name(QS_INDEX), name(lo(np_) if np_ else lo(rest))))
            elif qs_out and legal & (AS | KS) and (hand & SP).bit_count() <= 2:
                np_ = 0
                for su in (0, 1):
                    if (legal & SUIT_MASKS[su]).bit_count() >= 3:
                        np_ |= legal & SUIT_MASKS[su]
                if np_:
                    out.append(("dump-high-spade-void", name(hi(legal & (AS | KS))), name(lo(np_))))
        if follow and quiet(v):
            above = legal & ~((2 << win) - 1)
            below = legal & ((1 << win) - 1)
            if (
                led == 3
                and legal & QS_MASK
                and win > QS_INDEX
                and (legal & ~QS_MASK)
                and (unseen & SP & ~tm).bit_count() >= 3
            ):
                out.append(("drop-queen-under", name(QS_INDEX), name(lo(legal & ~QS_MASK))))
            if last and tm & POINTS and below and above & ~QS_MASK and v.tricks_done <= 8:
                out.append(("duck-last-with-points", name(hi(below)), name(lo(above & ~QS_MASK))))
            if (
                last
                and led == 3
                and not tm & POINTS
                and legal & QS_MASK
                and win < QS_INDEX
                and above & ~QS_MASK
                and not below
            ):
                out.append(("never-win-with-queen", name(hi(above & ~QS_MASK)), name(QS_INDEX)))
        if follow and v.tricks_done >= 6:
            t = threat_of(v.taken, seat)
            tops = [
                c
                for c in range(52)
                if hand >> c & 1 and not unseen & SUIT_MASKS[c // 13] & ~((2 << c) - 1)
            ]
            if (
                last
                and t >= 0
                and t == v.win_seat
                and pts(v.taken[t]) >= 18
                and tm & POINTS
                and not tops
            ):
                above = legal & ~((2 << win) - 1) & ~QS_MASK
                below = legal & ((1 << win) - 1)
                if above and below:
                    out.append(("stop-the-moon", name(lo(above)), name(hi(below))))
        # shooting: I hold every point taken so far and every other card I hold tops its suit
        mine = v.taken[seat]
        if (
            follow
            and pts(mine) >= 10
            and all(not (x & POINTS) for s, x in enumerate(v.taken) if s != seat)
            and v.tricks_done >= 5
            and tm & POINTS
        ):
            above = legal & ~((2 << win) - 1)
            below = legal & ((1 << win) - 1)
            top = hi(legal)
            sure = all(
                not (unseen & SUIT_MASKS[c // 13] & ~((2 << c) - 1))
                for c in range(52)
                if hand >> c & 1 and c != top
            )
            if sure and above and below:
                out.append(("shoot-the-moon", name(top), name(hi(below))))
    else:
        if v.tricks_done >= 1 and quiet(v):
            cd = 0
            vo = [0] * 4
            for s_ in range(4):
                if s_ != seat:
                    for su in v.voids(s_):
                        vo[s_] |= 1 << int(su)
            for c in range(26):
                if (
                    legal >> c & 1
                    and c % 13 <= 6
                    and unseen & SUIT_MASKS[c // 13] & ~((2 << c) - 1)
                    and not any(vo[s_] >> (c // 13) & 1 for s_ in range(4))
                ):
                    cd |= 1 << c
            if legal & QS_MASK and cd and (unseen & (AS | KS)):
                out.append(("never-lead-queen", name(lo_rank(cd)), name(QS_INDEX)))
            if qs_out and legal & (AS | KS) and cd:
                out.append(("no-high-spade-lead", name(lo_rank(cd)), name(hi(legal & (AS | KS)))))
        if v.tricks_done >= 8 and quiet(v) and pts(unseen) >= 2:
            orphan = [
                c
                for c in range(52)
                if legal >> c & 1 and c // 13 != 2 and not unseen & SUIT_MASKS[c // 13]
            ]
            exits = [
                c
                for c in range(52)
                if legal >> c & 1
                and (unseen & SUIT_MASKS[c // 13] & ~((2 << c) - 1)).bit_count() >= 2
            ]
            if orphan and exits:
                out.append(
                    ("late-count-exit", name(min(exits, key=lambda c: c % 13)), name(orphan[0]))
                )
    return out


def lo_rank(m):
    return min((c for c in range(52) if m >> c & 1), key=lambda c: (c % 13, c))


def pass_principles(v):
    out = []
    hand = v.hand
    if v.phase != "pass":
        return out
    greedy = rule_pass(hand)
    if hand & QS_MASK and (hand & SP).bit_count() <= 2:
        keep = rule_pass(hand & ~QS_MASK)
        out.append(("pass-short-queen", " ".join(cards(greedy)), " ".join(cards(keep))))
    if not hand & SP & ~((QS_MASK) - 1):
        high_nonsp = [c for c in range(39) if hand >> c & 1 and c % 13 >= 10]
        if len(high_nonsp) >= 3:
            lows = sorted(
                (c for c in range(52) if hand >> c & 1 and c != 0), key=lambda c: (c % 13, c)
            )[:3]
            out.append(
                (
                    "pass-high-not-low",
                    " ".join(cards(greedy)),
                    " ".join(str(DECK[c]) for c in sorted(lows)),
                )
            )
    return out


def main() -> None:
    global found
    want = int(sys.argv[1]) if len(sys.argv) > 1 else 4
    OUT = sys.argv[2] if len(sys.argv) > 2 else "textbook_found.json"
    found = {}
    for seed in range(4000):
        for hn in (0, 1, 2):
            h = Hand.deal(seed=seed, hand_number=hn)
            bots = [RuleBot() for _ in range(4)]
            passes = []
            for s in range(4):
                v = h.view(s)
                for p, r, w in [x for x in pass_principles(v) if not ONLY or x[0] in ONLY]:
                    if len(found.setdefault(p, [])) < want and not any(
                        e["seed"] == seed for e in found[p]
                    ):
                        found[p].append(
                            dict(
                                seed=seed, hand=hn, seat=s, passes=None, plays="", right=r, wrong=w
                            )
                        )
                passes.append(bots[s].choose_pass(v))
            for s in range(4):
                h.pass_cards(s, passes[s])
            pstr = [" ".join(str(c) for c in p) for p in passes]
            plays = []
            while not h.is_over:
                v = h.view(h.turn)
                for p, r, w in [x for x in play_principles(v) if not ONLY or x[0] in ONLY]:
                    if len(found.setdefault(p, [])) < want and not any(
                        e["seed"] == seed for e in found[p]
                    ):
                        found[p].append(
                            dict(
                                seed=seed,
                                hand=hn,
                                seat=v.seat,
                                passes=pstr,
                                plays=" ".join(plays),
                                right=r,
                                wrong=w,
                            )
                        )
                c = bots[h.turn].choose_play(v)
                plays.append(str(c))
                h.play(c, h.turn)
        if (
            all(len(found.get(p, [])) >= want for p in (ONLY or []))
            and ONLY
            or all(
                len(found.get(p, [])) >= want
                for p in [
                    "dump-queen-void",
                    "dump-high-spade-void",
                    "drop-queen-under",
                    "duck-last-with-points",
                    "never-win-with-queen",
                    "stop-the-moon",
                    "never-lead-queen",
                    "no-high-spade-lead",
                    "late-count-exit",
                    "pass-short-queen",
                    "pass-high-not-low",
                ]
            )
        ):
            break
    print(f"# searched up to seed {seed}", file=sys.stderr)
    json.dump(found, open(OUT, "w"), indent=1)
    for p, es in found.items():
        print(p, len(es), [(e["seed"], e["hand"]) for e in es])


if __name__ == "__main__":
    main()
