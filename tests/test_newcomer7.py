"""Newcomer round 7: card games written from the docs alone, unlike the bundled ones and the examples, each with
stacked decks, scripted moves and exact results (the rules are at the top of each file).

- tests/rules/briscola.rules: card points and a trump suit turned up under the stock, no duty to follow suit, the
  taker of a trick drawing first.
- tests/rules/exploding_kittens.rules: as many cards as you like and then a draw, a Nope chain (a window asked
  again after every Nope), a drawn Kitten put back into the pile at a depth its player chooses, turns owed.
- tests/rules/cribbage.rules: the crib, the starter, the play to 31 and the show (every set of five cards adding
  up to 15, runs counted as often as they are made), a match to 121 won as soon as it is reached.

Every game ends under greedy and random bots."""
from __future__ import annotations

import pytest

import rulelang
from helpers import ROOT, options, play_greedy, zone_cards, play_pending as play
from interpreter import Game
from interpreter.errors import RulesError, RuntimeRulesError
from rulelang.simulate.run import simulate
from rulelang.terminal.host import Host, Screen
from rulelang.terminal.summary import rules_summary

RULES = ROOT / "tests" / "rules"


# ------------------------------------------------------------------ `+` joins a list to a value the checker cannot type

JOIN = '''game "Join"
players 2..2
attribute rank 1..9
name cards by rank
deck stock { for r in 1..9 { card {rank: r} } }
zone stock hidden
zone pile public
zone hand private per player
var kept per player = []
define with_top(cs) = cs + [top(pile)]
define total(cs) = sum(c.rank for c in with_top(cs))
setup { shuffle stock  deal 2 from stock to hand  move 1 from stock to pile }
turn {
  choose current {
    lay c in hand(current) {
      set kept(current) = kept(current) + [c]
      move c to pile
      if total(kept(current)) > 12 { win current }
    }
  }
}
'''


def test_a_list_is_joined_to_a_parameter_or_a_variable_the_checker_cannot_type():
    """docs §8: `a + b` joins lists when `a` is a list. A parameter not named after its type (`cs`), or a variable
    first set to `[]`, is "any" to the checker, and `cs + [top(pile)]` was refused ("expected a number, found a list
    of cards", with the hint to write `[cs] + ...`, a list of lists): a list on the right joins them."""
    g = Game(rulelang.load_text(JOIN), 2, seed=1, stack=["1", "5", "4", "8", "2"])
    play(g, "lay 1", "lay 5")
    assert g.state.pvars["kept"] == [[0], [4]] and g.winners == []
    play(g, "lay 4")           # P1 kept 1 and 4, the pile's top 4: 9
    assert g.winners == []
    play(g, "lay 8")           # P2 kept 5 and 8, the top 8: 21
    assert g.winners == [1] and zone_cards(g, "pile") == ["2", "1", "5", "4", "8"]


# ------------------------------------------------------------------ a greedy bot in a long game with a player's list

NOTES = '''game "Notes"
players 2..2
attribute rank 1..4
name cards by rank
deck stock { for r in 1..4 { card {rank: r} } }
zone stock hidden
zone hand private per player
var noted per player = []
var turns = 0
setup { shuffle stock  deal 2 from stock to hand }
turn {
  choose current {
    note c in hand(current) "write the card's rank down" { set noted(current) = noted(current) + [c.rank] }
    wait "write nothing" { }
  }
  set turns = turns + 1
  if turns == 80 { win current }
}
'''


def test_a_greedy_bot_plays_on_past_sixty_turns_when_a_players_variable_holds_a_list():
    """A greedy bot remembers where it stood from the 60th turn on, as a key of everything it sees; a player's
    variable holding a list (Cribbage's cards laid, for the show) made that key a list inside a tuple, and the
    bot failed with a Python error ("unhashable type: 'list'") at its 60th turn."""
    g = play_greedy(rulelang.load_text(NOTES), 2, seed=1)
    assert g.winners == [1] and g.state.vars["turns"] == 80
    assert [len(n) for n in g.state.pvars["noted"]] == [40, 40]   # the first option, `note`, every time


# ------------------------------------------------------------------ `move ... to ZONE under N`: cards put into a pile

UNDER = '''game "Under"
players 2..2
attribute rank 1..9
name cards by rank
deck draw { for r in 1..9 { card {rank: r} } }
zone draw hidden
zone pile public
zone hand private per player
setup { shuffle draw  deal 1 from draw to hand  move 2 from draw to pile }
turn {
  choose current {
    bury c in hand(current), n in 0..size(draw) "put your card into the pile with n cards above it" {
      move c to draw under n
    }
    sink "put the top card of the pile at its bottom" { move top(draw) to draw under size(draw) }
    tuck "put the laid cards under the top card of the pile" { move pile to draw under 1 }
    dig "put your card under a count worked out in play" { move hand(current) to draw under 2 - size(draw) }
  }
  if size(hand(current)) == 0 { win current }
}
'''
STACKED = ["1", "2", "3", "4", "5", "6", "7", "8", "9"]


def under(*moves) -> Game:
    g = Game(rulelang.load_text(UNDER), 2, seed=1, stack=STACKED)
    play(g, *moves)
    return g


def told(g: Game, start: int, seat: int) -> list[str]:
    return ["".join(t for _, t in line) for line in g.tell(g.events[start:], seat)]


def test_cards_are_put_into_a_pile_under_as_many_cards_as_a_move_says():
    """`move CARDS to ZONE under N` puts the cards into the zone with N of its cards above them (0: on top; N at
    least the zone's size: at the bottom), in their order: the Exploding Kitten put back at the depth its player
    chooses, the trump turned up under the stock. No statement could put a card anywhere but on top."""
    g = under()
    assert zone_cards(g, "draw") == ["9", "8", "7", "6", "5"] and zone_cards(g, "pile") == ["3", "4"]  # bottom first
    start = len(g.events)
    play(g, "bury 1 2")
    assert zone_cards(g, "draw") == ["9", "8", "7", "1", "6", "5"] and g.winners == [0]
    assert told(g, start, 0)[:2] == ["You choose bury: 1, 2", "You put 1 into the draw pile under 2 cards"]
    assert told(g, start, 1)[0] == "P1 puts 1 card into the draw pile under 2 cards"
    assert zone_cards(under("bury 1 0"), "draw") == ["9", "8", "7", "6", "5", "1"]
    g = under()
    start = len(g.events)
    play(g, "bury 1 5")
    assert zone_cards(g, "draw") == ["1", "9", "8", "7", "6", "5"]
    assert told(g, start, 1)[0] == "P1 puts 1 card at the bottom of the draw pile"
    g = under()
    start = len(g.events)
    play(g, "sink")
    assert zone_cards(g, "draw") == ["5", "9", "8", "7", "6"]
    assert told(g, start, 1)[1] == "1 card goes from the draw pile to the bottom of the draw pile"
    g = under()
    start = len(g.events)
    play(g, "tuck")
    assert zone_cards(g, "draw") == ["9", "8", "7", "6", "3", "4", "5"] and zone_cards(g, "pile") == []
    assert told(g, start, 1)[1] == "3, 4 go from the pile to the draw pile under 1 card"


def test_a_count_of_cards_above_that_is_negative_is_refused():
    """As with `move N from`: a negative count known before play is refused by the checker, one worked out in play
    is a run-time error that leaves the game as it was."""
    with pytest.raises(RulesError, match="cannot put cards under -1 cards: a count of cards cannot be negative"):
        rulelang.load_text(UNDER.replace("under size(draw) }", "under -1 }"))
    g = under()
    with pytest.raises(RuntimeRulesError, match="cannot put cards under -3 cards of the draw pile"):
        g.apply(0, "dig")
    assert zone_cards(g, "draw") == ["9", "8", "7", "6", "5"] and g.pending.player == 0


# ------------------------------------------------------------------ a card taken blind from a player chosen with it

STEAL = '''game "Steal"
players 3..3
attribute rank 1..9
name cards by rank
deck stock { for r in 1..9 { card {rank: r} } }
zone stock hidden
zone hand private per player
setup { shuffle stock  deal 2 from stock to hand }
turn {
  choose current {
    take p in others(current), c in hand(p) "take a card, unseen, from a player" { move c to hand(current) }
  }
  win current
}
'''


def test_a_card_taken_by_its_place_from_a_player_chosen_with_it_is_told_as_that_players():
    """Exploding Kittens' pair of cats: `take p in others(current), c in hand(p)` offers `take P2 #1`. It was told
    as "P1 takes P2 #1", the player and the place read as one name, so the player robbed was not told "you" (at the
    prompt, whose seat is called "You": "Cy takes You #3")."""
    g = Game(rulelang.load_text(STEAL), 3, seed=1, stack=["1", "2", "3", "4", "5", "6"])
    start = len(g.events)
    play(g, "take P2 #1")
    assert told(g, start, 1)[0] == "P1 takes #1 of yours"
    assert told(g, start, 2)[0] == "P1 takes #1 of P2's"
    assert told(g, start, 0)[0].startswith("You take #1 of P2's")


# ------------------------------------------------------------------ `+` of two values the checker cannot type

TWO_ANY = '''game "Two any"
players 2..2
attribute rank 1..9
name cards by rank
deck stock { for r in 1..9 { card {rank: r} } }
zone stock hidden
zone pile public
zone hand private per player
var kept per player = []
var total = 0
define keep(player, cs) { set kept(player) = kept(player) + cs }
define add_up(a, b) = a + b
setup { shuffle stock  deal 2 from stock to hand }
turn {
  choose current {
    lay c in hand(current) {
      move c to pile
      keep(current, [c])
      set total = add_up(total, c.rank)
      if size(kept(current)) == 2 { win current }
    }
  }
}
'''


def test_two_lists_the_checker_cannot_type_are_joined_and_two_numbers_added():
    """Pinochle keeps the cards each player melded in a kind: `set married(player) = married(player) + cs`, `cs` a
    parameter. Neither side has a type the checker knows (a parameter that is a list cannot be named so), and the
    `+` was taken for arithmetic: the move failed with "values of different kinds are compared (a list and a number,
    say)". Worked out in play, `+` joins two lists and adds two numbers; a list and a number are refused so."""
    g = Game(rulelang.load_text(TWO_ANY), 2, seed=1, stack=["1", "5", "4", "8"])
    play(g, "lay 1", "lay 5", "lay 4")
    assert g.state.pvars["kept"] == [[0, 3], [4]] and g.state.vars["total"] == 10 and g.winners == [0]
    bad = TWO_ANY.replace("keep(current, [c])", "keep(current, c.rank)")
    g = Game(rulelang.load_text(bad), 2, seed=1, stack=["1", "5", "4", "8"])
    with pytest.raises(RuntimeRulesError, match="`\\+` adds two numbers or joins two lists, and was given a list and a number"):
        g.apply(0, "lay 1")


# ------------------------------------------------------------------ a zone's name in words of its own

WORDS = '''game "Words"
players 2..2
attribute rank 1..9
name cards by rank
deck stock { for r in 1..9 { card {rank: r} } }
zone stock hidden
zone table "table" public
zone turned "turned-up card" public
zone hand private per player
zone won "tricks won" hidden per player
setup { shuffle stock  deal 2 from stock to hand  move 1 from stock to turned }
turn {
  choose current { lay c in hand(current) { move c to table } }
  if size(table) == 2 { move table to won(current) }
  if size(hand(current)) == 0 { win current }
}
'''


def test_a_zone_is_told_by_the_words_its_declaration_gives():
    """`zone won "tricks won" ...`: the narration, the status and the table's summary name the zone so. Without
    them a zone is named by its name, with "pile" after it for the table's: "P2 takes 3, 4 from the table pile
    into their won", "8 is turned up from the stock pile to start the turned pile"."""
    g = Game(rulelang.load_text(WORDS), 2, seed=1, stack=["1", "2", "3", "4", "8"])
    start = len(g.events)
    play(g, "lay 1", "lay 2")
    assert told(g, 0, 0)[2] == "8 is turned up from the stock pile to start the turned-up card"
    assert told(g, start, 0) == ["You lay 1", "P2 lays 2", "P2 takes 1, 2 from the table into their tricks won"]
    assert told(g, start, 1)[2] == "You take 1, 2 from the table into your tricks won"
    assert [z.display for z in g.program.zones] == [None, "table", "turned-up card", None, "tricks won"]
    host = Host(g, humans=[0, 1], bots={}, screen=Screen(tty=False), delay=0)
    assert ["".join(t for _, t in fact) for fact in host.table_facts(0)][:3] == [
        "stock: 4 cards", "empty: table", "turned-up card: 8"]
    assert "tricks won: P1 0, P2 2" in ["".join(t for _, t in fact) for fact in host.table_facts(0)]
    assert "Table: stock (face down); table (seen by all); turned-up card (seen by all); a hand each (seen by its " \
           "owner); a tricks won each (face down)" in " ".join(rules_summary(g.program).split())


# ------------------------------------------------------------------ Briscola

BRISCOLA = rulelang.load(RULES / "briscola.rules")


def briscola(p1, p2, turned, stock=()) -> Game:
    stack = [c for pair in zip(p1, p2) for c in pair] + [turned, *stock]
    return Game(BRISCOLA, 2, seed=1, stack=stack)


def test_briscola_a_trump_takes_the_trick_and_its_taker_draws_first():
    g = briscola(["AD", "2C", "4S"], ["2S", "KD", "5B"], "7S", ["3B", "JC"])
    assert g.state.vars["trumps"] == "swords" and zone_cards(g, "briscola") == ["7S"]
    play(g, "play AD", "play 2S")                        # the 2 of trumps beats the ace of coins, worth 11
    assert zone_cards(g, "taken", 1) == ["AD", "2S"] and zone_cards(g, "taken", 0) == []
    assert "3B" in zone_cards(g, "hand", 1) and "JC" in zone_cards(g, "hand", 0) and g.pending.player == 1
    play(g, "play KD", "play 2C")                        # no duty to follow; the suit led takes it
    assert zone_cards(g, "taken", 1) == ["AD", "2S", "KD", "2C"] and g.pending.player == 1


def test_briscola_the_turned_up_trump_is_the_last_card_drawn_and_the_points_decide():
    g = briscola(["AD", "2C", "4S"], ["2S", "KD", "5B"], "7S")
    while size_of(g, "briscola") > 0:
        assert zone_cards(g, "briscola") == ["7S"]
        play(g, f"play {zone_cards(g, 'hand', g.pending.player)[0]}")
    taker = g.pending.player                              # took the 17th trick, drew the stock's last card
    assert size_of(g, "stock") == 0 and "7S" in zone_cards(g, "hand", 1 - taker)
    assert [size_of(g, "hand", p) for p in (0, 1)] == [3, 3]
    while g.pending is not None:
        play(g, f"play {zone_cards(g, 'hand', g.pending.player)[0]}")
    points = [sum(g.program.cards[c].attrs["points"] for c in g.state.zone(g.program.zone_index["taken"], p))
              for p in (0, 1)]
    assert sum(points) == 120 and g.state.pvars["score"] == points
    assert g.winners == ([0] if points[0] > 60 else [1] if points[1] > 60 else [])


def size_of(g: Game, zone: str, owner=None) -> int:
    return len(zone_cards(g, zone, owner))


# ------------------------------------------------------------------ Exploding Kittens

KITTENS = rulelang.load(RULES / "exploding_kittens.rules")


def kittens(*hands) -> Game:
    """Three players; the stack deals the hands (the Kittens and Defuses are set aside before the deal)."""
    return Game(KITTENS, 3, seed=1, stack=[c for row in zip(*hands) for c in row])


P1 = ["FA", "AT", "SK", "TC", "TC", "SF", "SH"]
P2 = ["NO", "NO", "SH", "BC", "BC", "CM", "RC"]
P3 = ["NO", "SK", "SF", "PC", "PC", "CM", "RC"]


def test_kittens_each_gets_a_defuse_and_the_pile_holds_a_kitten_fewer_than_the_players():
    g = kittens(P1, P2, P3)
    assert [sorted(zone_cards(g, "hand", p)) for p in range(3)] == [sorted(h + ["DF"]) for h in (P1, P2, P3)]
    pile = zone_cards(g, "draw")
    assert pile.count("EK") == 2 and pile.count("DF") == 2 and len(pile) == 56 - 4 - 6 - 21 + 2 + 2
    assert sorted(zone_cards(g, "box")) == ["DF", "EK", "EK"]


def test_kittens_a_nope_may_be_noped_and_every_nope_turns_the_card_back_and_forth():
    g = kittens(P1, P2, P3)
    play(g, "play FA")
    assert g.pending.player == 1 and options(g) == ["nope NO", "pass"]
    play(g, "nope NO")                                 # P2 nopes the Favor; P3 may nope the Nope, then P1
    assert g.pending.player == 2
    play(g, "nope NO")                                 # P3 nopes it: the Favor goes ahead unless someone nopes again
    assert g.pending.player == 0 and options(g) == ["pass"]  # P1 holds no Nope, asked all the same: whether the
    play(g, "pass")                                    # table waits for P1 tells nothing of P1's hand
    assert g.pending.player == 1                       # P2 holds one more
    play(g, "nope NO")
    assert [g.pending.player, options(g)] == [2, ["pass"]]  # P3 and P1, no Nope left, let it pass
    play(g, "pass", "pass")
    assert zone_cards(g, "discard") == ["FA", "NO", "NO", "NO"] and g.state.vars["noped"] is True
    assert g.pending.player == 0 and options(g)[-1] == "draw"     # the Favor was stopped: P1 plays on
    play(g, "play AT")                                 # no Nope is left to stop the Attack: P2 owes two turns
    assert [g.pending.player, g.pending.window, options(g)] == [1, True, ["pass"]]
    play(g, "pass", "pass")                            # (P2 and P3 asked all the same)
    assert g.pending.player == 1 and g.state.vars["owed"] == 2


def test_kittens_two_cats_take_a_card_unseen():
    g = kittens(P1, P2, P3)
    play(g, "pair TC TC", "pass", "pass")
    assert options(g)[:2] == ["take P2 #1", "take P2 #2"] and len(options(g)) == 16
    play(g, "take P3 #9")                              # (the places count on through P3's hand)
    assert size_of(g, "hand", 0) == 7 and size_of(g, "hand", 2) == 7 and zone_cards(g, "discard") == ["TC", "TC"]


# ------------------------------------------------------------------ Cribbage

CRIBBAGE = rulelang.load(RULES / "cribbage.rules")


def test_cribbage_the_play_pegs_fifteens_runs_and_goes_and_the_show_counts_a_29_hand():
    """P1 (the player after the dealer) keeps 5C 5D 5H JS and the starter is 5S: the best hand of cribbage, 29
    (eight fifteens, six pairs, his nobs). P2 keeps 2H 3H 4H 6H: a run of five with the starter, two fifteens, a
    flush of four: 13. The crib (KC QC 9S 9D, P2's as the dealer) counts two fifteens and a pair: 6."""
    hands = [["5C", "5D", "5H", "JS", "KC", "QC"], ["2H", "3H", "4H", "6H", "9S", "9D"]]
    g = Game(CRIBBAGE, 2, seed=1, stack=[c for row in zip(*hands) for c in row] + ["5S"])
    play(g, "discard KC QC", "discard 9S 9D")
    assert zone_cards(g, "starter") == ["5S"] and sorted(zone_cards(g, "crib")) == ["9D", "9S", "KC", "QC"]
    play(g, "lay 5C", "lay 2H", "lay 5D", "lay 3H")          # 15: P2 pegs 2
    assert g.state.pvars["score"] == [0, 2]
    play(g, "lay 5H", "lay 4H")                              # 24, and 3-5-4 a run: P2 pegs 3
    assert g.state.pvars["score"] == [0, 5] and options(g) == ["go"]
    play(g, "go", "lay 6H")                                  # 30: a run of four, 3-4-5-6 (4), and the go (1)
    assert g.state.pvars["score"] == [0, 10] and g.state.vars["total"] == 0 and g.pending.player == 0
    play(g, "lay JS")                                        # the last card: the go (1), then the show
    assert g.over and g.state.pvars["score"] == [1 + 29, 10 + 13 + 6] and g.winners == [0]


# ------------------------------------------------------------------ Pinochle

PINOCHLE = rulelang.load(RULES / "pinochle.rules")


def pinochle() -> Game:
    p1 = ["KH", "QH", "KC", "KD", "KS", "9D", "9D", "JD", "JD", "TD", "TD", "AD"]
    p2 = ["9H", "9H", "9S", "9S", "JH", "JH", "JS", "JS", "QS", "QS", "JC", "JC"]
    return Game(PINOCHLE, 2, seed=1, stack=[c for row in zip(p1, p2) for c in row] + ["AC"])


def test_pinochle_the_taker_melds_once_and_a_card_melded_serves_again_only_in_another_kind():
    g = pinochle()
    assert g.state.vars["trumps"] == "clubs"
    play(g, "play 9D", "play 9H")                            # not the suit led, not a trump: P1 takes it
    assert options(g) == ["around KH KC KD KS", "marry KH QH", "keep"]
    play(g, "marry QH KH")
    assert sorted(zone_cards(g, "melds", 0)) == ["KH", "QH"] and g.state.pvars["meld_points"] == [20, 0]
    assert size_of(g, "hand", 0) == 10 and size_of(g, "hand", 1) == 12 and size_of(g, "stock") == 21
    assert "play KH" in options(g)                           # a melded card may be played from the table
    play(g, "play 9D", "play 9H")
    assert options(g) == ["around KC KD KS KH", "keep"]      # the king of hearts again, but not the marriage
    play(g, "around KH KC KD KS")
    assert g.state.pvars["meld_points"] == [100, 0] and size_of(g, "melds", 0) == 5


def test_pinochle_once_the_stock_is_gone_a_player_must_follow_and_beat_the_card_led():
    g = pinochle()
    while not g.state.vars["strict"]:
        d = g.pending
        play(g, [o.text for o in g.legal()][-1 if d.prompt and "meld" in d.prompt else 0])
    assert size_of(g, "melds", 0) == 0 and [size_of(g, "hand", p) for p in (0, 1)] == [12, 12]
    leader = g.pending.player
    led = g.legal()[0].text
    play(g, led)
    card = g.program.cards[g.state.zone(g.program.zone_index["trick"], None)[-1]]
    hand = [g.program.cards[c] for c in g.state.zone(g.program.zone_index["hand"], 1 - leader)]
    order = ["nine", "jack", "queen", "king", "ten", "ace"]
    same = [c for c in hand if c.attrs["suit"] == card.attrs["suit"]]
    higher = [c for c in same if order.index(c.attrs["rank"]) > order.index(card.attrs["rank"])]
    trumps = [c for c in hand if c.attrs["suit"] == "clubs"]
    allowed = higher or same or trumps or hand
    assert sorted(o.text for o in g.legal()) == sorted({f"play {c.short}" for c in allowed})


# ------------------------------------------------------------------ every game ends

@pytest.mark.parametrize("name,players,bots", [("briscola", 2, "greedy"), ("briscola", 2, "random"),
                                               ("exploding_kittens", 4, "greedy"), ("exploding_kittens", 3, "random"),
                                               ("cribbage", 2, "greedy"), ("cribbage", 2, "random"),
                                               ("pinochle", 2, "greedy"), ("pinochle", 2, "random")])
def test_every_seeded_game_ends(name, players, bots):
    report = simulate(str(RULES / f"{name}.rules"), games=2, players=players, bots=[bots], seed=1)
    assert report["games"] == 2 and report["stalemates"]["count"] == 0 and "failed" not in report


# ------------------------------------------------------------------ `subsets(g in xs where ...)`: the groups that hold

FIFTEENS = '''game "Fifteens"
players 2..2
attribute rank 1..10
name cards by rank
deck stock { for r in 1..10 { 4 cards {rank: r} } }
zone stock hidden
zone hand private per player
var fifteens per player = 0
var longest per player = 0
var counted = 0
define run(g) = size(g) >= 3 and max(c.rank for c in g) - min(c.rank for c in g) == size(g) - 1
                and all(count(d for d in g if d.rank == c.rank) == 1 for c in g)
setup { shuffle stock  deal 5 from stock to hand }
turn {
  choose current {
    count_up "count your hand" {
      set fifteens(current) = size(subsets(g in hand(current) where sum(c.rank for c in g) == 15))
      set longest(current) = max(size(g) for g in subsets(g in hand(current) where run(g)))
    }
    grab "take 12 more cards, and count them all" {
      move 12 from stock to hand(current)
      set fifteens(current) = size(subsets(g in hand(current) where sum(c.rank for c in g) == 15))
    }
  }
  set counted = counted + 1
  if counted == 2 { win current }
}
'''


def test_subsets_are_the_groups_of_a_collection_a_condition_holds_for():
    """Cribbage counts 2 for every set of cards of a hand adding up to 15 and 1 a card for every run: every group
    of the hand, each tested. `splits` gives the cards left over by disjoint groups; the groups themselves could
    only be had by numbering them by hand (`[nth(cs, i) for i in 1..5 if m / nth(bits, i) % 2 == 1]` for each m of
    1..31)."""
    hands = [["5", "5", "10", "4", "6"], ["1", "2", "3", "9", "4"]]
    g = Game(rulelang.load_text(FIFTEENS), 2, seed=1, stack=[c for row in zip(*hands) for c in row])
    play(g, "count_up", "count_up")
    # 5+10 (either five), 5+4+6 (either five); 1+2+3+9, 2+9+4; runs 4-5-6, 1-2-3-4
    assert g.state.pvars["fifteens"] == [4, 2] and g.state.pvars["longest"] == [3, 4] and g.winners == [1]
    g = Game(rulelang.load_text(FIFTEENS), 2, seed=1)
    with pytest.raises(RuntimeRulesError, match="`subsets` of 17 items: it looks at the groups of 16 at most"):
        g.apply(0, "grab")
    with pytest.raises(RulesError, match="`subsets` goes through a list or a zone, not a number"):
        rulelang.load_text(FIFTEENS.replace("subsets(g in hand(current) where run", "subsets(g in 7 where run"))
