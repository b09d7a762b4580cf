"""A hand shown to one seat (the challenged Wild Draw Four's) stays on that seat's screen, and on nobody else's.
UNO, Ann and Bob at one keyboard, Ada a greedy bot: Ann plays the Red 1, Bob the Red 2, Ada (no red, no 2) the Wild
Draw Four on Ann, who challenges and is shown Ada's hand.  A pseudo-terminal driven by pexpect."""
from __future__ import annotations

import pytest

pexpect = pytest.importorskip("pexpect")

from helpers import PtyTerminal, plain  # noqa: E402

HANDS = [["R1", "R3", "R4", "G1", "G2", "G3", "B1"], ["R2", "G4", "G5", "B2", "B3", "Y1", "Y2"],
         ["W4", "B5", "B6", "G7", "G8", "Y9", "Y8"]]
STACK = [c for trio in zip(*HANDS) for c in trio] + ["R5"]
SEEN = "Ada's hand, shown to you"


def test_a_challenged_hand_stays_on_the_challengers_table_and_no_one_elses(tmp_path):
    stack = tmp_path / "stack.yaml"
    stack.write_text("".join(f"- {c}\n" for c in STACK), encoding="utf-8")
    t = PtyTerminal(["run", "uno", "--players", "3", "--humans", "2", "--names", "Ann,Bob", "--seed", "3",
                     "--bots", "greedy", "--delay", "0", "--stack", str(stack), "--save", str(tmp_path / "s.yaml")])
    t.child.delaybeforesend = None
    try:
        for who, move in (("Ann", "play R1"), ("Bob", "play R2"), ("Ann", "challenge")):
            t.expect(f"{who}: press Enter")
            t.line("")
            t.expect(f"{who}>")
            t.line(move)
        t.expect("Ada shows you: ♦Blue 5, ♦Blue 6, ♣Green 7, ♣Green 8, ★Yellow 9, ★Yellow 8")
        t.expect("Bob: press Enter")
        t.line("")
        bob = t.expect("Bob>")
        assert "Ada shows 6 cards to Ann" in bob and SEEN not in bob and "Green 7" not in bob
        bob = t.answer("Bob>", "hand")
        assert "B2" in bob and SEEN not in bob and "G7" not in bob  # Bob's own hand, not Ada's
        t.line("play B2")
        t.expect("Ann: press Enter")
        t.line("")
        ann = t.expect("Ann>")  # Ada played one of the blues on Bob's: the five left, all of them seen
        assert f"{SEEN} (all): ★Y8 ★Y9 ♣G7 ♣G8 ♦B" in ann
        assert f"{SEEN} (all): ★Y8 ★Y9 ♣G7 ♣G8 ♦B" in t.answer("Ann>", "hand")
        assert "Ada shows you: ♦Blue 5, ♦Blue 6, ♣Green 7" in t.answer("Ann>", "log")
        t.line("quit")
        t.child.expect(pexpect.EOF)
        assert "Traceback" not in plain(t.raw)
    finally:
        t.child.close(force=True)


SHOWN_VAULT = '''game "Shown vault"
players 2..2
attribute r 1..5
deck d { for n in 1..5 { card {r: n} } }
zone d hidden
zone h private per player
zone vault private per player
setup { shuffle d  deal 1 from d to h  move 1 from d to vault(next)  reveal vault(next) to current }
turn { choose current { go { win current } } }
'''


def test_another_seats_pile_shown_to_you_is_listed_when_your_own_pile_of_that_kind_is_empty(capsys):
    """Bo's vault card was shown to Ann, whose own vault is empty: the empty vault says nothing, Bo's shown card is
    still listed (before, the zone was skipped whole, and the card was in `log` alone)."""
    import rulelang
    from interpreter import Game
    from rulelang.terminal.host import Host, Screen

    g = Game(rulelang.load_text(SHOWN_VAULT), ["Ann", "Bo"], seed=1)
    Host(g, [0], {}, Screen(False), 0.0).show_table(0)
    lines = capsys.readouterr().out.splitlines()
    card = g.program.cards[g.seat(0).view()["zones"]["vault"][1]["cards"][0]].short
    assert lines[-2:] == [f"Your h (1): {g.program.cards[g.seat(0).view()['zones']['h'][0]['cards'][0]].short}",
                          f"Bo's vault, shown to you (all): {card}"]
    assert not any(line.startswith("Your vault") for line in lines)
