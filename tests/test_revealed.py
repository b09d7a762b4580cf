"""A card a `reveal` shows from a private hand or a hidden pile stays in the view of those it was shown to while it
lies where they saw it (docs/language.md §5), and is forgotten once they cannot tell where it went: it moved and they
did not see where (then they know none of that zone's cards: they cannot tell which left), or its zone was shuffled.

tests/rules/shown_cards.rules: each turn the player shows, plays, gives, hides, shuffles or draws one card.  Stacked:
the hands are dealt one card each in turn from the top of the stack, then the stock is drawn from its top."""
from __future__ import annotations

import random

import pytest

import rulelang
from helpers import ROOT, interleave, play_pending as play
from interpreter import Game
from interpreter.bots import GreedyBot, RandomBot
from interpreter.bots.odds import Sight
from interpreter.ops import knows

SHOWN = ROOT / "tests" / "rules" / "shown_cards.rules"
PROGRAM = rulelang.load(SHOWN)
SEATS = (0, 1, 2, None)  # the three players and the table (a spectator, a --log)


def game(hands, stock=(), seed=1) -> Game:
    return Game(PROGRAM, len(hands), seed=seed, stack=interleave(hands) + list(stock))


def card(name: str) -> int:
    return PROGRAM.card_by_text(name)[0]


def seen(g: Game, seat, zone: str, owner=None) -> list:
    """What `seat`'s view shows of a zone (of `owner`): short names, None for a card it may not see."""
    z = g.view(seat)["zones"][zone]
    cards = (z[owner] if owner is not None else z)["cards"]
    return [PROGRAM.cards[c].short if c is not None else None for c in cards]


def glanced(g: Game, seat, zone: str, owner=None):
    """The same zone as the seat's glance (the RL environment's and the greedy bot's look) shows it."""
    zi = PROGRAM.zone_index[zone]
    z = g.seat(seat).glance()[4][zi]
    z = z[owner] if owner is not None else z
    return z if isinstance(z, int) else [PROGRAM.cards[c].short if c is not None else None for c in z]


def who_knows(g: Game, name: str) -> list:
    """The seats (and None, the table) that know the card `name` where it lies now, by `knows` and by their views."""
    c = card(name)
    by_knows = [s for s in SEATS if knows(g.state, s, c)]
    zi, owner = next((zi, o) for zi, spec in enumerate(PROGRAM.zones)
                     for o in (range(g.state.n) if spec.per_player else (None,)) if c in g.state.zone(zi, o))
    spec = PROGRAM.zones[zi]
    by_view = [s for s in SEATS if s is None or s < g.state.n
               if name in seen(g, s, spec.name, owner if spec.per_player else None)]
    assert [s for s in by_knows if s is not None] == [s for s in by_view if s is not None], (by_knows, by_view)
    return by_view


THREE = [["R1", "B2", "R4"], ["B1", "R3", "B4"], ["R2", "B3", "R5"]]


def test_a_card_shown_from_a_hand_is_seen_by_its_owner_and_who_was_shown_it_and_no_one_else():
    g = game(THREE)
    assert seen(g, 1, "hand", 0) == [None, None, None]
    play(g, "show R1")                                 # to the next player, seat 1
    assert who_knows(g, "R1") == [0, 1]
    assert seen(g, 1, "hand", 0) == ["R1", None, None]
    assert glanced(g, 1, "hand", 0) == ["R1", None, None]
    assert seen(g, 2, "hand", 0) == [None, None, None] and glanced(g, 2, "hand", 0) == 3
    assert seen(g, None, "hand", 0) == [None, None, None]
    assert R1_in(Sight.of_game(g, 1)) and not R1_in(Sight.of_game(g, 2))  # the bots' sight
    # Seat 1 may take the card it was shown by name (`where knows(current, c)`); none other is offered.
    assert [o.text for o in g.legal() if o.verb == "take"] == ["take R1"]


def R1_in(sight) -> bool:
    return card("R1") in sight.seen()


def test_what_was_shown_is_kept_while_each_card_leaving_the_hand_is_seen_where_it_goes():
    g = game(THREE)
    play(g, "show R1", "play B1", "play R2", "show B2")  # seat 1 is shown R1, then B2
    assert who_knows(g, "R1") == [0, 1] and who_knows(g, "B2") == [0, 1]
    play(g, "play R3", "play B3", "play R1")           # R1 goes face up to the pile: all see it
    assert who_knows(g, "R1") == [0, 1, 2, None]
    assert who_knows(g, "B2") == [0, 1]                # seat 1 saw which card left: B2 is still there
    assert seen(g, 1, "hand", 0) == ["B2", None]
    play(g, "play B4", "play R5", "give R4")           # R4 into seat 1's own hand: it sees it come
    assert who_knows(g, "B2") == [0, 1]
    assert seen(g, 1, "hand", 0) == ["B2"]


def test_a_card_leaving_unseen_takes_the_knowledge_of_the_whole_hand_with_it():
    g = game(THREE)
    play(g, "show R1", "play B1", "play R2", "show B2", "play R3", "play B3")
    play(g, "hide R4")                                 # face down on the table: seat 1 cannot tell which card it was
    assert who_knows(g, "R1") == [0] and who_knows(g, "B2") == [0]
    assert seen(g, 1, "hand", 0) == [None, None]
    assert who_knows(g, "R4") == [0]                   # the face-down card: its owner alone
    assert [o.text for o in g.legal() if o.verb == "take"] == []


def test_a_card_shown_to_everyone_is_forgotten_by_those_who_do_not_see_where_another_went():
    g = game(THREE)
    play(g, "show_all R1")
    assert who_knows(g, "R1") == [0, 1, 2, None]
    play(g, "play B1", "play R2", "give B2")           # B2 into seat 1's hand: seat 1 saw it go, seat 2 and the table not
    assert who_knows(g, "R1") == [0, 1]


def test_a_value_worked_out_from_a_card_shown_is_known_to_those_shown_it_while_it_lies_there():
    g = game(THREE)
    play(g, "note R1")                                 # `set noted = c.number` of the card shown to seat 1
    assert [g.view(s)["vars"]["noted"] for s in SEATS] == [1, 1, None, None]
    play(g, "play B1", "play R2", "hide R1")           # gone face down: seat 1 no longer sees it
    assert [g.view(s)["vars"]["noted"] for s in SEATS] == [1, 1, None, None]  # (what it knew then, it knows)


def test_a_shuffled_hand_is_forgotten():
    g = game(THREE)
    play(g, "show R1", "play B1", "play R2")
    assert who_knows(g, "R1") == [0, 1]
    play(g, "mix")
    assert who_knows(g, "R1") == [0]
    assert g.state.revealed == {}


def test_a_card_shown_from_the_stock_is_forgotten_when_drawn_into_a_hand():
    g = game([["R1", "R2", "R3"], ["B1", "B2", "B3"]], ["R4", "B4"])
    play(g, "peek")                                    # seat 0 looks at the stock's top card
    assert who_knows(g, "R4") == [0]
    assert seen(g, 0, "stock") == [None, None, None, "R4"] and seen(g, 1, "stock") == [None] * 4
    play(g, "draw")                                    # seat 1 draws it
    assert who_knows(g, "R4") == [1]
    assert seen(g, 0, "hand", 1) == [None] * 4


def test_a_card_shown_then_moved_back_is_not_known_again():
    g = game([["R1", "R2", "R3"], ["B1", "B2", "B3"]], ["R4", "B4"])
    play(g, "show R1", "give B1")                      # seat 1 gives B1 to seat 0: seat 1 cannot see where it lies
    assert who_knows(g, "R1") == [0, 1]                # (cards coming in change nothing)
    play(g, "give R1")                                 # into seat 1's hand: seen there by its owner
    assert who_knows(g, "R1") == [1]
    play(g, "give R1")                                 # and back: seat 1 knows where it went (it gave it), but was not
    assert who_knows(g, "R1") == [0]                   # shown it there: a `reveal` is kept only where it was shown


def test_undo_and_a_copy_keep_what_was_shown():
    g = game(THREE)
    play(g, "show R1")
    fork = g.state.fork()
    assert fork.revealed == g.state.revealed == {card("R1"): frozenset({0, 1})}
    snap = g.state.snapshot()
    play(g, "play B1", "play R2", "mix")
    assert g.state.revealed == {}
    g.state.restore(snap)
    assert g.state.revealed == {card("R1"): frozenset({0, 1})}


def sees_lying(g: Game, c: int, zi: int, owner, seat) -> bool:
    """Whether `seat` sees card `c` lying in zone `zi` (of `owner`) by the zone's rule or as a face-down card it knows."""
    if c in g.state.facedown:
        return seat in g.state.facedown[c]
    vis = PROGRAM.zones[zi].visibility
    return vis == "public" or (vis == "private" and seat is not None and seat == owner)


@pytest.mark.parametrize("seed", range(6))
def test_no_view_ever_shows_a_card_its_seat_was_not_shown(seed):
    """Bots play the game at random; after every move each seat's view shows a hidden card only if a `reveal`
    showed it that card (or it laid it face down) and it has not moved since: worked out here from the moves
    themselves, not from the view code."""
    g = Game(PROGRAM, 2 + seed % 2, seed=seed)
    bots = [RandomBot(seed * 10 + s) if s == 0 else GreedyBot(seed * 10 + s) for s in range(g.state.n)]
    rng = random.Random(seed)
    shown: dict = {}  # card -> the seats shown it where it lies now, by this test's own reading of the moves
    checked = 0
    while not g.over:
        d = g.pending
        options = [o for o in d.options if o.verb != "stop"] or list(d.options)
        move = bots[d.player].choose(PROGRAM, g.view(d.player), d) if rng.random() < 0.5 else rng.choice(options)
        if move.verb == "stop" and g.state.turns < 30:
            move = rng.choice(options)
        before = {c: (zi, o) for zi, spec in enumerate(PROGRAM.zones)
                  for o in (range(g.state.n) if spec.per_player else (None,)) for c in g.state.zone(zi, o)}
        g.apply(d.player, move)
        after = {c: (zi, o) for zi, spec in enumerate(PROGRAM.zones)
                 for o in (range(g.state.n) if spec.per_player else (None,)) for c in g.state.zone(zi, o)}
        everyone = set(range(g.state.n)) | {None}
        if move.verb in ("show", "note", "show_all"):
            to = everyone if move.verb == "show_all" else {(d.player + 1) % g.state.n}
            shown[move.arg] = shown.get(move.arg, set()) | to
        elif move.verb == "peek":
            for top in g.state.zone(PROGRAM.zone_index["stock"])[-1:]:  # (none when the stock is empty)
                shown[top] = shown.get(top, set()) | {d.player}
        elif move.verb == "mix":
            shown = {c: s for c, s in shown.items() if after[c] != (PROGRAM.zone_index["hand"], d.player)}
        else:
            left = {before[c] for c in before if before[c] != after[c]}
            moved = [c for c in before if before[c] != after[c]]
            for c in list(shown):
                if c in moved:
                    del shown[c]
                elif before[c] in left:  # a card left its zone: kept only by those who saw where each went
                    shown[c] = {s for s in shown[c] if all(sees_lying(g, m, *after[m], s) for m in moved)}
        by_zone: dict = {}  # the runtime's count of shown cards by zone (`st.revealed_in`) is what it keeps
        for c in g.state.revealed:
            by_zone[after[c]] = by_zone.get(after[c], 0) + 1
        assert g.state.revealed_in == by_zone
        for c, (zi, owner) in after.items():
            spec = PROGRAM.zones[zi]
            for seat in everyone:
                in_view = seen(g, seat, spec.name, owner)[g.state.zone(zi, owner).index(c)] is not None
                may = sees_lying(g, c, zi, owner, seat) or seat in shown.get(c, ())
                assert in_view == may, (g.state.turns, PROGRAM.cards[c].short, seat, shown.get(c))
                checked += 1
    assert checked > 200


def test_a_challenged_wild_draw_four_shows_the_hand_to_the_challenger_until_it_cannot_follow_it():
    """UNO: "you must show THEM your entire hand": the challenger sees it from then on, the third player never; a
    card played face up leaves the rest in sight; the hand is forgotten once a card leaves it unseen."""
    from helpers import new_game, program
    uno = program("uno")
    hands = [["W4", "G1", "G2", "B3", "B4", "Y6", "Y7"], ["B1", "B2", "G3", "G4", "Y1", "Y2", "Y3"],
             ["G6", "G7", "G8", "B8", "B9", "Y4", "Y9"]]
    g = new_game("uno", hands, "R5", ["R6", "R7", "R8", "R9", "Y9", "B9"])
    hand0 = uno.zone_index["hand"]

    def sees(seat):
        cards = g.view(seat)["zones"]["hand"][0]["cards"]
        return sorted(uno.cards[c].short for c in cards if c is not None)

    play(g, "play W4", "colour green", "challenge")    # legal: seat 1 draws six and loses its turn
    assert sees(1) == ["B3", "B4", "G1", "G2", "Y6", "Y7"] and sees(2) == []
    assert all(knows(g.state, 1, c) for c in g.state.zone(hand0, 0))
    assert not any(knows(g.state, 2, c) for c in g.state.zone(hand0, 0))
    play(g, "play G6")                                 # seat 2
    play(g, "play G1")                                 # face up on the discard: seat 1 saw which card left
    assert sees(1) == ["B3", "B4", "G2", "Y6", "Y7"] and sees(2) == []


SAME_ZONE = """game "Shown then sorted"
players 2..2
attribute colour {
  red  "Red"  short "R"
  blue "Blue" short "B"
}
attribute number 1..3
name cards by colour number
deck draw { for c in colour { for n in 1..3 { card {colour: c, number: n} } } }
zone draw hidden
zone pile public
zone hand private per player
setup { deal 3 from draw to hand }
turn {
  choose current {
    show { reveal hand(current) to next }
    tidy { move hand(current) to hand(current) }
    play c in hand(current) { move c to pile  if size(hand(current)) == 0 { win current } }
  }
}
"""


def test_cards_moved_within_their_zone_stay_known_to_those_shown_them():
    """`move hand(p) to hand(p)` (a hand tidied): the cards lie where they were shown, so the seat shown them keeps
    knowing them (before, the move was taken as cards leaving the hand, and what was shown was forgotten)."""
    g = Game(rulelang.load_text(SAME_ZONE), 2, seed=1)
    g.apply(0, "show")
    shown = set(g.view(1)["zones"]["hand"][0]["cards"])
    assert None not in shown and len(shown) == 3
    g.apply(1, "tidy")
    g.apply(0, "tidy")
    assert set(g.view(1)["zones"]["hand"][0]["cards"]) == shown


REVEALING = ["games/uno.rules", "games/liars.rules", "tests/rules/shown_cards.rules", "tests/rules/love_letter.rules",
             "tests/rules/quartets.rules", "tests/rules/hanabi.rules",
             "examples/more/go_fish.rules", "tests/rules/dummy_whist.rules"]


@pytest.mark.parametrize("path", REVEALING)
def test_a_glance_shows_each_card_as_visible_says_and_shown_cards_are_counted_where_they_lie(path):
    """The glance (the RL environment's and the bots' look) is `visible` card by card: each zone the seat's own list
    when it sees every card, its size when it sees none, else the cards with None for those it may not see; it looks
    for shown cards only in the zones the state counts them in (`revealed_in`), so that count must hold every zone
    a shown card lies in.  Random games of files that `reveal` (Liar's UNO lays cards face down too)."""
    from interpreter.view import glance, visible

    p = rulelang.load(ROOT / path)
    shown = 0
    for seed in range(3):
        g = Game(p, p.default_players, seed=seed, record=False)
        st = g.state
        bots = [RandomBot(seed * 10 + i) for i in range(st.n)]
        for _ in range(600):
            if g.over:
                break
            places = [(zi, o) for zi, spec in enumerate(p.zones) for o in (range(st.n) if spec.per_player else (None,))]
            for zi, o in places:  # every shown card lies where the state counts shown cards
                if st.revealed.keys() & st.zone(zi, o):
                    assert st.revealed_in.get((zi, o)), (zi, o)
            shown += bool(st.revealed or st.facedown)
            for seat in range(st.n):
                zones = glance(st, seat)[4]
                for zi, o in places:
                    z = zones[zi] if o is None else zones[zi][o]
                    cards = [c if visible(st, c, zi, o, seat) else None for c in st.zone(zi, o)]
                    if cards.count(None) == len(cards) and z.__class__ is int:  # (an empty zone: its size or list)
                        assert z == len(cards), (seat, zi, o)
                    else:
                        assert list(z) == cards, (seat, zi, o)
                        if z.__class__ is list:  # a list only when seen whole: the state's own
                            assert z is st.zone(zi, o) and None not in cards
            d = g.pending
            g.apply(d.player, bots[d.player].choose(p, None, d), checked=False)
    assert shown  # the case this is about did come up


def test_a_zone_with_shown_cards_is_glanced_as_each_card_is_seen():
    """`glance`'s zone holding cards a `reveal` showed (`view._shown`, found from the sets of seats that know its
    cards) is exactly what looking at each card says (`view._glimpse`), the zone's own list when its seat sees every
    card of a zone it sees: every zone of up to three cards (shown or not, to one of three sets of seats, shared as
    a reveal shares them), each seat, the zone seen or not."""
    from itertools import product

    from interpreter.view import _glimpse, _shown

    sets = [frozenset({0}), frozenset({0, 1}), frozenset({2})]
    for size in range(4):
        for who in product([None, *sets], repeat=size):
            z = list(range(10, 10 + size))
            down = {c: k for c, k in zip(z, who) if k is not None}
            down[99] = sets[2]  # a card shown elsewhere
            for sees, seat in product((True, False), range(3)):
                want = _glimpse(z, sees, down, seat)
                if sees and (not z or want.__class__ is tuple and None not in want):
                    want = z
                got = _shown(z, sees, down, seat)
                assert got == want and got.__class__ is want.__class__, (z, who, sees, seat)
                if want is z:
                    assert got is z
