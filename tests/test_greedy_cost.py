"""The greedy bot's cheaper ways to the same moves (#22): each answers what the dearer way answered."""
from __future__ import annotations

import random

import pytest

import rulelang
from interpreter import Game
from interpreter.bots import GreedyBot
from interpreter.bots import greedy

# One decision of card options whose bodies send the card chosen to each kind of place, first or not.
SIGHT = '''
game "Sight"
players 2..4 default 2
attribute rank { one "1" two "2" three "3" }
name cards by rank
deck deck { for r in rank { card {rank: r} card {rank: r} card {rank: r} card {rank: r} } }
zone deck hidden
zone pile public
zone trash hidden
zone hand private per player
zone kept private per player

define play(card) { move card to pile }
define later(card) {
  say "later"
  move card to pile
}

setup {
  shuffle deck
  deal 3 from deck to hand
}
turn {
  choose current {
    lay c in hand(current) { move c to pile }
    play c in hand(current) { play(c) }
    keep c in hand(current) { move c to kept(current) }
    give c in hand(current) { move c to hand(next) }
    bin c in hand(current) { move c to trash }
    slow c in hand(current) { later(c) }
    draw { move 1 from deck to hand(current) }
  }
}
'''


@pytest.fixture(scope="module")
def sight():
    return rulelang.load_text(SIGHT)


def _specs(g) -> dict:
    return {s.verb: s for s in g.state.stack[-1].env["$options"]}


def test_the_compiler_knows_which_card_options_first_move_the_card_where_its_chooser_sees_it(sight):
    """`in_sight`: the body's first statement moves the card to a public zone or the chooser's own (itself, or in a
    procedure it calls first); a move to another's hand or a hidden zone, or one after a `say`, is not known so."""
    g = Game(sight, 2, seed=0, record=False)
    assert {verb: s.in_sight for verb, s in _specs(g).items()} == {
        "lay": True, "play": True, "keep": True, "give": False, "bin": False, "slow": False, "draw": False}


def _hides(game, verb: str) -> tuple[bool, int]:
    """What a fresh greedy bot of seat 0 answers for the first move of option `verb`, and the look-ahead generator's
    next number after it."""
    bot = GreedyBot(3)
    move = next(o for o in game.pending.options if o.verb == verb)
    got = bot.hides(game.program, game, 0, move)
    return got, bot.look_rng.getrandbits(32)


def test_greedy_hides_deals_no_sample_for_an_option_in_sight_and_answers_as_the_sample(sight, monkeypatch):
    """An option known in sight is answered False with no sample dealt; one that is not is tried on a sample, as
    before.  Either way the sample's seed is drawn, so the look-ahead's later samples are those they were; and
    with `in_sight` cleared (a sample dealt for it) the answers are the same."""
    dealt = []
    real = greedy.determinize

    def counting(*args, **kwargs):
        dealt.append(1)
        return real(*args, **kwargs)
    monkeypatch.setattr(greedy, "determinize", counting)
    g = Game(sight, 2, seed=0, record=False)
    after_one = random.Random(3 ^ 0x5EE)
    after_one.getrandbits(64)
    next_number = after_one.getrandbits(32)
    answers = {}
    for verb in ("lay", "play", "keep", "give", "bin", "slow"):
        before = len(dealt)
        got, following = _hides(g, verb)
        answers[verb] = (got, len(dealt) - before)
        assert following == next_number, verb
    assert answers == {"lay": (False, 0), "play": (False, 0), "keep": (False, 0), "give": (True, 1), "bin": (True, 1),
                       "slow": (False, 1)}
    specs = _specs(g)
    for verb in ("lay", "play", "keep"):
        monkeypatch.setattr(specs[verb], "in_sight", False)
        before = len(dealt)
        assert _hides(g, verb) == (False, next_number) and len(dealt) == before + 1, verb
