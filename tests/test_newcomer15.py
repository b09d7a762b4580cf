"""Newcomer round 15: card games written from the docs alone, each with stacked decks, scripted moves and exact
results (the rules played, and the choices made, are at the top of each file).

- tests/rules/dominion.rules: deck-building: each player's own deck, discard pile and reshuffle (a zone per player
  refilled from another of the same player's), seventeen supply piles bought from, actions, buys and coins a turn,
  a Witch's curse answered by a Moat in a window, the end when the Provinces or three piles run out.
- tests/rules/mille_bornes.rules: each player's battle, speed and distance piles and safety area, hazards played on
  an opponent, remedies and safeties, the coup-fourré played out of turn (`turn to ... now`).
- tests/rules/dominoes.rules: tiles with two ends, a line with two open ends (a tile laid at the left goes under the
  line), the highest double leading, drawing from the boneyard, a blocked game.
- tests/rules/uno_flip.rules: two-sided cards; a Flip card turns the whole game to the dark side, whose rules differ
  (Draw Five, Skip Everyone, Wild Draw Colour)."""
from __future__ import annotations

import pytest

import rulelang
from helpers import ROOT, zone_cards, options, play_pending as play, interleave, narration
from interpreter import Game
from rulelang.simulate.run import simulate

RULES = ROOT / "tests" / "rules"
DOMINION = RULES / "dominion.rules"
MILLE = RULES / "mille_bornes.rules"
DOMINOES = RULES / "dominoes.rules"
FLIP = RULES / "uno_flip.rules"


# ------------------------------------------------------------------ a zone per player refilled from the same player's

OWN_DECK = '''game "Own Deck"
players 2..2
attribute r 1..8
deck box { for n in 1..8 { card {r: n} } }
zone box hidden
zone hand private per player
zone deck hidden per player refill from used keep 0
zone used "used pile" public per player
setup {
  shuffle box
  deal 4 from box to deck
}
turn {
  choose current { draw "draw three cards" { move 3 from deck(current) to hand(current) } }
  move hand(current) to used(current)
  if size(used(current)) > 4 { win current }
}
'''


def test_a_zone_per_player_refills_from_the_same_players_zone():
    """Dominion: each player draws from their own deck, and an empty deck is made anew from their own discard
    pile, shuffled.  `refill` was for zones of the table only ("`refill` works between zones of the table, not per
    player"), so every draw had to be written as a loop testing the deck's size."""
    g = Game(rulelang.load_text(OWN_DECK), 2, seed=1, stack=["1", "2", "3", "4", "5", "6", "7", "8"])
    assert sorted(zone_cards(g, "deck", 0)) == ["1", "3", "5", "7"]
    play(g, "draw", "draw")                        # three each: one card left in each deck
    assert len(zone_cards(g, "deck", 0)) == 1 and len(zone_cards(g, "used", 0)) == 3
    play(g, "draw")                                # one card, then the used pile shuffled in, then two more
    assert len(zone_cards(g, "deck", 0)) == 1 and sorted(zone_cards(g, "used", 0) + zone_cards(g, "deck", 0)) == \
        ["1", "3", "5", "7"]
    assert zone_cards(g, "deck", 1) != [] and sorted(zone_cards(g, "deck", 1) + zone_cards(g, "used", 1)) == \
        ["2", "4", "6", "8"]                      # the other player's cards untouched
    told = narration(g, 0)
    assert "your used pile is shuffled into your deck (3 cards)" in told
    assert "P1's used pile is shuffled into their deck (3 cards)" in narration(g, 1)


def test_a_refill_between_a_zone_per_player_and_one_of_the_table_is_refused():
    text = OWN_DECK.replace('zone used "used pile" public per player', 'zone used "used pile" public')
    with pytest.raises(rulelang.RulesError, match="refill"):
        rulelang.load_text(text)


# ------------------------------------------------------------------ a word between the two faces of a card's name

TWO_FACES = '''game "Two Faces"
players 2..2
attribute colour { red "Red" short "R" }
attribute kind { number "" skip "Skip" short "S" }
attribute number 1..9
attribute back { teal "Teal" short "T" }
attribute back_kind { back_number "" everyone "Skip Everyone" short "SE" }
attribute back_number 1..9
name cards by colour kind number "/" back back_kind back_number
deck d {
  card {colour: red, kind: number, number: 7, back: teal, back_kind: back_number, back_number: 3}
  card {colour: red, kind: skip, back: teal, back_kind: everyone}
  card {kind: skip}
}
zone d hidden
zone h private per player
setup { shuffle d }
turn { choose current { go "end it" { win current } } }
'''


def test_a_word_between_attributes_is_said_when_any_value_before_and_after_it_is_in_the_name():
    """UNO Flip's cards are named by both faces, `name cards by colour kind number "/" back ...`: a Skip has no number,
    the attribute just before the word, so the word was left out ("Red Skip Teal Skip Everyone").  A word between
    attributes is said when the name has a value before it and one after it; at an end, as before, only when the
    value beside it is there (a joker is "Joker", not "Joker of")."""
    prog = rulelang.load_text(TWO_FACES)
    assert [c.name for c in prog.cards] == ["Red 7 / Teal 3", "Red Skip / Teal Skip Everyone", "Skip"]
    assert [c.short for c in prog.cards] == ["R7T3", "RSTSE", "S"]


# ------------------------------------------------------------------ Mille Bornes

@pytest.fixture(scope="module")
def mille():
    return rulelang.load(MILLE)


MB_P1 = ["Roll", "100M", "75M", "Stop", "Acc", "25M"]
MB_P2 = ["Roll", "Ace", "50M", "50M", "Gaso", "Spare"]


def mille_game(mille, p1=MB_P1, p2=MB_P2, draw=("200M", "Lim", "Rep", "End", "25M", "25M")):
    return Game(mille, 2, seed=1, stack=interleave([p1, p2]) + list(draw))


def test_mille_bornes_a_player_starts_stopped_and_drives_only_after_a_roll(mille):
    g = mille_game(mille)
    assert zone_cards(g, "hand", 0)[-1] == "200M"                        # the turn's card drawn first
    assert not any(o.startswith("drive") for o in options(g)) and "mend Roll" in options(g)
    play(g, "mend Roll", "discard Spare")
    assert zone_cards(g, "battle", 0) == ["Roll"]
    assert options(g)[:4] == ["drive 100M", "drive 75M", "drive 25M", "drive 200M"]
    play(g, "drive 200M")
    assert zone_cards(g, "driven", 0) == ["200M"]


def test_mille_bornes_a_speed_limit_holds_a_player_to_50_miles_until_its_end(mille):
    g = mille_game(mille, p2=["Roll", "Lim", "50M", "50M", "Gaso", "Spare"], draw=("25M", "Rep", "End", "Rep", "Rep", "Rep", "Rep"))
    play(g, "mend Roll", "attack Lim P1")
    assert g.pending.player == 0 and options(g) == ["pass"]        # the coup-fourré window: no Right of Way
    play(g, "pass")
    assert zone_cards(g, "speed", 0) == ["Lim"]
    assert [o for o in options(g) if o.startswith("drive")] == ["drive 25M"]     # not the 100 or the 75
    play(g, "discard Stop", "discard Spare")
    assert "mend End" in options(g)
    play(g, "mend End", "discard Gaso")
    assert [o for o in options(g) if o.startswith("drive")] == ["drive 100M", "drive 75M", "drive 25M"]


def test_mille_bornes_a_hazard_stops_a_rolling_opponent_until_the_remedy_and_a_roll(mille):
    g = mille_game(mille, p2=["Roll", "Tank", "50M", "50M", "Gaso", "Spare"],
                   draw=("200M", "Lim", "25M", "Rep", "25M", "25M"))
    play(g, "mend Roll", "mend Roll", "attack Acc P2")
    assert g.pending.player == 1 and options(g) == ["pass"]                # asked all the same: no Driving Ace
    play(g, "pass")
    assert zone_cards(g, "battle", 1) == ["Roll", "Acc"] and g.pending.player == 1
    assert not any(o.startswith("drive") for o in options(g)) and "mend Rep" in options(g)
    play(g, "mend Rep", "drive 100M")
    assert zone_cards(g, "battle", 1) == ["Roll", "Acc", "Rep"]
    assert not any(o.startswith("drive") or o.startswith("mend") for o in options(g))   # needs a Roll again
    assert zone_cards(g, "driven", 0) == ["100M"]


def test_mille_bornes_a_coup_fourre_throws_the_hazard_away_and_takes_the_turn(mille):
    g = mille_game(mille)
    play(g, "mend Roll", "mend Roll", "attack Acc P2")
    assert g.pending.player == 1 and g.pending.prompt == "P1 plays Accident on P2: coup-fourré?"
    assert options(g) == ["coup Ace", "pass"]
    play(g, "coup Ace")
    assert zone_cards(g, "battle", 1) == ["Roll"] and zone_cards(g, "safeties", 1) == ["Ace"]
    assert zone_cards(g, "discard") == ["Acc"] and g.state.pvars["coups"] == [0, 1]
    assert g.pending.player == 1 and len(zone_cards(g, "hand", 1)) == 7     # its replacement and the turn's card
    assert narration(g, 0)[-7:] == ["coup-fourré!", "Driving Ace goes from P2's hand to P2's safeties",
                                    "P2 puts Accident on the discard pile", "P2 takes 1 card from the draw pile",
                                    "play goes on from P2", "P2 takes another turn", "P2 takes 1 card from the draw pile"]


def test_mille_bornes_the_trip_of_exactly_700_miles_ends_the_hand_and_scores(mille):
    g = mille_game(mille, p1=["Roll", "200M", "200M", "100M", "100M", "75M"],
                   p2=["Rep"] * 6, draw=("25M", "50M") * 7)
    play(g, "mend Roll", "discard Rep")
    for card in ("200M", "200M", "100M", "100M"):
        play(g, f"drive {card}", "discard Rep")
    assert [o for o in options(g) if o.startswith("drive")] == ["drive 75M", "drive 25M"]   # 600 driven
    play(g, "drive 75M", "discard 50M")
    assert [o for o in options(g) if o.startswith("drive")] == ["drive 25M"]                # 675: only 25 more
    play(g, "drive 25M")
    assert g.over and g.winners == [0]
    assert g.scores == [700 + 400, 0]


# ------------------------------------------------------------------ Dominoes

@pytest.fixture(scope="module")
def dominoes():
    return rulelang.load(DOMINOES)


DOM_P1 = ["55", "52", "41", "30", "10", "00", "21"]
DOM_P2 = ["66", "61", "43", "32", "20", "11", "22"]


def dominoes_game(dominoes, p1=DOM_P1, p2=DOM_P2, boneyard=("64", "33"), options_=None):
    return Game(dominoes, 2, seed=1, stack=interleave([p1, p2]) + list(boneyard), options=options_)


def test_dominoes_the_highest_double_leads_and_a_player_who_cannot_play_draws_until_a_tile_fits(dominoes):
    g = dominoes_game(dominoes)
    assert zone_cards(g, "line") == ["66"] and g.state.vars["left_end"] == 6 == g.state.vars["right_end"]
    assert g.pending.player == 0 and zone_cards(g, "hand", 0)[-1] == "64"      # no 6: drew 64, which fits
    assert options(g) == ["play 64 left"]                                    # both ends 6: offered once
    assert "you take 6 4 from the boneyard" in narration(g, 0)


def test_dominoes_a_tile_laid_at_the_left_goes_under_the_line_and_opens_its_other_end(dominoes):
    g = dominoes_game(dominoes)
    play(g, "play 64 left")
    assert zone_cards(g, "line") == ["64", "66"] and (g.state.vars["left_end"], g.state.vars["right_end"]) == (4, 6)
    assert options(g) == ["play 61 right", "play 43 left"]
    play(g, "play 61 right")
    assert zone_cards(g, "line") == ["64", "66", "61"] and g.state.vars["right_end"] == 1
    assert options(g) == ["play 41 left", "play 41 right", "play 10 right", "play 21 right"]
    play(g, "play 41 left")
    assert zone_cards(g, "line") == ["41", "64", "66", "61"] and g.state.vars["left_end"] == 1
    assert "P1 puts 4 1 at the bottom of the line" in narration(g, 1)


def test_dominoes_in_the_block_game_a_player_who_cannot_play_passes_and_a_blocked_game_goes_to_the_fewest_pips(dominoes):
    g = dominoes_game(dominoes, options_={"block": "true"})
    assert zone_cards(g, "hand", 0) == DOM_P1 and options(g) == ["pass"]     # nothing drawn
    play(g, "pass")
    assert g.state.vars["passes"] == 1 and g.pending.player == 1
    play(g, "play 61 left")
    assert g.state.vars["passes"] == 0 and options(g) == ["play 41 left", "play 10 left", "play 21 left"]


def dominoes_end(dominoes, last):
    """Block game: P2 sets down 6-6; the line grows to ends 2 and 3, P1 holding `last` alone, P2 1-1 and 4-4."""
    g = dominoes_game(dominoes, p1=["65", "50", "00", "10", "20", "30", last], p2=["66", "11", "22", "33", "44", "55", "61"],
                      boneyard=(), options_={"block": "true"})
    play(g, "play 65 left", "play 55 left", "play 50 left", "play 61 right", "play 10 right")
    assert options(g) == ["pass"] and (g.state.vars["left_end"], g.state.vars["right_end"]) == (0, 0)
    play(g, "pass", "play 00 left", "pass", "play 20 left", "play 22 left", "play 30 right", "play 33 right")
    assert (g.state.vars["left_end"], g.state.vars["right_end"]) == (2, 3)
    assert zone_cards(g, "line") == ["22", "20", "00", "50", "55", "65", "66", "61", "10", "30", "33"]
    return g


def test_dominoes_the_first_out_wins_and_scores_the_pips_left(dominoes):
    g = dominoes_end(dominoes, "43")
    assert options(g) == ["play 43 right"]
    play(g, "play 43 right")
    assert g.over and g.winners == [0] and g.scores == [10, 0]
    assert narration(g, 0)[-4:-2] == ["You are out: domino!", "you win the hand"]


def test_dominoes_a_blocked_game_goes_to_the_fewest_pips(dominoes):
    g = dominoes_end(dominoes, "40")
    assert options(g) == ["pass"]
    play(g, "pass")
    assert not g.over and options(g) == ["pass"]
    play(g, "pass")
    assert g.over and g.winners == [0] and g.scores == [10, 0]             # 4 pips against 10
    assert "the game is blocked: the fewest pips in hand win" in narration(g, 1)


# ------------------------------------------------------------------ UNO Flip

@pytest.fixture(scope="module")
def flip():
    return rulelang.load(FLIP)


# Light red pairs with dark purple (V), yellow with orange, green with teal, blue with pink; the number n with 10 - n.
FLIP_P1 = ["R3V7", "R5V5", "RFVF", "Y2O8", "G9T1", "B4P6", "RD1PD5"]
FLIP_P2 = ["R1V9", "Y7O3", "G2T8", "B8P2", "YSVSE", "W2W", "WWC"]


def flip_game(flip, p1=FLIP_P1, p2=FLIP_P2, rest=("R8V2", "B1P9", "G5T5", "Y4O6")):
    return Game(flip, 2, seed=1, stack=interleave([p1, p2]) + list(rest))


def test_uno_flip_a_card_is_named_by_both_faces(flip):
    g = flip_game(flip)
    assert [flip.cards[c].name for c in g.state.zones[flip.zone_index["hand"]][1]][-3:] == \
        ["Yellow Skip / Purple Skip Everyone", "Wild Draw Two / Wild", "Wild / Wild Draw Colour"]


def test_uno_flip_the_light_side_matches_by_the_light_faces(flip):
    g = flip_game(flip)
    assert zone_cards(g, "discard") == ["R8V2"] and g.state.vars["colour_now"] == "red"
    assert options(g) == ["play R3V7", "play R5V5", "play RFVF", "play RD1PD5", "draw"]
    play(g, "play RD1PD5")                                  # Draw One: P2 draws 1 and is skipped
    assert len(zone_cards(g, "hand", 1)) == 8 and g.pending.player == 0


def test_uno_flip_a_flip_turns_the_discard_pile_over_and_the_dark_rules_play(flip):
    g = flip_game(flip)
    play(g, "play RFVF")
    assert g.state.vars["dark"] is True
    assert zone_cards(g, "discard") == ["RFVF", "R8V2"]          # the old bottom card on top, its dark face: Purple 2
    assert g.state.vars["dark_colour_now"] == "purple"
    assert options(g) == ["play R1V9", "play B8P2", "play YSVSE", "play W2W", "play WWC", "draw"]
    assert "everything flips over: the dark side is in play" in narration(g, 1)


def test_uno_flip_skip_everyone_plays_again(flip):
    g = flip_game(flip)
    play(g, "play RFVF", "play YSVSE")
    assert g.pending.player == 1 and g.state.vars["dark_colour_now"] == "purple"
    assert narration(g, 0)[-1] == "P2 takes another turn"


def test_uno_flip_wild_draw_colour_draws_until_the_colour_named(flip):
    g = flip_game(flip)
    play(g, "play RFVF", "play WWC")
    assert options(g) == ["colour pink", "colour teal", "colour orange", "colour purple"]
    play(g, "colour teal")                                   # P1 draws Pink 9, then Teal 5, and is skipped
    assert zone_cards(g, "hand", 0)[-2:] == ["B1P9", "G5T5"] and g.pending.player == 1
    assert options(g) == ["play G2T8", "play W2W", "draw"]


def test_uno_flip_draw_five_on_the_dark_side(flip):
    g = flip_game(flip, p2=["R1V9", "Y7O3", "G2T8", "B8P2", "YSVSE", "W2W", "B6P4"])
    play(g, "play RFVF", "play B8P2")                       # pink now
    assert options(g) == ["play B4P6", "play RD1PD5", "draw"]
    play(g, "play RD1PD5")
    assert len(zone_cards(g, "hand", 1)) == 6 + 5 and g.pending.player == 0       # 7, less the Pink 2, and 5


def test_uno_flip_the_hand_is_scored_by_the_side_in_play(flip):
    reds = ["R1V9", "R2V8", "R3V7", "R4V6", "R5V5", "R6V4", "R7V3"]
    drawn = ["B9P1", "G9T1", "Y9O1", "B8P2", "G8T2", "Y8O2"]            # none fits: P2 keeps them all
    g = flip_game(flip, p1=reds, p2=["W2W", "WWC", "YSVSE", "B4P6", "G2T8", "Y7O3", "B1P9"], rest=["R9V1"] + drawn)
    for card in reds[:-1]:
        play(g, f"play {card}", "draw")
    play(g, "play R7V3")
    assert g.over and g.winners == [0]
    # light faces: Wild Draw Two 50, Wild 40, Skip 20, then 4 + 2 + 7 + 1 and the six drawn, 9 + 9 + 9 + 8 + 8 + 8
    assert g.scores == [50 + 40 + 20 + 4 + 2 + 7 + 1 + 51, 0]


@pytest.mark.xfail(strict=True, reason="rulelang cannot say it: a seat sees every attribute of a card or none; in UNO "
                   "Flip the others see the face of your cards that is not in play (the backs of a hand held up), and "
                   "everyone the top of the draw pile's")
def test_uno_flip_the_others_see_the_face_of_a_hand_not_in_play(flip):
    g = flip_game(flip)
    assert any(c is not None for c in g.view(1)["zones"]["hand"][0]["cards"])


# ------------------------------------------------------------------ Dominion

@pytest.fixture(scope="module")
def dominion():
    return rulelang.load(DOMINION)


STARTING_DECKS = '''  for p in players {
    take_from_supply(p, copper, 7)
    take_from_supply(p, estate, 3)
    shuffle deck(p)
  }'''


def dominion_with_decks(first, second):
    """Dominion with the two starting decks given (each of five cards, all drawn at once: no shuffle matters)."""
    text = DOMINION.read_text(encoding="utf-8")
    assert STARTING_DECKS in text
    given = "\n".join(f"    take_from_supply(nth(players, {i}), {k}, {n})"
                      for i, deck in ((1, first), (2, second)) for k, n in deck)
    return rulelang.load_text(text.replace(STARTING_DECKS, given), filename=str(DOMINION))


def test_dominion_each_player_draws_five_from_their_own_deck_and_treasures_pay_for_a_buy(dominion):
    g = Game(dominion, 2, seed=1)
    assert sorted(zone_cards(g, "inplay", 0) + zone_cards(g, "deck", 0)) == ["Cu"] * 7 + ["E"] * 3
    assert zone_cards(g, "inplay", 0) == ["Cu"] * 5 and g.state.vars["coins"] == 5 and zone_cards(g, "hand", 0) == []
    assert "buy Lab" in options(g) and "buy Au" not in options(g)           # 5 coins: no Gold (6), no Province (8)
    play(g, "buy Lab")
    assert zone_cards(g, "pile 15") == ["Lab"] * 9
    assert sorted(zone_cards(g, "discard", 0)) == ["Cu"] * 5 + ["Lab"]      # clean-up: bought and played cards
    assert sorted(zone_cards(g, "hand", 0)) == ["Cu", "Cu", "E", "E", "E"] and zone_cards(g, "deck", 0) == []


def test_dominion_an_empty_deck_is_made_anew_from_its_owners_discard_pile(dominion):
    g = Game(dominion, 2, seed=1)
    play(g, "buy Lab")
    assert g.pending.player == 1
    play(g, "done")                                          # P2 buys nothing
    assert zone_cards(g, "inplay", 0) == ["Cu", "Cu"] and g.state.vars["coins"] == 2
    play(g, "buy Moa")          # clean-up: hand and play discarded, then 5 drawn from an empty deck: the discard pile
    assert "your discard pile is shuffled into your deck (12 cards)" in narration(g, 0)
    assert len(zone_cards(g, "hand", 0)) == 5 and len(zone_cards(g, "deck", 0)) == 7 and zone_cards(g, "discard", 0) == []
    assert sorted(zone_cards(g, "hand", 0) + zone_cards(g, "deck", 0)) == sorted(["Cu"] * 7 + ["E"] * 3 + ["Lab", "Moa"])
    assert "P1's discard pile is shuffled into their deck (12 cards)" in narration(g, 1)


def test_dominion_actions_give_cards_actions_buys_and_coins(dominion):
    prog = dominion_with_decks([("village", 1), ("market", 1), ("festival", 1), ("copper", 2)], [("copper", 5)])
    g = Game(prog, 2, seed=1)
    assert sorted(options(g)) == ["act Fes", "act Mar", "act Vil", "buy_phase"]          # (in the order shuffled)
    play(g, "act Fes")                                       # +2 actions, +1 buy, +2 coins
    assert (g.state.vars["actions"], g.state.vars["buys"], g.state.vars["coins"]) == (2, 2, 2)
    play(g, "act Vil")                                       # +1 card (the deck is empty: nothing), +2 actions
    play(g, "act Mar")                                       # +1 card, +1 action, +1 buy, +1 coin
    assert (g.state.vars["actions"], g.state.vars["buys"], g.state.vars["coins"]) == (3, 3, 5)   # 2 + 1 + 2 coppers
    assert zone_cards(g, "hand", 0) == [] and sorted(zone_cards(g, "inplay", 0)) == ["Cu", "Cu", "Fes", "Mar", "Vil"]
    assert g.pending.prompt == "buy phase: 5 coin(s), 3 buy(s)"
    play(g, "buy Ag", "buy Cha")
    assert g.state.vars["coins"] == 0 and options(g) == ["done", "buy Cu", "buy X"]      # the cheapest offered last


def test_dominion_a_witch_curses_each_other_player_unless_they_show_a_moat(dominion):
    prog = dominion_with_decks([("witch", 1), ("copper", 4)], [("moat", 1), ("copper", 4)])
    g = Game(prog, 2, seed=1)
    play(g, "act Wit")
    assert g.pending.player == 1 and options(g) == ["reveal_moat Moa", "pass"]
    play(g, "pass")
    assert zone_cards(g, "discard", 1) == ["X"] and zone_cards(g, "pile 7") == ["X"] * 9
    g = Game(prog, 2, seed=1)
    play(g, "act Wit", "reveal_moat Moa")
    assert zone_cards(g, "discard", 1) == [] and zone_cards(g, "pile 7") == ["X"] * 10
    assert "P2 shows: Moat" in narration(g, 0)


def test_dominion_a_player_without_a_moat_is_asked_all_the_same(dominion):
    prog = dominion_with_decks([("witch", 1), ("copper", 4)], [("copper", 5)])
    g = Game(prog, 2, seed=1)
    play(g, "act Wit")
    assert g.pending.player == 1 and options(g) == ["pass"]


def test_dominion_the_game_ends_when_the_provinces_run_out(dominion):
    text = DOMINION.read_text(encoding="utf-8").replace("let victory_cards = if size(players) == 2 then 8 else 12",
                                                       "let victory_cards = if size(players) == 2 then 1 else 12")
    prog = rulelang.load_text(text.replace(STARTING_DECKS, "    take_from_supply(nth(players, 1), gold, 3)\n"
                                           "    take_from_supply(nth(players, 2), copper, 5)"), filename=str(DOMINION))
    g = Game(prog, 2, seed=1)
    assert zone_cards(g, "pile 6") == ["P"] and g.state.vars["coins"] == 9
    play(g, "buy P")
    assert g.over and g.winners == [0] and g.scores == [6 + 0, 0]          # a Province: 6 points; P2 none


@pytest.mark.xfail(strict=True, reason="--stack fixes the deck's zone at its first shuffle; a game that shuffles each "
                   "player's own deck (Dominion) cannot be stacked: the scenarios above give the starting decks")
def test_dominion_a_stack_sets_the_first_hand(dominion):
    g = Game(dominion, 2, seed=1, stack=["E", "E", "E", "Cu", "Cu"])
    assert sorted(zone_cards(g, "hand", 0)) == ["E", "E", "E"]


# ------------------------------------------------------------------ every game ends; what each seat is shown

@pytest.mark.parametrize("path,players,bots", [(DOMINION, 2, ["greedy", "random"]), (MILLE, 3, ["greedy", "random"]),
                                               (DOMINOES, 4, ["random"]), (FLIP, 4, ["greedy", "random"])],
                         ids=lambda x: getattr(x, "stem", x) if not isinstance(x, (int, list)) else str(x))
def test_every_seeded_game_ends(path, players, bots):
    report = simulate(str(path), games=2, players=players, bots=bots, seed=1)
    assert report["games"] == 2 and report["stalemates"]["count"] == 0


@pytest.mark.parametrize("path", [DOMINION, MILLE, DOMINOES, FLIP], ids=lambda p: p.stem)
def test_hidden_information_over_a_bot_game(path):
    """The watcher of tests/test_hidden_information.py over one seeded game of each (more in the round's report)."""
    import test_hidden_information as H
    out = H.play_and_watch(path, games=1)
    assert out["failures"] == {} and out["counts"]["moves"] >= 4 and out["counts"]["views"] > 0


# ------------------------------------------------------------------ at the terminal

def test_mille_bornes_at_the_terminal_help_tab_and_a_wrong_move(tmp_path):
    """A person at a pseudo-terminal: a hazard's card typed where it cannot go is refused with the reason, `help`
    lists the moves with their lines, Tab completes the one remedy, and the coup-fourré is offered by its safety."""
    from helpers import PtyTerminal, plain, write_stack

    stack = write_stack(tmp_path, interleave([["Roll", "100M", "75M", "Stop", "Acc", "25M"],
                                              ["Roll", "Ace", "50M", "50M", "Gaso", "Spare"]]) + ["200M", "Lim", "Rep"])
    t = PtyTerminal(["run", str(MILLE), "--delay", "0", "--players", "2", "--seed", "3", "--stack", str(stack),
                     "--bots", "random"])
    t.child.delaybeforesend = None
    try:
        t.expect("You>", timeout=30)
        t.line("drive 100M")
        t.expect("it does not fit `drive`")
        t.line("help")
        t.expect("mend CARD")
        t.expect("lay a remedy on your battle or speed pile")
        t.expect("You>")
        t.type("me\t")
        t.expect("mend Roll")
        t.line("")
        t.expect("You choose mend: Roll")
        t.expect("Your battle pile (1): Roll")
        t.expect("You>")                # (keys typed while the bots' moves are told wait in the next line)
        t.line("quit")
        t.exit_status()
        assert "Traceback" not in plain(t.raw)
    finally:
        t.close()


# ------------------------------------------------------------------ many copies of one card told once, with their count

def test_many_copies_of_one_card_are_told_with_their_count(dominion):
    """Dominion's setup lays out seventeen supply piles: each was told card by card, "Copper, Copper, Copper, ..."
    46 times over six lines.  Four or more of one name in a row are told as their count and the name once."""
    g = Game(dominion, 2, seed=1)
    told = narration(g, 0)
    assert "46 × Copper go from the box to supply 1" in told
    assert "10 × Witch go from the box to supply 17" in told
    assert "Copper, Copper, Copper, Copper" not in " ".join(told)
    assert told[-3:] == ["5 × Copper go from your deck to your hand", "5 cards go from P2's deck to P2's hand",
                         "5 × Copper go from your hand to your cards in play"]
    assert narration(g, 1)[-1] == "5 × Copper go from P1's hand to P1's cards in play"


def test_mille_bornes_the_coup_fourre_window_tells_the_attacker_nothing_of_the_hand(mille):
    """Whether P2 holds the Driving Ace, P1 sees the same: P2 asked, the same narration, the same view."""
    seen = []
    for safety in ("Ace", "Tank"):
        g = mille_game(mille, p2=["Roll", safety, "50M", "50M", "Gaso", "Spare"])
        play(g, "mend Roll", "mend Roll", "attack Acc P2")
        view = g.view(0)
        seen.append((g.pending.player, g.pending.window, narration(g, 0), view["zones"]["hand"][1], view["pending"]))
    assert seen[0] == seen[1] and seen[0][:2] == (1, True)


# ------------------------------------------------------------------ the `rules` summary

def test_the_rules_summary_lists_only_values_cards_have_and_a_refill_from_the_owners_zone(dominoes, dominion):
    """Dominoes' `side` (left, right: the ends a tile is laid at, offered with the move) is no card's: it was listed
    among the cards.  A deck per player says it refills from its owner's discard pile."""
    from rulelang.terminal.summary import rules_summary

    text = rules_summary(dominoes)
    assert "side:" not in text and "play CARD SIDE" in text
    assert "a deck each (face down, refilled from its owner's discard)" in " ".join(rules_summary(dominion).split())
