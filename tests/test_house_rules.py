"""UNO House Rules made executable: one scenario per paragraph of the printed rules that the classic game
does not already have.

Quoted from /work/shared/rulebooks/uno_house_rules.md; the game is games/house.rules (it extends
games/uno.rules).  Each test stacks the deck (helpers.deal_stack: the hands dealt round-robin from seat
0, then the flip, then the draw pile in draw order), scripts the moves and asserts the exact state.
Number cards with the Add-a-Rule icon are named like `R3+`; the Wild Game Changer is `WG`.  In this
deck one of the two copies of each odd number (1 3 5 7 9) of each colour bears the icon.
"""
from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

import rulelang
from helpers import (MoveError, colour, deal_stack, deciding, discard, draw_pile, draw_size, events_of, hand,
                     new_game, options, play, program, run_cli, top, turn)
from helpers import rulelang_command
from interpreter import Game
from interpreter.bots import GreedyBot, RandomBot
from interpreter.events import as_dict

HOUSE = "house"
NAMES = ["Ann", "Bo", "Cy"]

# The book's formula: "All players must 'do' something ... The last player to 'do' the action of the rule
# must draw 1 card."  `key` is the number the rule is written for.
MOO = 'when played(card) if card.number == key { race "moo" }'
# "go crazy by making up your OWN House Rules and/or penalties"
CRAZY = "when played(card) if card.number == key { move 2 from draw to hand(next) }"


def say_rule(word: str) -> str:
    """A harmless rule that only says something when a card of its number is played."""
    return f'when played(card) if card.number == key {{ say "{word} {{key}}" }}'


def write_options(g):
    return [(o.verb, o.text, o.kind) for o in g.legal()]


def state_of(g) -> tuple:
    """Everything a refused move must leave alone."""
    d = g.pending
    return ([hand(g, s) for s in range(len(g.names))], discard(g), draw_pile(g), colour(g), turn(g),
            (d.player, d.prompt, d.options, d.window, d.race), dict(g.house_rules), len(g.events), g.record(),
            [r.name for r in g.state.program.rules.get("played", ())])


def rules_fired(g, since=0) -> list:
    return [n for e in events_of(g, "rule")[since:] for n in e.names]


# ====================================================================== Set Up


def test_setup_ignores_a_flipped_game_changer_and_an_icon_card_turned_up_makes_no_rule():
    """Set Up 4: "If this card is an Action Card, ignore it and flip over the next card." -- a Wild Game
    Changer turned up is ignored like any Wild, and so are a Skip, a Reverse, a Wild, a Draw Two and a Wild Draw
    Four (nobody skipped, the direction kept, no colour named, nobody draws).  The Red 3 +Rule turned up to start is not *played*
    ("When a card with an Add-a-Rule icon is played, the player who played it gets to make up a rule"):
    nobody is asked to write a rule, and the first player simply plays on it."""
    flip = ["WG", "BS", "YR", "W", "RD2", "W4", "R3+"]
    g = new_game(HOUSE, [ANN[1:] + ["B3"], BO, CY], flip, DRAW, names=NAMES)
    assert discard(g) == flip
    assert events_of(g, "skip") == [] and events_of(g, "reverse") == [] and g.state.direction == 1
    assert colour(g) == "red"
    assert g.house_rules == {}
    assert (turn(g), deciding(g)) == (0, 0)
    assert options(g) == ["play B3", "draw"]
    assert [hand(g, s) for s in range(3)] == [sorted(ANN[1:] + ["B3"]), sorted(BO), sorted(CY)]
    assert draw_size(g) == 112 - 21 - len(flip)
    play(g, 0, "play B3")  # a 3 on the 3: no rule for 3 exists, so nothing more happens
    assert g.house_rules == {} and rules_fired(g) == []
    assert (turn(g), deciding(g)) == (1, 1)


# ====================================================================== House Rules: a rule made up in play

# Three players.  Ann starts with the Red 3 +Rule on a Red 5; Bo holds a Green 3 (any colour of the number).
ANN = ["R3+", "G1", "B4", "Y6", "Y7", "Y8", "B2"]
BO = ["G3", "B1", "G4", "Y1", "Y2", "Y9", "B8"]
CY = ["G6", "G7", "G8", "B6", "B9", "Y4", "B7"]
DRAW = ["Y5", "G9", "G2", "R8"]


def ann_wrote(rule: str = MOO) -> Game:
    g = new_game(HOUSE, [ANN, BO, CY], "R5", DRAW, names=NAMES)
    play(g, 0, "play R3+")
    assert deciding(g) == 0
    assert g.pending.prompt == "make up a rule for every 3 played from now on"
    assert write_options(g) == [("write", "write RULE", "rule")]
    play(g, 0, "write " + rule)
    return g


def test_a_rule_written_for_an_icon_card_acts_on_the_next_card_of_that_number_not_on_its_own():
    """HOUSE RULES: "When a Number Card with a "Add-a-Rule" icon is played, the player who played it gets to
    make up a rule.  After that, every time a card of that same number is played, the rule must be enacted
    ... The next time ANY "2" card is played, all players must "moo!" and the last one to "moo!" must draw
    a card."  Typed at the `write` decision; the 3 that made the rule does not set it off; the next 3 (of
    another colour, without the icon) does."""
    g = ann_wrote()
    assert g.house_rules == {3: {"name": "house_3", "text": MOO, "author": 0}}
    assert [as_dict(e) for e in events_of(g, "house_rule")] == [{"type": "house_rule", "player": 0, "key": 3,
                                                                 "name": "house_3", "text": MOO, "replaced": None}]
    # The Red 3 +Rule itself: no race, only the icon acted; Bo's turn as usual.
    assert rules_fired(g) == ["add_a_rule"]
    assert not any(e.race for e in events_of(g, "choice"))
    assert g.pending.race == ""
    assert (turn(g), deciding(g)) == (1, 1)
    assert options(g) == ["play G3", "draw"]
    assert discard(g) == ["R5", "R3+"]
    assert hand(g, 0) == sorted(ANN[1:])

    # The next 3: everyone must moo; Bo (whose turn it is) is asked who was last.
    play(g, 1, "play G3")
    d = g.pending
    assert (d.player, d.prompt, d.race, d.window) == (1, "everyone: moo!", "moo", False)
    assert options(g) == ["last Ann", "last Bo", "last Cy"]
    assert rules_fired(g)[-1:] == ["house_3"]
    play(g, 1, "last Cy")
    # "The penalty for being last is ALWAYS to draw 1 card."
    assert hand(g, 2) == sorted(CY + ["Y5"])
    assert hand(g, 1) == sorted(BO[1:])
    assert hand(g, 0) == sorted(ANN[1:])
    assert discard(g) == ["R5", "R3+", "G3"]
    assert colour(g) == "green"
    assert draw_pile(g)[:3] == ["G9", "G2", "R8"]
    assert (turn(g), deciding(g)) == (2, 2)
    assert options(g) == ["play G6", "play G7", "play G8", "draw"]
    assert events_of(g, "say")[-1].text == "Cy was the last to do it and draws 1"
    assert g.record() == [(0, "play R3+"), (0, "write " + MOO), (1, "play G3"), (1, "last Cy")]
    g.check_cards()


BAD_RULES = [
    # (typed after `write`, the error class, its message, line, column of the first error)
    ('when played(card) if card.numbr == key { race "moo" }', rulelang.RulesCheckError,
     "unknown attribute `numbr`", 1, 27),
    ('when playd(card) if card.number == key { race "moo" }', rulelang.RulesCheckError,
     "unknown event `playd`", 1, 6),
    ("when played(card) if card.number == key { move 2 from drow to hand(next) }", rulelang.RulesCheckError,
     "unknown zone `drow`", 1, 55),
    ('when played(card) if card.number == key { race "moo" ', rulelang.RulesSyntaxError,
     "this `{` is never closed: its `}` is missing", 1, 41),
    ('when played(card) if card.number == key {\n  race "moo"\n  move 1 from draw to hand(nxt)\n}',
     rulelang.RulesCheckError, None, 3, 28),
    ("moo", rulelang.RulesSyntaxError, "expected `when` before `moo`", 1, 1),
    # the game's own rules read `current_colour` as a colour: a rule may not make it a number
    ("when played(card) if card.number == key { set current_colour = card.number }", rulelang.RulesCheckError,
     "`current_colour` holds a colour in this game, not a number", 1, 64),
]


@pytest.mark.parametrize("text,cls,message,line,column", BAD_RULES,
                         ids=["attribute", "event", "zone", "brace", "third-line", "not-a-rule", "type-of-a-variable"])
def test_a_bad_rule_is_refused_with_its_place_and_the_game_is_unchanged(text, cls, message, line, column):
    """MAKING UP HOUSE RULES: a rule is written in rulelang at the `write` decision; one the language
    cannot read is refused with the checker's message and its line and column in the rule, and nothing
    changes: the hands, the pending decision, the rules in force."""
    g = new_game(HOUSE, [ANN, BO, CY], "R5", DRAW, names=NAMES)
    play(g, 0, "play R3+")
    before = state_of(g)
    symbols = g.program.summary[0]
    types = {name: set(ts) for name, ts in symbols.var_types.items()}
    with pytest.raises(cls) as caught:
        g.apply(0, "write " + text)
    e = caught.value
    assert isinstance(e, rulelang.RulesError)
    if message is not None:
        assert e.message == message
    assert (e.loc.line, e.loc.column) == (line, column)
    assert state_of(g) == before
    assert g.house_rules == {}
    assert symbols.var_types == types  # the types the game's code was made for, shared by its every game
    # The decision is still Ann's write, and a good rule is then taken.
    play(g, 0, "write " + MOO)
    assert list(g.house_rules) == [3]


def test_write_without_a_rule_is_refused_and_the_game_is_unchanged():
    g = new_game(HOUSE, [ANN, BO, CY], "R5", DRAW, names=NAMES)
    play(g, 0, "play R3+")
    before = state_of(g)
    with pytest.raises(MoveError, match="`write` takes a rule"):
        g.apply(0, "write")
    with pytest.raises(MoveError, match="it is Ann's decision, not Bo's"):
        g.apply(1, "write " + MOO)
    assert state_of(g) == before


# ====================================================================== "up to 5 rules in play at any time"

# Two players on a Red 2: Ann and Bo play the five red icon cards (1 3 5 7 9), a rule each.
CAP_ANN = ["R1+", "R5+", "R9+", "G2", "G4", "G6", "G8"]
CAP_BO = ["R3+", "R7+", "Y9+", "B2", "B4", "B6", "B8"]


def five_rules(prog_name=HOUSE, bo=CAP_BO, prog=None) -> Game:
    stack = deal_stack([CAP_ANN, bo], "R2", ["Y3", "G9", "B9"])
    g = Game(prog or program(prog_name), ["Ann", "Bo"], seed=1, stack=stack)
    for seat, card in [(0, "R1+"), (1, "R3+"), (0, "R5+"), (1, "R7+"), (0, "R9+")]:
        play(g, seat, f"play {card}")
        assert g.pending.prompt == f"make up a rule for every {card[1]} played from now on"
        play(g, seat, "write " + say_rule("rule"))
    assert sorted(g.house_rules) == [1, 3, 5, 7, 9]
    assert [g.house_rules[k]["author"] for k in (1, 3, 5, 7, 9)] == [0, 1, 0, 1, 0]
    assert (turn(g), deciding(g)) == (1, 1)
    return g


def test_five_rules_in_play_a_sixth_icon_card_is_ignored():
    """HOUSE RULES: "There can be up to 5 house rules in play at any time".  With a rule on each of 1, 3, 5,
    7 and 9, the Yellow 9 +Rule asks nobody to write a sixth: the rule for 9 acts and play goes on."""
    g = five_rules()
    before = dict(g.house_rules)
    says = len(events_of(g, "say"))
    play(g, 1, "play Y9+")
    assert (turn(g), deciding(g)) == (0, 0)
    assert g.pending.prompt != "make up a rule for every 9 played from now on"
    assert "write RULE" not in options(g)
    assert g.house_rules == before
    assert [e.text for e in events_of(g, "say")[says:]] == ["rule 9"]
    assert options(g) == ["draw"]  # Ann: G2 G4 G6 G8 on a yellow 9
    assert hand(g, 1) == ["B2", "B4", "B6", "B8"]


CAP_VARIANT = '''
extends "house.rules"

game "UNO House Rules with icons on the twos"

# The same 112 cards, but a 2 of each colour bears the icon too: six numbers can take a rule, so
# only the limit of 5 stops the sixth.
deck draw {
  for c in colour {
    card {colour: c, kind: number, number: 0, points: 0}
    for n in [1, 2, 3, 5, 7, 9] {
      card {colour: c, kind: number, number: n, points: n}
      card {colour: c, kind: number, number: n, points: n, icon: add_a_rule}
    }
    for n in [4, 6, 8] {
      2 cards {colour: c, kind: number, number: n, points: n}
    }
    for k in [skip, reverse, draw_two] {
      2 cards {colour: c, kind: k, points: 20}
    }
  }
  4 cards {kind: wild, points: 50}
  4 cards {kind: wild_draw_four, points: 50}
  4 cards {kind: wild_game_changer, points: 50}
}
'''


def test_the_limit_of_five_stops_a_sixth_rule_for_a_number_without_one(tmp_path):
    """HOUSE RULES: "There can be up to 5 house rules in play at any time."  In this deck only five
    numbers bear the icon, so the limit and "IGNORE THE ICON" always agree; with the rules of
    games/house.rules over a deck whose 2s bear it too, the Red 2 +Rule played on five rules (none for 2)
    is ignored because of the limit alone."""
    path = tmp_path / "twos.rules"
    path.write_text(CAP_VARIANT, encoding="utf-8")
    prog = rulelang.load(path)
    assert prog.deck_size == 112
    bo = ["R3+", "R7+", "R2+", "B2", "B4", "B6", "B8"]
    g = five_rules(bo=bo, prog=prog)
    before = dict(g.house_rules)
    fired = len(events_of(g, "rule"))
    play(g, 1, "play R2+")
    assert (turn(g), deciding(g)) == (0, 0)
    assert "write RULE" not in options(g)
    assert g.house_rules == before and 2 not in g.house_rules
    assert rules_fired(g, fired) == []


def test_the_icon_is_ignored_once_its_number_has_a_rule():
    """NOTE: "after a rule is established, if the Number Card played that triggers the rule also has a
    "Add-a-Rule" icon on it, IGNORE THE ICON."  Bo's Green 3 +Rule sets off Ann's rule and asks nobody to
    write; the rule stays Ann's."""
    bo = ["G3+"] + BO[1:]
    g = new_game(HOUSE, [ANN, bo, CY], "R5", DRAW, names=NAMES)
    play(g, 0, "play R3+", "write " + MOO)
    play(g, 1, "play G3+")
    d = g.pending
    assert (d.player, d.race) == (1, "moo")
    assert options(g) == ["last Ann", "last Bo", "last Cy"]
    play(g, 1, "last Ann")
    assert hand(g, 0) == sorted(ANN[1:] + ["Y5"])
    assert hand(g, 1) == sorted(bo[1:])
    assert g.house_rules == {3: {"name": "house_3", "text": MOO, "author": 0}}
    assert len(events_of(g, "house_rule")) == 1
    assert (turn(g), deciding(g)) == (2, 2)
    assert options(g) == ["play G6", "play G7", "play G8", "draw"]


# ====================================================================== WILD GAME CHANGER

# Two players on a Red 2: Ann makes a rule for 3 (moo), Bo one for 5 (a word), Ann plays the Game Changer.
GC_ANN = ["R3+", "WG", "G3", "Y6", "Y7", "Y8", "B2"]
GC_BO = ["R5+", "G5", "B4", "G4", "Y1", "Y2", "B8"]
GC_DRAW = ["Y5", "G9", "G2", "R8"]


def two_rules_then_game_changer() -> Game:
    g = new_game(HOUSE, [GC_ANN, GC_BO], "R2", GC_DRAW, names=["Ann", "Bo"])
    play(g, 0, "play R3+", "write " + MOO)
    play(g, 1, "play R5+", "write " + say_rule("five"))
    assert sorted(g.house_rules) == [3, 5]
    play(g, 0, "play WG")
    return g


def test_the_game_changer_replaces_a_rule_the_old_one_stops_the_new_one_acts():
    """WILD GAME CHANGER: "you may change any House Rule already in play ... Simply choose a number that
    has a rule attached to it, make up a new rule and now every time that number is played the new rule
    is in effect.  This is also a Wild Card so you choose the color that continues play." """
    g = two_rules_then_game_changer()
    d = g.pending
    assert (d.player, d.prompt) == (0, "change a house rule: pick the number whose rule you replace, or keep them all")
    assert options(g) == ["change 3", "change 5", "keep"]
    with pytest.raises(MoveError):
        g.apply(0, "change 7")  # no rule for 7
    play(g, 0, "change 3")
    assert g.pending.prompt == "write the new rule for 3"
    assert write_options(g) == [("write", "write RULE", "rule")]
    play(g, 0, "write " + CRAZY)
    assert g.pending.prompt == "choose the colour that continues play"
    assert options(g) == ["colour red", "colour yellow", "colour green", "colour blue"]
    play(g, 0, "colour green")
    assert g.house_rules == {3: {"name": "house_3", "text": CRAZY, "author": 0},
                             5: {"name": "house_5", "text": say_rule("five"), "author": 1}}
    assert as_dict(events_of(g, "house_rule")[-1]) == {"type": "house_rule", "player": 0, "key": 3, "name": "house_3",
                                                       "text": CRAZY, "replaced": MOO}
    assert colour(g) == "green"
    assert discard(g) == ["R2", "R3+", "R5+", "WG"]
    assert (turn(g), deciding(g)) == (1, 1)
    assert options(g) == ["play G5", "play G4", "draw"]
    play(g, 1, "play G5")  # the rule for 5 is untouched
    assert events_of(g, "say")[-1].text == "five 5"
    # Ann's Green 3: no race any more; the new rule makes Bo draw 2.
    play(g, 0, "play G3")
    assert g.pending.race == ""
    assert hand(g, 1) == sorted(["B4", "G4", "Y1", "Y2", "B8", "Y5", "G9"])
    assert hand(g, 0) == sorted(["Y6", "Y7", "Y8", "B2"])
    assert draw_pile(g)[:2] == ["G2", "R8"]
    assert (turn(g), deciding(g)) == (1, 1)
    assert not any(e.race for e in events_of(g, "choice"))
    g.check_cards()


def test_the_game_changer_without_rules_is_a_plain_wild():
    """WILD GAME CHANGER: "(if no House Rules have been created yet, it functions as a regular Wild
    Card)": only the colour is chosen."""
    g = new_game(HOUSE, [["WG"] + GC_ANN[2:] + ["R1"], GC_BO], "R2", GC_DRAW, names=["Ann", "Bo"])
    assert g.house_rules == {}
    play(g, 0, "play WG")
    assert (deciding(g), g.pending.prompt) == (0, "choose the colour that continues play")
    assert options(g) == ["colour red", "colour yellow", "colour green", "colour blue"]
    play(g, 0, "colour blue")
    assert g.house_rules == {}
    assert colour(g) == "blue" and top(g) == "WG"
    assert (turn(g), deciding(g)) == (1, 1)
    assert options(g) == ["play B4", "play B8", "draw"]
    assert [e.move for e in events_of(g, "choice")] == ["play WG", "colour blue"]


def test_the_game_changer_is_worth_fifty_points():
    """Keeping Score: "Any Wild Card ..... 50 Points - Wild, Wild Draw 4, Wild Game Changer"."""
    prog = program(HOUSE)
    wilds = [c for c in prog.cards if c.short in ("W", "W4", "WG")]
    assert sorted(c.short for c in wilds) == ["W"] * 4 + ["W4"] * 4 + ["WG"] * 4
    assert {c.attrs["points"] for c in wilds} == {50}
    assert prog.deck_size == 112


# ====================================================================== Wild Draw Four, still

WD4_ANN = ["W4", "G1", "G2", "B3", "B4", "Y6", "Y7"]
WD4_BO = ["B1", "B2", "G3", "G4", "Y1", "Y2", "Y3"]
PENALTY = ["R6", "R7", "R8", "R9", "Y9", "B8"]


def wd4(ann=WD4_ANN) -> Game:
    g = new_game(HOUSE, [ann, WD4_BO, CY], "R5", PENALTY, names=NAMES)
    play(g, 0, "play W4", "colour green")
    assert (deciding(g), g.pending.prompt) == (1, "Ann played a Wild Draw Four: accept it or challenge")
    assert options(g) == ["accept", "challenge"]
    return g


def test_wild_draw_four_accepted_in_house_rules():
    """Wild Draw Four: "the next player has 2 options: Draw 4 cards and lose their turn OR challenge." """
    g = wd4()
    play(g, 1, "accept")
    assert hand(g, 1) == sorted(WD4_BO + PENALTY[:4])
    assert (turn(g), deciding(g)) == (2, 2)
    assert colour(g) == "green"


def test_wild_draw_four_challenge_fails_in_house_rules():
    """"If you DO NOT have a card that matches color: the challenger draws 6 cards instead of 4 and loses
    their turn." """
    g = wd4()
    play(g, 1, "challenge")
    assert [(e.owner, e.to) for e in events_of(g, "reveal")] == [(0, [1])]
    assert hand(g, 1) == sorted(WD4_BO + PENALTY)
    assert hand(g, 0) == sorted(WD4_ANN[1:])
    assert (turn(g), deciding(g)) == (2, 2)
    assert colour(g) == "green"


def test_wild_draw_four_challenge_succeeds_in_house_rules():
    """"If you DO have a card that matches color: YOU must draw 4 cards and they draw none." """
    ann = WD4_ANN[:-1] + ["R1"]
    g = wd4(ann)
    play(g, 1, "challenge")
    assert hand(g, 0) == sorted(ann[1:] + PENALTY[:4])
    assert hand(g, 1) == sorted(WD4_BO)
    assert (turn(g), deciding(g)) == (1, 1)
    assert colour(g) == "green"


def test_wild_draw_four_a_game_changer_in_hand_counts_as_a_match():
    """"you must show them your entire hand to confirm whether or not you have a card that matches the
    color of the discard pile – Wild cards are considered a match, too."  The Wild Game Changer is one of
    the Wild cards the book lists (Keeping Score: "Any Wild Card - Wild, Wild Draw 4, Wild Game Changer"),
    and uno.rules' reading excludes only the Wild Draw cards."""
    ann = WD4_ANN[:-1] + ["WG"]
    g = wd4(ann)
    play(g, 1, "challenge")
    assert hand(g, 0) == sorted(ann[1:] + PENALTY[:4])  # Ann held a Wild: she draws 4
    assert hand(g, 1) == sorted(WD4_BO)
    assert (turn(g), deciding(g)) == (1, 1)


# ====================================================================== races, with bots


@pytest.mark.parametrize("bot_class", [RandomBot, GreedyBot])
def test_a_bot_decides_a_race_and_the_loser_draws_one(bot_class):
    """HOUSE RULES: "the last one to "moo!" must draw a card" -- with Bo a bot: the race's decision is
    Bo's (whose turn it is), the bot names one of the players as last, and that player draws 1."""
    g = ann_wrote()
    play(g, 1, "play G3")
    d = g.pending
    assert d.race == "moo" and d.player == 1
    sizes = [len(hand(g, s)) for s in range(3)]
    move = bot_class(5).choose(g.state.program, g.view(1), d)
    assert move.verb == "last" and move in d.options
    loser = move.arg
    g.apply(1, move)
    assert [len(hand(g, s)) - sizes[s] for s in range(3)] == [1 if s == loser else 0 for s in range(3)]
    assert "Y5" in hand(g, loser)
    assert events_of(g, "say")[-1].text == f"{NAMES[loser]} was the last to do it and draws 1"
    assert (turn(g), deciding(g)) == (2, 2)
    g.check_cards()


def test_in_a_game_of_bots_races_are_decided_without_a_person():
    """`rulelang run` with bots alone: rules from the bank are written, their races are run, and the last
    draws 1, with no person asked; the game ends."""
    proc = subprocess.run(rulelang_command() + ["run", "games/house.rules", "--humans", "0", "--players", "3",
                                                "--seed", "1", "--delay", "0"],
                          cwd=Path(__file__).resolve().parents[1], capture_output=True, text=True, timeout=30,
                          stdin=subprocess.DEVNULL)
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout
    assert "makes a house rule for" in out and "chooses write" not in out  # a written rule is told once
    assert "was the last to do it and draws 1" in out
    assert "Everyone:" not in out  # the timed race is for people; bots answer the decision directly
    assert "Game over:" in out.splitlines()[-1]


# ====================================================================== "go crazy"


def test_a_go_crazy_rule_makes_the_next_player_draw_two():
    """TIPS: "Feel free to do your own thing at your own risk! ... go crazy by making up your OWN House
    Rules and/or penalties!" -- a rule that is not a race: every 3 makes the next player draw 2."""
    g = ann_wrote(CRAZY)
    assert g.house_rules[3]["text"] == CRAZY
    assert hand(g, 1) == sorted(BO)  # not for the card that made it
    assert draw_size(g) == 112 - 21 - 1
    play(g, 1, "play G3")
    assert g.pending.race == ""
    assert hand(g, 2) == sorted(CY + ["Y5", "G9"])
    assert draw_pile(g)[:2] == ["G2", "R8"]
    # Drawing is not losing a turn: Cy plays next.
    assert (turn(g), deciding(g)) == (2, 2)
    assert options(g) == ["play G6", "play G7", "play G8", "play G9", "draw"]
    g.check_cards()


# ====================================================================== bots write rules from the bank


@pytest.mark.parametrize("seed", range(8))
def test_seeded_bot_games_write_rules_from_the_bank_and_end(seed):
    """Bots make up rules by taking one from the game's `examples` bank; every seeded game of bots ends
    with a winner, every card in one place after each move, and never more than 5 rules in play."""
    prog = program(HOUSE)
    players = 2 + seed % 4
    g = Game(prog, players, seed=seed)
    bots = [(GreedyBot if s % 2 else RandomBot)(seed * 10 + s) for s in range(players)]
    moves = 0
    while not g.over:
        d = g.pending
        move = bots[d.player].choose(g.state.program, g.view(d.player), d)
        if move.kind == "rule":
            assert move.arg in prog.examples
        g.apply(d.player, move)
        g.check_cards()
        assert len([k for k in g.house_rules if isinstance(k, int)]) <= 5
        moves += 1
        assert moves < 5000
    assert len(g.winners) == 1
    written = events_of(g, "house_rule")
    assert written, "no bot made up a rule"
    assert all(e.text in prog.examples for e in written)
    assert all(r["text"] in prog.examples for r in g.house_rules.values())


# ====================================================================== the table's `house` command


TABLE_RULE = "rule draw_one_more: when played(card) if card.kind == draw_one { move 1 from draw to hand(next) }"


def test_the_house_command_adds_a_rule_to_express_and_a_replay_reproduces_it():
    """The table agrees a rule (the `house` command) in UNO Express: a Draw One makes the next player draw
    one more.  The command is part of the record; a game rebuilt from the same seed and stack, replaying
    the record entry by entry, ends in the same state."""
    ann, bo = ["RD1", "R3", "B4", "Y6", "Y7"], ["B1", "B2", "G4", "G3", "Y1"]
    stack = deal_stack([ann, bo], "R5", ["B7", "G9", "G2", "G8"])
    g = Game(program("express"), ["Ann", "Bo"], seed=5, stack=stack)
    assert g.house_rules == {}
    g.house(1, TABLE_RULE)  # Bo proposes it; whose turn it is does not matter
    assert g.house_rules == {"draw_one_more": {"name": "draw_one_more", "text": TABLE_RULE, "author": 1,
                                               "table": True}}
    assert (turn(g), deciding(g)) == (0, 0)
    play(g, 0, "play RD1")
    assert hand(g, 1) == sorted(bo + ["B7", "G9"])  # the Draw One's card and the table's
    assert (turn(g), deciding(g)) == (0, 0)  # Bo still loses the turn
    assert g.record() == [(1, "house " + TABLE_RULE), (0, "play RD1")]

    again = Game(program("express"), ["Ann", "Bo"], seed=5, stack=stack)
    for seat, text in g.record():
        again.replay(seat, text)
    assert again.house_rules == g.house_rules
    assert [hand(again, s) for s in range(2)] == [hand(g, s) for s in range(2)]
    assert draw_pile(again) == draw_pile(g) and discard(again) == discard(g)
    assert (turn(again), deciding(again), options(again)) == (turn(g), deciding(g), options(g))
    assert again.events == g.events


def test_the_house_command_refuses_a_bad_rule_and_keeps_to_its_limit():
    """A rule the language cannot read is refused with its place and recorded nowhere; the table may add
    `house_limit` (5) rules."""
    g = Game(program("express"), ["Ann", "Bo"], seed=5)
    before = (g.record(), len(g.events), dict(g.house_rules))
    with pytest.raises(rulelang.RulesError) as caught:
        g.house(0, "rule x: when played(card) if card.kindd == draw_one { skip }")
    assert caught.value.message == "unknown attribute `kindd`"
    assert (caught.value.loc.line, caught.value.loc.column) == (1, 35)
    assert (g.record(), len(g.events), dict(g.house_rules)) == before
    for n in range(1, 6):
        g.house(0, f'rule r{n}: when played(card) if card.number == {n} {{ say "{n}" }}')
    assert len(g.house_rules) == program("express").house_limit == 5
    with pytest.raises(MoveError, match="this game allows 5 house rule"):
        g.house(0, 'rule r6: when played(card) if card.number == 6 { say "6" }')
    assert len(g.house_rules) == 5 and len(g.record()) == 5


# ====================================================================== Keeping Score

# Two players: Ann's Skips and Reverses (a Reverse acts as a Skip with two players) keep her turn.
RUN = ["RS", "RR", "GR", "GS", "BS"]
OPP = ["Y1", "Y2", "G9", "R0", "B1", "WG", "YD2"]  # 1 + 2 + 9 + 0 + 50 + 20 = 82 once B1 is played


def test_scoring_counts_the_game_changer_fifty_and_the_match_goes_to_500():
    """Keeping Score: "When a player wins a hand, they receive points based on the cards remaining in their
    opponent's hands ... Any Wild Card 50 Points - Wild, Wild Draw 4, Wild Game Changer ... When a player
    reaches 500 points, they are the winner."  Hand 1 is stacked; bots play the match out."""
    g = new_game(HOUSE, [RUN + ["B6", "B8"], OPP], "R5", ["Y7", "Y8"], match=True, names=["Ann", "Bo"])
    play(g, 0, *(f"play {c}" for c in RUN))
    play(g, 0, "play B6 uno")
    play(g, 1, "play B1")
    play(g, 0, "play B8")
    assert not g.over
    assert g.scores == [82, 0]
    assert [(e.hand, e.winners, e.scores) for e in events_of(g, "hand_over")] == [(1, [0], [82, 0])]
    assert g.state.hand_no == 2
    bots = [GreedyBot(3), RandomBot(4)]
    moves = 0
    while not g.over:
        d = g.pending
        g.apply(d.player, bots[d.player].choose(g.state.program, g.view(d.player), d))
        moves += 1
        assert moves < 20_000
    ends = events_of(g, "hand_over")
    assert len(ends) >= 2
    assert all(max(e.scores) < 500 for e in ends[:-1])
    assert max(ends[-1].scores) >= 500
    assert g.winners == [max(range(2), key=lambda s: g.scores[s])]
    g.check_cards()


def test_rules_made_up_stay_in_force_in_the_next_hand_of_a_match():
    """HOUSE RULES: "every time a card of that same number is played, the rule must be enacted" and "only a
    Wild Game Changer card can change an existing rule"; Keeping Score: "Keep a running tally ... from hand to
    hand".  The book does not say the rules end with a hand (the .rules file: they stay for the match).  Ann
    makes a rule for 3 and wins hand 1 with 90 points; in hand 2 the rule is still hers, and the first 3
    played sets it off."""
    ann = ["R3+", "RS", "RR", "GR", "GS", "BS", "B8"]
    g = new_game(HOUSE, [ann, OPP], "R5", ["Y7", "Y8"], match=True, names=["Ann", "Bo"])
    play(g, 0, "play R3+", "write " + say_rule("moo"))
    play(g, 1, "draw")  # Y7: it does not match the Red 3
    play(g, 0, "play RS", "play RR", "play GR", "play GS", "play BS uno", "play B8")
    assert [(e.hand, e.winners, e.scores) for e in events_of(g, "hand_over")] == [(1, [0], [90, 0])]
    assert (g.state.hand_no, g.scores) == (2, [90, 0])
    assert g.house_rules == {3: {"name": "house_3", "text": say_rule("moo"), "author": 0}}
    # Hand 2: every player plays a 3 as soon as one can be played, and otherwise draws (and keeps what
    # they draw unless it is a 3): nothing else is played, so nothing can change the rule first.
    start = len(g.events)
    while "house_3" not in [n for e in g.events[start:] if e.type == "rule" for n in e.names]:
        assert g.state.hand_no == 2 and not g.over
        threes = [o for o in options(g) if o.startswith("play ") and o.split()[1][1:2] == "3"]
        play(g, deciding(g), threes[0] if threes else "draw" if "draw" in options(g) else "keep")
    assert top(g)[1] == "3"
    assert events_of(g, "say")[-1].text == "moo 3"
    assert g.house_rules[3]["text"] == say_rule("moo") and len(events_of(g, "house_rule")) == 1


def test_an_icon_card_played_as_the_last_card_still_makes_a_rule_that_acts_in_the_next_hand():
    """HOUSE RULES: "When a Number Card with a "Add-a-Rule" icon is played, the player who played it gets to make up
    a rule" -- also when it is their last card ("When a player plays their final card, they win"): the rule is made
    before the hand ends, and it stays for the match (the .rules file).  Ann goes out on the Blue 3 +Rule, writes
    the rule for 3, wins the 82 points of Bo's hand, and hand 2 starts with the rule in force."""
    ann = RUN + ["B8", "B3+"]
    g = new_game(HOUSE, [ann, OPP], "R5", ["Y7", "Y8"], match=True, names=["Ann", "Bo"])
    play(g, 0, *(f"play {c}" for c in RUN), "play B8 uno")
    play(g, 1, "play B1")
    play(g, 0, "play B3+")
    assert hand(g, 0) == [] and not events_of(g, "hand_over")
    assert (deciding(g), g.pending.prompt) == (0, "make up a rule for every 3 played from now on")
    play(g, 0, "write " + say_rule("moo"))
    assert [(e.hand, e.winners, e.scores) for e in events_of(g, "hand_over")] == [(1, [0], [82, 0])]
    assert (g.state.hand_no, g.scores, turn(g)) == (2, [82, 0], 1)
    assert g.house_rules == {3: {"name": "house_3", "text": say_rule("moo"), "author": 0}}


def test_a_race_set_off_by_the_last_card_is_run_and_the_card_the_last_one_draws_scores():
    """MAKING UP HOUSE RULES: "The last player to "do" the action of the rule must draw 1 card" -- also when the
    card that sets the rule off is the winner's last: the race is run before the hand ends, Bo is named last and
    draws 1, and Keeping Score counts it ("the cards remaining in their opponent's hands")."""
    ann = ["R3+"] + RUN + ["B3"]
    g = new_game(HOUSE, [ann, OPP], "R5", ["Y7", "Y8"], names=["Ann", "Bo"])
    play(g, 0, "play R3+", "write " + MOO)
    play(g, 1, "draw")  # Y7: no match for the Red 3
    play(g, 0, *(f"play {c}" for c in RUN[:-1]), f"play {RUN[-1]} uno")
    play(g, 0, "play B3")
    assert hand(g, 0) == [] and not g.over
    assert (deciding(g), g.pending.race, options(g)) == (0, "moo", ["last Ann", "last Bo"])
    play(g, 0, "last Bo")
    assert events_of(g, "say")[-1].text == "Bo was the last to do it and draws 1"
    assert g.over and g.winners == [0]
    assert hand(g, 1) == sorted(OPP + ["Y7", "Y8"])
    assert g.scores == [83 + 7 + 8, 0]


def test_a_game_changer_played_as_the_last_card_may_still_change_a_rule_for_the_next_hand():
    """WILD GAME CHANGER as the last card: "you may change any House Rule already in play" -- the change is made
    before the hand ends (the rules stay for the match), but no colour is named: "When a player plays their final
    card, they win", and play does not go on (as a last Wild).  Ann's rule for 3 is replaced; she wins Bo's 83 and
    the Yellow 7 he drew; hand 2 starts with the new rule."""
    ann = ["R3+"] + RUN + ["WG"]
    g = new_game(HOUSE, [ann, OPP], "R5", ["Y7", "Y8"], match=True, names=["Ann", "Bo"])
    play(g, 0, "play R3+", "write " + say_rule("moo"))
    play(g, 1, "draw")  # Y7: no match for the Red 3
    play(g, 0, *(f"play {c}" for c in RUN[:-1]), f"play {RUN[-1]} uno", "play WG")
    assert hand(g, 0) == [] and not events_of(g, "hand_over")
    assert (deciding(g), options(g)) == (0, ["change 3", "keep"])
    play(g, 0, "change 3", "write " + say_rule("baa"))
    assert not [e for e in events_of(g, "choice") if e.verb == "colour"]
    assert [(e.hand, e.winners, e.scores) for e in events_of(g, "hand_over")] == [(1, [0], [83 + 7, 0])]
    assert (g.state.hand_no, g.scores) == (2, [90, 0])
    assert g.house_rules == {3: {"name": "house_3", "text": say_rule("baa"), "author": 0}}


# ====================================================================== bugs found


def test_the_same_bank_rule_for_two_numbers_keeps_both():
    """"only a Wild Game Changer card can change an existing rule" -- a rule for 5 that happens to carry
    the name of the rule for 3 must not take the rule for 3 away."""
    named = "rule moo: " + MOO
    g = new_game(HOUSE, [GC_ANN, GC_BO], "R2", GC_DRAW, names=["Ann", "Bo"])
    play(g, 0, "play R3+", "write " + named)
    play(g, 1, "play R5+", "write " + named)
    assert sorted(g.house_rules) == [3, 5]
    play(g, 0, "draw")  # Y5: playable on a red 5 by number
    play(g, 0, "keep")
    play(g, 1, "play G5")
    assert g.pending.race == "moo"  # the rule for 5
    play(g, 1, "last Ann")
    play(g, 0, "play G3")
    assert g.pending.race == "moo"  # and the rule for 3


def test_a_house_rule_named_like_a_game_rule_does_not_replace_it():
    g = new_game(HOUSE, [ANN[:-1] + ["W"], BO, CY], "R5", DRAW, names=NAMES)
    play(g, 0, "play R3+", "write rule wild: " + MOO)
    assert list(g.house_rules) == [3]
    play(g, 1, "draw")
    if deciding(g) == 1:
        play(g, 1, "keep")
    play(g, 2, "draw")
    if deciding(g) == 2:
        play(g, 2, "keep")
    play(g, 0, "play W")
    assert g.pending.prompt == "choose the colour that continues play"


BROKEN = ("rule broken: when turn_ends(player) if size(discard) > 12 "
          "{ move size(discard) / (size(discard) - size(discard)) from draw to hand(player) }")


@pytest.mark.parametrize("checked", [True, False])
def test_a_rule_written_in_play_that_fails_is_dropped_and_the_move_made_without_it(checked):
    """The move is made again without the rule, from the state before it: checked moves keep a snapshot of each
    move, bots' unchecked moves a snapshot every few moves and the moves since.  Both give the same game."""
    def play(checked):
        g = Game(rulelang.load(HOUSE), 4, seed=5)
        g.house(0, BROKEN)
        bots = [RandomBot(i) for i in range(4)]
        for _ in range(300):
            if g.over:
                break
            d = g.pending
            g.apply(d.player, bots[d.player].choose(g.program, None, d), checked=checked)
            g.check_cards()
        return g

    g, reference = play(checked), play(True)
    dropped = [e for e in g.events if e.type == "house_rule_dropped"]
    assert [e.name for e in dropped] == ["broken"]
    assert dropped[0].reason == "a rule failed in `broken`: division by zero"
    assert "broken" not in g.house_rules
    assert g.record() == reference.record() and g.events == reference.events


def test_a_rule_written_in_play_that_fails_is_dropped_when_bots_play_by_themselves():
    """With rules written in play in force, bots playing by themselves (`play_bots`) are still asked where each
    decision is made: the move that fails may be one a bot made at a decision another move's run came to, the last
    of the moves kept since the checkpoint.  It is made again without the rule, as the host's loop makes it."""
    from interpreter.seat import play_bots

    def play(by_themselves):
        g = Game(rulelang.load(HOUSE), 4, seed=5, record=False)
        g.house(0, BROKEN)
        said = []

        class Told(RandomBot):
            def move(self, game, seat, d):
                mv = super().move(game, seat, d)
                said.append((seat, len(d.options), mv.text, sorted(mv.calls)))
                return mv

        bots = [Told(i) for i in range(4)]
        if by_themselves:
            play_bots(g, bots, 300)
        while not g.over and g.turns < 300:
            d = g.pending
            g.apply(d.player, bots[d.player].move(g, d.player, d), checked=False)
        g.check_cards()
        return g, said

    (g, said), (reference, reference_said) = play(True), play(False)
    assert "broken" not in g.house_rules and len(said) > 100
    assert said == reference_said
    assert (g.turns, g.over, g.winners, g.stats) == (reference.turns, reference.over, reference.winners, reference.stats)


# ====================================================================== at the command line (issue 14)
#
# Played through `rulelang run games/house.rules` with both seats people, a stacked deck and the moves
# typed on standard input (helpers.run_cli); the result is read from the screen, the log and the game
# rebuilt from the save file.

THREE, FIVE = say_rule("three"), say_rule("five")


def test_cli_the_game_changer_may_keep_every_rule_and_is_then_a_plain_wild(tmp_path):
    """WILD GAME CHANGER: "When you play this wild card, you MAY change any House Rule already in play" --
    Ann keeps them: the rules for 3 and 5 stay as they were and act as before, and the card only names the
    colour ("This is also a Wild Card so you choose the color that continues play")."""
    moves = ["play R3+", "write " + THREE, "play R5+", "write " + FIVE,
             "play WG", "keep", "colour green", "play G5", "play G3"]
    run = run_cli(tmp_path, HOUSE, deal_stack([GC_ANN, GC_BO], "R2", GC_DRAW), moves, ["Ann", "Bo"])
    assert run.status == 3, run.err  # the input ends at Bo's turn
    assert "✗" not in run.out
    assert "Moves: change 3 / 5 · keep" in run.out
    g = run.game
    assert g.house_rules == {3: {"name": "house_3", "text": THREE, "author": 0},
                             5: {"name": "house_5", "text": FIVE, "author": 1}}
    assert [e["key"] for e in run.said("house_rule")] == [3, 5]  # nothing replaced
    assert [e["text"] for e in run.said("say")][-2:] == ["five 5", "three 3"]
    assert discard(g) == ["R2", "R3+", "R5+", "WG", "G5", "G3"]
    assert hand(g, 0) == sorted(["Y6", "Y7", "Y8", "B2"])
    assert (turn(g), deciding(g)) == (1, 1)


def test_cli_a_table_rule_cannot_take_the_name_of_an_add_a_rule_rule(tmp_path):
    """HOUSE RULES: "only a Wild Game Changer card ... can change an existing rule" -- so the table's `house`
    command cannot replace Ann's rule for 3 by naming its rule `house_3`: it is refused, and `rules` shows
    the one rule that fires.  A 3 then sets off Ann's rule and nothing else."""
    table = 'house rule house_3: when played(card) if card.number == 3 { say "table" }'
    moves = ["play R3+", "write " + THREE, table, "y", "rules", "draw", "play G3"]
    run = run_cli(tmp_path, HOUSE, deal_stack([GC_ANN, ["G5", "R5+", "B4", "G4", "Y1", "Y2", "B8"]], "R2",
                                              ["Y5"] + GC_DRAW[1:]), moves, ["Ann", "Bo"])
    assert "✗ `house_3` is the rule made in play for 3; only the game can change it: give the table's rule " \
           "another name" in run.out
    shown = run.out.split("House rules in force:")[1].split("Bo>")[0]
    assert "  house_3 (for 3, by Ann):" in shown and "table" not in shown
    g = run.game
    assert g.house_rules == {3: {"name": "house_3", "text": THREE, "author": 0}}
    assert [e["text"] for e in run.said("say")] == ["three 3"]
    assert [r.name for r in g.state.program.rules["played"] if r.name.startswith("house")] == ["house_3"]


def test_cli_a_rule_made_for_a_number_never_replaces_a_table_rule_of_its_name(tmp_path):
    """The other way round: the table named a rule `house_5` before any rule for 5 was made; Bo's Add-a-Rule
    5 then makes the rule for 5, which takes the next free name, `house_5_2`, rather than replace the
    table's.  `rules` lists both, and both fire."""
    table = 'house rule house_5: when played(card) if card.number == 5 { say "table five" }'
    moves = [table, "y", "draw", "play R5+", "write " + FIVE, "rules", "play Y5"]
    run = run_cli(tmp_path, HOUSE, deal_stack([GC_ANN, GC_BO], "R2", GC_DRAW), moves, ["Ann", "Bo"])
    assert "✗" not in run.out
    shown = run.out.split("House rules in force:")[1]
    assert "  house_5 (table rule, by Ann, agreed by the table):" in shown
    assert "  house_5_2 (for 5, by Bo):" in shown
    g = run.game
    assert g.house_rules == {"house_5": {"name": "house_5", "text": table[len("house "):], "author": 0, "table": True},
                             5: {"name": "house_5_2", "text": FIVE, "author": 1}}
    # Bo's own Red 5 sets off only the table's rule; Ann's Yellow 5 (drawn at first) both.
    assert [e["text"] for e in run.said("say")] == ["table five", "table five", "five 5"]
    assert sorted(r.name for r in g.state.program.rules["played"] if r.name.startswith("house")) == \
        ["house_5", "house_5_2"]


FIRE_IN_A_RULE = Path(__file__).parent / "rules" / "fire_in_a_rule.rules"


@pytest.mark.parametrize("table_rule, race", [
    ('rule clap: when bonus(player) { race "clap" }', "clap"),  # for the event the file's rule fires
    ('rule one: when played(card) if card.rank == 1 { say "one" }', ""),  # for the event that fires the file's rule
])
def test_a_rule_written_for_an_event_fired_by_a_rule_of_the_file_runs_when_that_rule_fires_it(table_rule, race):
    """`six` (a rule of the file) fires `bonus` when a 6 is played, and `counted` counts it.  A rule the table
    adds for `bonus` that asks everyone (a race) runs after `counted` when the 6 is played, and the table is
    asked; one added for `played` leaves `six` and `counted` as they were.  A 2 played first fires no bonus."""
    g = Game(rulelang.load(FIRE_IN_A_RULE), ["Ann", "Bo"], seed=1, stack=["2", "1", "6", "3", "4", "5"])
    g.house(0, table_rule)
    play(g, 0, "play 2")
    play(g, 1, "play 1")
    assert g.state.vars["bonuses"] == 0
    play(g, 0, "play 6")
    assert g.state.vars["bonuses"] == 1
    assert g.pending.race == race
    assert g.pending.player == (0 if race else 1)
