"""What the prompt tells of a game, as a person reads it at a terminal: the first card of the discard pile turned up
(and a Wild Draw Four turned up first going back and the pile shuffled), a move whose verb is no English verb
(`truth`) told as the option chosen, a move of several arguments in order (`Dee guesses Cy: Baron`), a Hanabi hint
told once, by the rules' own sentence, whose cards are shown to whom, and the games there are to run when a file
name is wrong.  A pseudo-terminal driven by pexpect, as in tests/test_prompt.py."""
from __future__ import annotations

from pathlib import Path

import pytest

pexpect = pytest.importorskip("pexpect")

from helpers import plain, write_stack  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]


def test_a_wild_draw_four_turned_up_first_is_told_going_back_and_the_pile_shuffled(tmp_path, terminals):
    """Classic UNO (`define turn_up()`): the Wild Draw Four turned up to start the discard pile goes back into the
    draw pile, which is shuffled, and another card is turned up to start it.  Before, the screen read `Wild Draw
    Four goes from the draw pile to the discard pile`, `... from the discard pile to the draw pile` and nothing of
    the shuffle."""
    you, ada = [f"R{n}" for n in range(1, 8)], [f"B{n}" for n in range(1, 8)]
    stack = [c for pair in zip(you, ada) for c in pair] + ["W4", "G5"]
    t = terminals(["run", "uno", "--players", "2", "--seed", "7", "--delay", "0", "--bots", "greedy",
                   "--stack", str(write_stack(tmp_path, stack)), "--save", str(tmp_path / "s.yaml")])
    t.expect("you get ♥R1, ♥R2, ♥R3, ♥R4, ♥R5, ♥R6, ♥R7")
    t.expect("Wild Draw Four is turned up from the draw pile to start the discard pile")
    t.expect("Wild Draw Four goes back from the discard pile into the draw pile, which is shuffled")
    start = t.expect(" is turned up from the draw pile to start the discard pile")
    first = start.strip().splitlines()[-1].strip()
    t.expect("You>")
    t.line("quit")
    t.expect("saved")
    assert first and first != "Wild Draw Four"
    assert "The draw pile is shuffled" not in plain(t.raw)  # the setup's shuffle, before the deal, is not told


def test_a_verb_that_is_no_english_verb_is_told_as_the_option_chosen(tmp_path, terminals):
    """Liar's UNO: `truth LR2` is told `You choose truth: ♥Liar's Red 2` (it read `You truth ♥Liar's Red 2`)."""
    hands = [["R7", "LR2", "LB3", "B4", "Y6", "LY7", "G8"], ["B1", "B2", "G3", "G4", "Y1", "Y2", "Y3"],
             ["G6", "G7", "LG8", "B8", "B0", "Y4", "Y9"]]
    stack = [c for trio in zip(*hands) for c in trio] + ["R5", "G1", "G2", "B6", "B7", "Y8"]
    t = terminals(["run", "liars", "--players", "3", "--seed", "1", "--delay", "0", "--bots", "greedy",
                   "--stack", str(write_stack(tmp_path, stack)), "--save", str(tmp_path / "s.yaml")])
    t.expect("♥Red 5 is turned up from the draw pile to start the discard pile")
    t.expect("You>")
    t.line("truth LR2")
    told = t.expect("You laid Liar's Red 2: say what it is")
    assert "You choose truth: ♥Liar's Red 2" in told and "You truth" not in told
    t.expect("You>")
    t.line("quit")
    t.expect("saved")


def test_a_hint_is_told_once_and_whose_cards_are_shown_to_whom(tmp_path, terminals):
    """Hanabi (tests/rules/hanabi.rules): the others' hands are shown to you, each named as theirs and to whom (it
    read `Turned up: ...`, as if the whole table saw them), yours to them; a hint is told by the rules' own
    sentence, `You tell Ada: ...`, not first as `You choose hint Ada red`."""
    t = terminals(["run", "tests/rules/hanabi.rules", "--players", "3", "--seed", "1", "--delay", "0",
                   "--bots", "greedy", "--save", str(tmp_path / "s.yaml")])
    start = t.expect("You>")
    assert "Your 5 cards shown to Ada and Bo" in start
    assert "Ada's cards shown to you and Bo: ♦Blue 3, ♥Red 4, ♦Blue 1, ☀Yellow 2, ♥Red 1" in start
    assert "Bo's cards shown to you and Ada: ♥Red 2, ♦Blue 1, ○White 1, ♥Red 3, ○White 1" in start
    assert "Turned up" not in start
    t.line("hint Ada red")
    t.expect("You> hint Ada red")
    told = t.expect("── You")
    assert "You tell Ada: the cards at 2, 5 are Red" in told
    assert "choose hint" not in told and "You hint" not in told  # told once, by the rules' sentence
    t.expect("You>")  # the prompt up: a line typed before it waits for a second Enter (test_typeahead)
    t.line("quit")
    t.expect("saved")


def test_a_move_of_several_arguments_reads_in_order(terminals):
    """Love Letter (tests/rules/love_letter.rules), bots alone: a Guard's guess is told `Dee guesses Cy: Baron`
    (it read `Dee chooses guess Cy baron`), a Baron's look `Ada looks at Bo`, a King's trade `Bo trades with Cy`."""
    t = terminals(["run", "tests/rules/love_letter.rules", "--humans", "0", "--players", "4", "--seed", "1",
                   "--bots", "greedy"])
    told = t.expect("Dee guesses Cy: Baron")
    assert "Bo trades with Cy" in told and "Cy chooses Dee to redraw" in told
    t.expect("Ada looks at Bo")
    assert "chooses guess" not in plain(t.raw)


@pytest.mark.parametrize("game,told,not_told", [
    ("tests/rules/ask_for_rank.rules", "Ada asks Bo", "asks player"),  # `ask_player Bo`: the kind's word left out
    ("tests/rules/golf_patience.rules", "Ada lays 2", "chooses lay"),  # a number after an English verb
])
def test_a_verb_with_a_player_or_a_number_reads_as_a_sentence(game, told, not_told, terminals):
    t = terminals(["run", game, "--humans", "0", "--seed", "2", "--bots", "greedy"])
    t.expect(told)
    assert t.exit_status() == 0
    assert not_told not in plain(t.raw)


def test_a_move_told_by_the_rules_own_sentence_is_told_once(terminals):
    """Liar's UNO, bots alone, seed 5: Bo's `uno` after a swap is told by the rules' `Bo yells UNO!` alone (it read
    `Bo chooses uno`, then `Bo yells UNO!`)."""
    t = terminals(["run", "liars", "--humans", "0", "--seed", "5", "--bots", "greedy"])
    before = t.expect("Bo yells UNO!", timeout=60)
    assert before.rstrip().splitlines()[-1].strip() == "8 cards go from Bo's aside to Cy's hand"
    assert "chooses uno" not in plain(t.raw)


def test_a_game_file_not_found_lists_the_games_there_are(terminals):
    """`rulelang run nosuch.rules` names the bundled games and the examples, and how to run one."""
    t = terminals(["run", "nosuch.rules"])
    t.expect("no such game file: nosuch.rules")
    t.expect("a bundled one by its name (`rulelang run express`), an example by its file "
             "(`rulelang run examples/crazy_eights.rules`)")
    t.expect("games: droid, express, house, liars, uno, whos_lying")
    t.expect("examples/: crazy_eights, gin_rummy, hearts, president, seven_o, slapjack, spades")
    t.expect("examples/more/: ")
    t.child.expect(pexpect.EOF)
    t.child.close()
    assert t.child.exitstatus == 1


PEEK = """game "Peek"
players 3..3
attribute r 1..9
deck d { for n in 1..9 { card {r: n} } }
zone d hidden
zone h hidden per player
setup { shuffle d  deal 3 from d to h }
turn { choose current { peek "look at the next player's cards, which they do not see" { reveal h(next) to current } } }
"""


def test_whose_cards_were_shown_is_told_to_those_who_saw_them_and_to_their_holder_only():
    """A hand its holder does not see, shown to one player: that player is told whose cards they saw, the holder
    that their cards were shown; the third player, who saw nothing, is not told whose they were (shown every card
    of a kind, one holder of them all would say where that kind lies)."""
    import rulelang
    from interpreter import Game

    g = Game(rulelang.load_text(PEEK), ["Ann", "Bo", "Cy"], seed=1)
    g.apply(0, "peek")
    reveal = next(e for e in g.events if e.type == "reveal")
    names = [g.card(c).name for c in g.state.zones[1][1]]
    told = [g.narrate(reveal, seat) for seat in (0, 1, 2, None)]
    assert told == [f"Bo's cards shown to you: {', '.join(names)}", "your 3 cards shown to Ann", "3 cards shown to Ann",
                    "3 cards shown to Ann"]
    assert [g.seat(s).words(reveal).holder for s in (0, 1, 2, None)] == ["Bo", "Bo", None, None]
