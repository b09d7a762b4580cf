"""Newcomer round 4: games written from docs/language.md alone, unlike the bundled ones, that turn on what each
player has been shown (docs/language.md §5, "Cards shown from a hand or a hidden pile").

- tests/rules/indian_poker.rules: each player holds a card everyone sees but its holder (a zone no one sees, each
  card `reveal`ed to the others), stays or folds, and the highest card of those who stay wins.
- tests/rules/quartets.rules (Happy Families): ask another player for a member of a family you hold; a card handed
  over is shown to everyone in its new hand while it stays there.
- tests/rules/cabo.rules: four cards face down each, two of them looked at; draw and swap, or throw away a 7/8 to
  look at one of your own cards you do not know (`where not knows(current, c)`), a 9/10 to look at another's.

Stacked decks, scripted moves, exact results; every game ends under greedy and random bots."""
from __future__ import annotations

import pytest

import rulelang
from helpers import ROOT, interleave, play_pending as play
from interpreter import Game
from interpreter.ops import knows
from rulelang.simulate.run import simulate

RULES = ROOT / "tests" / "rules"
POKER = rulelang.load(RULES / "indian_poker.rules")
CABO = rulelang.load(RULES / "cabo.rules")
QUARTETS = rulelang.load(RULES / "quartets.rules")


def seen(g: Game, seat, zone: str, owner) -> list:
    """What `seat`'s view shows of a zone of `owner`, as short names (None for a card it may not see)."""
    cards = g.view(seat)["zones"][zone][owner]["cards"]
    return [g.program.cards[c].short if c is not None else None for c in cards]


def card(g: Game, short: str) -> int:
    return g.program.card_by_text(short)[0]


# ------------------------------------------------------------------ Indian Poker


def test_indian_poker_each_sees_every_card_but_their_own():
    g = Game(POKER, 3, seed=1, stack=["AS", "KH", "2C"])
    for seat in (0, 1, 2):
        assert [seen(g, seat, "forehead", p) for p in range(3)] == \
            [[None] if p == seat else [["AS", "KH", "2C"][p]] for p in range(3)]
    assert [seen(g, None, "forehead", p) for p in range(3)] == [[None]] * 3  # the table sees none
    assert [knows(g.state, s, card(g, "AS")) for s in (0, 1, 2)] == [False, True, True]
    assert g.seat(0).glance()[4][POKER.zone_index["forehead"]] == [1, (card(g, "KH"),), (card(g, "2C"),)]


def test_indian_poker_the_highest_card_that_stays_wins_one_from_each_other_stayer():
    g = Game(POKER, 3, seed=1, stack=["AS", "KH", "2C"])
    play(g, "stay", "stay", "fold")
    assert g.over and g.winners == [0] and g.scores == [1, -1, 0]
    assert [seen(g, p, "forehead", p) for p in range(3)] == [["AS"], ["KH"], ["2C"]]  # all turned up at the end


def test_indian_poker_the_last_to_speak_must_stay_when_all_before_folded_and_a_tie_shares():
    g = Game(POKER, 3, seed=1, stack=["2S", "3H", "4C"])
    play(g, "fold", "fold")
    assert [o.text for o in g.legal()] == ["stay"]
    play(g, "stay")
    assert g.winners == [2] and g.scores == [0, 0, 0]       # no other stayer: nothing won
    g = Game(POKER, 4, seed=1, stack=["AS", "AH", "2C", "9D"])
    play(g, "stay", "stay", "stay", "fold")
    assert g.winners == [0, 1] and g.scores == [1, 1, -1, 0]


def test_indian_poker_no_view_event_or_relabelling_shows_a_seat_its_own_card():
    """tests/test_hidden_information.py's watch over seeded bot games (views, events, narration, the permutation
    test), on a game whose cards are seen by all but their holders."""
    from test_hidden_information import play_and_watch
    out = play_and_watch(RULES / "indian_poker.rules")
    assert out["failures"] == {} and out["counts"]["moves"] >= 12 * 2 and out["counts"]["permutations"] > 0


def test_indian_poker_a_new_hand_shows_only_the_new_cards_and_never_ones_own():
    g = Game(POKER, 3, seed=4, match=True, stack=["AS", "KH", "2C"])
    play(g, "stay", "fold", "fold")
    assert not g.over and g.state.hand_no == 2 and g.scores == [0, 0, 0]
    z = POKER.zone_index["forehead"]
    held = [g.state.zone(z, p)[0] for p in range(3)]
    assert g.state.revealed == {c: frozenset(set(range(3)) - {p}) for p, c in enumerate(held)}
    for seat in (0, 1, 2):
        assert [seen(g, seat, "forehead", p) for p in range(3)] == \
            [[None] if p == seat else [POKER.cards[held[p]].short] for p in range(3)]


# ------------------------------------------------------------------ Quartets

# 3 players: ten each dealt in turn, then the two cards left go to P1 and P2 (T1, C4); no quartet to begin with.
HANDS = [["B1", "B2", "B3", "C1", "C2", "D1", "F1", "G1", "M1", "S1"],
         ["B4", "C3", "D2", "D3", "F2", "G2", "M2", "S2", "T2", "T3"],
         ["D4", "F3", "F4", "G3", "G4", "M3", "M4", "S3", "S4", "T4"]]


def quartets_game() -> Game:
    return Game(QUARTETS, 3, seed=1, stack=interleave(HANDS) + ["T1", "C4"])


def test_quartets_a_card_handed_over_is_seen_by_all_in_its_new_hand():
    g = quartets_game()
    assert seen(g, 1, "hand", 0) == [None] * 11
    play(g, "ask P2 bakers daughter")                       # B4: the Bakers are complete and laid down
    assert [QUARTETS.cards[c].short for c in g.state.zone(QUARTETS.zone_index["laid"], 0)] == ["B1", "B2", "B3", "B4"]
    assert g.state.pvars["quartets"] == [1, 0, 0] and g.pending.player == 0  # asks again
    play(g, "ask P2 cooks son")                             # C3, handed over for all to see
    for seat in (1, 2, None):
        assert [c for c in seen(g, seat, "hand", 0) if c is not None] == ["C3"]
    assert [knows(g.state, s, card(g, "C3")) for s in (0, 1, 2)] == [True, True, True]
    play(g, "ask P3 fishers mother")                        # P3 has no Fishers Mother: the turn passes to P3
    assert g.pending.player == 2
    assert [c for c in seen(g, 2, "hand", 0) if c is not None] == ["C3"]  # still where it was seen
    play(g, "ask P2 doctors son")                           # D3 into P3's hand, shown to all there
    assert [c for c in seen(g, 0, "hand", 2) if c is not None] == ["D3"]
    assert [c for c in seen(g, 2, "hand", 0) if c is not None] == ["C3"]


def test_quartets_the_card_seen_goes_face_up_with_its_family_and_the_rest_stays_known():
    g = quartets_game()
    play(g, "ask P2 cooks son", "ask P2 bakers daughter")
    assert [c for c in seen(g, 1, "hand", 0) if c is not None] == ["C3"]
    play(g, "ask P2 doctors mother")                        # D2 shown too
    assert sorted(c for c in seen(g, 2, "hand", 0) if c is not None) == ["C3", "D2"]
    play(g, "ask P2 cooks daughter")                        # C4: the Cooks go down face up; D2 is still known
    assert [c for c in seen(g, 2, "hand", 0) if c is not None] == ["D2"]
    assert g.state.pvars["quartets"] == [2, 0, 0]


# ------------------------------------------------------------------ Cabo


def test_cabo_each_knows_the_cards_it_looked_at_and_the_lowest_total_wins():
    # 2 players: P1 is dealt 1S 2S 13S 12S, P2 5H 6H 7H 8H (bottom first); the stock then gives 9C, 7D, 3C, 4C
    g = Game(CABO, 2, seed=1, stack=["1S", "2S", "13S", "12S", "5H", "6H", "7H", "8H", "9C", "7D", "3C", "4C"])
    assert seen(g, 0, "grid", 0) == ["1S", "2S", None, None] and seen(g, 1, "grid", 0) == [None] * 4
    assert seen(g, 1, "grid", 1) == ["5H", "6H", None, None] and seen(g, None, "grid", 1) == [None] * 4
    assert [o.text for o in g.legal()] == ["draw"]          # no cabo before everyone has had a turn
    play(g, "draw")
    assert [o.text for o in g.legal()] == ["swap 1S", "swap 2S", "swap #1", "swap #2", "throw"]  # unknown: by place
    play(g, "throw")                                        # a 9: look at one of P2's cards
    assert [o.text for o in g.legal()] == ["spy P2 #1", "spy P2 #2", "spy P2 #3", "spy P2 #4"]
    play(g, "spy P2 #1")                                    # (the places are shuffled by the seed: #1 is 8H)
    assert seen(g, 0, "grid", 1) == [None, None, None, "8H"]
    assert seen(g, 1, "grid", 1) == ["5H", "6H", None, None]  # P2 was not shown it
    play(g, "draw", "throw")                                # a 7: P2 looks at one of its two it does not know
    assert [o.text for o in g.legal()] == ["look #1", "look #2"]
    play(g, "look #1")
    assert seen(g, 1, "grid", 1) == ["5H", "6H", None, "8H"]
    play(g, "draw", "swap 2S")                              # 3C in 2S's place, face down: P1 knows it, P2 not
    assert seen(g, 0, "grid", 0) == ["1S", None, None, "3C"] and seen(g, 1, "grid", 0) == [None] * 4
    assert [o.text for o in g.legal()] == ["draw", "cabo"]
    play(g, "cabo", "draw", "throw")                        # P1's last turn; then all turned up
    assert g.over and g.winners == [1]                      # 1+13+12+3 = 29 against 5+6+7+8 = 26
    assert seen(g, 1, "grid", 0) == ["1S", "13S", "12S", "3C"]


@pytest.mark.parametrize("path", [RULES / "indian_poker.rules", RULES / "quartets.rules", RULES / "cabo.rules"],
                         ids=lambda p: p.stem)
@pytest.mark.parametrize("bots", [["greedy"], ["random"]])
def test_every_seeded_game_ends(path, bots):
    report = simulate(str(path), games=6, players=3, bots=bots, seed=1)
    assert report["games"] == 6 and sum(report["wins"]) == pytest.approx(6)
