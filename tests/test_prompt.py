"""The prompt as a person meets it (issue #13): a rule written for a card opens the rule editor, nothing typed
ever ends in a traceback, refusals say why, completion and the Moves line agree with what the game accepts.
A pseudo-terminal driven by pexpect, as in tests/test_terminal.py: an xterm, no cursor-position requests."""
from __future__ import annotations

import os
import re
import time
from pathlib import Path

import pytest

pexpect = pytest.importorskip("pexpect")

from helpers import PtyTerminal, plain, rulelang_command  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
CTRL_C, CTRL_L, ENTER, TAB = "\x03", "\x0c", "\r", "\t"
FAULTS = ("Traceback", "Unhandled exception", "Exception ")

# UNO House Rules, You and Ada: dealt alternately, You first.  You hold the Red 3 +Rule on a Red 5; nobody
# holds another 3, so the rule written for 3 does not start a race here.
YOU = ["R3+", "G1", "B4", "Y6", "Y7", "Y8", "B2"]
ADA = ["B1", "G4", "Y1", "Y2", "Y9", "B8", "G6"]
HOUSE_STACK = [c for pair in zip(YOU, ADA) for c in pair] + ["R5", "Y5", "G9", "G2", "R8"]
MOO = 'when played(card) if card.number == key { race "moo" }'


def write_stack(tmp_path: Path, cards: list[str]) -> Path:
    path = tmp_path / "stack.yaml"
    path.write_text("".join(f"- {c}\n" for c in cards), encoding="utf-8")
    return path


class Terminal(PtyTerminal):
    """A person at a terminal of `rows` x `cols`, typing as fast as a person can (not 50 ms a key)."""

    def __init__(self, args: list[str], rows: int = 24, cols: int = 100, **env):
        super().__init__(args, rows, cols, **env)
        self.child.delaybeforesend = None

    def settle(self, wait: float = 0.3) -> str:
        """Read whatever arrives within `wait` seconds; the plain text since the last match."""
        end = time.monotonic() + wait
        while time.monotonic() < end and self.read_more(0.05):
            pass
        return plain(self.raw)[self.seen:]

    def refused(self, text: str, message: str) -> None:
        """Type a line that is refused and read the refusal from a redrawn screen (Ctrl-L): only the cells that
        change are written, so a message over another would read as a mix of both."""
        self.line(text)
        self.settle(0.3)
        self.type(CTRL_L)
        self.expect(message)

    def faults(self) -> list[str]:
        screen = plain(self.raw)
        return [f for f in FAULTS if f in screen]


@pytest.fixture
def terminals():
    opened = []

    def open_terminal(args, **kw):
        t = Terminal(args, **kw)
        opened.append(t)
        return t

    yield open_terminal
    for t in opened:
        t.close()


def house_game(tmp_path, terminals) -> Terminal:
    """UNO House Rules at the `write` decision of the Red 3 +Rule."""
    t = terminals(["run", "games/house.rules", "--delay", "0", "--players", "2", "--seed", "1",
                   "--stack", str(write_stack(tmp_path, HOUSE_STACK))])
    t.expect("You>")
    t.line("play R3+")
    t.expect("Make up a rule for every 3 played from now on")
    moves = t.expect("You>")
    assert "Moves: write RULE" in moves and "none" not in moves
    return t


# ---------------------------------------------------------------- 1. writing a rule for a card


def test_write_opens_the_rule_editor_refuses_a_bad_rule_with_its_place_and_takes_a_good_one(tmp_path, terminals):
    t = house_game(tmp_path, terminals)
    t.line("write")  # the verb alone is not refused: Enter opens the rule editor
    t.expect("rule>")
    t.line(MOO.replace("key", "kex"))
    t.expect("1:37: unknown name `kex` (did you mean `key`?)")  # refused before Enter is taken, with its place
    t.type(CTRL_C)  # back to the move prompt, the decision still open
    t.expect("You>")
    # Typed inline, the rule is completed as a rule: after `card.` the game's attributes.
    t.type("write when played(card) if card.col")
    t.expect("colour")
    t.type(TAB)
    t.type(" == gr")
    t.expect("green")
    t.type(CTRL_C)
    t.expect("You>")
    t.line("write " + MOO.replace("card.number", "card.numbr"))
    t.expect("1:27: unknown attribute `numbr` (did you mean `number`?)")
    t.type(CTRL_C)
    t.line("write " + MOO)
    told = t.expect("You make a house rule for 3: " + MOO)
    assert "choose write" not in told  # the rule written is told once, by the rule it makes
    t.expect("You>")
    t.line("rules")
    t.expect('race "moo"')
    t.line("quit")
    assert t.exit_status() == 0
    assert t.faults() == []


# A rule typed character by character, with Tab after each (completion inserts what it offers, so the line
# goes astray: that is the point, nothing typed may break the prompt), then broken rules with Enter.
TYPED = [MOO, "when played(card) if size(hand(next)) > 2 and card.colour == red { move 1 from draw to hand(next) }"]
# Broken rules, each with the start of the message it is refused with (before Enter is taken).
BROKEN = [("when played(card) if card.number == key {", "1:41: this `{` is never closed"),
          ("when played(", "1:13: the text ends too soon"),
          ("when", "1:5: the text ends too soon"),
          ("{ } }", "1:1: unexpected `{`"),
          ('"', "1:1: unexpected character `\"`"),
          ("when played(card) if 1/0 { }", "1:22: expected true or false, found a number"),
          ('when played(card) if card.colour == 7 { race "x" }', "1:22: compares a colour with a number"),
          ("rule r: when nothing(x) { }", "1:14: unknown event `nothing`"),
          ("é ☃", "1:1: unexpected character `é`")]


def test_nothing_typed_at_the_write_prompt_ends_in_a_traceback(tmp_path, terminals):
    t = house_game(tmp_path, terminals)
    for rule in TYPED:
        for ch in "write " + rule:
            t.type(ch + TAB)
            time.sleep(0.01)
        t.type(CTRL_C)
        t.line("hand")  # caught up: the prompt answers, the decision still open
        t.expect("Moves: write RULE")
    for rule, message in BROKEN:
        t.line("write " + rule)
        t.expect(message)
        t.type(CTRL_C)
    # And the same in the rule editor the verb alone opens.
    t.line("write")
    t.expect("rule>")
    for ch in TYPED[0]:
        t.type(ch + TAB)
        time.sleep(0.01)
    t.type(CTRL_C)
    t.expect("You>")
    for rule, message in BROKEN:
        t.line("house " + rule)
        t.expect(message)
        t.type(CTRL_C)
    t.line("hand")
    t.expect("Moves: write RULE")
    t.line("quit")
    assert t.exit_status() == 0
    assert t.faults() == []


# ---------------------------------------------------------------- 2. refusals that say why

# UNO Express, You and Ada: You hold R3 R5 B7 G2 Y9, Ada R8 B1 G4 Y6 B8; Red 1 is turned up; G9, Y2 follow.
EXPRESS_STACK = ["R3", "R8", "R5", "B1", "B7", "G4", "G2", "Y6", "Y9", "B8", "R1", "G9", "Y2"]


def express_at(terminals, tmp_path, stack=None, **kw):
    """`rulelang run games/express.rules` for You and Ada (seed 7, no delay), the deck stacked (EXPRESS_STACK unless
    given), at a pseudo-terminal."""
    return terminals(["run", "games/express.rules", "--delay", "0", "--players", "2", "--seed", "7",
                      "--stack", str(write_stack(tmp_path, stack or EXPRESS_STACK))], **kw)


def test_a_refused_move_says_why_and_the_next_keys_replace_it(tmp_path, terminals):
    t = express_at(terminals, tmp_path)
    t.expect("Moves: play ♥R3 / ♥R5 · draw")
    t.expect("You>")
    # A card in the hand that does not match: which option refused it, in the rules' words, and what is on top.
    t.line("play b7")
    t.expect("Blue 7 cannot be chosen now: it does not fit `play`, “play a card that matches the top")
    t.expect("(discard: Red 1, current colour: Red)")  # (the message is broken between words to fit the screen)
    # The refused line is selected: what is typed next replaces it (else this would read `play b7red`).
    t.refused("red", "`red` could be Red 3 or Red 5: say which")
    t.refused("x9", "no move or card is called `x9`; your hand: R3 R5 Y9 G2 B7")
    t.type(CTRL_C + "hand" + ENTER)  # Ctrl-C on the refused line clears it at once: no key after it is lost
    t.expect("Your hand (5)")
    # One card of the hand is a 3, and it may be played: the line is written out in full, the next Enter plays it.
    t.refused("3", "`3` is `play R3` (Red 3): Enter makes this move")
    t.line("")
    t.expect("You play ♥Red 3")
    t.expect("Ada plays")
    t.expect("You>")
    t.line("quit")
    assert t.exit_status() == 0
    assert t.faults() == []


# ---------------------------------------------------------------- 3. completion and the Moves line

# Liar's UNO, You, Ada and Bo: You hold the Red 7 on a Red 5 (7s swap hands with a player of your choice).
LIARS_HANDS = [["R7", "LR2", "LB3", "B4", "Y6", "LY7", "G8"], ["B1", "B2", "G3", "G4", "Y1", "Y2", "Y3"],
               ["G6", "G7", "LG8", "B8", "B0", "Y4", "Y9"]]
LIARS_STACK = [c for trio in zip(*LIARS_HANDS) for c in trio] + ["R5", "G1", "G2", "B6", "B7", "Y8"]


def test_the_moves_line_shows_what_the_game_accepts(tmp_path, terminals):
    t = terminals(["run", "games/liars.rules", "--delay", "0", "--players", "3", "--seed", "1", "--bots", "greedy",
                   "--stack", str(write_stack(tmp_path, LIARS_STACK))])
    t.expect("You>")
    t.line("play R7")
    t.expect("Moves: swap Ada / Bo")  # the players by name, as they are typed
    t.expect("You>")
    t.line("Bo")  # as shown, without the verb: the only move that names Bo
    t.expect("You swap with Bo")
    t.expect("You>")  # keys typed while the bots play are kept for the prompt, not sent (test_typeahead)
    t.line("quit")
    assert t.exit_status() == 0
    assert t.faults() == []


def test_the_moves_line_shows_sets_of_cards_as_they_are_typed_and_the_first_few_only(capsys):
    """Hearts' pass of three cards of thirteen: each set by its cards' short names (not card numbers), 12 of the
    286 sets, then how many there are."""
    from interpreter import Game
    from rulelang import load
    from rulelang.terminal.host import Host, Screen

    g = Game(load(ROOT / "examples" / "hearts.rules"), 4, seed=1)
    Host(g, humans=[0, 1, 2, 3], bots={}, screen=Screen(tty=False), delay=0).show_moves(g.pending)
    line = capsys.readouterr().out.splitlines()[-1]
    sets = line.removeprefix("Moves: pass ").split(" / ")
    assert len(sets) == 13 and sets[-1] == "… (286 in all)", line
    assert all(len(s.split()) == 3 and all(len(c) == 2 for c in s.split()) for s in sets[:-1]), line


# UNO Express: You hold R3 R5 B7 G2 and a Wild on a Red 1.
WILD_STACK = ["R3", "R8", "R5", "B1", "B7", "G4", "G2", "Y6", "W", "B8", "R1", "G9", "Y2"]


def test_one_tab_inserts_the_one_candidate_and_verbless_forms_complete(tmp_path, terminals):
    t = express_at(terminals, tmp_path, WILD_STACK)
    t.expect("You>")
    # `pl`: three plays, Tab inserts what they share; `w`: the Wild, alone.  Typed at a person's pace: keys sent in
    # one write raced the completion prompt_toolkit starts as one types ('play wW' once, on a loaded machine)
    for keys in ("pl", TAB, "w", TAB):
        t.type(keys)
        time.sleep(0.2)
    t.expect("play W")
    t.type(ENTER)
    t.expect("You play ")
    t.expect("You>")
    t.type("bl" + TAB + ENTER)  # the colour, without its verb
    t.expect("You> Blue")
    t.expect("You choose colour ♦Blue")
    t.expect("You>")
    t.line("quit")
    assert t.exit_status() == 0
    assert t.faults() == []


# Ann and Bob at one keyboard (UNO Express): Ann plays down to one card without calling UNO; Bob may catch her.
STACK_TWO_PEOPLE = ["R3", "B1", "R5", "B2", "R6", "B3", "R7", "B4", "R9", "B5", "R1", "G1", "G2", "G3", "G4"]


def test_ctrl_d_then_no_asks_the_same_window_again_and_never_answers_it(tmp_path, terminals):
    t = terminals(["run", "games/express.rules", "--delay", "0", "--players", "2", "--humans", "2",
                   "--names", "Ann,Bob", "--seed", "7", "--stack", str(write_stack(tmp_path, STACK_TWO_PEOPLE))])
    for seat, move in [("Ann", "play R3"), ("Bob", "draw"), ("Ann", "play R5"), ("Bob", "draw"),
                       ("Ann", "play R6"), ("Bob", "draw"), ("Ann", "play R7")]:
        t.expect(f"Pass the keyboard to {seat}.")  # Ann too, before her first hand shows
        t.line("")
        t.expect(f"{seat}>")
        t.line(move)
    t.expect("Pass the keyboard to Bob.")
    t.line("")
    t.expect("Ann did not call UNO!")
    t.expect("Bob>")
    t.type("\x04")
    t.expect("Leave the game? [y/N]")
    t.line("n")
    t.expect("Bob>")  # the same window, not passed
    t.line("catch")
    t.expect("Ann is caught without calling UNO and draws 2")
    t.expect("Bob>")
    t.line("quit")
    assert t.exit_status() == 0
    assert t.faults() == []


# ---------------------------------------------------------------- 4. the screen


def test_at_80x24_the_status_is_said_once_in_the_toolbar_and_the_call_hint_only_when_due(tmp_path, terminals):
    t = express_at(terminals, tmp_path, rows=24, cols=80)
    before = t.expect("You>")
    # The table is in the toolbar, kept up to date, not said twice: the title line, then the hand.
    assert re.search(r"── You ─+\nYour hand \(5\)", before), before
    assert "Moves: play ♥R3 / ♥R5 · draw\n" in before  # five cards: no call is due, no hint about calls
    t.line("hand")  # asked for, the whole table is printed
    assert "hand: You 5, Ada 5" in t.expect("Your hand (5)")
    t.line("quit")
    assert t.exit_status() == 0
    # The rows kept below the prompt: one for the toolbar, two for the menu (prompt_toolkit's default is 8; its
    # `reserve_space_for_menu` counts the prompt's own line, so MENU_ROWS = 3 shows two candidates).  (The
    # toolbar itself is not drawn here: prompt_toolkit draws it once it knows the cursor's row, and this
    # pseudo-terminal does not answer that question; the test below reads it through a terminal emulator.)
    from rulelang.terminal import host
    assert host.TOOLBAR_ROWS + host.MENU_ROWS - 1 <= 3


def test_the_toolbar_keeps_the_table_and_a_refusal_stands_above_it(tmp_path, terminals):
    """The screen as a terminal draws it (an emulator that answers where the cursor is, as xterm or tmux does):
    the bottom row is the toolbar, whose move it is and the table, kept up to date; the Moves line is just above
    the prompt; a refused move's message stands just above the toolbar until the next move is taken."""
    t = express_at(terminals, tmp_path, rows=24, cols=80, emulate=True)
    # At 80 columns not all of the table fits: what a player needs most, the others' hand sizes before the direction
    # and the draw pile's size.
    toolbar = " to play: you │ current colour: ♥Red │ discard: ♥Red 1 │ hand: You 5, Ada 5"
    rows = t.wait_for_screen(lambda rows: rows[-1] == toolbar)
    prompt = max(i for i, row in enumerate(rows) if row.startswith("You>"))
    assert rows[prompt - 1] == "Moves: play ♥R3 / ♥R5 · draw"
    assert all(row == "" for row in rows[prompt + 1:-1])  # nothing else below the prompt

    t.line("play b7")
    rows = t.wait_for_screen(lambda rows: any(row.startswith("`play b7`") for row in rows))
    assert rows[-1] == toolbar
    at = next(i for i, row in enumerate(rows) if row.startswith("`play b7`"))
    # The message is broken between words to fit the 80 columns (not in a word, where the terminal would), the
    # rows after its first two spaces in.
    assert [row for row in rows[at:-1] if row] == [
        "`play b7`: Blue 7 cannot be chosen now: it does not fit `play`, “play a card",
        "  that matches the top of the discard pile” (discard: Red 1, current colour:",
        "  Red); you can: play R3, play R5, or draw"]

    t.type("play r3" + ENTER)  # typed over the refused line, which is selected
    rows = t.wait_for_screen(lambda rows: "♥Red 8" in rows[-1])  # the toolbar is drawn with the next prompt
    assert rows[-1] == " to play: you │ current colour: ♥Red │ discard: ♥Red 8 │ hand: You 4, Ada 4"
    prompt = max(i for i, row in enumerate(rows) if row.startswith("You>"))
    assert rows[prompt - 1] == "Moves: play ♥R5 · draw"
    assert "You> play r3" in rows and "  Ada plays ♥Red 8" in rows
    assert not any("`play b7`" in row for row in rows)  # the refusal went with the line it refused
    t.line("quit")
    assert t.exit_status() == 0
    assert t.faults() == []


def test_a_dumb_terminal_gets_no_escape_codes(tmp_path, terminals):
    t = express_at(terminals, tmp_path, TERM="dumb")
    t.expect("You>")
    t.line("play R3")
    t.expect("Ada plays ♥Red 8")
    t.expect("You>")
    t.line("quit")
    assert t.exit_status() == 0
    assert "\x1b" not in t.raw


def test_nobody_winning_and_turn_to_none_are_told_in_words(tmp_path, terminals):
    """`win []` ends the hand with nobody winning (it crashed the host); `turn to none` is refused when written
    (pr8), and a `turn to` of a value found none at run time, naming the rule, and the rule is dropped (it printed
    `None plays next`)."""
    t = express_at(terminals, tmp_path)
    t.expect("You>")
    t.line("house when played(card) if card.number == 3 { turn to none }")
    t.expect("`turn to none` names no player: `turn to` takes the player who plays next")
    t.type(CTRL_C)
    t.line("house when played(card) if card.number == 3 { turn to first([p for p in players if p != p]) }")
    t.expect("You make a house rule")  # "You", and its verb agrees
    t.line("play R3")
    t.expect("The house rule `table_rule_1` failed at line 1, column 41 of its text (`turn to` was given none, not "
             "a player")
    t.expect("Ada plays ♥Red 8")
    t.expect("You>")
    t.line("house when played(card) if card.number == 5 { win [] }")
    t.expect("You>")
    t.line("play R5")
    t.expect("Nobody wins the hand")
    t.expect("Game over: nobody wins")
    assert t.exit_status() == 0
    assert "None" not in plain(t.raw) and t.faults() == []


def test_rules_prints_no_empty_section():
    from rulelang import load
    from rulelang.terminal.summary import rules_summary

    for game in sorted(ROOT.glob("games/*.rules")) + sorted(ROOT.glob("examples/*.rules")):
        lines = rules_summary(load(game)).splitlines()
        for i, line in enumerate(lines):
            if line.endswith(":") and not line.startswith(" "):  # a heading: something indented follows
                assert i + 1 < len(lines) and lines[i + 1].startswith("  "), (game.name, line)
        if game.name == "hearts.rules":  # a score block on one line is shown, and how the match is won
            assert lines[lines.index("Scoring:") + 1] == "  for p in players { set score(p) = score(p) + penalty(p) }"
            assert "A match is played to 100 points; the lowest score wins (`--match`)." in lines
        if game.name == "express.rules":
            assert "A match is played to 250 points; the lowest score wins if alternate_scoring (`--match`)." in lines
    # an opening comment's list keeps an item a line; `} else if ... {` is shown at the depth of its `if`
    lines = rules_summary(load(ROOT / "examples" / "more" / "euchre.rules")).splitlines()
    assert "  - The player after the dealer bids first and leads the first trick." in lines
    scoring = lines[lines.index("Scoring:") + 1:]
    assert scoring[1:4] == ["    if p in team(maker)", "      set score(p) = score(p) + makers_points()",
                            "    else if side_tricks(maker) < 3"]


def test_the_status_shows_only_the_variables_a_file_declares_shown(tmp_path):
    """Who's lying? marks `last_layer` and `claimed` with `show`: its bookkeeping (`count`, `passes`, `laying`,
    `rainbow_points`) is not the players' business; UNO Express declares none and shows its `current colour`."""
    import subprocess

    def table(game):
        env = {k: v for k, v in os.environ.items() if k != "NO_COLOR"}
        proc = subprocess.run(rulelang_command() + ["run", game, "--delay", "0", "--seed", "1", "--bots", "random"],
                              cwd=ROOT, env=env, input="hand\nquit\n", capture_output=True, text=True, timeout=60)
        assert proc.returncode == 0, proc.stderr
        return proc.stdout

    out = table("games/whos_lying.rules")  # nothing laid yet: `laid by` and `said to be` are none, not shown
    assert "direction: " in out
    for internal in ("count:", "passes:", "laying:", "rainbow points:"):
        assert internal not in out
    assert "current colour: " in table("games/express.rules")


BIDS = """
game "Bids"
players 3..3
attribute number 1..9
name cards by number
deck stock {
  for n in 1..9 {
    card {number: n}
  }
}
zone stock hidden
zone hand private per player
var bid per player = none show "bid"
var secret per player = 0
setup {
  deal 3 from stock to hand
}
turn {
  choose current {
    bid n in 0..3 "say how many" {
      set bid(current) = n
    }
  }
}
"""


def test_the_status_shows_a_players_variable_declared_shown_for_each_player_that_has_a_value():
    """`var bid per player = none show "bid"`: the table line says every bid made so far, by name; a player's
    variable not declared `show` is not shown."""
    import rulelang
    from interpreter import Game
    from rulelang.terminal.host import Host, Screen

    g = Game(rulelang.load_text(BIDS), ["Ann", "Bo", "Cy"], seed=1)
    host = Host(g, humans=[0, 1, 2], bots={}, screen=Screen(tty=False), delay=0)

    def status():
        return " · ".join("".join(t for _, t in fact) for fact in host.table_facts(0))

    assert "bid:" not in status()  # nobody has bid yet
    g.apply(0, "bid 2")
    g.apply(1, "bid 0")
    assert "bid: Ann 2, Bo 0 · " in status() and "secret" not in status()

# ---------------------------------------------------------------- 5. hidden information


@pytest.mark.slow
def test_an_unfinished_game_of_two_people_replays_only_what_the_table_saw(tmp_path):
    """Ann and Bob stop after two moves each.  Its replay names no card of either hand, prints no seed (with the
    moves it deals every hand again), and `--seat` (a name or `all`) is refused until the game is over."""
    import subprocess

    env = {k: v for k, v in os.environ.items() if k != "NO_COLOR"}
    save = tmp_path / "game.yaml"
    proc = subprocess.run(rulelang_command() + ["run", "games/express.rules", "--delay", "0", "--players", "2",
                                                "--humans", "2", "--names", "Ann,Bob", "--seed", "7", "--save",
                                                str(save), "--stack", str(write_stack(tmp_path, STACK_TWO_PEOPLE))],
                          cwd=ROOT, env=env, input="play R3\ndraw\nplay R5\nquit\n", capture_output=True, text=True,
                          timeout=60)
    assert proc.returncode == 0, proc.stderr
    first = proc.stdout.split("--- pass the keyboard to Ann ---")[0]
    assert "seed" not in first and "Your hand" not in first  # no seed, and no hand before the keyboard is Ann's

    def replay(*more):
        return subprocess.run(rulelang_command() + ["replay", str(save), *more], cwd=ROOT, env=env, text=True,
                              capture_output=True, timeout=60, stdin=subprocess.DEVNULL)

    out = replay()
    assert out.returncode == 0, out.stderr
    assert "what the table saw (the game is not over)" in out.stdout
    assert "Ann plays ♥Red 3" in out.stdout and "Ann plays ♥Red 5" in out.stdout  # played face up: public
    assert "seed" not in out.stdout and "hand (" not in out.stdout
    for hidden in ("R6", "R7", "R9", "B1", "B2", "B3", "Red 6", "Blue 1", "G1"):  # in hands, or drawn by Bob
        assert hidden not in out.stdout, hidden
    for seat in ("all", "Bob"):  # a name as `all`
        refused = replay("--seat", seat)
        assert refused.returncode != 0 and "this game is not over and 2 people play it" in refused.stderr


# ---------------------------------------------------------------- 6. replay navigation


def test_replay_goes_back_jumps_to_a_move_finds_an_event_and_ends(tmp_path, terminals):
    import subprocess

    save = tmp_path / "game.yaml"
    env = {k: v for k, v in os.environ.items() if k != "NO_COLOR"}
    proc = subprocess.run(rulelang_command() + ["run", "games/express.rules", "--delay", "0", "--players", "2",
                                                "--seed", "7", "--save", str(save),
                                                "--stack", str(write_stack(tmp_path, EXPRESS_STACK))],
                          cwd=ROOT, env=env, input="play R3\nplay R5\ndraw\nquit\n", capture_output=True, text=True,
                          timeout=60)
    assert proc.returncode == 0, proc.stderr
    t = terminals(["replay", str(save)])
    t.expect("8 moves · as You saw it")
    t.expect("e end · q quit")
    t.line("")
    t.expect("Move 1/8 — You")
    t.expect("You play ♥Red 3")
    t.line("3")  # to move 3
    t.expect("Move 3/8 — You")
    t.expect("You play ♥Red 5")
    t.expect("Your hand (3): ★Y9 ♣G2 ♦B7")
    t.line("b")  # back one
    t.expect("Move 2/8 — Ada")
    t.expect("Ada plays ♥Red 8")
    t.expect("Your hand (4): ♥R5 ★Y9 ♣G2 ♦B7")  # the hand as it stood then
    t.line("/skip")  # the next move with a `skip` event
    t.expect("Move 7/8 — Ada")
    t.expect("You lose your turn")
    t.line("e")
    t.expect("Move 8/8 — Ada")
    t.expect("The game stopped here")
    assert t.exit_status() == 0
    assert t.faults() == []


def test_the_toolbar_row_leaves_out_a_fact_that_does_not_fit_and_keeps_a_shorter_one_after_it():
    """At four players of UNO at 80 columns the hand sizes do not fit on the row; the direction after them does."""
    from rulelang.terminal.host import wrap

    facts = [[("", "to play: you")], [("", "current colour: ♣Green")], [("", "discard: Wild Draw Four")],
             [("", "hand: You 6, Ada 6, Bo 6, Cy 13")], [("", "direction: →")], [("", "draw: 71 cards")]]
    rows = wrap(facts, 78, " │ ", 1)
    assert ["".join(t for _, t in row) for row in rows] == \
        ["to play: you │ current colour: ♣Green │ discard: Wild Draw Four │ direction: →"]
    assert len(wrap(facts, 78, " │ ")) == 2  # without a bound, every fact on as many rows as it takes


def test_help_and_rules_fit_an_80_column_terminal_each_row_under_what_it_says():
    """`help` and `rules` at a terminal are wrapped to its width (the terminal cut `undo`'s text mid-word, and
    `rules`, wrapped at 96 columns, came out ragged at 80): no word changes, a row of `help`'s table goes on under
    its description, any other line under its own indent."""
    from interpreter import Game
    from rulelang import load
    from rulelang.terminal.host import KEYS, command_docs
    from rulelang.terminal.summary import fitted, help_text, rules_summary

    program = load(ROOT / "games" / "express.rules")
    g = Game(program, ["You", "Ada"], seed=7)
    text = help_text(program, g.pending, command_docs()) + f"\nKeys: {KEYS}"
    lines = fitted(text, 79).splitlines()
    assert max(map(len, lines)) <= 79 < max(map(len, text.splitlines()))
    assert fitted(text, 79).split() == text.split()
    undo = next(i for i, line in enumerate(lines) if line.startswith("  undo "))
    assert lines[undo + 1].startswith(" " * 19 + "shuffled")
    keys = next(i for i, line in enumerate(lines) if line.startswith("Keys: "))
    assert lines[keys + 1].startswith("  Ctrl-C")
    rules = fitted(rules_summary(program, 79), 79)
    assert max(map(len, rules.splitlines())) <= 79 and rules.split() == rules_summary(program).split()


def test_a_told_line_is_broken_between_words_never_inside_a_card():
    """At 80 columns the terminal broke `you get ♥R6, ★Y3, ♣` / `GR`: a line of the story is broken between
    words at the width, each next row under the line's indent and two spaces more, its styles kept."""
    from rulelang.terminal.host import wrapped

    line = [("", "  5 cards dealt to each player from the draw pile; you get "), ("ansired", "♥R6"), ("", ", "),
            ("ansiyellow", "★Y3"), ("", ", "), ("ansigreen", "♣GR")]
    parts = wrapped(line, 60)
    rows = "".join(t for _, t in parts).split("\n")
    assert rows == ["  5 cards dealt to each player from the draw pile; you get", "    ♥R6, ★Y3, ♣GR"]
    assert [p for p in parts if p[0]] == [("ansired", "♥R6"), ("ansiyellow", "★Y3"), ("ansigreen", "♣GR")]
    assert wrapped(line, 100) == line  # it fits: as it is


def test_a_command_that_takes_nothing_is_refused_with_words_after_it(tmp_path, terminals):
    """`undo 5` took back one move, silently (and `quit now`, `hand please` ran as the command): a command that takes
    nothing after it says so, and nothing is done; alone, it runs."""
    t = express_at(terminals, tmp_path)
    t.expect("You>")
    t.line("play r3")
    t.expect("You play ♥Red 3")
    t.expect("You>")
    t.refused("undo 5", "`undo 5`: `undo` takes nothing after it")
    t.type(CTRL_C + "hand please" + ENTER)
    t.expect("`hand please`: `hand` takes nothing after it")
    t.type(CTRL_C + "quit now" + ENTER)
    t.expect("`quit now`: `quit` takes nothing after it")
    t.type(CTRL_C + "hand" + ENTER)
    t.expect("Your hand (4)")  # alone, it runs; the Red 3 played is not back: `undo 5` did nothing
    t.line("undo")
    t.expect("your last move cannot be taken back")  # alone, it runs (Ada's card since is one hidden from you)
    t.expect("You>")
    t.line("quit")
    assert t.exit_status() == 0
    assert t.faults() == []
