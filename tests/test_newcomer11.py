"""Newcomer round 11: card games written from the docs alone, each with stacked decks, scripted moves and exact
results (the rules are at the top of each file).

- tests/rules/freecell.rules: eight columns, four free cells and four foundations: a row of zones
  (`zone column 1..8`, `column(i)`), where Klondike (round 6) wrote seven zone lines and a function choosing
  among them; a run moves whole when the free cells and empty columns could carry it card by card.
- tests/rules/blackjack.rules: bets as numbers, a pair split into two hands played one after the other, double
  down, a blackjack paid 3 to 2, the house drawing to 16, chips kept from hand to hand (`var ... kept`).
- tests/rules/pyramid.rules: 28 places in seven rows (`zone spot "place" 1..28`), a card free when the two below
  it are gone, pairs adding up to 13 removed, a stock turned over twice.

Every game ends under greedy and random bots."""
from __future__ import annotations

import pytest

import rulelang
from helpers import ROOT, zone_cards, options, play_pending as play
from interpreter import Game
from interpreter.errors import MoveError, RulesError, RuntimeRulesError
from rulelang.simulate.run import simulate

RULES = ROOT / "tests" / "rules"
FREECELL = RULES / "freecell.rules"
BLACKJACK = RULES / "blackjack.rules"


@pytest.fixture(scope="module")
def freecell():
    return rulelang.load(FREECELL)


def freecell_deal(columns) -> list[str]:
    """The stack that deals these columns (each bottom to top; the first four of 7 cards, the rest of 6)."""
    assert [len(c) for c in columns] == [7] * 4 + [6] * 4 and len({c for col in columns for c in col}) == 52
    return [columns[k % 8][k // 8] for k in range(52)]


# every card from the Kings down, suit by suit: dealt so, every column's top is the next card its foundation needs
DESCENDING = [f"{r}{s}" for r in "KQJT98765432A" for s in "SHDC"]


# ------------------------------------------------------------------ a row of zones: `zone column 1..8`

def test_freecell_deals_round_the_eight_columns_of_a_row_of_zones(freecell):
    """FreeCell has eight columns, four free cells and four foundations. Without a way to say "eight columns" a
    file wrote eight zone lines and a function choosing among them (`define pile(i) = if i == 1 then t1 else if
    ...`, tests/rules/klondike.rules). `zone column 1..8` declares a row of zones of the table, `column(i)` each."""
    g = Game(freecell, 1, seed=1, stack=DESCENDING)
    assert [z.name for z in freecell.zones][:3] == ["stock", "column 1", "column 2"]
    assert zone_cards(g, "column 1") == ["KS", "JS", "9S", "7S", "5S", "3S", "AS"]
    assert zone_cards(g, "column 8") == ["QC", "TC", "8C", "6C", "4C", "2C"]
    assert zone_cards(g, "stock") == []


def test_the_rules_summary_tells_a_row_of_zones_once(freecell):
    """`rules` at the prompt listed "column 1 (seen by all); column 2 (seen by all); ..." sixteen times over."""
    from rulelang.terminal.summary import rules_summary
    told = " ".join(rules_summary(freecell, width=400).split())
    assert "Table: stock (face down); column 1 to 8 (seen by all); free cell 1 to 4 (seen by all); " \
           "foundation 1 to 4 (seen by all)" in told


def test_freecell_every_card_home_wins(freecell):
    g = Game(freecell, 1, seed=1, stack=DESCENDING)
    for r in "A23456789TJQK":
        for s in "SHDC":
            play(g, f"home {r}{s}")
    assert g.winners == [0]
    assert zone_cards(g, "home 2") == [f"{r}H" for r in "A23456789TJQK"]
    assert g.state.vars["moves"] == 52


def run_deal():
    """Column 1 ends in a run 9H 8S 7H, column 2 in TS, column 7 in 9D, column 8 in 8C."""
    rest = [c for c in DESCENDING if c not in ("9H", "8S", "7H", "TS", "9D", "8C")]
    cols = [rest[0:4] + ["9H", "8S", "7H"], rest[4:10] + ["TS"], rest[10:17], rest[17:24],
            rest[24:30], rest[30:36], rest[36:41] + ["9D"], rest[41:46] + ["8C"]]
    return freecell_deal(cols)


def test_freecell_a_run_moves_whole_onto_a_card_it_fits(freecell):
    g = Game(freecell, 1, seed=1, stack=run_deal())
    assert "shift 1 3 2" in options(g) and "shift 1 2 7" in options(g) and "shift 1 1 8" in options(g)
    play(g, "shift 1 3 2")
    assert zone_cards(g, "column 2")[-4:] == ["TS", "9H", "8S", "7H"] and len(zone_cards(g, "column 1")) == 4


def test_freecell_a_run_longer_than_the_free_cells_could_carry_does_not_move(freecell):
    """With every free cell full and no column empty, one card moves at a time."""
    g = Game(freecell, 1, seed=1, stack=run_deal())
    play(g, "shift 1 3 2", "park 3", "park 4", "park 5")
    assert [len(zone_cards(g, f"cell {k}")) for k in (1, 2, 3, 4)] == [1, 1, 1, 0]
    assert "shift 2 2 7" in options(g)  # one free cell left: two cards
    play(g, "park 6")
    assert all(len(zone_cards(g, f"cell {k}")) == 1 for k in (1, 2, 3, 4))
    assert "park 1" not in options(g)
    assert "shift 2 2 7" not in options(g) and "shift 2 1 8" in options(g)
    play(g, "shift 2 1 8")
    assert zone_cards(g, "column 8")[-2:] == ["8C", "7H"]


def test_freecell_three_hundred_moves_lose_the_game():
    """The limit is the file's `const most_moves = 300`; played here with it at 30 (300 moves typed cost 4 s)."""
    src = FREECELL.read_text()
    assert src.count("const most_moves = 300\n") == 1
    g = Game(rulelang.load_text(src.replace("const most_moves = 300\n", "const most_moves = 30\n")), 1, seed=1,
             stack=run_deal())
    for _ in range(14):
        play(g, "shift 1 1 8", "shift 8 1 1")  # the Seven of Hearts back and forth
    play(g, "shift 1 1 8")
    assert not g.over and g.state.vars["moves"] == 29
    play(g, "shift 8 1 1")
    assert g.over and g.winners == [] and g.state.vars["moves"] == 30


def test_freecell_no_move_left_loses_the_game():
    """No free cell, every column's top fitting nowhere and no card going home: the choice has no move."""
    src = FREECELL.read_text().replace("zone cell \"free cell\" 1..4", "zone cell \"free cell\" 1..1")
    src = src.replace("for k in 1..4 if size(cell(k))", "for k in 1..1 if size(cell(k))")
    src = src.replace("[top(cell(k)) for k in 1..4]", "[top(cell(k)) for k in 1..1]").replace("unpark k in 1..4", "unpark k in 1..1")
    # the Kings and the Twos on top, a red Four under the King of Spades: nothing fits on anything, no Ace on top
    tops = ["KS", "KC", "KH", "KD", "2S", "2C", "2H", "2D"]
    rest = [c for c in DESCENDING if c not in tops + ["4H"]]
    cols = [rest[:5] + ["4H", "KS"]]
    rest = rest[5:]
    for i in range(1, 8):
        size = 7 if i < 4 else 6
        cols.append(rest[:size - 1] + [tops[i]])
        rest = rest[size - 1:]
    g = Game(rulelang.load_text(src), 1, seed=1, stack=freecell_deal(cols))
    assert options(g) == [f"park {i}" for i in range(1, 9)]
    play(g, "park 1")
    assert g.over and g.winners == [] and zone_cards(g, "cell 1") == ["KS"]


def test_freecell_a_card_goes_to_the_first_empty_free_cell_and_back_onto_a_column(freecell):
    g = Game(freecell, 1, seed=1, stack=run_deal())
    play(g, "park 1", "park 1")
    assert zone_cards(g, "cell 1") == ["7H"] and zone_cards(g, "cell 2") == ["8S"]
    assert "unpark 1 8" in options(g) and "unpark 1 1" not in options(g)  # 7H on 8C, not on 9H
    assert "unpark 2 1" in options(g)
    play(g, "unpark 2 1")  # the black 8 back on the red 9
    assert zone_cards(g, "column 1")[-2:] == ["9H", "8S"] and zone_cards(g, "cell 2") == []


def test_freecell_a_card_refused_from_options_over_tops_of_empty_zones_says_why(freecell):
    """`home c in [top(column(i)) for i in 1..8] + [top(cell(k)) for k in 1..4]`: an empty free cell's top is
    `none`, which no option offers. Typing a card that does not fit (`home KS`) told the player
    "'>=' not supported between instances of 'NoneType' and 'int'" (the refusal's reasons went through the
    domain's `none`s as if they were cards)."""
    g = Game(freecell, 1, seed=1, stack=DESCENDING)
    with pytest.raises(MoveError, match="^`home KS`: King Spades lies in column 1 and cannot be chosen now; "
                                        "the cards: AS AH AD AC 2S 2H 2D 2C; you can: home AS, home AH, home AD, home AC, shift"):
        play(g, "home KS")
    play(g, "park 1")
    with pytest.raises(MoveError, match="^`home 3S`: 3 Spades cannot be chosen now: it does not fit `home`"):
        play(g, "home 3S")


def test_pyramid_a_covered_card_lies_in_its_place_and_cannot_be_chosen(pyramid):
    """A card of the table that no option offers (covered in the pyramid) was refused with "you have no King
    Clubs to choose", as if it were missing from a hand."""
    g = Game(pyramid, 1, seed=1, stack=pyramid_deal({1: "KC", 22: "KS"}))
    with pytest.raises(MoveError, match="^`king KC`: King Clubs lies in place 1 and cannot be chosen now"):
        play(g, "king KC")


# ------------------------------------------------------------------ what the checker and the runtime say of a row

ROW = '''game "Row"
players 1..1
attribute rank 1..9
name cards by rank
deck stock { for r in 1..9 { card {rank: r} } }
zone stock hidden
zone pile 1..3 public show all
var n = 2
setup { shuffle stock  for k in 1..3 { move 1 from stock to pile(k) } }
turn {
  choose current {
    take i in 1..3 where size(pile(i)) > 0 "take pile i's card" { move top(pile(i)) to pile(n) }
  }
  win current
}
'''


def test_a_row_of_zones_is_told_by_its_words_and_number():
    g = Game(rulelang.load_text(ROW.replace("zone pile 1..3", 'zone pile "heap" 1..3')), 1, seed=1,
             stack=["1", "2", "3"])
    assert [z.display for z in g.program.zones] == [None, "heap 1", "heap 2", "heap 3"]
    assert [zone_cards(g, f"pile {k}") for k in (1, 2, 3)] == [["1"], ["2"], ["3"]]
    play(g, "take 3")
    assert zone_cards(g, "pile 2") == ["2", "3"] and g.winners == [0]


@pytest.mark.parametrize("change,told", [
    (("move top(pile(i)) to pile(n)", "move top(pile(i)) to pile"),
     "`pile` is 3 zones, pile(1) to pile(3): say which one, as in `pile(1)`"),
    (("move top(pile(i)) to pile(n)", "move top(pile(i)) to pile(4)"), "there is no pile(4): the piles are pile(1) to pile(3)"),
    (("move top(pile(i)) to pile(n)", "move top(pile(i)) to pile(current)"), "expected a number, found a player"),
    (("zone pile 1..3", "zone pile 3..1"), "`pile 3..1` numbers no zone: count up"),
    (("deck stock", "deck pile"), "the deck must start in one zone, and `pile` is numbered zones"),
    (("zone stock hidden", "zone stock hidden refill from pile keep 1"),
     "`refill` works between two single zones, and `pile` is numbered zones"),
])
def test_what_a_row_of_zones_refuses(change, told):
    with pytest.raises(RulesError) as e:
        rulelang.load_text(ROW.replace(*change))
    assert told in str(e.value)


def test_a_number_past_the_row_is_a_run_time_error():
    g = Game(rulelang.load_text(ROW.replace("var n = 2", "var n = 4")), 1, seed=1, stack=["1", "2", "3"])
    with pytest.raises(RuntimeRulesError, match=r"there is no pile\(4\): the piles are pile\(1\) to pile\(3\)"):
        play(g, "take 1")
    assert [zone_cards(g, f"pile {k}") for k in (1, 2, 3)] == [["1"], ["2"], ["3"]]


# ------------------------------------------------------------------ Blackjack

@pytest.fixture(scope="module")
def blackjack():
    return rulelang.load(BLACKJACK)


def shoe(first, up, second, hole, *draws) -> list[str]:
    """One player's stack: their first card, the house's up card, their second card, the hole card, then draws."""
    return [first, up, second, hole, *draws]


def test_blackjack_a_split_pair_makes_two_hands_played_one_after_the_other(blackjack):
    g = Game(blackjack, 1, seed=1, stack=shoe("8S", "9C", "8H", "8D", "3C", "2D", "TC", "9S"))
    assert [o for o in options(g) if o.startswith("bet")] == [f"bet {n}" for n in range(1, 11)]
    play(g, "bet 4")
    assert "split" in options(g) and "double" in options(g)
    play(g, "split")
    assert zone_cards(g, "hand", 0) == ["8S", "3C"] and zone_cards(g, "split_hand", 0) == ["8H", "2D"]
    assert g.state.pvars["split_stake"] == [4]
    assert "split" not in options(g)
    play(g, "double")                   # the first hand: 11, doubled, takes the Ten: 21
    assert g.state.pvars["stake"] == [8] and zone_cards(g, "hand", 0) == ["8S", "3C", "TC"]
    play(g, "hit", "stand")             # the split hand: 10, then 19; the house stands on 17
    assert zone_cards(g, "split_hand", 0) == ["8H", "2D", "9S"] and zone_cards(g, "house") == ["9C", "8D"]
    assert g.winners == [0] and g.state.pvars["score"] == [12]


def test_blackjack_a_split_hand_of_21_on_two_cards_is_no_blackjack(blackjack):
    g = Game(blackjack, 1, seed=1, stack=shoe("AS", "9C", "AH", "9D", "KC", "5D", "5H"))
    play(g, "bet 2", "split")           # Ace King: 21, played no further; the other Ace: 16, then 21
    assert zone_cards(g, "hand", 0) == ["AS", "KC"]
    play(g, "hit")
    assert zone_cards(g, "split_hand", 0) == ["AH", "5D", "5H"]
    assert g.winners == [0] and g.state.pvars["score"] == [4]   # 2 + 2, not 3 + 2: house 18


def test_blackjack_pays_three_to_two_rounded_down_and_the_house_draws_to_16(blackjack):
    g = Game(blackjack, 1, seed=1, stack=shoe("AS", "9C", "KH", "7D", "5C"))
    play(g, "bet 3")                    # a blackjack: nothing to choose
    assert zone_cards(g, "house") == ["9C", "7D", "5C"]   # 16: it draws, to 21
    assert g.winners == [0] and g.state.pvars["score"] == [4]


def test_blackjack_a_double_takes_one_card_and_doubles_the_stake(blackjack):
    g = Game(blackjack, 1, seed=1, stack=shoe("5S", "TC", "6H", "7D", "9C"))
    play(g, "bet 5", "double")
    assert zone_cards(g, "hand", 0) == ["5S", "6H", "9C"] and zone_cards(g, "house") == ["TC", "7D"]
    assert g.winners == [0] and g.state.pvars["score"] == [10]


def test_blackjack_the_house_blackjack_takes_the_stake_and_nobody_wins(blackjack):
    g = Game(blackjack, 1, seed=1, stack=shoe("TS", "AC", "9H", "KD"))
    play(g, "bet 2", "stand")
    assert g.winners == [] and g.state.pvars["score"] == [-2]


def test_blackjack_a_bust_hand_loses_and_the_house_does_not_draw(blackjack):
    g = Game(blackjack, 1, seed=1, stack=shoe("TS", "6C", "6H", "TD", "KC"))
    play(g, "bet 7", "hit")
    assert zone_cards(g, "house") == ["6C", "TD"] and g.winners == [] and g.state.pvars["score"] == [-7]


def test_blackjack_a_bet_is_no_more_than_the_chips_left_and_1_with_none():
    program = rulelang.load_text(BLACKJACK.read_text().replace("const start_chips = 100", "const start_chips = 4"))
    g = Game(program, 1, seed=1, stack=shoe("TS", "AC", "9H", "KD"), match=True)
    assert options(g) == ["bet 1", "bet 2", "bet 3", "bet 4"]
    play(g, "bet 4", "stand")           # the house's blackjack takes the 4 chips
    assert g.scores == [-4] and g.hand_no == 2 and g.state.pvars["chips"] == [0]
    assert options(g) == ["bet 1"]


KEPT = '''game "Kept"
players 2..2
attribute rank 1..9
name cards by rank
deck stock { for r in 1..9 { card {rank: r} } }
zone stock hidden
zone hand private per player
var won per player = 0 kept show "hands won"
var this_hand per player = 0
var kept = 0
match 3 hands
setup { shuffle stock  deal 1 from stock to hand }
turn {
  choose current {
    take "take the hand" {
      set won(current) = won(current) + 1
      set this_hand(current) = this_hand(current) + 1
      set kept = kept + 1
      win current
    }
  }
}
score { for p in players { set score(p) = won(p) * 10 + this_hand(p) } }
'''


def test_a_variable_kept_from_hand_to_hand():
    """Blackjack's chips go from hand to hand; `var chips per player = 100` was set again at every hand, and
    `score` was the only value kept (Hold'em and Blackjack counted chips as the score, 100 + score(p)).
    `kept` sets a variable at the first hand only. A variable named `kept` is still a name."""
    g = Game(rulelang.load_text(KEPT), 2, seed=1, match=True)
    scores = []
    for _ in range(3):
        play(g, "take")
        scores.append(g.scores)
    assert scores == [[11, 0], [10, 11], [21, 10]] and g.over   # won: 1, 1, 2 for seat 1; this_hand: 1 each time


def test_blackjack_two_players_bet_before_the_deal(blackjack):
    g = Game(blackjack, 2, seed=1, stack=["TS", "9S", "6C", "TH", "9H", "TD", "2C"])
    assert zone_cards(g, "hand", 0) == [] and g.pending.player == 0
    play(g, "bet 1", "bet 10")
    assert zone_cards(g, "hand", 0) == ["TS", "TH"] and zone_cards(g, "hand", 1) == ["9S", "9H"]
    assert g.pending.player == 0
    play(g, "stand", "stand")           # the house: 16, draws the Two: 18
    assert zone_cards(g, "house") == ["6C", "TD", "2C"]
    assert g.winners == [0] and g.state.pvars["outcome"] == [1, 0]


# ------------------------------------------------------------------ Pyramid

PYRAMID = RULES / "pyramid.rules"


def pyramid_deal(places: dict, stock=()) -> list[str]:
    """The stack that deals these cards to these places (1 to 28) and puts `stock` on top of the stock, the rest
    in any order."""
    every = [f"{r}{s}" for r in "A23456789TJQK" for s in "SHDC"]
    rest = [c for c in every if c not in places.values() and c not in stock]
    spots = [places.get(i) or rest.pop() for i in range(1, 29)]
    return spots + list(stock) + rest


@pytest.fixture(scope="module")
def pyramid():
    return rulelang.load(PYRAMID)


def test_pyramid_a_card_is_free_once_the_two_cards_below_it_are_gone(pyramid):
    deal = pyramid_deal({16: "QD", 17: "5D", 22: "KS", 23: "6H", 24: "7C", 25: "8S"}, stock=["AS"])
    g = Game(pyramid, 1, seed=1, stack=deal)
    assert zone_cards(g, "spot 16") == ["QD"] and zone_cards(g, "spot 28") == [deal[27]]
    assert "king KS" in options(g) and "pair 6H 7C" in options(g)
    assert "pair 5D 8S" not in options(g)           # the Five lies under the Six and the Seven
    play(g, "king KS", "pair 6H 7C")
    assert zone_cards(g, "removed") == ["KS", "6H", "7C"]
    assert "pair 5D 8S" in options(g)               # row 6's second card: both below it gone
    play(g, "draw")
    assert zone_cards(g, "waste") == ["AS"] and "pair AS QD" in options(g)   # the first place of row 6 is free too
    play(g, "pair AS QD")
    assert zone_cards(g, "spot 16") == [] and zone_cards(g, "waste") == []


def test_pyramid_cleared_row_by_row_is_won(pyramid):
    rows = [["KC"], ["6H", "7H"], ["KD", "5H", "8H"], ["3H", "TH", "4H", "9H"], ["KH", "AH", "QH", "2H", "JH"],
            ["4S", "9S", "5S", "8S", "6S", "7S"], ["KS", "AS", "QS", "2S", "JS", "3S", "TS"]]
    g = Game(pyramid, 1, seed=1, stack=pyramid_deal(dict(enumerate((c for r in rows for c in r), 1))))
    moves = [["king KC"], ["pair 6H 7H"], ["king KD", "pair 5H 8H"], ["pair 3H TH", "pair 4H 9H"],
             ["king KH", "pair AH QH", "pair 2H JH"], ["pair 4S 9S", "pair 5S 8S", "pair 6S 7S"],
             ["king KS", "pair AS QS", "pair 2S JS", "pair 3S TS"]]
    for row in reversed(moves):
        assert "draw" in options(g) and not g.winners
        play(g, *row)
    assert g.winners == [0] and len(zone_cards(g, "removed")) == 28


def test_pyramid_the_waste_is_turned_over_twice(pyramid):
    g = Game(pyramid, 1, seed=1, stack=pyramid_deal({}))
    first = list(reversed(zone_cards(g, "stock")))  # the next card first
    for _ in range(2):
        for _ in range(24):
            play(g, "draw")
        assert zone_cards(g, "stock") == [] and "redeal" in options(g)
        play(g, "redeal")
        assert list(reversed(zone_cards(g, "stock"))) == first
    for _ in range(24):
        play(g, "draw")
    assert "redeal" not in options(g) and g.state.vars["passes"] == 3


# ------------------------------------------------------------------ every game ends

# FreeCell's bots play to its 300-move limit (4 to 8 CPU s a game): one game each
@pytest.mark.parametrize("path,players,bots,games", [(FREECELL, 1, ["random"], 1), (FREECELL, 1, ["greedy"], 1),
                                                     (BLACKJACK, 2, ["random"], 2), (BLACKJACK, 3, ["greedy"], 2),
                                                     (PYRAMID, 1, ["random"], 2), (PYRAMID, 1, ["greedy"], 2)],
                         ids=lambda x: getattr(x, "stem", x) if not isinstance(x, (int, list)) else str(x))
def test_every_seeded_game_ends(path, players, bots, games):
    report = simulate(str(path), games=games, players=players, bots=bots, seed=1)
    assert report["games"] == games and report["stalemates"]["count"] == 0
