"""The instructions compiled rules are made of: each a closure `op(state, frame)`; a true result suspends the machine."""
from __future__ import annotations

from .errors import RuntimeRulesError
from .events import (AgainEvent, ClaimEvent, RevealEvent, ReverseEvent, SayEvent, SkipEvent, TurnEvent, TurnNowEvent,
                     TurnToEvent)

from . import machine as m
from .blind import offer, offer_seen
from .program import number_choices
from .view import card_seer, knowers, sees_card, zone_shows
from .narrator import english_list


class Label:
    """A jump target, placed once the code after it is known."""

    __slots__ = ("pos",)

    def __init__(self):
        self.pos = -1


def as_cards(st, value) -> list:
    """A card, a list of cards or a zone, as a list of card ids."""
    if value is None:
        return []
    if isinstance(value, int):
        return [value]
    if isinstance(value, ZoneRef):
        return list(st.zone(*value))
    return list(value)


class ZoneRef(tuple):
    """A zone of the table as a value: (zone index, owner or None)."""

    __slots__ = ()


def no_zone(st, name: str, low: int, high: int, k):
    """`column(9)` of `zone column 1..8`: the rules stop, saying so (not which, in a rule written in play)."""
    which = f"such {name}" if st.in_play() else f"{name}({k})"
    raise RuntimeRulesError(f"there is no {which}: the {name}s are {name}({low}) to {name}({high})")


def zone_ref(zi: int, owner=None) -> ZoneRef:
    return ZoneRef((zi, owner))


def op_deal(count_f, src_f, zi):
    def op(st, fr):
        m.deal(st, count_f(st, fr.env) if count_f is not None else None, src_f(st, fr.env), zi)
    return op


def op_shuffle(ref_f):
    def op(st, fr):
        m.shuffle(st, ref_f(st, fr.env))
    return op


def op_for_init(key, iter_f):
    def op(st, fr):
        fr.env[key] = list(iter_f(st, fr.env))
    return op


def op_for_next(key, var, end):
    def op(st, fr):
        items = fr.env[key]
        if not items:
            fr.pc = end.pos
        else:
            # a new list, not this one shortened: a snapshot's copy of the frame shares its lists (`Frame.copy`)
            fr.env[var], fr.env[key] = items[0], items[1:]
    return op


def op_ask_init(key, who_f, race: bool = False, may_f=None):
    """A window's players, to be asked in turn.  `may_f`: the players who may act, when which they are is decided by
    cards some players may not see (`ask [p for p in others(current) if any(...h(p)...)]`); `who_f` is then the list
    it filters (or every player), each asked, those not among them with `pass` alone (`op_ask_next`)."""
    def op(st, fr):
        fr.env[key] = list(who_f(st, fr.env))
        if may_f is not None:
            fr.env[key + "?"] = list(may_f(st, fr.env))
        if race:
            fr.env[key + "!"] = []  # (player, option, its arguments) of each who acted, in the order asked
    return op


def op_ask_keep(key, option, names, again):
    """A race: keep what the player just asked chose (the option and its arguments), and ask the next."""
    def op(st, fr):
        env = fr.env
        env[key + "!"] = [*env[key + "!"], (st.pending_author, option, tuple(env.get(n) for n in names))]  # (a new list)
        for n in names:
            env.pop(n, None)
        fr.pc = again.pos
    return op


def op_ask_settle(key, word, specs, pick):
    """A race, everyone asked: if two or more acted, the table says which was the first (`first NAME`: bots
    answer after a random delay, people type `word`); otherwise the one who acted, if any, is."""
    number_choices(specs)

    def op(st, fr):
        env = fr.env
        acted = env[key + "!"]
        if len(acted) < 2:
            env["$first"] = acted[0][0] if acted else None
            fr.pc = pick.pos
            return False
        env["$options"] = specs
        st.pending = m.Decision(st.current, f"who was first to {word}?", tuple(m.options_for(st, st.current, specs, env)),
                                False, (), (), race=word)
        return True
    return op


def op_ask_pick(key, targets, end, bind):
    """A race settled: the first player's option runs, its arguments named again; nobody acted, nothing does.
    `targets`: for each option, the label of its body and the names of its arguments."""
    def op(st, fr):
        env = fr.env
        first = env.pop("$first", None)
        chosen = next((a for a in env.pop(key + "!") if a[0] == first), None)
        if chosen is None:
            fr.pc = end.pos
            return False
        player, option, args = chosen
        label, names = targets[option]
        env.update(zip(names, args))
        if bind is not None:
            env[bind] = player
        fr.pc = label.pos
        return False
    return op


def op_ask_next(key, prompt_f, specs, end, bind=None, unseen=False):
    """Ask the next player of a window; each may act (closing the window) or pass.  A player with nothing to do but
    pass is passed over, unless what they may do is decided by cards the others may not see (`unseen`, the
    compiler's `Decisions.decided_unseen`): then they are asked all the same, with `pass` alone, so whether the
    table waits for them tells nothing of what they hold."""
    number_choices(specs)
    # Options with no argument and no `where` (challenge or pass): the same moves for everyone, made once.
    fixed = all(s.legal is None and s.where is None and s.kind != "rule" for s in specs)
    blindable = any(s.kind in ("card", "cards", "several") and s.blind for s in specs)
    peeks = any(s.peeks for s in specs)
    offers = any(s.offers for s in specs)
    always = peeks_always(specs)
    marks = peeks_marks(specs)
    made = []

    def op(st, fr):
        env = fr.env
        waiting = env[key]
        while waiting:
            player, waiting = waiting[0], waiting[1:]  # (a new list: a snapshot's frame shares the old one)
            env[key] = waiting
            if player in st.gone:  # out of play: passed over
                continue
            if bind is not None:
                env[bind] = player
            if key + "?" in env and player not in env[key + "?"]:  # not among those who may act: `pass` alone
                options = tuple(m.options_for(st, player, specs[-1:], env))
            elif made:
                options = made[0]
            else:
                if always or peeks and st.facedown or marks and ("$seen" in st.vars or "$seen" in env):
                    check_wheres(st, player, specs, env)
                if offers:
                    check_offers(st, player, specs, env)
                options = m.options_for(st, player, specs, env)
                if blindable or st.facedown:  # cards this player may not see are offered by place
                    options = offer(st, player, options, specs, env)
                if not unseen and not any(o.verb != "pass" for o in options):
                    continue
                options = tuple(options)
                if fixed:
                    made.append(options)
            env["$options"] = specs
            prompt = told(st, prompt_f, env, player) if st.record else ""
            calls = st.program.calls
            if calls:  # a call may go with a move made in a window too ("UNO!" with a card laid out of turn)
                due = st.program.call_due
                now = ()
                for c in calls:
                    if c in due and due[c](st, player):
                        now += (c,)
                st.pending = m.Decision(player, prompt, options, True, tuple(calls), now, unseen=unseen)
            else:
                st.pending = m.Decision(player, prompt, options, True, (), unseen=unseen)
            return st.bots is None or st.bots(st)  # a bot at the table: asked here, the run goes on (`BotTable.decide`)
        fr.pc = end.pos
        return False
    return op


def op_claim(cards_f, says_f, kind):
    """Make a claim public: who laid how many face-down cards, and what they say they are."""
    def op(st, fr):
        cards = as_cards(st, cards_f(st, fr.env))
        says = says_f(st, fr.env)
        who = st.pending_author if st.pending_author is not None else st.current  # the player who just chose
        st.claim = {"player": who, "cards": cards, "says": says, "kind": kind, "turn": st.turns}
        at = {m.find_card(st, c) for c in cards}
        if len(at) == 1:  # a claim of cards the claimer holds (Coup's "I hold the Duke"): it stands while they do
            zi, owner = next(iter(at))
            if owner == who and st.program.zones[zi].visibility != "public":
                st.claim["held"] = (zi, owner)
        if st.record:
            st.emit(ClaimEvent(player=who, count=len(cards), says=says, kind=kind, held=True if "held" in st.claim else None))
    return op


def op_add(rule_f, key_f):
    """Put a rule a player wrote into force under a key; a rule already there for that key is replaced."""
    def op(st, fr):
        env = fr.env
        key = key_f(st, env) if key_f is not None else None
        author = st.pending_author if st.pending_author is not None else st.current
        m.add_house_rule(st, rule_f(st, env), key, author)
    return op


def op_race(word, specs):
    """Everyone must do `word`; the host (or a bot, for a table of bots) says who was last."""
    number_choices(specs)

    def op(st, fr):
        env = fr.env
        options = m.options_for(st, st.current, specs, env)
        env["$options"] = specs
        st.pending = m.Decision(st.current, f"everyone: {word}!", tuple(options), False, (), (), race=word)
        return True
    return op


def op_skip(st, fr):
    st.skips += 1
    if st.record:
        # In `setup` (the game's frame has not begun a turn) a skip passes the hand's first turn on: the seat that
        # loses its turn is the one the turn would have gone to, `current` itself for the first skip.
        skipped = st.skips if st.stack[0].pc else st.skips - 1
        st.emit(SkipEvent(player=(st.current + st.direction * skipped) % st.n))


def op_reverse(st, fr):
    st.direction = -st.direction
    if st.record:
        st.emit(ReverseEvent(direction=st.direction))


def op_turn_to(who_f, now: bool = False):
    """`turn to p`: p takes the next turn.  `turn to p now`: p is the current player at once (an out-of-turn play);
    the turn goes on as theirs, and the `skip`s, `again` and `turn to` made in it before are dropped."""
    def op(st, fr):
        who = who_f(st, fr.env)
        if who is None:  # `turn to none` would leave the game with nobody to play
            raise RuntimeRulesError(f"`turn to` was given none, not a player (in `{fr.name}`): when it may find "
                                    "nobody, test it first: `if p != none { turn to p }`")
        if now:
            if who in st.gone:  # (in a rule written in play, whom it named is not told: `State.in_play`)
                raise RuntimeRulesError(f"`turn to ... now` names a player out of play (in `{fr.name}`)" if st.in_play()
                                        else f"`turn to {st.names[who]} now`: {st.names[who]} is out of play (in `{fr.name}`)")
            st.current, st.turn_to, st.skips, st.again = who, None, 0, False
            if st.record:
                st.emit(TurnNowEvent(player=who))
            return
        st.turn_to = who
        if st.record:
            st.emit(TurnToEvent(player=st.turn_to))
    return op


def op_again(st, fr):
    st.again = True
    if st.record:
        st.emit(AgainEvent(player=st.current))


def op_leave(who_f, lost: bool):
    def op(st, fr):
        m.leave(st, who_f(st, fr.env), lost)
    return op


def op_win(who_f):
    def op(st, fr):
        m.win(st, who_f(st, fr.env))
    return op


def op_reveal(cards_f, to_f):
    def op(st, fr):
        cards = as_cards(st, cards_f(st, fr.env))
        st.steps += len(cards)
        if cards and max(cards) >= st.program.deck_size:  # a claim names a card; it is in no zone to be shown
            raise RuntimeRulesError(f"`reveal` shows cards on the table; {m.card_name(st, max(cards))} is what a claim "
                                    "said, not a card")
        to = to_f(st, fr.env)
        seats = [s for s in (to if isinstance(to, (list, tuple)) else [to]) if s is not None]  # `none`: no one
        if not seats:
            return
        if st.record:  # who shows them, for the narrator: their first owner, or who knows a face-down card, if it
            # sees every one of them (the event's owner is told them: not a card in its hidden pile, or another's)
            holders = [m.find_card(st, c)[1] for c in cards]
            first = next((o for o in holders if o is not None), None)
            knower = next(iter(sorted(st.facedown.get(cards[0], ()))), None) if cards else st.current
            owner = next((o for o in (first, knower) if o is not None and all(sees_card(st, c, o) for c in cards)),
                         None)
            # whose they are, when one player's zones hold them all (told to those shown them: the narrator's `P2's`)
            whose = first if first is not None and all(h == first for h in holders) else None
        everyone = len(set(seats)) == st.n
        shown = frozenset(seats)
        same: dict = {}  # one set object for the cards shown to the same seats (a hand shown: one, not one a card)
        place = there = None  # where the last card looked for lies: the cards of a hand shown lie together
        for c in cards:
            if c in st.facedown:
                if everyone:  # shown to the whole table: it lies face up from now on
                    del st.facedown[c]
                else:
                    st.facedown[c] = st.facedown[c] | frozenset(seats)
            else:  # in a private or a hidden zone: seen there by those it was shown to too, until it moves
                if there is None or c not in there:
                    place = m.find_card(st, c)
                    there = st.zone(*place)
                zi, holder = place
                vis = st.program.zones[zi].visibility
                if vis == "public":
                    continue
                own = frozenset((holder,)) if vis == "private" and holder is not None else frozenset()
                knew = st.revealed.get(c)
                now = (knew or own) | shown | ({None} if everyone else frozenset())  # shown to all: the table too
                if now != knew and not now <= own:
                    st.revealed[c] = same.setdefault(now, now)
                    if knew is None:
                        st.revealed_in[(zi, holder)] = st.revealed_in.get((zi, holder), 0) + 1
        if st.record:
            st.emit(RevealEvent(cards=cards, to=seats, owner=owner, holder=whose))
            known = frozenset([*seats, None] if everyone else seats)  # shown to all: the table knows it too
            for c in cards:  # until the next decision, a text may name them to those they were shown to
                st.shown[c] = st.shown.get(c, frozenset()) | known
    return op


# The longest text a `say` may make (a list of a whole deck's names fits).  A `say` costs SAY_STEPS steps of the
# move's bound (at most 2,000 between two decisions), and one more for every SAID_PER_STEP characters it makes,
# so that texts said in a loop cannot take the time and memory a move is allowed.
MAX_SAID = 20_000
SAY_STEPS = 100
SAID_PER_STEP = 4


def _said(st, text: str) -> str:
    if len(text) > MAX_SAID:
        raise RuntimeRulesError(f"`say` made a text of {len(text)} characters; a text may have at most {MAX_SAID}")
    st.steps += len(text) // SAID_PER_STEP
    if st.steps > st.limit:
        raise RuntimeRulesError("the rules did too much work without asking anyone anything; a loop or an "
                                "expression does not end")
    return text


def hidden_in(st, named, seat) -> frozenset:
    """Of the cards a text names (`text_f.cards`: alone or by an attribute), those `seat` (None: the table) may
    not see where they lie now, unless a `reveal` just showed them to it: told to it as "a card", "(hidden colour)"."""
    return frozenset(c for c in named if not sees_card(st, c, seat) and seat not in st.shown.get(c, ()))


def told(st, text_f, env, seat) -> str:
    """A decision's prompt as the seat it asks may read it (only that seat is shown it); "" when not recording."""
    if not st.record:
        return ""
    named = text_f.cards(st, env)
    return text_f(st, env, None, _hide(st, named, text_f.derived(st, env), seat))


def _hide(st, named, derived, seat) -> frozenset:
    """What a text hides from `seat`: the cards it names that the seat may not see, and the names of the values it
    shows that were worked out from cards the seat could not see (`derive`)."""
    hide = hidden_in(st, named, seat) if named else frozenset()
    if derived:
        hide |= frozenset(name for name, who in derived if seat not in who)
    return hide


def _zone_seers(st, zi: int, owner):
    """Who sees a zone's face-up cards: None for everyone."""
    vis = st.program.zones[zi].visibility
    return None if vis == "public" else frozenset((owner,)) if vis == "private" and owner is not None else frozenset()


def _fewer(who, seers):
    """Those of `who` among `seers` (None: everyone, for either)."""
    return who if seers is None else seers if who is None else who & seers


# A procedure's locals: the names of its untyped parameters its call gave a value, not cards (a number, a player), so
# that `reveal` of one shows no card (the runtime holds cards as numbers: shown as cards, a number would show the card
# it numbers).
VALUES = "$v"
# A procedure's locals: the names of its untyped parameters its call gave cards (a card, a list of cards), so that a
# text names them as cards (hidden from who may not see them), a value set from them is as hidden as they are, and a
# bot's sample swaps them with the cards it deals (the checker types such a parameter as anything).
CARDS = "$c"


def reveal_value(st, store: dict, key, value, to) -> bool:
    """`reveal n to q`: a value a rule worked out from cards some seats could not see (`derive`), told to more of
    them (a Hanabi hint: where a player's cards of a colour lie, worked out from cards its holder does not see, told
    to the holder).  Told to every seat, the table knows it too; a value known to all already is left as it is.
    Whether the name held such a value (a name the checker could not type is revealed as cards otherwise)."""
    seen = store.get("$seen")
    mark = seen.get(key) if seen else None
    if mark is None or mark[0] != value:
        return False
    seats = frozenset(s for s in (to if isinstance(to, (list, tuple)) else [to]) if s is not None)
    if len(seats) == st.n:
        store["$seen"] = {k: v for k, v in seen.items() if k != key}
    elif not seats <= mark[1]:
        store["$seen"] = {**seen, key: (value, mark[1] | seats)}
    return True


def seen_of(store: dict, key, value):
    """Who may know a name's value, if a rule worked it out from cards some seats could not see (`derive`): the
    seats, or None (everyone) when it was not, or has changed since."""
    seen = store.get("$seen")
    mark = seen.get(key) if seen else None
    return mark[1] if mark is not None and mark[0] == value else None


def seen_all(store: dict, name: str, values: list):
    """`seen_of` for every player's value of a player's variable, together."""
    seen = store.get("$seen")
    if not seen:
        return None
    who = None
    for i, v in enumerate(values):
        mark = seen.get((name, i))
        if mark is not None and mark[0] == v:
            who = _fewer(who, mark[1])
    return who


def card_seers(st, c):
    """`seers(st, (c,))` for one card value (a card of the deck, a claim's card, or none): who could see it where it
    lies, None for everyone: a card face up is looked for on the piles' tops first (a card a rule reads has mostly
    just been played onto one), then in every zone."""
    if c.__class__ is not int:
        return seers(st, (c,))
    if c >= st.program.deck_size:
        return None
    down = st.facedown
    if c in down:
        return down[c]
    revealed = st.revealed
    if revealed and c in revealed:
        return revealed[c]
    zones = st.zones
    for zi, seats in st.program.pile_seers:
        z = zones[zi]
        if z and z[-1] == c:
            return seats
    return _zone_seers(st, *m.find_card(st, c))


def seers(st, sources, marks=()):
    """Who could see every card of `sources` (cards, lists of cards, zones) where they lie, and may know each of
    `marks` (`seen_of`'s): None for everyone."""
    who = None
    for seats in marks:
        if seats is not None:
            who = seats if who is None else who & seats
    down = knowers(st)
    program = st.program
    size = program.deck_size
    for v in sources:
        if v.__class__ is int:  # one card (the common case, `card`'s values): looked at here, no list made
            if v < size:
                if v in down:
                    seats = down[v]
                else:  # `card_seers` written in: the piles' tops first (a card just played lies on one)
                    zones = st.zones
                    for zi, seats in program.pile_seers:
                        z = zones[zi]
                        if z and z[-1] == v:
                            break
                    else:
                        seats = _zone_seers(st, *m.find_card(st, v))
                if seats is not None:
                    who = seats if who is None else who & seats
                    if not who:
                        break
            continue
        if v.__class__ is Known:  # cards of one zone (`known_cards`): its rule looked at once
            zone = _zone_seers(st, *v.at)
            for c in v:
                who = _fewer(who, down[c] if c in down else zone)
            if who is not None and not who:
                break
            continue
        if isinstance(v, ZoneRef):  # a zone's rule looked at once, for its cards that lie by it, then the others
            z = st.zone(*v)  # (every card of it face down or shown by a `reveal`: the rule says nothing of them)
            cards = [c for c in z if c in down] if down else []
            if len(cards) < len(z):
                who = _fewer(who, _zone_seers(st, *v))
        else:
            cards = as_cards(st, v)
            if len(cards) > 6:  # many cards (a hand, a board and its combinations): the zones they lie in found at once
                who = _many_seers(st, cards, down, size, who)
                if who is not None and not who:
                    break
                continue
        for c in cards:
            if c is None or c >= size:
                continue
            who = _fewer(who, down[c] if c in down else _zone_seers(st, *m.find_card(st, c)))
        if who is not None and not who:
            break
    return who


def _many_seers(st, cards: list, down: dict, size: int, who):
    """`seers`' look at many cards, folded into `who`: the knowers of those face down or shown (`down`), and the rule
    of each zone (each owner's) holding some of the others, each zone looked at once (in C) rather than each card
    looked for (`find_card`)."""
    left = set(cards)
    left.discard(None)
    if left and max(left) >= size:  # (a claim's card lies nowhere: known to all)
        left = {c for c in left if c < size}
    if down:
        odd = down.keys() & left
        for c in odd:
            who = _fewer(who, down[c])
        left -= odd
    if left:
        zones = st.zones
        for zi, per in enumerate(st.program.per_player):
            z = zones[zi]
            if per:
                for owner, h in enumerate(z):
                    if not left.isdisjoint(h):
                        who = _fewer(who, _zone_seers(st, zi, owner))
            elif not left.isdisjoint(z):
                who = _fewer(who, _zone_seers(st, zi, None))
    return who


class Known(list):
    """The cards of a zone that a player knows (`known_cards`), with the zone (`at`, (zone index, owner)): who else
    sees them is the zone's rule, but for those face down or shown (`seers`); `of`, the player who knows them, sees
    them all (`_check_zones`)."""

    __slots__ = ("at", "of")


def known_cards(st, player, value) -> list:
    """`[c for c in Z if knows(p, c) and ...]` read as the cards its value is worked out from (a `where`'s, a value's
    marks): the cards of Z that p knows, in order; a `Known` when Z is a zone."""
    if value.__class__ is not ZoneRef:
        return [c for c in as_cards(st, value) if knows(st, player, c)]
    out = Known()
    out.at, out.of = value, player
    if player is None:
        return out
    zi, owner = value
    down, revealed = st.facedown, st.revealed
    shown = zone_shows(st.program.zones[zi].visibility, owner, player)
    for c in st.zone(zi, owner):
        if c in down:
            if player in down[c]:
                out.append(c)
        elif revealed and c in revealed:
            if player in revealed[c]:
                out.append(c)
        elif shown:
            out.append(c)
    return out


def knows(st, player, cid) -> bool:
    """`knows(p, c)`: whether player `p` may see card `c` where it lies now (its own hand, a zone it sees, a card laid
    face down that it saw laid or was shown); a claim's card lies nowhere and is known to all; `none` to nobody."""
    if cid is None or player is None:
        return False
    if cid.__class__ is not int:
        raise RuntimeRulesError("`knows` takes a card, and this is a list: ask of each card "
                                "(`all(knows(p, c) for c in cs)`)")
    return cid >= st.program.deck_size or sees_card(st, cid, player)


def position(st, table: dict, v):
    """`position(v)`: a value's place in its `ordered` attribute, from 1 (`table`, the compiler's POS); `none` for
    `none`.  The checker refuses any other argument it can type; one it cannot (a function's parameter) is told
    here, not read as `none`, and by its kind alone: the value may be a card, or worked out from one, that some seat
    may not see (and the runtime holds a card as a number: which it is, is not known here)."""
    if v is None:
        return None
    found = table.get(v) if v.__class__ is str else None
    if found is None:
        what = "a card or a number" if v.__class__ in (int, float, bool) else \
            "a value of an attribute with no order" if v.__class__ is str else "a list"
        raise RuntimeRulesError(f"`position` takes a value of an ordered attribute (`position(c.rank)`), not {what}")
    return found


def derive(st, store: dict, key, value, sources, marks=()) -> None:
    """Note who may know a value a rule just worked out from cards (`let n = count(hand(next) where ...)`): the seats
    that could see every one of those cards where they lay (a zone's rule, face-down cards' knowers); to the others,
    and to the table, a text shows it as "(hidden)" and their view has None for it.  Kept as `store["$seen"][key] =
    (value, seats)` (a new dict each time: snapshots share the old), and holding while the value is unchanged.
    `marks`: who may know the values it was worked out from, or the tests of the `if`s it was given in."""
    if sources:
        who = seers(st, sources, marks)
    else:  # (`seers` of the marks alone, written in)
        who = None
        for seats in marks:
            if seats is not None:
                who = seats if who is None else who & seats
    seen = store.get("$seen")
    if who is None:
        if seen and key in seen:
            store["$seen"] = {k: v for k, v in seen.items() if k != key}
        return
    store["$seen"] = {**(seen or {}), key: (value, who)}


def author_sees(st, author: int, who) -> bool:
    """A rule written in play tests (in an `if`, a `while` or its condition) cards some seats could not see, or a
    value worked out from them: `who` could see them all (`seers`), None for everyone.  What the rule does then tells
    which way the test went to the table and to its author: refused when its author is not among them, whatever
    the cards (only where they lie decides it).  True otherwise, so that it may begin the test it guards."""
    if who is not None and author not in who:
        raise RuntimeRulesError(f"it tests cards {st.names[author]}, who wrote it, may not see: a rule written in play "
                                "may test only what its author sees")
    return True


def author_sees_in_play(st, who) -> bool:
    """`author_sees` for a test of a file's procedure (`if`, `while`) run for a rule written in play that the table did
    not agree to (the innermost such rule running: a procedure it calls, at any depth): its author must see what the
    test reads, as in the rule's own tests.  True when no such rule runs it (the game's own call)."""
    if who is None:
        return True
    rules = {r["name"]: r for r in st.house.values()}
    for f in reversed(st.stack):
        r = rules.get(f.name)
        if r is not None:
            return r.get("table") or r["author"] is None or author_sees(st, r["author"], who)
    return True


def set_for_a_where(st, key, name: str) -> None:
    """A rule written in play has just set `name` (`key` in `$seen`), which a `where` reads: refused if it was worked
    out from cards some player could not see (`derive`), since a `where` may test only what its chooser sees."""
    seen = st.vars["$seen"]
    if key in seen:
        who = seen[key][1]
        blind = english_list(n for i, n in enumerate(st.names) if i not in who)
        raise RuntimeRulesError(f"`{name}` is read by a `where` (which moves are offered), and this rule sets it from "
                                f"cards {blind} could not see; a rule written in play may set it only from what "
                                "every player sees")


def set_for_a_where_in_play(st, key, name: str) -> None:
    """`set_for_a_where` for a file's own `set` (or `if` around one), while a rule written in play runs (a procedure
    it calls, an event's rules it fires): that rule gave the value, and is dropped for it."""
    if st.in_play():
        set_for_a_where(st, key, name)


def check_wheres(st, player: int, specs, env: dict) -> None:
    """A `where` may not test what the player it offers moves to may not see: which moves are offered (and whether
    the decision comes at all) would tell it.  Looked at when the decision comes, for the options whose `where`
    the compiler found reading such things (`Choice.peeks`): the option's own cards when one of them is hidden
    from the player (`take c in hand(next) where c.colour == red`), and the zones it reads that the player does
    not see (`ask p in others(current), r in rank where any(c.rank == r for c in hand(p))`), directly, through a
    card-valued name or in a function it calls, and the values it reads that a rule worked out from cards the player
    could not see (`derive`).  Refused with the option named, as a rule that fails."""
    deck = st.program.deck_size
    sees = None  # (`card_seer`, made for the first option whose own cards may be hidden from the player)
    for spec in specs:
        peeks = spec.peeks
        if peeks is None:
            continue
        tests, fixed, each, _, marks, names = peeks
        if marks is not None and ("$seen" in st.vars or "$seen" in env):  # where `derive` keeps its marks
            for (name, place), who in zip(names, marks(st, env)):
                if who is not None and player not in who:  # named at its place in the `where` (or the function)
                    raise _peeking(st, spec, player, f"reads `{name}`, a value worked out from cards that", place,
                                   "could not see when it was set")
        if fixed is not None:
            for z in fixed(st, env):
                # (`none`, or a claim's card, which lies nowhere and is known to all: nothing hidden to look for)
                if z is not None and (z.__class__ is not int or z < deck):
                    _check_zones(st, player, spec, (z,))
        if not (tests and (spec.blind or st.facedown)) and each is None:
            continue
        down = st.facedown
        if spec.blind:
            if sees is None:
                sees = card_seer(st, player)

            def unseen(c):
                return not sees(c)
        else:  # its cards lie where the player sees them, bar those laid face down by others
            def unseen(c):
                return c in down and player not in down[c]
        if spec.bind is None:  # one card an item
            cards = spec.domain(st, env) if spec.domain is not None else ()
            if cards.__class__ is not list:  # (a zone's own list is read as it is: nothing here changes it)
                cards = as_cards(st, cards)
            if tests and (spec.blind or not down.keys().isdisjoint(cards)) and \
                    any(c.__class__ is int and c < deck and unseen(c) for c in cards):
                raise _peeking(st, spec, player, "tests cards that", hint=f"to test only the cards {st.names[player]} "
                               f"knows, begin the `where` with `knows(PLAYER, {spec.param}) and`, "
                               "PLAYER the one choosing")
            if each is None:
                continue
            items, bind = [(c,) for c in cards], (lambda e, item: e.__setitem__(spec.param, item[0]))
            tests = False
        elif spec.kind == "cards" and each is None:  # a set's cards: some set holds each card, when any set is made
            low = max(spec.legal.sizes[0], 1)
            cards = spec.legal.cards(st, env)
            if tests and len(cards) >= low and any(c.__class__ is int and c < deck and unseen(c) for c in cards):
                raise _peeking(st, spec, player, "tests cards that")
            continue
        else:
            items, bind = spec.legal(st, env, test=False), spec.bind
        e = dict(env)
        for item in items:
            if tests and any(c.__class__ is int and c < deck and unseen(c)
                             for i, c in enumerate(item) if spec.kind != "several" or spec.parts[i] == "card"):
                raise _peeking(st, spec, player, "tests cards that")
            if each is not None:
                bind(e, item)
                _check_zones(st, player, spec, each(st, e))


def peeks_always(specs) -> bool:
    """Whether a decision's `where`s are looked at every time (`check_wheres`), or only while cards lie face down:
    an option over cards the chooser sees (its own hand) has only face-down ones to hide."""
    return any(s.peeks is not None and (s.peeks[1] is not None or s.peeks[2] is not None or s.peeks[0] and s.blind)
               for s in specs)


def peeks_marks(specs) -> bool:
    """Whether a decision's `where`s read values a rule may have worked out from hidden cards: looked at
    (`check_wheres`) while any value is so marked (`derive`), else only as `peeks_always` says."""
    return any(s.peeks is not None and s.peeks[4] is not None for s in specs)


def _check_zones(st, player: int, spec, zones, place=None, of=None) -> None:
    for z in zones:
        if z.__class__ is Known and z.of == player:  # the cards of a zone the chooser knows (`known_cards`)
            continue
        who = seers(st, (z,))
        if who is not None and player not in who:
            if not isinstance(z, ZoneRef):  # a card or a list of cards (`last.colour`)
                raise _peeking(st, spec, player, "reads cards that", place, of=of)
            zi, owner = z
            raise _peeking(st, spec, player, f"reads {st.program.zones[zi].name}"
                                             f"{'' if owner is None else f'({st.names[owner]})'}, cards that", place,
                           of=of)


def check_offers(st, player: int, specs, env: dict) -> None:
    """The moves an option offers tell its chooser the values they are drawn from: a list of values or numbers may
    not be worked out from cards the chooser may not see (`guess x in [c.rank for c in hand(next)]`, `guess x in
    1..n` with `n` read from another's hand), as a `where` may not read them (`check_wheres`).  Looked at when the
    decision comes, for the options the compiler found reading such things (`Choice.offers`); refused with the
    option named, as a rule that fails."""
    for spec in specs:
        offers = spec.offers
        if offers is None:
            continue
        fixed, each, marks, names, place = offers
        if marks is not None:
            for (name, at), who in zip(names, marks(st, env)):
                if who is not None and player not in who:
                    raise _peeking(st, spec, player, f"reads `{name}`, a value worked out from cards that", at,
                                   "could not see when it was set", of=OFFERED)
        if fixed is not None:
            _check_zones(st, player, spec, fixed(st, env), place, OFFERED)
        if each is not None:  # (an argument's list that reads the arguments before it: `q in others(current), k in
            each, before, bind = each  # [c.rank for c in hand(q)]`), for each choice of the arguments it reads
            e = dict(env)
            for item in before(st, env, test=False):
                bind(e, item)
                _check_zones(st, player, spec, each(st, e), place, OFFERED)


OFFERED = "the list it offers"


def _peeking(st, spec, player: int, what: str, place=None, sees="may not see", hint=None, of=None) -> RuntimeRulesError:
    who = st.names[player]
    loc, source = place or spec.peeks[3]
    rule = "an option may offer only what its chooser sees" if of else "a `where` may test only what its chooser sees"
    return RuntimeRulesError(f"option `{spec.verb}`: {of or 'its `where`'} {what} {who} {sees}, so the moves offered "
                             f"would tell {who} of them; {rule}", loc, hint=hint, source=source)


def op_say(text_f):
    def op(st, fr):
        st.steps += SAY_STEPS  # counted whether or not the text is made, so that every run stops where it would
        if st.steps > st.limit:
            m.step(st, fr)
        if st.record:  # the text is for the narrator alone
            env = fr.env
            about = text_f.about(st, env)
            data = {"text": _said(st, text_f(st, env))}
            if about is not None:  # told to the player it is about, it says "you": `{current} {draws|draw} 2`
                data.update(player=about, you=_said(st, text_f(st, env, about)))
            # A card named in the text is told as "a card" to each seat that may not see it where it lies now
            # (and to the table, for a log): `masked` holds those seats' own texts, `view.project_event` picks.
            # Another player the text names is told it in the second person too (`{current} {tells|tell} {q}: ...`
            # reads "Ada tells you: ..." to q): its own text, there too.
            named = text_f.cards(st, env)
            derived = text_f.derived(st, env)
            others = text_f.players(st, env) - {about}
            if named or derived or others:
                masked = {}
                for seat in [*range(st.n), None]:
                    hide = _hide(st, named, derived, seat) if named or derived else frozenset()
                    if hide or seat in others:
                        masked[seat] = _said(st, text_f(st, env, seat if seat == about or seat in others else None,
                                                        hide))
                if masked:
                    data["masked"] = masked
            st.emit(SayEvent(**data))
    return op


def op_main(st, fr) -> bool:
    """The turns of a hand: begin a turn (its rules), run `turn`, end it (its rules), pass to the next player.
    One instruction at four places of the game's frame (where it goes on from), which `Statements.main_code` generates
    for each file and which runs this in a game with a rule written in play; it always ends by starting code: the
    turn's frame, whose first block it runs itself (True if that leaves a decision pending)."""
    phase = fr.pc - 1
    program = st.program
    rules = program.rules
    if phase == 2:
        fr.pc = 3
        if rules.get("turn_ends"):  # (`m.fire`, its dispatcher asked here: no call when no rule will run)
            dispatch = program.dispatch
            ends = dispatch["turn_ends"] if "turn_ends" in dispatch else program.dispatcher("turn_ends")
            ready = ends(st, st.current)
            if ready and m.fire_ready(st, "turn_ends", ready, (st.current,)):
                return False
        phase = 3
    if phase == 3:
        m.advance(st)
        if st.steps < st.limit:  # a turn that asks no one still counts against the move's bound (`m.step`)
            st.steps += 1
        else:
            m.step(st, fr)
        phase = 0
    if phase == 0:
        if st.turn_to is not None or st.skips:  # `turn to` or `skip` in `setup`: who takes the hand's first turn
            m.first_turn(st)
        if st.gone and st.current in st.gone:  # out of play in `setup`, or given the turn by `turn to`: passed over
            st.current = m.seat_after(st, st.current, st.direction)
        for said in st.called:  # a call counts for the turn it is made in, whoever made it
            if said:
                said.clear()
        if st.record:
            st.emit(TurnEvent(player=st.current))
        fr.pc = 1
        if rules.get("turn_begins") and m.fire(st, "turn_begins", (st.current,)):
            return False
    fr.pc = 2
    proc = program.turn
    code = proc.code
    turn = m.Frame(code, {}, proc.name)
    st.stack.append(turn)
    if not code:
        return False
    # the turn's first block at once, as the machine's loop would run it next (one turn of the loop fewer a turn)
    turn.pc = 1
    return code[0](st, turn)
