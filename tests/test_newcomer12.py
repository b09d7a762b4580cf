"""Newcomer round 12: four card games written from the docs alone, each with stacked decks, scripted moves and exact
results (the rules played, and the choices made, are at the top of each file).

- tests/rules/doppelkopf.rules: a doubled 48-card deck, hidden partnerships (the two holders of the Queen of Clubs),
  a fixed order of 26 trumps; of two identical cards in a trick the first played wins.
- tests/rules/tichu.rules: two partnerships, one card passed face down to each other player, sets of cards by kind
  (pairs, full houses, straights, runs of pairs), bombs laid out of turn, the Dog, the Dragon, the Phoenix; a card
  worth -25 points (`attribute points -25..25`, which did not parse before this round).
- tests/rules/schnapsen.rules: a talon and a trump card, exchanging the Jack of trumps, closing the talon, marriages
  for 20 and 40, following suit and heading the trick once the talon is closed or gone, 66 to win.
- tests/rules/french_tarot.rules: 78 cards, a bid, the dog taken by the taker, the Excuse kept by its owner,
  trumping and over-trumping, the points needed by the oudlers held.

Every game ends under greedy, random and search bots."""
from __future__ import annotations

import pytest

import rulelang
from helpers import ROOT, zone_cards, options, play_pending as play
from interpreter import Game
from interpreter.errors import RulesError
from rulelang.simulate.run import simulate

RULES = ROOT / "tests" / "rules"
DOPPELKOPF = RULES / "doppelkopf.rules"
TICHU = RULES / "tichu.rules"
SCHNAPSEN = RULES / "schnapsen.rules"
TAROT = RULES / "french_tarot.rules"


# ------------------------------------------------------------------ a numeric attribute below zero

NEGATIVE = '''game "Below zero"
players 2..2
attribute points -25..25
deck d { card {points: -25}  card {points: 10}  card {points: 5} }
zone d hidden
zone h private per player
setup { shuffle d  deal 1 from d to h }
turn { choose current { go { win first(p for p in players if sum(c.points for c in h(p)) < 0) } } }
'''


def test_a_numeric_attribute_may_go_below_zero():
    """Tichu's Phoenix is worth -25 points: `attribute points -25..25` was refused at its `-` ("expected `ordered`,
    `{` or a number"), so a card could not be worth less than nothing."""
    prog = rulelang.load_text(NEGATIVE)
    g = Game(prog, 2, seed=1, stack=["10", "-25"])
    play(g, "go")
    assert g.winners == [1]


@pytest.mark.parametrize("change,told", [
    (("card {points: 5}", "card {points: -26}"), "-26 is outside `points` -25..25"),
    (("sum(c.points for c in h(p)) < 0", "any(c.points < -25 for c in h(p))"), "`c.points < -25` is never true: a card's `points` is one of -25..25"),
    (("-25..25", "25..-25"), "`25..-25` is an empty range"),
])
def test_a_range_below_zero_is_held_to_its_word(change, told):
    with pytest.raises(RulesError) as e:
        rulelang.load_text(NEGATIVE.replace(*change))
    assert told in str(e.value)


# ------------------------------------------------------------------ a player's variable read through a function

HELD = '''game "Held"
players 2..2
attribute r 1..3
deck d { for n in 1..3 { 4 cards {r: n} } }
zone d hidden
zone h private per player
var held per player = []
define has(player, k) = nth(held(player), k) > 0
setup { shuffle d  deal 3 from d to h }
turn {
  set held(current) = [count(c for c in h(current) if c.r == i) for i in 1..3]
  choose current {
    go k in 1..3 where has(current, k) "a number you hold" { }
    other "nothing" { }
  }
}
'''


def test_a_where_reads_a_players_variable_through_a_function_of_that_player():
    """Tichu counts each rank of the hand once a turn into a player's variable (`held(current)`), and its options
    ask `run_held(current, ...)`, a function reading `held(player)`.  The second player's turn was refused ("its
    `where` reads `held`, a value worked out from cards that P2 could not see"): through a function every
    player's value was looked at, the first player's too, where `nth(held(current), k)` written out looked at P2's
    alone."""
    prog = rulelang.load_text(HELD)
    g = Game(prog, 2, seed=1, stack=["1", "2", "3", "3", "1", "3"])   # P1: 1 3 1, P2: 2 3 3
    assert options(g) == ["go 1", "go 3", "other"]
    play(g, "other")
    assert g.pending.player == 1 and options(g) == ["go 2", "go 3", "other"]


def interleave(hands) -> list[str]:
    """The hands dealt round-robin from seat 0, one card a round (every hand the same size)."""
    return [h[i] for i in range(len(hands[0])) for h in hands]


# ------------------------------------------------------------------ Doppelkopf

@pytest.fixture(scope="module")
def doko():
    return rulelang.load(DOPPELKOPF)


# Seat 0 and seat 2 hold the Queens of Clubs (Re); seats 1 and 3 are Kontra.
DOKO = [["QC", "QS", "TH", "AC", "AS", "9S", "KH", "9H", "AD", "KD", "JD", "9D"],
        ["QS", "JC", "AC", "TC", "KC", "9C", "AS", "TS", "KS", "AH", "AH", "KH"],
        ["QC", "TH", "JS", "JH", "QH", "QD", "TC", "KC", "9C", "9S", "TS", "KS"],
        ["QH", "QD", "JC", "JS", "JH", "JD", "AD", "TD", "TD", "KD", "9D", "9H"]]


def test_doppelkopf_the_holders_of_the_queens_of_clubs_are_a_team_nobody_is_told_of(doko):
    """Nobody is told who is Re until a Queen of Clubs is played: then the table is."""
    g = Game(doko, 4, seed=1, stack=interleave(DOKO))
    assert all(g.view(seat)["vars"]["re"] == [] for seat in range(4))
    play(g, "play QC")                                   # seat 0 leads a Queen of Clubs
    assert [g.view(seat)["vars"]["re"] for seat in range(4)] == [[0]] * 4
    assert "P1 plays a Queen of Clubs and so is Re" in [g.narrate(e, 1) for e in g.events]


def test_doppelkopf_trumps_are_one_suit_and_the_ten_of_hearts_is_the_highest(doko):
    """A Queen of Clubs is led: the trumps are one suit, so seat 1 must play a trump (its Queen or Jack of Clubs,
    not its Aces); the 10 of Hearts (the Dulle) beats the Queen of Clubs; a 10 of Hearts is no heart."""
    g = Game(doko, 4, seed=1, stack=interleave(DOKO))
    play(g, "play QC")
    assert options(g) == ["play QS", "play JC"]
    play(g, "play JC", "play TH", "play 9D")
    assert zone_cards(g, "won", 2) == ["QC", "JC", "TH", "9D"] and g.state.vars["re"] == [0]


def test_doppelkopf_of_two_identical_cards_the_first_played_wins(doko):
    """Seat 0 leads the Queen of Spades, seat 1 plays the other Queen of Spades: seat 0's stands (the first played),
    and seat 3's Queen of Hearts is below both."""
    g = Game(doko, 4, seed=1, stack=interleave(DOKO))
    play(g, "play QS", "play QS", "play QH", "play QH")
    assert zone_cards(g, "won", 0) == ["QS", "QS", "QH", "QH"] and g.pending.player == 0


SOLO = [["TH", "TH", "QC", "QC", "QS", "QS", "QH", "QH", "QD", "QD", "JC", "JC"],
        ["AC", "AC", "TC", "TC", "KC", "KC", "9C", "9C", "AS", "AS", "TS", "TS"],
        ["KS", "KS", "9S", "9S", "AH", "AH", "KH", "KH", "9H", "9H", "JS", "JS"],
        ["JH", "JH", "JD", "JD", "AD", "AD", "TD", "TD", "KD", "KD", "9D", "9D"]]


def test_doppelkopf_a_silent_solo_taking_every_trick_scores_three_times_five(doko):
    """Both Queens of Clubs in one hand: its player plays alone.  With the twelve highest trumps it takes every
    trick: 240 points, the three others none and no trick: 1 + no 90 + no 60 + no 30 + black = 5, three times
    for the soloist, -5 for each of the others."""
    g = Game(doko, 4, seed=1, stack=interleave(SOLO))
    while g.pending is not None:
        play(g, options(g)[0])
    assert g.winners == [0] and g.state.vars["re"] == [0] and g.state.vars["re_points"] == 240
    assert g.scores == [15, -5, -5, -5]


# ------------------------------------------------------------------ Schnapsen

@pytest.fixture(scope="module")
def schnapsen():
    return rulelang.load(SCHNAPSEN)


def schnapsen_deal(h0, h1, trump, talon):
    return interleave([h0, h1]) + [trump] + talon


def test_schnapsen_the_jack_of_trumps_for_the_trump_card_and_a_marriage_in_trumps_counts_after_a_trick(schnapsen):
    """Seat 0 exchanges the Jack of trumps for the turned-up Ace, announces the marriage of Hearts (trumps: 40)
    with the King: no trick yet, so not counted; the King takes the trick, and from then on it counts (2 + 4 + 40);
    the Ace of trumps then takes the Ace of Spades: 68, over 66, and the hand is won at once; the loser took no
    trick: 3 game points."""
    g = Game(schnapsen, 2, seed=1, stack=schnapsen_deal(["KH", "QH", "JH", "AC", "TC"], ["AS", "TS", "KS", "QS", "JS"],
                                                         "AH", ["TH", "AD", "TD", "KD", "QD", "JD", "KC", "QC", "JC"]))
    assert g.state.vars["trumps"] == "hearts"
    assert "exchange" in options(g) and "close" in options(g)
    play(g, "exchange")
    assert zone_cards(g, "trump_card") == ["JH"] and g.pending.player == 0
    assert [o for o in options(g) if o.startswith("marry")] == ["marry KH", "marry QH"]
    play(g, "marry KH")
    assert g.state.pvars["marriages"] == [40, 0] and g.pending.player == 1 and g.winners == []
    play(g, "play JS")
    assert zone_cards(g, "won", 0) == ["KH", "JS"] and zone_cards(g, "hand", 0)[-1] == "TH"   # the taker drew first
    assert zone_cards(g, "hand", 1)[-1] == "AD"
    play(g, "play AH", "play AS")
    assert g.winners == [0] and g.scores == [3, 0]


def test_schnapsen_once_the_talon_is_closed_suit_must_be_followed_and_headed_or_trumped(schnapsen):
    """While the talon is open seat 1 may answer the 10 of Clubs with any card; after seat 0 closes it, seat 1 must
    follow Clubs (and head it if it could: its King and Jack cannot), and void in Hearts it must trump."""
    deal = schnapsen_deal(["TC", "AC", "KH", "QH", "JD"], ["KC", "JC", "AS", "TS", "QD"],
                          "AD", ["TH", "AH", "TD", "KD", "KS", "QS", "JS", "QC", "JH"])
    g = Game(schnapsen, 2, seed=1, stack=deal)
    play(g, "play TC")
    assert options(g) == ["play KC", "play JC", "play AS", "play TS", "play QD"]
    g = Game(schnapsen, 2, seed=1, stack=deal)
    play(g, "close")
    assert g.state.vars["closed"] is True and g.pending.player == 0 and "close" not in options(g)
    play(g, "play TC")
    assert options(g) == ["play KC", "play JC"]
    play(g, "play JC")                              # seat 0 takes it; nobody draws from a closed talon
    assert zone_cards(g, "hand", 0) == ["AC", "KH", "QH", "JD"] and len(zone_cards(g, "stock")) == 9
    play(g, "play KH")
    assert options(g) == ["play QD"]


def test_schnapsen_a_closer_short_of_66_gives_the_other_two_game_points(schnapsen):
    """Seat 0 closes and takes four of the five tricks, 53 points: short of 66, so seat 1 wins the hand, 2 game
    points.  Void in Spades, seat 0 must trump the Ace with its Jack of Diamonds."""
    g = Game(schnapsen, 2, seed=1, stack=schnapsen_deal(["TC", "AC", "KH", "QH", "JD"], ["KC", "JC", "AS", "TS", "QD"],
                                                         "AD", ["TH", "AH", "TD", "KD", "KS", "QS", "JS", "QC", "JH"]))
    play(g, "close", "play TC", "play KC", "play AC", "play JC", "play KH", "play QD", "play AS")
    assert options(g) == ["play JD"]
    play(g, "play JD", "play QH", "play TS")
    assert zone_cards(g, "won", 1) == ["KH", "QD"] and len(zone_cards(g, "won", 0)) == 8
    assert g.winners == [1] and g.scores == [0, 2]


# ------------------------------------------------------------------ French Tarot

@pytest.fixture(scope="module")
def tarot():
    return rulelang.load(TAROT)


def suit(s, ranks):
    return [f"{r}{s}" for r in ranks]


TAROT_HANDS = [suit("S", ["K", "Q", "C", "J"] + [str(n) for n in range(10, 0, -1)]) + suit("H", "KQCJ"),
               ["T21", "T20", "T19", "T2", "T3", "T4", "T5"] + suit("H", [str(n) for n in range(10, 0, -1)]) + ["Ex"],
               ["T18", "T17", "T16", "T6"] + suit("D", ["K", "Q", "C", "J"] + [str(n) for n in range(10, 0, -1)]),
               [f"T{n}" for n in range(15, 6, -1)] + ["T1"] + suit("C", ["K", "Q", "C", "J", "10", "9", "8", "7"])]
TAROT_DOG = suit("C", "654321")


def tarot_after_the_dog(tarot):
    """Seat 1 takes a Petite; the dog (six low Clubs) is shown, taken, and laid aside again."""
    g = Game(tarot, 4, seed=1, stack=interleave(TAROT_HANDS) + TAROT_DOG)
    play(g, "pass", "bid petite")
    assert options(g) == ["bid garde", "bid garde_sans", "bid garde_contre", "pass"]
    play(g, "pass", "pass")
    assert g.state.vars["taker"] == 1 and len(zone_cards(g, "hand", 1)) == 24 and set(TAROT_DOG) < set(zone_cards(g, "hand", 1))
    lay = options(g)
    assert len(lay) == 16 and not any(o.startswith("lay T") or o == "lay Ex" for o in lay)   # no trump, no oudler
    for c in TAROT_DOG:
        play(g, f"lay {c}")
    assert zone_cards(g, "won", 1) == TAROT_DOG and g.pending.player == 0
    return g


def test_tarot_the_taker_lays_six_cards_aside_and_must_trump_and_overtrump(tarot):
    """Void in Spades, seat 1 must trump (or play the Excuse); seat 2 must play a trump over the 2; seat 3 over the
    6, so not its Trump 1; the highest trump takes the trick."""
    g = tarot_after_the_dog(tarot)
    play(g, "play KS")
    assert options(g) == ["play T21", "play T20", "play T19", "play T2", "play T3", "play T4", "play T5", "play Ex"]
    play(g, "play T2")
    assert options(g) == ["play T18", "play T17", "play T16", "play T6"]
    play(g, "play T6")
    assert options(g) == [f"play T{n}" for n in range(15, 6, -1)]
    play(g, "play T7")
    assert zone_cards(g, "won", 3) == ["KS", "T2", "T6", "T7"] and g.pending.player == 3


def test_tarot_the_excuse_is_kept_by_its_owner_who_gives_a_low_card_for_it(tarot):
    """The taker plays the Excuse into a trick seat 2 takes: the Excuse goes back to the taker's tricks, and a card
    worth 1 half (the first laid aside, the 6 of Clubs) goes to seat 2 for it."""
    g = tarot_after_the_dog(tarot)
    play(g, "play KS", "play T2", "play T6", "play T7")
    play(g, "play 7C", "play 1S", "play Ex", "play T16")
    assert zone_cards(g, "won", 1) == ["5C", "4C", "3C", "2C", "1C", "Ex"]
    assert zone_cards(g, "won", 2) == ["6C", "7C", "1S", "T16"]


def test_tarot_everyone_passes_and_the_hand_is_thrown_in(tarot):
    g = Game(tarot, 4, seed=1, stack=interleave(TAROT_HANDS) + TAROT_DOG)
    play(g, "pass", "pass", "pass", "pass")
    assert g.over and g.winners == [] and g.scores == [0, 0, 0, 0]


def test_tarot_a_garde_sans_short_of_the_points_its_two_oudlers_need(tarot):
    """Seat 1 bids Garde sans: the dog goes unseen to its tricks.  Played out (each seat its first legal card), it
    ends with Trump 21 and the Excuse, two oudlers: it needs 82 halves (41 points) and has 52 (26).  The contract
    is worth 25 + 30/2 = 40, times 4 for a Garde sans: the taker loses 3 x 160, each defender wins 160."""
    g = Game(tarot, 4, seed=1, stack=interleave(TAROT_HANDS) + TAROT_DOG)
    play(g, "pass", "bid garde_sans", "pass", "pass")
    assert zone_cards(g, "won", 1) == TAROT_DOG and zone_cards(g, "dog") == []
    while g.pending is not None:
        play(g, options(g)[0])
    assert {"T21", "Ex"} <= set(zone_cards(g, "won", 1)) and "T1" not in zone_cards(g, "won", 1)
    assert (g.state.vars["taker_points"], g.state.vars["needed"]) == (52, 82)
    assert g.winners == [0, 2, 3] and g.scores == [160, -480, 160, 160]


# ------------------------------------------------------------------ Tichu

@pytest.fixture(scope="module")
def tichu():
    return rulelang.load(TICHU)


TICHU_HANDS = [["MJ", "2G", "3K", "4B", "5R", "6G", "8G", "8K", "9G", "9K", "9B", "QG", "QK", "Dog"],
               ["2K", "3G", "4K", "5G", "6K", "7K", "7B", "TG", "TK", "JG", "JK", "KG", "AG", "Ph"],
               ["2B", "3B", "4G", "5K", "6B", "7G", "8B", "TB", "JB", "QB", "KB", "AB", "2R", "3R"],
               ["4R", "5B", "6R", "7R", "8R", "9R", "TR", "JR", "QR", "KR", "AR", "Dr", "KK", "AK"]]
# each seat's three cards: to the next seat, to the partner, to the seat before
TICHU_GIFTS = [["QG", "QK", "8K"], ["2K", "3G", "4K"], ["2R", "3R", "4G"], ["4R", "5B", "KK"]]


# the same, but seat 3 keeps no straight flush, and seat 1 gets no Queen of Jade to make one
QUIET_GIFTS = [["QK", "QG", "8K"], ["2K", "3G", "4K"], ["2R", "3R", "TB"], ["TR", "5B", "KK"]]


def tichu_passed(tichu, given=TICHU_GIFTS):
    g = Game(tichu, 4, seed=1, stack=interleave(TICHU_HANDS))
    for seat, gifts in enumerate(given):
        for c in gifts:
            assert g.pending.player == seat
            play(g, f"give {c}")
    return g


def test_tichu_each_player_passes_one_card_to_each_other_and_the_mah_jong_leads(tichu):
    """The cards are passed face down, all at once: each goes into a zone of its giver's own (`gift(p, i)`) until
    every player has chosen, then to the next seat, the partner, the seat before."""
    g = Game(tichu, 4, seed=1, stack=interleave(TICHU_HANDS))
    play(g, "give QG")
    assert zone_cards(g, "gift 1", 0) == ["QG"] and "QG" not in zone_cards(g, "hand", 1)
    g = tichu_passed(tichu)
    assert zone_cards(g, "hand", 0)[-3:] == ["4K", "3R", "4R"]      # from seat 1 (before 2), 2 (partner), 3 (next)
    assert zone_cards(g, "hand", 3)[-3:] == ["8K", "3G", "2R"]
    assert g.pending.player == 0                                    # the Mah Jong's holder leads


def test_tichu_a_set_is_chosen_by_kind_and_ranks_and_must_be_beaten_by_the_same_kind(tichu):
    """Seat 0 leads a straight from the Mah Jong's 1 to 6 (choosing which of its three 4s); seat 1 holds no higher
    straight of six and may only pass; a straight flush is a bomb, laid by seat 3 out of turn over it: play goes on
    from seat 3, and when the three others pass, seat 3 takes the trick and leads."""
    g = tichu_passed(tichu)
    assert options(g)[:4] == ["straight one 5", "straight one 6", "straight two 5", "pairs three 2"]
    play(g, "straight one 6")
    assert options(g) == ["use 3K", "use 3R"]                      # two 3s: which one?
    play(g, "use 3R")
    assert options(g) == ["use 4B", "use 4K", "use 4R"]
    play(g, "use 4R")
    assert zone_cards(g, "trick") == ["MJ", "2G", "3R", "4R", "5R", "6G"]
    assert (g.state.vars["kind_now"], g.state.vars["length_now"], g.state.vars["value_now"]) == ("straight", 6, 12)
    # the bomb window, in turn order: seats 1 and 2 (straight flushes of Jade and of Pagodas, 10 to Ace) let it
    # pass, seat 3 bombs
    assert g.pending.player == 1 and options(g) == ["flush TG 5", "pass"]
    play(g, "pass")
    assert g.pending.player == 2 and options(g) == ["flush TB 5", "pass"]
    play(g, "pass")
    assert g.pending.player == 3 and "flush 6R 9" in options(g) and "flush 6R 5" in options(g)
    play(g, "flush 6R 5")
    assert zone_cards(g, "trick")[-5:] == ["6R", "7R", "8R", "9R", "TR"]
    assert g.state.vars["kind_now"] == "bomb" and g.state.vars["last_player"] == 3
    # over it, the higher straight flushes of the same length may bomb again; they wait, and seat 0, with no bomb,
    # is asked all the same (whether the table waits for it tells nothing of its hand)
    assert g.pending.player == 0 and options(g) == ["pass"]
    play(g, "pass")
    assert g.pending.player == 1 and options(g) == ["flush TG 5", "pass"]
    play(g, "pass", "pass")
    assert g.pending.player == 0 and options(g) == ["pass"]        # play goes on from the bomber
    play(g, "pass")
    assert g.pending.player == 1 and options(g) == ["flush TG 5", "pass"]     # its turn: it could bomb now
    play(g, "pass", "pass")
    assert len(zone_cards(g, "won", 3)) == 11 and g.pending.player == 3 and g.state.vars["kind_now"] is None


def test_tichu_the_dog_gives_the_lead_to_the_partner(tichu):
    g = tichu_passed(tichu, QUIET_GIFTS)
    play(g, "dog Dog")
    assert zone_cards(g, "won", 0) == ["Dog"] and g.pending.player == 2 and "pass" not in options(g)


def bombless(g, *moves: str) -> None:
    """`play`, the bomb window that follows each play let pass by the seats it asks with nothing to do but pass (it
    asks every seat: whether the table waits for one tells nothing of its hand)."""
    for text in (*moves, None):
        while g.pending is not None and g.pending.window and options(g) == ["pass"]:
            play(g, "pass")
        if text is not None:
            play(g, text)


def test_tichu_the_dragon_takes_the_trick_for_an_opponent_of_its_players_choice(tichu):
    """The Phoenix beats the Ace (half a rank above it); the Dragon beats the Phoenix; the three others pass, and
    seat 3 gives the trick to an opponent, seat 0 or seat 2."""
    g = tichu_passed(tichu, QUIET_GIFTS)
    assert g.pending.player == 0
    play(g, "single 9G")
    assert [g.pending.player, g.pending.window, options(g)] == [1, True, ["pass"]]  # no bomb, asked all the same
    bombless(g, "pass", "single AB", "pass", "pass")
    assert "single Ph" in options(g) and "single KG" not in options(g)
    bombless(g, "single Ph")
    assert g.state.vars["value_now"] == 29 and g.pending.player == 2
    bombless(g, "pass", "single Dr")
    assert options(g) == ["pass"]                                   # nothing beats the Dragon but a bomb
    bombless(g, "pass", "pass", "pass")
    assert g.pending.player == 3 and options(g) == ["give P1", "give P3"]
    play(g, "give P3")
    assert zone_cards(g, "won", 2) == ["9G", "AB", "Ph", "Dr"] and g.pending.player == 3


def test_tichu_played_out_the_two_teams_share_the_hundred_points(tichu):
    """Each seat playing its first move: three players go out, the last one's hand goes to the other team and their
    tricks to the first out; each team's points, 100 between them, go to both its players."""
    g = tichu_passed(tichu, QUIET_GIFTS)
    while g.pending is not None:
        play(g, options(g)[0])
    assert g.state.vars["double"] is False and g.winners == [1, 3]
    assert g.scores == [45, 55, 45, 55]


# ------------------------------------------------------------------ every game ends; what each seat is shown

# (Tichu's game is left to tests/test_env_every_file.py and the round's report: 1 to 5 s a game; a search bot's
# game of Schnapsen took a minute, on a busy machine)
@pytest.mark.parametrize("path,players,bots", [(DOPPELKOPF, 4, ["random"]), (SCHNAPSEN, 2, ["greedy"]),
                                               (TAROT, 4, ["greedy"])],
                         ids=lambda x: getattr(x, "stem", x) if not isinstance(x, (int, list)) else str(x))
def test_every_seeded_game_ends(path, players, bots):
    report = simulate(str(path), games=1, players=players, bots=bots, seed=1)
    assert report["games"] == 1 and report["stalemates"]["count"] == 0


def test_doppelkopf_hidden_information_over_a_bot_game():
    """The watcher of tests/test_hidden_information.py over a game of hidden partnerships (the others' files were
    watched over more games when they were written: see the round's report)."""
    import test_hidden_information as H
    out = H.play_and_watch(DOPPELKOPF, games=1)
    assert out["failures"] == {} and out["counts"]["moves"] == 48 and out["counts"]["permutations"] > 4


# ------------------------------------------------------------------ open: a player picked by the cards of hand(p)

PARTNER = '''game "Secret partner"
players 3..3
attribute r 1..6
deck d { for n in 1..6 { card {r: n} } }
zone d hidden
zone h private per player
var holder = none
setup {
  shuffle d
  deal 2 from d to h
  set holder = first(p for p in players if any(c.r == 6 for c in h(p)))
}
turn { choose current { go { win current } } }
'''


@pytest.mark.xfail(strict=True, reason="open: a zone read for a name a comprehension binds is not followed as hidden")
def test_a_player_picked_by_the_cards_of_every_hand_is_not_shown_to_the_others():
    """Sheepshead's secret partner (`let holder = first(p for p in players if any(c is partner_card for c in
    hand(p)))`, then `set mate = holder`, tests/rules/sheepshead.rules) and Doppelkopf's Re team worked out at the
    deal are shown to every seat: the cards of `hand(p)`, `p` bound by the comprehension, are not counted among
    what the value was worked out from.  Doppelkopf keeps no such list (its header says why); Sheepshead's `mate`
    is in every seat's view."""
    g = Game(rulelang.load_text(PARTNER), 3, seed=1, stack=["1", "2", "6", "3", "4", "5"])   # seat 2 holds the 6
    assert g.state.vars["holder"] == 2
    assert [g.view(seat)["vars"].get("holder") for seat in range(3)] == [None, None, 2]
