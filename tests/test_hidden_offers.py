"""The moves a decision offers tell its chooser what they are drawn from: an option's list of values (or numbers) may
not be worked out from cards the chooser cannot see, as its `where` may not read them (docs/language.md §7).  Before,
`guess x in [c.r for c in h(next)]` offered `guess 4` where the next player held a 4: the chooser read another's
hidden hand in its list of moves.  Refused when the decision comes, with the option named, as a `where` is.

A three-player game: the stack deals seat 0 "1", seat 1 (next) the second card of the stack, seat 2 "3"; each hand is
private to its holder."""
from __future__ import annotations

import re

import pytest

import rulelang
from helpers import new_game
from interpreter import Game

BASE = """game "Offers"
players 3..3
attribute r 1..5
deck d { for n in 1..5 { card {r: n} } }
zone d hidden
zone h private per player
var said = none
setup { shuffle d  deal 1 from d to h }
turn {
  choose current {
    tell "tell" {
      let n = top(h(next)).r
      choose current "guess" {
        OPTION "guess" { set said = x }
      }
    }
  }
  win current
}
"""


def game(option: str, card: str = "4") -> Game:
    return Game(rulelang.load_text(BASE.replace("OPTION", option)), 3, seed=1, stack=["1", card, "3"])


@pytest.mark.parametrize("option, read", [
    ("guess x in [n]", "`n`"),                                      # a value worked out from another's hand
    ("guess x in 1..n", "`n`"),
    ("guess x in [c.r for c in h(next)]", "h(P2)"),                 # the hand itself
    ("guess q in others(current), x in [c.r for c in h(q)]", "h(P"),  # another's, for each player offered
    ("guess q in others(current), x in [c.r for c in h(q) if c.r > 4]", "h(P"),  # each, though its list is empty
])
def test_an_option_offering_values_worked_out_from_cards_its_chooser_cannot_see_is_refused(option, read):
    g = game(option)
    with pytest.raises(rulelang.RulesError, match=r"option `guess`: the list it offers reads .*" + re.escape(read)):
        g.apply(0, "tell")
    assert g.pending.player == 0 and [o.text for o in g.legal()] == ["tell"]  # the move was taken back


@pytest.mark.parametrize("option, moves", [
    ("guess x in 1..size(h(next))", ["guess 1"]),                     # a count: public
    ("guess x in [c.r for c in h(current)]", ["guess 1"]),             # its own hand
    ("guess q in others(current), x in [c.r for c in h(current)]", ["guess P2 1", "guess P3 1"]),
])
def test_an_option_offering_what_its_chooser_sees_is_offered(option, moves):
    for card in ("2", "4"):
        g = game(option, card)
        g.apply(0, "tell")
        assert [o.text for o in g.legal()] == moves


# UNO House Rules: a rule written in play that offers its writer's successor the numbers in the next hand.
ANN = ["R3+", "G1", "B4", "Y6", "Y7", "Y8", "B2"]
BO = ["G3", "B1", "G4", "Y1", "Y2", "Y9", "B8"]
CY = ["R3", "G6", "G7", "G8", "B6", "B9", "Y4"]


def test_a_house_rule_offering_the_numbers_of_anothers_hand_is_dropped_and_shows_nothing():
    g = new_game("house", [ANN, BO, CY], "R5", ["Y5", "G9", "G2", "R8"], names=["Ann", "Bo", "Cy"])
    g.apply(0, "play R3+")
    g.apply(0, "write when played(card) if card.number == key { choose current { note x in "
               "[c.number for c in hand(next)] \"note\" { } } }")
    assert 3 in g.house_rules
    g.apply(1, "play G3")                       # Bo plays a 3: the rule would offer Bo Cy's numbers
    assert g.house_rules == {}                  # dropped, the table told why
    dropped = [e for e in g.events if e.type == "house_rule_dropped"]
    assert dropped and "the list it offers reads hand(Cy)" in dropped[-1].reason
    assert not any(o.text.startswith("note") for o in g.legal())


def test_an_ask_offering_each_player_it_asks_values_of_a_hand_it_cannot_see_is_refused():
    """In a window (`ask`), each player asked is offered the list: here the current player's own numbers, which the
    others asked may not see."""
    text = BASE.replace('''      choose current "guess" {
        OPTION "guess" { set said = x }
      }''', '''      ask [next, after(next)] "guess" {
        guess x in [c.r for c in h(current)] "guess" { set said = x }
      }''')
    g = Game(rulelang.load_text(text), 3, seed=1, stack=["1", "4", "3"])
    with pytest.raises(rulelang.RulesError, match=r"the list it offers reads h\(P1\), cards that P2 may not see"):
        g.apply(0, "tell")


# ------------------------------------------------------------------ a list of cards filtered by their faces
# `take c in [d for d in h(next) if d.r > 3]` offered one `take #k` per card of the next hand above 3: its chooser
# counted, by the moves offered, the other's hidden cards passing a test of their faces, which `take c in h(next)
# where c.r > 3` is refused for.  The test of a comprehension making an option's list of cards is looked at as a
# `where` is, when the decision comes, at the list's place.

CARDS = """game "Taken"
players 3..3
attribute r 1..5
deck d { for n in 1..5 { card {r: n} } }
zone d hidden
zone h private per player
zone pile public
define big(p) = [d for d in h(p) if d.r > 3]
setup { shuffle d  deal 1 from d to h  move 1 from d to pile }
turn {
  choose current {
    OPTION "take" { }
    wait "wait" { }
  }
}
"""


def taken(option: str, card: str) -> Game:
    return Game(rulelang.load_text(CARDS.replace("OPTION", option)), 3, seed=1, stack=["1", card, "3", "5"])


@pytest.mark.parametrize("option, listed, read", [
    ("take c in [d for d in h(next) if d.r > 3]", "[d for", "h(P2)"),
    ("take c in big(next)", "big(next)", "h(P2)"),                                   # in a function the option calls
    ("take c in [d for d in h(next) if any(x.r < d.r for x in pile)]", "[d for", "h(P2)"),
    ("take c in [d for d in h(next) if all(x.r < d.r for x in h(current))]", "[d for", "h(P2)"),
    ("take c in [d for p in others(current) for d in h(p) if d.r > 3]", "[d for", "h(P2)"),   # two `for`s
    ("take c in [max(d for d in h(next) by d.r)]", "[max", "h(P2)"),                # which one, by its keys
    ("take c in [d for d in pile if d.r > top(h(next)).r]", "[d for", "cards"),      # a public list, picked by a hand
    ("take 1 cs from [d for d in h(next) if d.r > 3]", "[d for", "h(P2)"),           # a set of cards
    ("take q in others(current), c in [d for d in h(q) if d.r > 3]", "[d for", "h(P2)"),  # several arguments
])
def test_an_option_offering_anothers_cards_filtered_by_their_faces_is_refused_at_the_list(option, listed, read):
    line = CARDS.splitlines().index("    OPTION \"take\" { }") + 1
    column = option.index(listed) + 5
    for card in ("2", "4"):                     # whether the next hand passes the test or not: refused alike
        with pytest.raises(rulelang.RulesError) as e:
            taken(option, card)
        assert str(e.value).startswith(f"<rules>:{line}:{column}: option `take`: the list it offers reads "
                                       f"{read}") and "P1 may not see" in str(e.value)


@pytest.mark.parametrize("option, moves", [
    ("take c in h(next)", ["take #1", "wait"]),                                       # every card, by place
    ("take c in [d for p in others(current) for d in h(p)]", ["take #1", "take #2", "wait"]),
    ("take c in [d for d in h(current) if d.r < 3]", ["take 1", "wait"]),            # its own hand
    ("take c in [d for d in pile if d.r > 3]", ["take 5", "wait"]),                  # a public pile
    ("take c in [d for d in h(next) if knows(current, d)]", ["wait"]),                # what it knows of the hand
])
def test_an_option_offering_cards_filtered_by_what_its_chooser_sees_is_offered(option, moves):
    for card in ("2", "4"):
        assert [o.text for o in taken(option, card).legal()] == moves
