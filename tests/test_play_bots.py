"""Bots playing by themselves (`interpreter.seat.play_bots`: the machine asks each bot where its decision is made) make
the same moves as a host asking each bot and making its move: the same bots, asked with the same arguments, in the
same order.  A seat with no bot, the host's bound of turns, and a bot that fails hand the game back to the host."""
from pathlib import Path

import pytest

import rulelang
from interpreter import Game
from interpreter.bots import GreedyBot, RandomBot
from interpreter.seat import fork, play_bots

ROOT = Path(__file__).resolve().parent.parent
FILES = ["games/uno.rules", "games/liars.rules", "games/whos_lying.rules", "games/house.rules",
         "examples/more/euchre.rules"]


class Told:
    """A bot that notes each decision it is asked and the move it makes (what a host loop would see)."""

    def __init__(self, bot, said: list):
        self.bot, self.said = bot, said

    def move(self, game, seat, decision):
        move = self.bot.move(game, seat, decision)
        self.said.append((seat, len(decision.options), move.text, sorted(move.calls), game.turns))
        return move


def _by_host(program, seed: int, make, turns: int) -> tuple:
    g = Game(program, program.default_players, seed=seed, record=False)
    bots = [make(seed * 1009 + i) for i in range(len(g.names))]
    said = []
    while not g.over and g.turns < turns:
        d = g.pending
        move = bots[d.player].move(g, d.player, d)
        said.append((d.player, len(d.options), move.text, sorted(move.calls), g.turns))
        g.seat(d.player).act(move, undoable=False)
    return said, g.turns, g.over, g.winners, dict(g.stats), g.scores


def _by_themselves(program, seed: int, make, turns: int) -> tuple:
    g = Game(program, program.default_players, seed=seed, record=False)
    said = []
    made = play_bots(g, [Told(make(seed * 1009 + i), said) for i in range(len(g.names))], turns).moves
    assert made == len(said)
    return said, g.turns, g.over, g.winners, dict(g.stats), g.scores


@pytest.mark.parametrize("path", FILES, ids=lambda p: Path(p).stem)
def test_bots_by_themselves_make_the_host_loops_moves(path):
    program = rulelang.load(ROOT / path)
    for seed in range(3):
        assert _by_themselves(program, seed, RandomBot, 150) == _by_host(program, seed, RandomBot, 150)


def test_greedy_bots_by_themselves_make_the_host_loops_moves():
    program = rulelang.load(ROOT / "games/express.rules")
    assert _by_themselves(program, 1, GreedyBot, 60) == _by_host(program, 1, GreedyBot, 60)


def test_a_seat_with_no_bot_and_the_bound_of_turns_hand_the_game_back():
    program = rulelang.load(ROOT / "games/uno.rules")
    g = Game(program, 4, seed=2, record=False)
    bots = [RandomBot(i) for i in range(4)]
    bots[2] = None
    while not g.over:
        play_bots(g, bots, 40)
        if g.over or g.turns >= 40:
            break
        assert g.pending.player == 2  # a person's decision: the host asks it
        g.seat(2).act(g.pending.options[0], undoable=False)
    assert g.over or g.turns == 40
    assert g.state.bots is None


def test_a_bot_that_fails_is_its_own_failure_not_a_rules():
    program = rulelang.load(ROOT / "games/uno.rules")
    g = Game(program, 4, seed=0, record=False)

    class Broken(RandomBot):
        asked = 0

        def move(self, game, seat, decision):
            Broken.asked += 1
            if Broken.asked == 5:  # asked by the machine, inside its run
                raise KeyError("the bot's own bug")
            return super().move(game, seat, decision)

    with pytest.raises(KeyError, match="the bot's own bug"):
        play_bots(g, [Broken(i) for i in range(4)], 100)
    assert g.state.bots is None


def test_a_look_ahead_copy_has_no_bots():
    program = rulelang.load(ROOT / "games/uno.rules")
    g = Game(program, 4, seed=0, record=False)
    seen = []

    class Looks(RandomBot):
        def move(self, game, seat, decision):
            seen.append(fork(game).bots)
            return super().move(game, seat, decision)

    play_bots(g, [Looks(i) for i in range(4)], 5)
    assert seen and all(b is None for b in seen)


def test_a_game_kept_with_its_record_is_played_by_its_host():
    program = rulelang.load(ROOT / "games/uno.rules")
    with pytest.raises(ValueError):
        play_bots(Game(program, 4, seed=0), [RandomBot(i) for i in range(4)], 10)
