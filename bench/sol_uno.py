"""The speed of light for classic UNO in pure Python: one hand of games/uno.rules written by hand, every piece of
state a local of one function, the bots' choices inlined.  bench.py prints rulelang's speed as a fraction of this.

The rules are uno.rules' (read that file beside this one): 108 cards, deal 7, the first card turned up acting as
the official rules say (uno.rules' `turn_up`: a Wild Draw Four shuffled back, a Wild's colour named by the first
player, a Skip or Draw Two on the first player, a Reverse: the dealer first, play the other way); play a card that
matches the colour in play, the top card's kind (and number for number cards) or any Wild, or draw one card, and play the drawn card if it is playable or keep it; Skip; Reverse (a Skip with two
players); Draw Two (the next player draws 2 and is skipped); Wild (choose a colour); Wild Draw Four (choose a
colour, then the next player accepts - draws 4 and is skipped - or challenges: the player held a card of the colour
in play before it or a plain Wild, and draws 4; or not, and the challenger draws 6 and is skipped); the UNO! call
(made with a card that leaves one card in hand, half the time) and the others, in turn order from the next
player, each catching a missed one half the time (the first to catch it: 2 cards); the draw pile refilled from the
discard pile, shuffled, keeping its top card; the first out wins.  Two cards of the same name give one option, as
in rulelang.  A game is cut off after 5,000 turns as in `rulelang simulate`.

Policies, as bench.py's rulelang bots:
  random: every decision uniform over its options (the turn: each playable card name, and draw).
  play-first: a card whenever one can be played (a random one), draw only when none; other decisions random.

Turns are counted as rulelang counts them (`State.turns`: a turn passed to the next player), moves as decisions.
"""
from __future__ import annotations

import random

TURN_LIMIT = 5_000

# Kinds, in uno.rules' order.
NUMBER, SKIP, REVERSE, DRAW_TWO, WILD, WILD_DRAW_FOUR = range(6)


def deck() -> tuple:
    """(colour, kind, number, name) of each card, colour -1 for none; name: one id per short name."""
    cards = []
    for c in range(4):
        cards.append((c, NUMBER, 0))
        for n in range(1, 10):
            cards += [(c, NUMBER, n)] * 2
        for k in (SKIP, REVERSE, DRAW_TWO):
            cards += [(c, k, -1)] * 2
    cards += [(-1, WILD, -1)] * 4 + [(-1, WILD_DRAW_FOUR, -1)] * 4
    names: dict = {}
    return tuple((c, k, n, names.setdefault((c, k, n), len(names))) for c, k, n in cards)


CARDS = deck()
COLOUR = tuple(c[0] for c in CARDS)
KIND = tuple(c[1] for c in CARDS)
NUM = tuple(c[2] for c in CARDS)
NAME = tuple(c[3] for c in CARDS)


def play(seed: int, n: int, play_first: bool) -> tuple:
    """One hand; (turns, moves)."""
    rng = random.Random(seed)
    rnd = rng.random
    shuffle = rng.shuffle
    colour_of, kind_of, num_of, name_of = COLOUR, KIND, NUM, NAME
    draw = list(range(108))
    shuffle(draw)
    hands = [[] for _ in range(n)]
    for _ in range(7):
        for h in hands:
            h.append(draw.pop())
    discard = [draw.pop()]
    while kind_of[discard[-1]] == WILD_DRAW_FOUR:  # back into the deck, shuffled, another turned up
        draw.append(discard.pop())
        shuffle(draw)
        discard.append(draw.pop())
    first = discard[-1]
    colour = colour_of[first]
    top_kind, top_num = kind_of[first], num_of[first]
    cur, direction = 0, 1
    turns = moves = 0
    if top_kind == WILD:  # the first player names the colour
        moves += 1
        colour = int(rnd() * 4)
    elif top_kind == SKIP:
        cur = 1
    elif top_kind == DRAW_TWO:
        for _ in range(2):
            hands[0].append(draw.pop())
        cur = 1
    elif top_kind == REVERSE:  # the dealer plays first, and play goes the other way
        direction, cur = -1, n - 1

    def refill() -> bool:  # the draw pile is empty: the discard pile less its top card, shuffled
        if len(discard) < 2:
            return False
        draw[:] = discard[:-1]
        del discard[:-1]
        shuffle(draw)
        return True

    def take(hand: list, k: int) -> None:
        for _ in range(k):
            if not draw and not refill():
                return
            hand.append(draw.pop())

    while turns < TURN_LIMIT:
        hand = hands[cur]
        skips = 0
        called = False
        # -- the turn's choice: the playable cards (one per name) and draw
        seen = set()
        playable = []
        for c in hand:
            k = kind_of[c]
            if (k >= WILD or colour_of[c] == colour or k == top_kind and (k != NUMBER or num_of[c] == top_num)) \
                    and name_of[c] not in seen:
                seen.add(name_of[c])
                playable.append(c)
        moves += 1
        if play_first and playable:
            card = playable[int(rnd() * len(playable))]
        else:
            i = int(rnd() * (len(playable) + 1))
            card = playable[i] if i < len(playable) else -1
        if card < 0:  # draw, then play the drawn card or keep it
            if draw or refill():
                card = draw.pop()
                hand.append(card)
                k = kind_of[card]
                if k >= WILD or colour_of[card] == colour or k == top_kind and (k != NUMBER or num_of[card] == top_num):
                    moves += 1
                    if not play_first and rnd() < 0.5:
                        card = -1  # kept
                else:
                    card = -1
            else:
                card = -1
        if card >= 0:
            if len(hand) == 2 and rnd() < 0.5:
                called = True
            hand.remove(card)
            discard.append(card)
            k = kind_of[card]
            top_kind, top_num = k, num_of[card]
            if k < WILD:
                colour = colour_of[card]
                if k == SKIP:
                    skips = 1
                elif k == REVERSE:
                    if n == 2:
                        skips = 1
                    else:
                        direction = -direction
                elif k == DRAW_TWO:
                    take(hands[(cur + direction) % n], 2)
                    skips = 1
            else:
                before = colour
                moves += 1
                colour = int(rnd() * 4)
                if k == WILD_DRAW_FOUR:
                    nxt = (cur + direction) % n
                    moves += 1
                    if rnd() < 0.5:  # accept
                        take(hands[nxt], 4)
                        skips = 1
                    elif any(colour_of[c] == before or kind_of[c] == WILD for c in hand):
                        take(hand, 4)
                    else:
                        take(hands[nxt], 6)
                        skips = 1
        # -- the turn ends: a missed UNO! can be caught, then an empty hand wins
        if len(hand) == 1 and not called:
            for i in range(1, n):
                moves += 1
                if rnd() < 0.5:
                    take(hand, 2)
                    break
        if not hand:
            break
        cur = (cur + direction * (1 + skips)) % n
        turns += 1
    return turns, moves


def run(players: int, budget: float, play_first: bool, clock) -> dict:
    """Games from seed 0 on until `clock` says the budget is spent; as bench.play_rulelang reports them."""
    games = turns = moves = 0
    seed = 0
    c = clock(budget)
    while True:
        t, m = play(seed, players, play_first)
        games += 1
        turns += t
        moves += m
        seed += 1
        if c.done():
            break
    seconds, wall = c.stop()
    return {"players": players, "games": games, "turns": turns, "moves": moves, "cpu_seconds": round(seconds, 3),
            "turns_per_s": turns / seconds, "moves_per_s": moves / seconds, "turns_per_game": turns / games,
            "moves_per_turn": moves / max(1, turns)}
