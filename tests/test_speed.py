"""Speed (examples/more/speed.rules): when nobody can play and the side piles are empty, the middle piles but
their top cards make the side piles again, as its header says; a stacked deck."""
from __future__ import annotations

from functools import lru_cache

import rulelang
from interpreter import Game

from helpers import ROOT, interleave

FLIP = "nobody can play: a card is turned up onto each middle pile"
REMADE = "the side piles are made again from the middle piles"


@lru_cache(maxsize=None)
def speed():
    return rulelang.load(ROOT / "examples" / "more" / "speed.rules")


def test_with_the_side_piles_empty_and_nobody_able_to_play_the_middle_piles_but_their_tops_are_turned_again():
    # Hands of sixes, eights and queens; the side piles (the first name the last turned up) hold aces, twos and a
    # queen, dead for every hand, but for the 5♣ turned up last on the left: seat 0 plays a 6 on it. Then nothing
    # fits the tops (6♣, Q♣) and the side piles are empty: they are made again, and turned until the 5♣ shows.
    hands = ["6C", "6D", "6H", "6S", "8C"], ["8D", "8H", "8S", "QH", "QS"]
    side_left, side_right, middle = ["5C", "AS", "AH", "AD", "AC"], ["QC", "2S", "2H", "2D", "2C"], ["3C", "3D"]
    used = set(hands[0] + hands[1] + side_left + side_right + middle)
    rest = [r + s for r in "A23456789TJQK" for s in "CDHS" if r + s not in used]
    g = Game(speed(), 2, seed=1, stack=interleave((rest[:15], rest[15:])) + interleave(hands) + side_left + side_right + middle)
    cards, zone = g.program.cards, g.program.zone_index

    def names(z):
        return [cards[c].name for c in g.state.zone(zone[z], None)]

    def stuck() -> list[int]:
        """The seats the race asks with nothing to do but pass, each letting it pass: asked all the same (whether
        the race waits for a seat tells nothing of its hand), until a seat can play."""
        asked = []
        while [m.text for m in g.legal()] == ["pass"]:
            asked.append(g.pending.player)
            g.apply(g.pending.player, "pass")
        return asked

    assert stuck() == [0, 1] * 4                      # four cards turned up that nobody can play on
    said = [ev.text for ev in g.events if ev.type == "say"]
    assert said == [FLIP] * 5 and names("left")[-1] == "5 Clubs" and names("spare_left") == names("spare_right") == []
    assert [m.text for m in g.legal()] == ["play 6C 1", "play 6D 1", "play 6H 1", "play 6S 1", "pass"]
    g.apply(0, "play 6C 1")
    assert stuck() == [1] + [0, 1] * 4                # the race of that play asks seat 1 too; then four more
    said = [ev.text for ev in g.events if ev.type == "say"]
    assert said == [FLIP] * 5 + [REMADE] + [FLIP] * 5
    left, right = names("left"), names("right")
    assert left[0] == "6 Clubs" and right[0] == "Queen Clubs"   # the old tops stay, now at the bottom
    assert sorted(left[1:] + names("spare_left")) == sorted(["3 Clubs", "Ace Clubs", "Ace Diamonds", "Ace Hearts",
                                                             "Ace Spades", "5 Clubs"])
    assert sorted(right[1:] + names("spare_right")) == sorted(["3 Diamonds", "2 Clubs", "2 Diamonds", "2 Hearts",
                                                               "2 Spades"])
    assert left[-1] == "5 Clubs" and [m.text for m in g.legal()] == ["play 6D 1", "play 6H 1", "play 6S 1", "pass"]
