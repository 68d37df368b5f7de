"""Rules: defaults, option names, presets, conversions and the pass rotation (docs/rules.md H3)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from hearts_teach import InvalidSeatError, Rules, RulesError, pass_target

ROOT = Path(__file__).resolve().parent.parent


def documented_defaults() -> dict:
    """The options table of docs/rules.md ("| `name` | `default` | what it changes |"), in order."""
    text = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    table = text[text.index("| Option | Default | What it changes |"):]
    table = table[:table.index("\n\n")]
    rows = re.findall(r"^\| `(\w+)` \| `([^`]+)` \|", table, flags=re.MULTILINE)
    return {name: ast.literal_eval(value) for name, value in rows}


DEFAULTS = documented_defaults()  # the one statement of the defaults is docs/rules.md

PRESETS = {
    "standard": {},
    "omnibus": {"omnibus": True},
    "no_pass": {"passing": False},
    "queen_breaks": {"queen_breaks_hearts": True},
    "new_moon": {"moon": "subtract_from_self"},
    "first_trick_points": {"no_points_on_first_trick": False},
    "queen_waits": {"queen_waits": True},
}


def test_defaults_match_rules_md():
    assert DEFAULTS["players"] == 4 and DEFAULTS["moon"] == "add_to_others"  # the table was read (H1)
    assert Rules().to_dict() == DEFAULTS
    assert Rules.standard() == Rules()
    assert Rules.options() == tuple(DEFAULTS)


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_each_preset_changes_exactly_what_rules_md_says(name):
    r = Rules.preset(name)
    assert r.changes() == PRESETS[name]
    assert r.name == name
    assert Rules.from_dict({"preset": name}) == r


def test_preset_list_and_name_normalisation():
    assert set(Rules.presets()) == set(PRESETS)
    assert Rules.preset("Queen-Breaks") == Rules(queen_breaks_hearts=True)
    assert Rules.preset("new moon") == Rules(moon="subtract_from_self")


def test_rules_are_immutable_and_hashable():
    r = Rules()
    with pytest.raises(AttributeError):
        r.omnibus = True  # type: ignore[misc]
    assert len({Rules(), Rules(), Rules(omnibus=True)}) == 2


def test_replace_and_dict_roundtrip():
    r = Rules().replace(omnibus=True, moon="subtract_from_self", end_score=50)
    assert Rules.from_dict(r.to_dict()) == r
    assert Rules.from_dict(r.changes()) == r
    assert Rules.from_dict(None) == Rules()
    assert Rules.from_dict({"preset": "omnibus", "end_score": 75}) == Rules(omnibus=True, end_score=75)
    assert r.name == "custom"
    assert "omnibus=True" in repr(r) and str(Rules()) == "standard rules"


def test_describe_mentions_each_choice():
    assert "not by Q♠" in Rules().describe()
    assert "or by Q♠" in Rules(queen_breaks_hearts=True).describe()
    assert "−26" in Rules.preset("new_moon").describe()
    assert "J♦" in Rules.preset("omnibus").describe()
    assert "none" in Rules.preset("no_pass").describe()
    assert "may be discarded" in Rules.preset("first_trick_points").describe()


# golden case 9 -----------------------------------------------------------------------
def test_golden9_pass_rotation_over_hands_0_to_7():
    assert [Rules().pass_direction(h) for h in range(8)] == [
        "left", "right", "across", "hold", "left", "right", "across", "hold"]


def test_no_pass_preset_makes_every_hand_a_hold_hand():
    assert [Rules.preset("no_pass").pass_direction(h) for h in range(8)] == ["hold"] * 8


@pytest.mark.parametrize("direction, targets", [
    ("left", [1, 2, 3, 0]),      # seat + 1
    ("right", [3, 0, 1, 2]),     # seat + 3
    ("across", [2, 3, 0, 1]),    # seat + 2
    ("hold", [None] * 4),
])
def test_pass_targets_for_all_four_directions(direction, targets):
    assert [pass_target(s, direction) for s in range(4)] == targets


# bad options ---------------------------------------------------------------------------
@pytest.mark.parametrize("kwargs, words", [
    ({"omnibsu": True}, ["omnibsu", "valid options", "omnibus", "queen_breaks_hearts"]),
    ({"passing": "yes"}, ["passing", "True or False", "'yes'"]),
    ({"omnibus": 1}, ["omnibus", "True or False"]),
    ({"moon": "double"}, ["moon", "add_to_others", "subtract_from_self", "'double'"]),
    ({"end_score": 0}, ["end_score", "positive whole number"]),
    ({"end_score": 99.5}, ["end_score", "99.5"]),
    ({"end_score": True}, ["end_score"]),
])
def test_bad_options_are_rules_errors_naming_the_option(kwargs, words):
    for make in (lambda: Rules(**kwargs), lambda: Rules.from_options(**kwargs),
                 lambda: Rules.from_dict(kwargs), lambda: Rules().replace(**kwargs)):
        with pytest.raises(RulesError) as e:
            make()
        for w in words:
            assert w in str(e.value)


@pytest.mark.parametrize("bad", ["omnibuss", "", "moon", 3, None])
def test_unknown_preset_lists_the_valid_ones(bad):
    with pytest.raises(RulesError) as e:
        Rules.preset(bad)
    assert "valid presets are" in str(e.value)
    for name in PRESETS:
        assert name in str(e.value)


def test_rules_from_dict_rejects_non_objects():
    with pytest.raises(RulesError, match="option: value"):
        Rules.from_dict(["omnibus"])


def test_bad_pass_direction_and_seat_and_hand_number():
    with pytest.raises(RulesError, match="left, right, across, hold"):
        pass_target(0, "up")
    with pytest.raises(InvalidSeatError, match="0, 1, 2, 3"):
        pass_target(4, "left")
    with pytest.raises(RulesError, match="hand_number"):
        Rules().pass_direction(-1)


@pytest.mark.parametrize("name", Rules.presets())
def test_rules_have_an_html_view_naming_the_preset_and_every_rule(name):
    from html import escape

    from hearts_teach.games.spades.rules import SpadesRules

    for rules in (Rules.preset(name), SpadesRules()):
        html = rules._repr_html_()
        assert f"<b>{escape(str(rules))}</b>" in html
        assert html.count("<li>") == len(rules.describe().splitlines())
        for line in rules.describe().splitlines():
            assert f"<li>{escape(line)}</li>" in html
