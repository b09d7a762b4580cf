"""Hidden information, a second look (lane hx4): what picks a card or a zone is read as much as the card is.

A card or a zone a `where` reads was taken as its value alone: where it lies says who sees it.  But which card or
zone it is may be picked by cards the chooser does not see: `[c for c in (if top(hand(next)).rank > 3 then a else b)
if knows(current, c)]` reads two public piles, one of them picked by the next player's hidden card, and `nth(a,
top(hand(next)).rank)` a public card picked by it.  The moves offered told the chooser of it (the option came or
not with the next player's card), and a number read of such a card was shown to all.  Now what picks it is read too
(`Statements.picks`): the `where` is refused when the decision comes, at the `where`, and the number is hidden.
So is a name given such a card (`let k = nth(b, top(hand(next)).rank)`, or `set pick = top(b)` in an `if` whose test
read P2's hand; passed to a procedure or an event's rules): the card's name told which way it was picked, to every
seat and in the log; it is "(hidden)" now where a number worked out so would be.

A two-player game: seat 0 (P1) is dealt the first card of the stack, seat 1 (P2) the second; pile `a` takes the
next card, pile `b` the two after, every card face up; hands are private."""
from __future__ import annotations

import pytest

import rulelang
from helpers import options
from interpreter import Game
from interpreter.errors import RuntimeRulesError

BASE = '''game "Picked"
players 2..2
attribute rank 1..6
name cards by rank
deck stock { for r in 1..6 { card {rank: r} } }
zone stock hidden
zone hand private per player
zone a public show all
zone b public show all
var pick = none
define high() = if top(hand(next)).rank > 3 then a else b
setup { shuffle stock  deal 1 from stock to hand  move 1 from stock to a  move 2 from stock to b }
turn {
  BODY
  choose current {
    go where WHERE "go" { win current }
    stop "stop" { win next }
  }
}
'''


def game(where: str, next_card: str, body: str = "") -> Game:
    """P1 holds 1, P2 `next_card`; a: 2 or 5 (whichever P2 does not hold), b: 3 4."""
    pile = "5" if next_card == "2" else "2"
    rules = rulelang.load_text(BASE.replace("WHERE", where).replace("BODY", body))
    return Game(rules, 2, seed=1, stack=["1", next_card, pile, "3", "4"])


@pytest.mark.parametrize("where", [
    # the zone a comprehension over the chooser's known cards reads, picked by P2's card
    "size([c for c in (if top(hand(next)).rank > 3 then a else b) if knows(current, c)]) == 1",
    "size([c for c in high() if knows(current, c)]) == 1",           # picked in a function
    "count(c for c in high() if knows(current, c)) == 1",            # an aggregate
    "size([c for c in high()]) == 1",                                 # no `knows` at all
    "size(high()) == 1",                                             # the zone alone
    "top(if top(hand(next)).rank > 3 then a else b).rank == 2",      # its top card
    "nth(b, top(hand(next)).rank - 1).rank == 3",                    # a public card picked by a hidden number
])
@pytest.mark.parametrize("next_card", ["2", "6"])
def test_a_where_reading_a_card_or_zone_picked_by_a_hidden_card_is_refused(where, next_card):
    """Before, `go` was offered to P1 when P2 held 6 and not when it held 2 (or the other way round)."""
    with pytest.raises(RuntimeRulesError, match=r"option `go`: its `where` reads cards that P1 may not see"):
        game(where, next_card)


@pytest.mark.parametrize("where, offered", [
    ("size([c for c in a if knows(current, c)]) == 1", ["go", "stop"]),   # the chooser's known cards of a public pile
    ("size([c for c in hand(current) if knows(current, c)]) == 1", ["go", "stop"]),
    ("top(if size(hand(next)) > 3 then a else b).rank == 3", ["stop"]),   # picked by a count: public
    ("nth(b, size(hand(next))).rank == 3", ["go", "stop"]),
    ("top(hand(current)).rank == 1", ["go", "stop"]),                     # its own card
])
def test_a_where_reading_a_card_or_zone_picked_in_view_is_offered(where, offered):
    for next_card in ("2", "6"):
        assert options(game(where, next_card)) == offered


@pytest.mark.parametrize("next_card", ["2", "6"])
def test_a_number_read_of_a_card_picked_by_a_hidden_card_is_hidden(next_card):
    """`let n = nth(b, top(hand(next)).rank - 1).rank` is b's 3 when P2 holds 2, b's 4 when it holds 6: told to P1
    and in the log, it told P2's card; now it reads "(hidden)" to them and its number to P2 alone."""
    body = 'let n = nth(b, if top(hand(next)).rank > 3 then 2 else 1).rank\n  say "the number is {n}"'
    g = game("true", next_card, body)
    said = [ev for ev in g.events if ev.__class__.__name__ == "SayEvent"]
    assert len(said) == 1
    told = {seat: g.narrate(said[0], seat) for seat in (0, 1, None)}
    number = "4" if next_card == "6" else "3"
    assert told == {0: "the number is (hidden)", 1: f"the number is {number}", None: "the number is (hidden)"}


@pytest.mark.parametrize("next_card", ["2", "6"])
@pytest.mark.parametrize("body", [
    'let k = nth(b, if top(hand(next)).rank > 3 then 2 else 1)\n  say "the card is {k}, {k.rank}"',
    'let k = if top(hand(next)).rank > 3 then top(b) else bottom(b)\n  say "the card is {k}, {k.rank}"',
    'let k = max(c for c in b if c.rank <= top(hand(next)).rank + 1 by c.rank)\n  say "the card is {k}, {k.rank}"',
])
def test_a_card_in_view_picked_by_a_hidden_card_is_hidden_as_the_number_is(body, next_card):
    """A card of a public pile named by a text is told by name to every seat that sees it where it lies: but which
    card a name holds tells what picked it (b's 4 when P2 holds 6, b's 3 when it holds 2).  It reads "(hidden)" to
    P1 and the table now, as a number worked out so does, and to P2, who holds the card that picked it, by name."""
    g = game("true", next_card, body)
    said = [ev for ev in g.events if ev.__class__.__name__ == "SayEvent"]
    card = "4" if next_card == "6" else "3"
    told = {seat: g.narrate(said[0], seat) for seat in (0, 1, None)}
    assert told == {0: "the card is (hidden), (hidden rank)", 1: f"the card is {card}, {card}",
                    None: "the card is (hidden), (hidden rank)"}


@pytest.mark.parametrize("next_card", ["2", "6"])
def test_a_where_reading_a_card_name_picked_by_a_hidden_card_is_refused(next_card):
    body = "let k = nth(b, if top(hand(next)).rank > 3 then 2 else 1)"
    with pytest.raises(RuntimeRulesError, match=r"option `go`: its `where` reads `k`, a value worked out from cards "
                                                 r"that P1 could not see"):
        game("k.rank == 3", next_card, body)


@pytest.mark.parametrize("body, told", [
    ('let k = top(b)\n  say "the card is {k}, {k.rank}"', "the card is 4, 4"),               # in view
    ('let k = top(hand(current))\n  say "the card is {k}, {k.rank}"', "the card is 1, 1"),   # its own
    ('let k = nth(b, size(hand(next)))\n  say "the card is {k}, {k.rank}"', "the card is 3, 3"),  # by a count
])
def test_a_card_in_view_picked_in_view_is_told(body, told):
    g = game("true", "2", body)
    said = [ev for ev in g.events if ev.__class__.__name__ == "SayEvent"]
    assert g.narrate(said[0], 0) == told


@pytest.mark.parametrize("next_card", ["2", "6"])
def test_a_list_of_cards_picked_by_a_hidden_card_is_none_in_the_view_though_some_of_its_cards_are_hidden(next_card):
    """A variable's value worked out from cards a seat could not see is None in its view (docs §11); a list of cards
    holding one the seat may not see was shown masked instead (`[None, 4]` against `[3]`: which list it is tells
    what P2 holds), as the view compared the masked value with the one marked."""
    g = game("true", next_card, "set pick = if top(hand(next)).rank > 3 then [top(stock), top(b)] else [bottom(b)]")
    assert g.view(0)["vars"]["pick"] is None
    assert g.view(1)["vars"]["pick"] == ([None, g.state.vars["pick"][1]] if next_card == "6" else g.state.vars["pick"])


@pytest.mark.parametrize("next_card", ["2", "6"])
def test_a_list_of_anothers_cards_kept_by_a_test_of_their_faces_is_none_in_the_view(next_card):
    """`set pick = [c for c in hand(next) if c.rank > 3]`: P1's view showed `[None]` when P2 holds a card above 3 and
    `[]` when not (and a text naming it, "a card" or nothing): how many pass tells of P2's hand.  The same test made
    an option's list is refused (tests/test_hidden_offers.py); a value's list is now worked out from the cards it
    tests (`Statements.picks`): None in P1's view, as it is in P2's."""
    g = game("true", next_card, "set pick = [c for c in hand(next) if c.rank > 3]")
    assert g.view(0)["vars"]["pick"] is None
    assert g.view(1)["vars"]["pick"] == g.state.vars["pick"] == ([] if next_card == "2" else g.state.zones[1][1])


@pytest.mark.parametrize("body", [
    "set pick = [c for c in b if c.rank > 3]",                  # a public pile's cards, kept by their faces
    "set pick = [c for c in hand(next)]",                        # all of another's cards: how many is public
])
def test_a_list_kept_by_what_the_seat_sees_is_shown(body):
    """Not over-reaching: the cards of a public pile kept by a test of their faces are shown as they are; all the
    cards of another's hand are shown masked (how many they are is in view)."""
    g = game("true", "6", body)
    shown = g.view(0)["vars"]["pick"]
    assert shown is not None and len(shown) == len(g.state.vars["pick"]) > 0


@pytest.mark.parametrize("next_card", ["2", "6"])
@pytest.mark.parametrize("body", [
    "if top(hand(next)).rank > 3 { set pick = top(b) } else { set pick = bottom(b) }",
    "set pick = bottom(b)\n  if top(hand(next)).rank > 3 { set pick = top(b) }",
    "for c in b { if c.rank == top(hand(next)).rank - 2 or c.rank == 3 { set pick = c } }",
])
def test_a_card_set_in_a_branch_whose_test_read_a_hidden_card_is_hidden_as_a_number_is(body, next_card):
    """`if top(hand(next)).rank > 3 { set pick = top(b) } ...`: which card `pick` holds tells which way the test went,
    as a number set there would (docs §11): "(hidden)" to P1, to the table and in P1's view; P2 is told it."""
    g = game("true", next_card, body + '\n  say "the card is {pick}"')
    said = [ev for ev in g.events if ev.__class__.__name__ == "SayEvent"]
    card = "4" if next_card == "6" else "3"
    told = {seat: g.narrate(said[0], seat) for seat in (0, 1, None)}
    assert told == {0: "the card is (hidden)", 1: f"the card is {card}", None: "the card is (hidden)"}
    shown = {seat: g.view(seat)["vars"]["pick"] for seat in (0, 1)}
    assert shown[0] is None and g.program.cards[shown[1]].short == card


@pytest.mark.parametrize("next_card", ["2", "6"])
@pytest.mark.parametrize("decl, body", [
    ('define tell(card) { say "the card is {card}" }', "tell(nth(b, if top(hand(next)).rank > 3 then 2 else 1))"),
    ('event shown(card)\nrule told: when shown(card) { say "the card is {card}" }',
     "fire shown(nth(b, if top(hand(next)).rank > 3 then 2 else 1))"),
])
def test_a_card_picked_by_a_hidden_card_given_to_a_procedure_or_a_rule_stays_hidden_there(decl, body, next_card):
    rules = BASE.replace("define high()", decl + "\ndefine high()").replace("BODY", body).replace("WHERE", "true")
    pile = "5" if next_card == "2" else "2"
    g = Game(rulelang.load_text(rules), 2, seed=1, stack=["1", next_card, pile, "3", "4"])
    said = [ev for ev in g.events if ev.__class__.__name__ == "SayEvent"]
    card = "4" if next_card == "6" else "3"
    assert {seat: g.narrate(said[0], seat) for seat in (0, 1)} == {0: "the card is (hidden)", 1: f"the card is {card}"}


# ------------------------------------------------------------------ a failure tells no value it met

@pytest.mark.parametrize("rule, why", [
    ("let p = size(1..(top(hand(next)).number * 100000 + 7))", "a range of numbers (`a..b`) has more than 100000 numbers"),
    ("let p = pos(top(hand(next)))",
     "`position` takes a value of an ordered attribute (`position(c.rank)`), not a card or a number"),
    ("let p = pos(top(hand(next)).number)",
     "`position` takes a value of an ordered attribute (`position(c.rank)`), not a card or a number"),
    ("let p = pos(top(hand(next)).colour)",
     "`position` takes a value of an ordered attribute (`position(c.rank)`), not a value of an attribute with no order"),
    ("move 0 - top(hand(next)).number from draw to discard",
     "cannot move cards from the draw pile: a count of cards cannot be negative"),
    ("deal 0 - top(hand(next)).number from draw to hand", "cannot deal cards to each player: a count of cards cannot "
                                                          "be negative"),
])
def test_a_house_rule_that_fails_on_a_hidden_card_does_not_tell_its_value(rule, why):
    """UNO Express, seed 5: Bo holds Red 2 on top.  A house rule that fails on it was dropped with a message that
    named what it met: "`1..200007` has more than 100000 numbers" (Bo's 2), "not a card (Red 2)", "the number 2"
    (read as card 2: "not a card (Red 3)"), "cannot move -2 cards", told to the whole table.  The failure is told (the table's rules change), the value is not."""
    import rulelang as rl

    from helpers import GAMES

    prog = rl.load_text((GAMES / "express.rules").read_text() + "\ndefine pos(x) = position(x)\n")
    g = Game(prog, ["Ann", "Bo"], seed=5)
    bo = [g.program.cards[c].name for c in g.state.zones[[z.name for z in prog.zones].index("hand")][1]]
    assert bo[-1] == "Red 2"
    g.house(0, f"when played(card) {{ {rule} }}")
    g.seat(0).act("play GS")
    told = [line for ev in g.events for line in [str(g.narrate(ev, 0))] if "is dropped" in line]
    assert [line.split("\n")[0] for line in told] == [
        f"the house rule `table_rule_1` failed at line 1, column 21 of its text ({why}) and is dropped"]


@pytest.mark.parametrize("decl, rule, why", [
    ("define gone(x) { out x }", "gone(top(hand(next)).number + 5)", "`out` needs a player, and was given something else"),
    ("define gone(x) { lose x }", "gone(top(hand(next)).number + 5)", "`lose` needs a player, and was given something "
                                                                      "else"),
    # (pr7) 'needs a player, and was given 7', 'was given True', "was given 'red'", 'cannot put cards under -8
    # cards', 'there is no heap(7)': said while a rule written in play runs without the value
    ("define give(x) { move 1 from draw to hand(x) }", "give(top(hand(next)).number + 5)",
     "`hand(...)` needs a player, and was given something else"),
    ("define give(x) { move 1 from draw to hand(x) }", "give(top(hand(next)).colour)",
     "`hand(...)` needs a player, and was given something else"),
    ("define give(x) { move top(draw) to discard under x }", "give(top(hand(next)).number == 2)",
     "`under` takes a number of cards, and was given something else"),
    ("define give(x) { move top(draw) to discard under x }", "give(top(hand(next)).number - 10)",
     "cannot put cards under a negative number of cards of the discard pile"),
    ("zone heap 1..3 public\ndefine give(x) { move 1 from draw to heap(x) }", "give(top(hand(next)).number + 5)",
     "there is no such heap: the heaps are heap(1) to heap(3)"),
])
def test_a_house_rule_that_fails_so_does_not_tell_its_value_either(decl, rule, why):
    """`out` given a number worked out from Bo's 2 (through a parameter the checker cannot type) said "was given 7";
    so did `hand(...)`, `under` and a numbered zone (pr7)."""
    import rulelang as rl

    from helpers import GAMES

    prog = rl.load_text((GAMES / "express.rules").read_text() + "\n" + decl + "\n")
    g = Game(prog, ["Ann", "Bo"], seed=5)
    g.house(0, f"when played(card) {{ {rule} }}")
    g.seat(0).act("play GS")
    told = [line.split("\n")[0] for ev in g.events for line in [str(g.narrate(ev, 0))] if "is dropped" in line]
    assert told == [f"the house rule `table_rule_1` failed ({why}) and is dropped"]


def game_written(seat: int, text: str):
    """UNO Express, seed 5, Ann and Bo, with a rule `seat` wrote as the game asks (House Rules' Add-a-Rule `write`,
    which nobody else agrees to): put in force as the game's `add` puts it (`add_house_rule`), under key `added`."""
    import rulelang as rl
    from interpreter.machine import add_house_rule

    from helpers import GAMES

    g = Game(rl.load_text((GAMES / "express.rules").read_text()), ["Ann", "Bo"], seed=5)
    add_house_rule(g.st, text, "added", seat)
    return g


def test_a_house_rule_branching_on_a_hidden_card_does_not_tell_its_author_which_way():
    """hx6, UNO Express, seed 5: Bo's top card is Red 2, which Ann does not see.  Ann's rule `if
    top(hand(next)).number == 2 { say "two" }` told her "two" when she played.  A rule a seat writes in play that
    nobody else agreed to may test only what its author sees: it fails at its test, whatever the card (is dropped,
    and the move is made again without it)."""
    g = game_written(0, 'when played(card) { if top(hand(next)).number == 2 { say "two" } }')
    g.seat(0).act("play GS")
    told = [str(g.narrate(ev, 0)) for ev in g.events]
    assert "two" not in told
    assert [line.split("\n")[0] for line in told if "is dropped" in line] == [
        "the house rule `added` failed at line 1, column 21 of its text (it tests cards Ann, who wrote it, "
        "may not see: a rule written in play may test only what its author sees) and is dropped"]


def test_a_rule_the_table_agreed_to_may_test_any_card():
    """The same rule agreed to by the table (`house`: everyone read it first) runs as the game's own rules do: Bo's
    Red 2 is tested, and all are told "two" (a UNO house rule such as "a drawn card that can be played must be"
    tests a hand its author does not see)."""
    import rulelang as rl

    from helpers import GAMES

    g = Game(rl.load_text((GAMES / "express.rules").read_text()), ["Ann", "Bo"], seed=5)
    g.house(0, 'when played(card) { if top(hand(next)).number == 2 { say "two" } }')
    g.seat(0).act("play GS")
    told = [str(g.narrate(ev, 1)) for ev in g.events]
    assert "two" in told and not [line for line in told if "is dropped" in line]


@pytest.mark.parametrize("rule", [
    'when played(card) if top(hand(next)).number == 2 { say "two" }',                # its condition
    'when played(card) { let n = count(c for c in hand(next) if c.number == 2)  while n > 0 { say "two"  set n = 0 } }',
    'when played(card) { for c in hand(next) { if c.number == 2 { say "two" } } }',  # a card of the hand, by name
])
def test_a_house_rule_testing_a_hidden_card_otherwise_fails_too(rule):
    """The same test made in the rule's condition, by a `while` reading a count of Bo's cards, or of each card of Bo's
    hand in turn: the rule fails, and tells nothing."""
    g = game_written(0, rule)
    g.seat(0).act("play GS")
    told = [str(g.narrate(ev, 0)) for ev in g.events]
    assert "two" not in told and len([line for line in told if "is dropped" in line]) == 1


@pytest.mark.parametrize("rule, said", [
    ('when played(card) if card.kind == skip { say "five" }', True),                # the card played, face up
    ('when played(card) { if size(hand(next)) == 5 { say "five" } }', True),        # how many cards: public
    ('when played(card) { if any(c.number == 4 for c in hand(current)) { say "five" } }', True),  # Ann's own hand
    ('when played(card) { if any(c.number == 9 for c in hand(current)) { say "five" } }', False),
])
def test_a_house_rule_testing_what_its_author_sees_runs(rule, said):
    """Not over-reaching: a rule testing the card played, a count of Bo's cards, or its author's own hand runs (Ann
    plays Green Skip and keeps Blue 4; Bo holds five cards)."""
    g = game_written(0, rule)
    g.seat(0).act("play GS")
    told = [str(g.narrate(ev, 0)) for ev in g.events]
    assert not [line for line in told if "is dropped" in line]
    assert ("five" in told) == said


def game_written_with(decl: str, seat: int, text: str):
    """`game_written` with the file's own `decl` added (a procedure the rule calls)."""
    import rulelang as rl
    from interpreter.machine import add_house_rule

    from helpers import GAMES

    g = Game(rl.load_text((GAMES / "express.rules").read_text() + "\n" + decl + "\n"), ["Ann", "Bo"], seed=5)
    add_house_rule(g.st, text, "added", seat)
    return g


TELLS = '''define tell_two(p) { if top(hand(p)).number == 2 { say "two" } }
define ask_two(p) { if top(hand(p)).number == 2 { choose current { ok "say two" { say "two" } } } }
define tell_four() { while any(c.number == 4 for c in hand(current)) and size(discard) < 0 { say "never" }
                     if any(c.number == 4 for c in hand(current)) { say "four" } }'''


def test_a_house_rule_calling_a_procedure_that_tests_a_hidden_card_fails_too():
    """Ann's rule `tell_two(next)`, the file's `define tell_two(p) { if top(hand(p)).number == 2 { say "two" } }`:
    the `if` inside the procedure tested Bo's Red 2 for her and told her "two" (only a rule's own `if`s were looked
    at).  It fails at the procedure's test, whatever the card; the same procedure run by the table's agreed rule,
    and a procedure testing only Ann's own hand (`tell_four`), run."""
    g = game_written_with(TELLS, 0, "when played(card) { tell_two(next) }")
    g.seat(0).act("play GS")
    told = [str(g.narrate(ev, 0)) for ev in g.events]
    assert "two" not in told
    assert [line.split("\n")[0] for line in told if "is dropped" in line] == [
        "the house rule `added` failed (it tests cards Ann, who wrote it, may not see: a rule written in play may "
        "test only what its author sees) and is dropped"]
    g = game_written_with(TELLS, 0, "when played(card) { ask_two(next) }")  # (one run on the machine's frames)
    g.seat(0).act("play GS")
    told = [str(g.narrate(ev, 0)) for ev in g.events]
    assert "two" not in told and len([line for line in told if "is dropped" in line]) == 1
    assert g.pending.player == 0 and "ok" not in [o.verb for o in g.pending.options]  # (the Skip: Ann again)
    g = game_written_with(TELLS, 0, "when played(card) { tell_four() }")
    g.seat(0).act("play GS")
    told = [str(g.narrate(ev, 0)) for ev in g.events]
    assert "four" in told and not [line for line in told if "is dropped" in line]
    import rulelang as rl

    from helpers import GAMES
    g = Game(rl.load_text((GAMES / "express.rules").read_text() + "\n" + TELLS + "\n"), ["Ann", "Bo"], seed=5)
    g.house(0, "when played(card) { tell_two(next) }")
    g.seat(0).act("play GS")
    told = [str(g.narrate(ev, 1)) for ev in g.events]
    assert "two" in told and not [line for line in told if "is dropped" in line]
