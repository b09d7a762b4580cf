"""A new user at the prompt (`make play`: UNO Express against bots), through a pseudo-terminal as a person types:
what the prompt does with a move typed short, a change of mind, a call added.  pexpect, as tests/test_prompt.py."""
from __future__ import annotations

import pytest

pexpect = pytest.importorskip("pexpect")

from helpers import PtyTerminal  # noqa: E402

# UNO Express, seed 5, 4 players: You hold ★YD1 ♣GS ♦B4 W W on the Red 7: only a Wild may be played.
EXPRESS = ["run", "express", "--seed", "5", "--delay", "0", "--bots", "greedy"]


@pytest.fixture
def terminal(tmp_path):
    t = PtyTerminal([*EXPRESS, "--save", str(tmp_path / "s.yaml")], emulate=True)
    t.child.delaybeforesend = None
    yield t
    t.close()


def prompt_row(t) -> str:
    return next(r for r in reversed(t.rows_on_screen()) if r.startswith("You>"))


def test_a_move_spelled_out_for_you_is_replaced_by_another_move_typed(terminal):
    """`play` alone is shown as `play W` (Enter makes it); typing `draw` instead draws, as typing over a misspelt
    line does.  Before, `draw` was glued onto it: `play Wdraw`, refused as a card no one holds."""
    t = terminal
    t.expect("You>")
    t.line("play")
    t.expect("`play` is `play W` (Wild): Enter makes this move")
    t.line("draw")
    t.expect("You draw ♦Blue 2 from the draw pile")
    assert "Wdraw" not in "\n".join(t.rows_on_screen())


def test_a_space_after_a_move_spelled_out_goes_on_from_its_end_for_a_call(terminal):
    """A space typed after the offered `play W` keeps it and goes on (`play W uno`), as after a misspelt line
    mended (`paly W` offered as `play W`)."""
    t = terminal
    t.expect("You>")
    t.line("play")
    t.expect("Enter makes this move")
    t.type(" uno")
    t.wait_for_screen(lambda rows: prompt_row(t) == "You> play W uno")
    t.type("\x03")  # Ctrl-C clears the line
    t.wait_for_screen(lambda rows: prompt_row(t) == "You>")
    t.line("paly W")
    t.expect("did you mean `play W`?")
    t.type(" uno")
    t.wait_for_screen(lambda rows: prompt_row(t) == "You> play W uno")


def test_a_claim_of_a_card_that_does_not_match_says_why_not_that_you_have_none(tmp_path):
    """Liar's UNO, seed 5: You bluff with the Liar's Yellow 2 on the Liar's Green 8 and claim the Red 4, which does
    not match: the refusal says so in the option's words and shows the table (it said `you have no Red 4 to
    choose`, as if a claim named a card of your hand)."""
    t = PtyTerminal(["run", "liars", "--seed", "5", "--players", "3", "--delay", "0", "--bots", "greedy",
                     "--save", str(tmp_path / "s.yaml")])
    t.child.delaybeforesend = None
    try:
        t.expect("You>")
        t.line("bluff LY2")
        t.expect("say what it is")
        t.expect("You>")
        t.line("R4")
        t.type("\x0c")  # the refusal read from a redrawn screen
        t.expect("Red 4 cannot be chosen now: it does not fit `claim`, “claim a card that matches”")
        assert "you have no Red 4" not in t.raw
    finally:
        t.close()


def test_a_set_of_cards_is_written_cards_in_help_and_told_once_by_its_move(tmp_path):
    """Hearts (examples/hearts.rules), seed 5: `help` writes the pass `pass CARDS` (it read `pass X`); the pass is
    told `You pass A ♦, Q ♠, A ♠` in one line (it read `You pass AD QS AS`, as typed, and then `A ♦, Q ♠, A ♠ go
    from your hand to your passing`)."""
    t = PtyTerminal(["run", "examples/hearts.rules", "--seed", "5", "--delay", "0", "--bots", "greedy",
                     "--save", str(tmp_path / "s.yaml")])
    t.child.delaybeforesend = None
    try:
        t.expect("You>")
        t.line("help")
        t.expect("pass CARDS ")
        t.expect("You>")
        t.line("pass QS AS AD")
        told = t.expect("Your hand (13)")
        assert "You pass A ♦, Q ♠, A ♠" in told
        assert "from your hand to your passing" not in told and "You pass AD" not in told
        assert "3 cards go from Ada's hand to Ada's passing" in told  # a bot's pass, unseen: by its count
    finally:
        t.close()


@pytest.mark.parametrize("args,says", [
    ([], ["To start: `rulelang run express` plays UNO Express against 3 bots",
          "games: droid, express, house, liars, uno, whos_lying", "examples/: crazy_eights, gin_rummy, hearts"]),
    (["run"], ["the following arguments are required: GAME.rules", "games: droid, express, house, liars, uno"]),
    (["play", "uno"], ["invalid choice: 'play'", "did you mean `rulelang run`?"]),
    (["chek", "uno"], ["invalid choice: 'chek'", "did you mean `rulelang check`?"]),
])
def test_a_command_line_a_new_user_may_type_says_what_to_type(args, says):
    """`rulelang` alone, `rulelang run` without a game, a command guessed (`play`) or mistyped (`chek`): the refusal
    names the games there are or the command meant (it gave argparse's usage and error alone)."""
    t = PtyTerminal(args)
    try:
        for text in says:
            t.expect(text)
        assert t.exit_status() == 2
    finally:
        t.close()


def test_replay_without_a_file_names_the_newest_save(tmp_path):
    """`rulelang replay` alone names what it replays and the newest save, to copy (it gave argparse's error alone);
    with no save yet, where they will be."""
    t = PtyTerminal(["replay"], XDG_DATA_HOME=str(tmp_path))
    try:
        t.expect(f"games are saved in {tmp_path / 'rulelang' / 'saves'}; none is there yet")
        assert t.exit_status() == 2
    finally:
        t.close()
    saves = tmp_path / "rulelang" / "saves"
    saves.mkdir(parents=True)
    (saves / "uno-20250101-000000.yaml").write_text("x", encoding="utf-8")
    t = PtyTerminal(["replay"], XDG_DATA_HOME=str(tmp_path))
    try:
        t.expect(f"the newest save: `rulelang replay {saves / 'uno-20250101-000000.yaml'}`")
        assert t.exit_status() == 2
    finally:
        t.close()
