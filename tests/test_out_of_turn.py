"""Out-of-turn plays (issue #16 items 8 and 9): `turn to p now` makes the player who acts in a window the current
player, play going on from them; calls made with a move in an `ask` window; `ask ... race`, a window that all
are asked at once, the first to act winning it.  Each in a small game written for it, on a stacked deck."""
from __future__ import annotations

from interpreter import Game
from interpreter.bots import GreedyBot
from interpreter.machine import race_move, racers

from test_constructs import game as constructs_game, play  # its small deck: four ranks in two colours


def game(text: str, players: int = 3, stack=None, seed: int = 1) -> Game:
    return constructs_game(text, players=players, stack=stack, seed=seed)


# Jump-in: a card the same as the one just laid may be laid by anyone, out of turn; play goes on from them.
JUMP_IN = """
var ended per player = 0
setup { shuffle draw  deal 2 from draw to hand }
turn {
  choose current {
    lay c in hand(current) {
      move c to pile
      ask others(current) as q {
        jump d in hand(q) where d.colour == c.colour and d.rank == c.rank {
          move d to pile
          turn to q now
        }
      }
      set score(current) = score(current) + 1
      if size(hand(current)) == 0 { win current }
    }
  }
}
rule ends: when turn_ends(p) { set ended(p) = ended(p) + 1 }
"""


def test_a_player_who_jumps_in_becomes_the_current_player_and_play_goes_on_from_them():
    # P1 is dealt R2 B4, P2 R3 RA, P3 R2 B3.  P1 lays R2; P2 cannot jump in (asked all the same, with `pass`
    # alone: whether the table waits for P2 tells nothing of P2's hand), P3 can and does.
    g = game(JUMP_IN, stack=["R2", "R3", "R2", "B4", "RA", "B3"])
    play(g, "lay R2")
    assert g.pending.player == 1 and [m.text for m in g.legal()] == ["pass"]
    play(g, "pass")
    assert g.pending.player == 2 and [m.text for m in g.legal()] == ["jump R2", "pass"]
    play(g, "jump R2")
    # The rest of the turn is P3's: the point goes to P3, `turn_ends` fires for P3, and P1 (after P3) plays next.
    assert g.scores == [0, 0, 1]
    assert g.state.pvars["ended"] == [0, 0, 1]
    assert g.pending.player == 0 and g.state.turns == 1
    told = [g.narrate(ev, 1) for ev in g.events]
    assert "play goes on from P3" in told


def test_a_call_goes_with_a_move_made_in_a_window_typed_on_one_line_and_offered_to_bots():
    # The jump-in game with a call: "last!" is due from a player about to hold one card, in a window too.
    g = game('call last "Last card!" when size(hand(player)) == 2\n' + JUMP_IN,
             stack=["R2", "R3", "R2", "B4", "RA", "B3"])
    play(g, "lay R2", "pass")
    d = g.pending
    assert d.player == 2 and d.window and d.calls == ("last",) and d.due == ("last",)
    bot = GreedyBot(2).choose(g.program, g.view(2), d)
    assert bot.text == "jump R2" and bot.calls == {"last"}  # a bot makes the due call with its card
    play(g, "jump R2 last")
    assert g.record()[-1] == (2, "jump R2 last")
    assert "P3 calls Last card!" in [g.narrate(ev, None) for ev in g.events]


# A race window: everyone may lay a card of the colour turned up; the fastest one counts, with the card they chose.
RACE = """
setup { shuffle draw  deal 2 from draw to hand  move 1 from draw to pile }
turn {
  choose current {
    go {
      ask playing race as quick "who lays a card of its colour first?" {
        lay c in hand(quick) where c.colour == top(pile).colour { move c to pile  set score(quick) = 1 }
      }
      win current
    }
  }
}
"""


def test_in_a_race_window_all_are_asked_and_the_fastest_wins_with_the_move_they_chose():
    # P1 is dealt R2 R4, P2 B3 R3, P3 BA B2; RA is turned up onto the pile.
    g = game(RACE, stack=["R2", "B3", "BA", "R4", "R3", "B2", "RA"])
    play(g, "go")
    assert g.pending.player == 0 and g.pending.window  # asked in turn order, P3 (no red card) too, with `pass` alone
    play(g, "lay R4", "lay R3")
    assert g.pending.player == 2 and [m.text for m in g.legal()] == ["pass"]
    play(g, "pass")
    d = g.pending
    assert d.race == "lay" and d.player == 0 and [m.text for m in d.options] == ["first P1", "first P2"]
    play(g, "first P2")  # P2 was faster: P2's card is laid, P1 keeps theirs
    assert g.scores == [0, 1, 0] and g.program.cards[g.state.zone(g.program.zone_index["pile"])[-1]].short == "R3"
    assert sorted(g.program.cards[c].short for c in g.state.zone(g.program.zone_index["hand"], 0)) == ["R2", "R4"]


def test_a_race_window_that_one_player_acts_in_is_theirs_without_a_race_and_one_nobody_acts_in_does_nothing():
    g = game(RACE, stack=["R2", "B3", "BA", "R4", "R3", "B2", "RA"])
    play(g, "go", "pass", "lay R3", "pass")
    assert g.over and g.scores == [0, 1, 0]
    g = game(RACE, stack=["R2", "B3", "BA", "R4", "R3", "B2", "RA"])
    play(g, "go", "pass", "pass", "pass")
    assert g.over and g.scores == [0, 0, 0]


def test_a_race_is_settled_by_the_times_of_those_in_it():
    g = game(RACE, stack=["R2", "B3", "BA", "R4", "R3", "B2", "RA"])
    play(g, "go", "lay R4", "lay R3", "pass")
    d = g.pending
    assert racers(d) == [0, 1]
    assert race_move(d, {0: 1.5, 1: 0.9, 2: 0.1}).text == "first P2"  # P3 took no part
    assert race_move(d, {0: 0.9, 1: 0.9}).text == "first P1"  # a tie: the one seated first


def test_at_the_terminal_a_window_shows_the_call_due_and_takes_it_on_the_line_of_the_move(tmp_path):
    import os
    import subprocess

    from helpers import ROOT, rulelang_command
    from test_constructs import BASE

    (tmp_path / "jump.rules").write_text(BASE + 'call last "Last card!" when size(hand(player)) == 2\n' + JUMP_IN)
    (tmp_path / "stack.yaml").write_text("".join(f"- {c}\n" for c in ["R2", "R3", "R2", "B4", "RA", "B3"]))
    proc = subprocess.run(rulelang_command() + ["run", str(tmp_path / "jump.rules"), "--players", "3", "--humans", "3",
                                                "--stack", str(tmp_path / "stack.yaml"), "--seed", "1",
                                                "--save", str(tmp_path / "game.save")],
                          input="lay R2\n\njump R2 last\n", capture_output=True, text=True, cwd=ROOT, timeout=60,
                          env={**os.environ, "HOME": str(tmp_path)})
    lines = proc.stdout.splitlines()
    nothing = lines.index("Nothing you can do now: Enter lets it pass.")  # Player 2, asked with `pass` alone
    at = lines.index("You may act now — `jump R2`? Enter = no.")
    assert nothing < at
    assert lines[at + 1:at + 5] == ["   (a call goes after the move: `jump R2 last`)", "Player 3> jump R2 last",
                                    "  You jump Red 2 and call Last card!", "  Play goes on from you"]


def test_at_the_terminal_one_person_with_nothing_to_do_in_a_window_is_not_asked(tmp_path):
    """A window decided by hands asks everyone (so the table's waiting tells nothing); with one person at the table,
    nobody reads that waiting (bots do not), and a window in which nothing is open to them is let pass for them."""
    import os
    import subprocess

    from helpers import ROOT, rulelang_command
    from test_constructs import BASE

    (tmp_path / "jump.rules").write_text(BASE + JUMP_IN)
    # You R2 B4, Ada B3 RA, Bo R3 B2: after Ada's and Bo's cards You, holding B4, cannot jump in
    (tmp_path / "stack.yaml").write_text("".join(f"- {c}\n" for c in ["R2", "B3", "R3", "B4", "RA", "B2"]))
    proc = subprocess.run(rulelang_command() + ["run", str(tmp_path / "jump.rules"), "--players", "3", "--seed", "1",
                                                "--bots", "greedy", "--delay", "0", "--stack", str(tmp_path / "stack.yaml"),
                                                "--save", str(tmp_path / "game.save")],
                          input="lay R2\nlay B4\n", capture_output=True, text=True, cwd=ROOT, timeout=60,
                          env={**os.environ, "HOME": str(tmp_path)})
    assert proc.returncode == 0 and "Nothing you can do now" not in proc.stdout
    assert "  Ada lays Red Ace\n  Bo lays Red 3\n" in proc.stdout and "Game over: You win" in proc.stdout
