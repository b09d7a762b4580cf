"""Slapjack (examples/slapjack.rules), a rule at a time on a stacked deck: the first slap on a Jack takes the pile
(a race window, `ask playing race`); a wrong slap costs a card; a player out of cards may slap back in once; the
last player with cards wins.  And a whole game to the end with a search bot (tests/test_examples.py plays
every example with greedy bots)."""
from __future__ import annotations

from functools import lru_cache

import rulelang
from interpreter import Game
from interpreter.bots import GreedyBot, SearchBot

from helpers import ROOT, run_cli


@lru_cache(maxsize=None)
def program():
    return rulelang.load(ROOT / "examples" / "slapjack.rules")


def stacked(*tops, players: int = 2) -> Game:
    """A game whose stacks are `tops[seat]` from the top down (see `deal_order`)."""
    return Game(program(), players, seed=1, stack=deal_order(*tops, players=players))


def deal_order(*tops, players: int = 2) -> list[str]:
    """The deck stacked so that the stacks are `tops[seat]` from the top down, the rest of the deck under them in
    the first seat's stack first.  All 52 cards are dealt out, one at a time round the table, each on top."""
    prog = program()
    rest = [c.short for c in prog.cards if not any(c.short in t for t in tops)]
    size = 52 // players
    stacks = []
    for seat in range(players):
        top = list(tops[seat]) if seat < len(tops) else []
        under, rest = rest[:size - len(top)], rest[size - len(top):]
        stacks.append(under + top[::-1])  # bottom first
    return [stacks[s][i] for i in range(size) for s in range(players)]


def stack(g: Game, seat: int) -> list[str]:
    """A seat's stack from the top down."""
    return [g.program.cards[c].short for c in reversed(g.state.zone(g.program.zone_index["stack"], seat))]


def pile(g: Game) -> list[str]:
    return [g.program.cards[c].short for c in g.state.zone(g.program.zone_index["pile"])]


def play(g: Game, *moves: str) -> None:
    for text in moves:
        g.apply(g.pending.player, text)


def test_the_first_to_slap_a_jack_takes_the_pile_and_the_next_player_turns_up_next():
    g = stacked(["5C", "JC"], ["7D"])
    play(g, "flip", "pass", "pass", "flip", "pass", "pass")  # 5♣ and 7♦: nobody slaps
    play(g, "flip")  # P1 turns up the Jack of clubs; both slap
    assert g.pending.player == 0 and g.pending.prompt == "J ♣ is turned up: slap it?"
    play(g, "slap", "slap")
    d = g.pending
    assert d.race == "slap" and [m.text for m in d.options] == ["first P1", "first P2"]
    play(g, "first P2")  # the table says P2 was first
    assert pile(g) == [] and len(stack(g, 1)) == 25 + 3 and len(stack(g, 0)) == 24
    assert g.pending.player == 1  # play goes on in turn: P2 turns up next


def test_a_wrong_slap_gives_a_card_to_who_turned_it_up_and_one_slap_alone_needs_no_race():
    g = stacked(["5C", "6C", "JC"], ["7D", "9H", "8S", "4S"])
    play(g, "flip", "pass", "slap")  # P1 turns up 5♣; P2 alone slaps it, and it is no Jack
    assert "P2 slaps a card that is no Jack and gives P1 a card" in [g.narrate(ev, None) for ev in g.events]
    assert stack(g, 0)[:3] == ["7D", "6C", "JC"] and len(stack(g, 0)) == 26 and len(stack(g, 1)) == 25
    play(g, "flip", "pass", "pass", "flip", "pass", "pass")  # 9♥, then the 7♦ P2 gave
    play(g, "flip", "pass", "pass", "flip", "pass", "pass")  # 8♠, 6♣
    play(g, "flip", "pass", "pass", "flip", "pass")  # 4♠, then the Jack: P1 passes
    assert [m.text for m in g.pending.options] == ["slap", "pass"]
    play(g, "slap")  # P2 alone slaps it: no race to settle, P2 takes the pile
    assert pile(g) == [] and len(stack(g, 1)) == 22 + 7 and len(stack(g, 0)) == 23
    assert g.pending.player == 1 and not g.pending.race


def _run_p1_out(g: Game) -> None:
    """P1 passes on its own cards and slaps each of P2's, wrongly, giving P2 a card each time: after 13 rounds P1
    has no card left (P2 turns up the cards P1 gave)."""
    for _ in range(13):
        play(g, "flip", "pass", "pass", "flip", "pass", "slap")


def _p1_cards():
    # P1's 26 cards from the top: 25 that are no Jack, then the Jack of clubs, which P1 gives P2 last.
    plain = [f"{r}{s}" for s in "CDHS" for r in "23456789TQK"][:25]
    return plain + ["JC"]


def test_a_player_out_of_cards_slaps_the_next_jack_first_and_is_back_in():
    g = stacked(_p1_cards(), ["AS"])
    _run_p1_out(g)
    assert stack(g, 0) == [] and stack(g, 1)[0] == "JC"
    assert g.pending.player == 1  # P1, out of cards, turns nothing up: P2 plays
    play(g, "flip", "slap", "slap", "first P1")  # P2 turns up the Jack: P1 slaps it first
    assert not g.over and len(stack(g, 0)) == 27 and pile(g) == []


def test_a_player_out_of_cards_who_misses_the_next_jack_is_out_and_the_last_with_cards_wins():
    g = stacked(_p1_cards(), ["AS"])
    _run_p1_out(g)
    play(g, "flip", "slap", "slap", "first P2")
    assert g.over and g.winners == [1]
    assert g.scores == [0, 52]


def test_a_search_bot_plays_slapjack_to_the_end():
    prog = program()
    g = Game(prog, 2, seed=1, record=False)
    bots = [SearchBot(seed=1, budget=100), GreedyBot(1)]
    for _ in range(20_000):
        if g.over:
            break
        d = g.pending
        bot = bots[d.player]
        move = bot.move(g, d.player, d) if isinstance(bot, SearchBot) else bot.choose(prog, g.view(d.player), d)
        g.apply(d.player, move, checked=False)
    assert g.over and len(g.winners) == 1 and g.scores[g.winners[0]] == 52


def test_at_the_terminal_those_who_slapped_type_it_again_timed_and_the_fastest_takes_the_pile(tmp_path):
    # Two people at one keyboard: both slap the Jack Ann turns up; in the race Ann types `slap`, Bob misses it
    # (three wrong tries), so Ann was first.  The game is saved after every move and rebuilt from the save.
    played = run_cli(tmp_path, "../examples/slapjack", deal_order(["JC"], ["7D"]), ["flip", "slap", "slap", "slap", "x", "x", "x"],
                     ["Ann", "Bob"])
    assert played.status == 3  # the input ends when Bob must turn a card up
    assert "Who was first? Each who did it: slap!" in played.out
    assert "Ann slaps the Jack first and takes the pile" in played.out
    g = played.game
    assert pile(g) == [] and len(stack(g, 0)) == 26 and len(stack(g, 1)) == 26
    assert g.record()[-1] == (0, "first Ann") and g.pending.player == 1


def test_the_search_bot_slaps_a_jack_since_more_cards_rank_it_higher():
    # The score block ranks the players by the cards in their stacks, more first: the search judges a playout cut
    # short by it (not by the cards held, fewer first, which would make giving the pile away look good).
    g = stacked(["5C"], ["JC"])
    play(g, "flip", "pass", "pass", "flip")  # P2 turns up the Jack of clubs; P2 is asked first
    d = g.pending
    assert d.player == 1 and [o.text for o in d.options] == ["slap", "pass"]
    bot = SearchBot(seed=0, budget=200)
    assert bot.move(g, 1, d).text == "slap"
    slap, passed = bot.last["means"]
    assert slap > passed
