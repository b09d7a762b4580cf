"""Newcomer round 6: card games written from the docs alone, unlike the bundled ones and the examples, each with
stacked decks, scripted moves and exact results (the rules are at the top of each file).

- tests/rules/klondike.rules: patience for one; tableau piles face down but their top card, runs built down in
  alternating colours and moved whole, foundations by suit, the waste turned over at most twice. The face-up run
  of a pile is `[c for c in pile(i) if knows(current, c)]`: a `where` may read it, since it holds only cards its
  chooser knows.
- tests/rules/cassino.rules: capturing by rank or by counts adding up, builds owned by their builder and taken as a
  whole, sweeps.
- tests/rules/holdem.rules: betting rounds round the table, cards dealt face up to a board between them, the
  best hand of seven cards at the showdown (worked out by functions over the hand and the board).
- tests/rules/dummy_whist.rules: an auction for a contract, the declarer's partner's hand laid face up after the
  opening lead, and the declarer choosing the dummy's cards in the dummy's turn (`choose who`, who another seat).

Every game ends under greedy and random bots."""
from __future__ import annotations

import pytest

import rulelang
from helpers import ROOT, deal_stack, options, play_greedy, zone_cards, play_pending as play
from interpreter import Game
from interpreter.errors import MoveError, RulesError, RuntimeRulesError
from rulelang.simulate.run import simulate

RULES = ROOT / "tests" / "rules"
KLONDIKE = rulelang.load(RULES / "klondike.rules")
CASSINO = rulelang.load(RULES / "cassino.rules")
WHIST = rulelang.load(RULES / "dummy_whist.rules")
HOLDEM = rulelang.load(RULES / "holdem.rules")


def seen(g: Game, seat, zone: str, owner=None) -> list:
    """What `seat`'s view shows of a zone, as short names (None for a card it may not see)."""
    part = g.view(seat)["zones"][zone]
    cards = part[owner]["cards"] if owner is not None else part["cards"]
    return [g.program.cards[c].short if c is not None else None for c in cards]


# ------------------------------------------------------------------ a `where` over the cards its chooser knows

KNOWN = '''game "Known run"
players 1..2
attribute rank 1..6
name cards by rank
deck stock { for r in 1..6 { card {rank: r} } }
zone stock hidden
zone hand private per player
zone pile public show all
zone goal public
define up(p) = [c for c in pile if knows(p, c)]
setup { shuffle stock  deal 1 from stock to hand  move 2 from stock to pile face down  move 1 from stock to pile }
turn {
  choose current {
    take where size(up(WHO)) > 0 and first(up(WHO)).rank > 0 "take the face-up cards" { move up(WHO) to goal }
    hide c in hand(current) "lay your card face down" { move c to pile face down }
  }
  if size(goal) > 0 { win current }
}
'''


def test_a_where_may_read_the_cards_of_a_zone_its_chooser_knows():
    """docs §7: `knows(PLAYER, CARD)` is the one test of a hidden card a `where` may make; a comprehension begun so
    (`[c for c in pile if knows(current, c)]`) reads only the cards its chooser knows, and the face-down ones under
    them are not read: the option is offered, and takes the face-up card alone (it used to be refused: "its `where`
    reads pile, cards that Ada may not see")."""
    g = Game(rulelang.load_text(KNOWN.replace("WHO", "current")), 1, seed=1, stack=["1", "2", "3", "4"])
    assert options(g) == ["take", "hide 1"] and zone_cards(g, "pile") == ["2", "3", "4"]
    play(g, "take")
    assert zone_cards(g, "goal") == ["4"] and zone_cards(g, "pile") == ["2", "3"] and g.winners == [0]


def test_the_cards_another_seat_knows_are_still_refused_to_a_chooser_who_does_not():
    """The same `where` asked of the cards the *other* seat knows, which its chooser does not see (laid face down
    from its own hand), is refused when the decision comes, at the `where`."""
    g = Game(rulelang.load_text(KNOWN.replace("WHO", "nth(players, 1)")), 2, seed=1, stack=["1", "2", "3", "4", "5"])
    with pytest.raises(RuntimeRulesError, match="option `take`: its `where` reads cards that P2 may not see"):
        play(g, "hide 1")                                   # P1 lays its 1 face down on the pile: P2 does not see it
    assert zone_cards(g, "hand", 0) == ["1"]                      # the move is taken back


# ------------------------------------------------------------------ Klondike

# t1 AH; t2 5C down, QH; t3 2C 3C down, KS; t4..t7 and the stock after them
KLONDIKE_STACK = ["AH", "5C", "QH", "2C", "3C", "KS", "4C", "6C", "7C", "8C", "9D", "TD", "JD", "QD", "2D", "3D", "4D",
                  "5D", "6D", "7D", "8D", "2S", "3S", "4S", "5S", "6S", "7S", "KD", "9H", "2H"]


def klondike() -> Game:
    return Game(KLONDIKE, 1, seed=1, stack=KLONDIKE_STACK)


def test_klondike_deals_seven_piles_face_down_but_their_top_card():
    g = klondike()
    assert seen(g, 0, "t1") == ["AH"] and seen(g, 0, "t3") == [None, None, "KS"]
    assert seen(g, 0, "t7") == [None] * 6 + ["KD"] and zone_cards(g, "t7")[:2] == ["2S", "3S"]
    assert options(g) == ["home AH", "shift 2 3", "draw"]


def test_klondike_a_run_moves_whole_and_the_card_it_leaves_on_top_is_turned_up():
    g = klondike()
    play(g, "home AH", "shift 2 3")                        # QH on KS; t2's 5C is turned up
    assert zone_cards(g, "home_hearts") == ["AH"] and seen(g, 0, "t2") == ["5C"]
    assert seen(g, 0, "t3") == [None, None, "KS", "QH"]
    assert "shift 3 1" in options(g)                         # the King's run goes to the empty pile, QH with it
    play(g, "shift 3 1")
    assert zone_cards(g, "t1") == ["KS", "QH"] and seen(g, 0, "t3") == [None, "3C"]
    assert "shift 1 3" not in options(g)                     # a King at the bottom of its pile moves nowhere


def test_klondike_the_waste_is_turned_over_to_make_the_stock_again_in_its_first_order():
    g = klondike()
    play(g, "draw", "draw")
    assert zone_cards(g, "waste") == ["9H", "2H"] and "home 2H" not in options(g)   # the Ace of Hearts is not home yet
    play(g, "home AH", "home 2H")
    while "draw" in options(g):
        play(g, "draw")
    first = zone_cards(g, "waste")
    play(g, "redeal")
    assert g.state.vars["passes"] == 2 and zone_cards(g, "waste") == [] and list(reversed(zone_cards(g, "stock"))) == first
    play(g, "draw")
    assert zone_cards(g, "waste") == [first[0]]


def test_klondike_with_no_move_left_the_game_is_lost():
    g = klondike()
    play(g, "home AH")
    for _ in range(3):                                      # three passes through the stock, taking nothing from it
        while "draw" in options(g):
            play(g, "draw")
        if "redeal" in options(g):
            play(g, "redeal")
    assert g.state.vars["passes"] == 3
    while not g.over:
        moves = options(g)
        play(g, next((m for m in moves if m.startswith(("home", "shift", "lay"))), moves[0]))
    said = [e.text for e in g.events if e.__class__.__name__ == "SayEvent"]
    assert g.over and g.winners == [] and said[-1] == "no move is left: 51 cards are not home"


# ------------------------------------------------------------------ Cassino

def cassino(first, second, table, draw=()) -> Game:
    return Game(CASSINO, 2, seed=1, stack=deal_stack([first, second], table, draw))


def test_cassino_a_card_takes_its_rank_or_cards_adding_up_to_it_or_builds_to_a_count_held():
    g = cassino(["5H", "3S", "8D", "KC"], ["7C", "2S", "QH", "TD"], ["2H", "3D", "KH", "AC"])
    play(g, "play 5H")
    # 2+3 = 5; 5+3 = 8 and 5+2+1 = 8 with the 8 held; 5+2 = 7 is held by nobody of P1's
    assert options(g) == ["take 2H 3D", "build 3D", "build 2H AC", "trail"]
    play(g, "build 3D")
    assert zone_cards(g, "build_1") == ["3D", "5H"] and g.state.pvars["build_value"] == [8, 0]


def test_cassino_a_build_is_taken_whole_and_its_owner_may_not_trail():
    g = cassino(["5H", "3S", "8D", "KC"], ["7C", "2S", "QH", "TD"], ["2H", "3D", "KH", "AC"])
    play(g, "play 5H", "build 3D")
    play(g, "play 7C")
    assert options(g) == ["build 2H AC", "trail"]             # nothing adds up to 7; 7+2+1 builds the Ten P2 holds
    play(g, "trail")
    play(g, "play 3S")                                      # P1 owns a build: no trail, but 3 takes 2H+AC
    assert options(g) == ["take 2H AC"]
    play(g, "take 2H AC")
    play(g, "play 2S", "trail", "play 8D")
    assert options(g) == ["claim P1"]
    play(g, "claim P1")
    assert zone_cards(g, "pile", 0) == ["2H", "AC", "3S", "3D", "5H", "8D"] and g.state.pvars["build_value"] == [0, 0]
    assert zone_cards(g, "table") == ["KH", "7C", "2S"]


def test_cassino_taking_the_whole_table_is_a_sweep():
    g = cassino(["8D", "3S", "5H", "KC"], ["7C", "2S", "QH", "TD"], ["2H", "3D", "AC", "2C"])
    play(g, "play 8D")
    assert options(g)[-2:] == ["take 2H 3D AC 2C", "trail"]
    play(g, "take 2H 3D AC 2C")
    assert g.state.pvars["sweeps"] == [1, 0] and zone_cards(g, "table") == [] and zone_cards(g, "pile", 0)[-1] == "8D"


def cassino_points(g: Game, seat: int) -> int:
    """The file's scoring, worked out here from the piles: 3 the most cards, 1 the most spades, 2 the TD, 1 the 2S,
    1 an Ace, 1 a sweep."""
    piles = [zone_cards(g, "pile", p) for p in range(2)]
    mine, theirs = piles[seat], piles[1 - seat]
    spades = [sum(c.endswith("S") for c in p) for p in (mine, theirs)]
    return (3 * (len(mine) > len(theirs)) + (spades[0] > spades[1]) + 2 * ("TD" in mine) + ("2S" in mine)
            + sum(c.startswith("A") for c in mine) + g.state.pvars["sweeps"][seat])


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_cassino_a_whole_hand_scores_as_its_rules_say_and_every_card_is_taken(seed):
    g = play_greedy(CASSINO, 2, seed)
    assert sum(len(zone_cards(g, "pile", p)) for p in range(2)) == 52
    points = [cassino_points(g, p) for p in range(2)]
    assert [g.state.pvars["score"][p] for p in range(2)] == points
    assert g.winners == [p for p in range(2) if points[p] == max(points)]


# ------------------------------------------------------------------ Dummy Whist

SUITS = "SHDC"
RANKS = "23456789TJQKA"


def whist(hands=None) -> Game:
    hands = hands or [[r + s for r in RANKS] for s in SUITS]   # seat 1 every spade, seat 2 every heart, ...
    return Game(WHIST, 4, seed=1, stack=deal_stack(hands, []))


def test_whist_the_auction_goes_up_and_three_passes_end_it():
    g = whist()
    play(g, "bid 1 spades")
    assert options(g)[:2] == ["bid 2 clubs", "bid 2 diamonds"] and "notrump 1" in options(g)
    play(g, "notrump 1", "bid 2 clubs", "pass", "pass", "pass")
    assert g.state.vars["declarer"] == 2 and g.state.vars["level"] == 2 and g.state.vars["trumps"] == "clubs"
    assert g.pending.player == 3                            # the player after the declarer leads


def test_whist_four_passes_throw_the_hand_in():
    g = whist()
    play(g, "pass", "pass", "pass", "pass")
    assert g.over and g.winners == []


def test_whist_the_dummy_is_shown_after_the_opening_lead_and_the_declarer_plays_its_cards():
    g = whist()
    play(g, "bid 1 spades", "pass", "pass", "pass")        # P1 declares; P3 is the dummy; P2 leads
    assert seen(g, 1, "hand", 2) == [None] * 13
    play(g, "play 2H")
    assert seen(g, 1, "hand", 2) == [r + "D" for r in RANKS] and seen(g, 3, "hand", 2) == seen(g, 1, "hand", 2)
    assert g.pending.player == 0 and options(g)[0] == "play 2D"  # P3's turn: P1 chooses from P3's hand
    play(g, "play AD", "play 5C", "play 3S")                # P4 cannot follow; P1 trumps with a spade
    assert g.state.pvars["tricks"] == [1, 0, 0, 0] and zone_cards(g, "won", 0) == ["2H", "AD", "5C", "3S"]
    assert g.pending.player == 0 and seen(g, 1, "hand", 2) == [r + "D" for r in RANKS if r != "A"]


def test_whist_the_contract_made_scores_the_declarer_side():
    g = whist()
    play(g, "bid 1 spades", "pass", "pass", "pass")
    while not g.over:                                       # P1 holds every spade: it takes every trick but the first
        play(g, options(g)[-1] if g.pending.player == 0 else options(g)[0])
    assert g.winners == [0, 2] and g.state.pvars["tricks"][0] + g.state.pvars["tricks"][2] == 13
    assert g.state.pvars["score"] == [70, 0, 70, 0]


# ------------------------------------------------------------------ Hold'em

def holdem(first, second, board) -> Game:
    """Two players: their two cards each, then the flop, the turn and the river."""
    return Game(HOLDEM, 2, seed=1, stack=deal_stack([first, second], board))


def checked_down(g: Game) -> None:
    while not g.over:
        play(g, "check")


def test_holdem_the_board_comes_out_between_the_rounds_and_the_first_player_speaks_first():
    g = holdem(["14S", "14H"], ["13S", "13H"], ["2C", "7D", "9S", "11H", "3C"])
    assert options(g) == ["check", "raise", "fold"] and zone_cards(g, "board") == []
    play(g, "check", "check")
    assert zone_cards(g, "board") == ["2C", "7D", "9S"] and g.pending.player == 0
    play(g, "raise")
    assert options(g) == ["call", "raise", "fold"]
    play(g, "call")
    assert zone_cards(g, "board") == ["2C", "7D", "9S", "11H"] and g.state.vars["pot"] == 4
    play(g, "raise", "call")                                # 2 chips a bet from the turn on
    assert g.state.vars["pot"] == 8 and zone_cards(g, "board")[-1] == "3C"
    play(g, "check", "check")
    assert g.winners == [0] and g.state.pvars["score"] == [4, -4]   # a pair of Aces over a pair of Kings


def test_holdem_the_last_one_left_takes_the_pot_unseen():
    g = holdem(["14S", "14H"], ["13S", "13H"], ["2C", "7D", "9S", "11H", "3C"])
    play(g, "raise", "fold")
    assert g.winners == [0] and g.state.pvars["score"] == [1, -1]
    assert seen(g, 1, "hand", 0) == [None, None]            # nobody is shown P1's cards


def test_holdem_a_straight_from_the_ace_beats_three_of_a_kind():
    g = holdem(["14S", "2H"], ["13D", "12H"], ["3C", "4D", "5S", "13H", "13C"])
    checked_down(g)
    assert g.winners == [0] and g.state.pvars["strength"] == [40514, 31313]
    assert seen(g, 0, "hand", 1) == ["13D", "12H"]          # the hands are shown at the showdown


def test_holdem_a_flush_beats_a_straight_and_a_board_both_play_splits_the_pot():
    g = holdem(["2H", "8H"], ["10D", "6C"], ["7H", "9S", "11H", "12H", "3D"])
    checked_down(g)
    assert g.winners == [0] and g.state.pvars["strength"][0] // 10000 == 5   # P2's 7-J straight is beaten
    g = holdem(["2H", "3D"], ["2S", "4C"], ["9C", "10D", "11H", "12S", "13C"])
    checked_down(g)
    assert sorted(g.winners) == [0, 1] and g.state.pvars["score"] == [0, 0]


# ------------------------------------------------------------------ every game ends

# (greedy Klondike costs seconds a game, its looks ahead weighing every move: random bots play it here)
@pytest.mark.parametrize("path,players,bots", [(RULES / "klondike.rules", 1, ["random"]),
                                               (RULES / "cassino.rules", 2, ["greedy"]),
                                               (RULES / "cassino.rules", 2, ["random"]),
                                               (RULES / "dummy_whist.rules", 4, ["greedy"]),
                                               (RULES / "dummy_whist.rules", 4, ["random"]),
                                               (RULES / "holdem.rules", 3, ["random"])],
                         ids=lambda x: getattr(x, "stem", x) if not isinstance(x, (int, list)) else str(x))
def test_every_seeded_game_ends(path, players, bots):
    report = simulate(str(path), games=2, players=players, bots=bots, seed=1)
    assert report["games"] == 2 and report["stalemates"]["count"] == 0


def test_a_card_not_found_among_the_dummys_cards_names_the_dummys_hand_not_yours():
    """The declarer chooses from the dummy's hand: a card that is not there was answered "...; your hand: <the
    dummy's cards>"; the cards it lists are named as where they lie."""
    g = whist()
    play(g, "bid 1 spades", "pass", "pass", "pass", "play 2H")
    with pytest.raises(MoveError) as told:
        g.apply(0, "play 9X")
    assert str(told.value).startswith("no card is called `9X`; P3's hand: 2D 3D 4D 5D")
    with pytest.raises(MoveError) as told:
        g.apply(0, "zap")
    assert str(told.value).startswith("no move or card is called `zap`; P3's hand: 2D")


@pytest.mark.parametrize("program,players,told", [(KLONDIKE, 2, "Klondike is for 1 player, not 2"),
                                                  (CASSINO, 3, "Cassino is for 2 players, not 3"),
                                                  (HOLDEM, 1, "Hold'em is for 2 to 8 players, not 1")])
def test_a_number_of_players_the_game_does_not_allow_is_told_in_plain_words(program, players, told):
    """`players 1..1` made "Klondike is for 1 to 1 players, not 2"."""
    with pytest.raises(RulesError, match=f"^{told}$"):
        Game(program, players)


def test_a_card_played_from_the_dummys_hand_is_told_once_as_the_declarers_move_from_that_hand():
    """The declarer's move of a card of the dummy's hand was told as two: "P1 plays Ace Diamonds" (as if from P1's
    own hand) and "P3 puts Ace Diamonds on the trick pile"; it is one line that says whose hand it came from."""
    g = whist()
    play(g, "bid 1 spades", "pass", "pass", "pass", "play 2H")
    start = len(g.events)
    play(g, "play AD")
    told = lambda seat: ["".join(t for _, t in line) for line in g.tell(g.events[start:], seat)]  # noqa: E731
    assert told(1) == ["P1 plays Ace Diamonds from P3's hand"]
    assert told(0) == ["You play Ace Diamonds from P3's hand"] and told(2)[0] == "P1 plays Ace Diamonds from your hand"
