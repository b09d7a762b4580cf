"""Making a move: checked, resumed, run; a failing rule written in play dropped; races settled."""
from __future__ import annotations

from ..errors import MoveError, RuntimeRulesError
from ..events import CallEvent, ChoiceEvent, HouseRuleDroppedEvent
from .running import run
from .state import CHECKPOINT_EVERY, Decision, Move, State
from .typed import parse_move


def apply(st: State, seat: int, move, checked: bool = True) -> None:
    """Make a move for `seat`: a Move from the pending options or typed text. Refused moves change nothing."""
    d = st.pending
    if d is None:
        raise MoveError("the game is over" if st.over else "no decision is pending")
    if seat != d.player:
        raise MoveError(f"it is {st.names[d.player]}'s decision, not {st.names[seat]}'s")
    if not checked and not st.house and move.__class__ is Move and move.kind != "rule":
        _resume(st, d, move)  # a bot's move, with no rule written in play to take back: nothing to keep
        run(st)
        return
    if isinstance(move, str):
        move = parse_move(st, d, move)
    elif move.kind == "rule":
        if not any(m.option == move.option and m.kind == "rule" for m in d.options) or not isinstance(move.arg, str):
            raise MoveError(f"`{move.text}` is not one of the moves now")
        st.program.compile_rule(move.arg, None, seat)
    elif checked and not any(m.option == move.option and m.arg == move.arg and m.verb == move.verb and m.kind == move.kind
                             for m in d.options):
        raise MoveError(f"`{move.text}` is not one of the moves now")
    if checked:
        snap = st.snapshot()
    elif st.house:
        kept(st, move)
        snap = None
    else:
        snap = None
    try:
        _resume(st, d, move)
        run(st)
    except RuntimeRulesError as e:
        since = ()
        spent = st.steps > st.limit  # the move's bound of work was passed, wherever it was found
        if snap is None:
            # An unchecked move: the last of the moves kept since the checkpoint failed, this one or one a bot made
            # at a decision its run came to (`BotTable.decide`); with no checkpoint, no rule written in play was in
            # force when it was made.
            if st.checkpoint is None:
                raise
            snap, since, move = st.checkpoint, st.since[:-1], st.since[-1]
        # A rule written in play may spend the bound and end, the game's own rules going over it after (the failure
        # names none then): the last one that fired is taken for the culprit.  So too when the game's own rules fail
        # on what one left (a `where` reading a value it set from cards its chooser may not see): the last that
        # fired in the moves taken back.  Found in the game's record: a bot's sample keeps none, and its move fails
        # as before.
        frames = getattr(e, "frames", ())
        fired = None
        if st.record and _house_rule_in(st, frames) is None:
            fired = _last_fired(st) if spent else _fired_since(st, snap["events"])
        bots, st.bots = st.bots, None  # (the moves made again are made as before: no bot asked)
        st.restore(snap)
        for made in since:  # they went well before, and go the same way again
            _resume(st, st.pending, made)
            run(st)
        st.bots = bots
        st.drop_checkpoint()
        seat = st.pending.player
        culprit = _house_rule_in(st, frames) or _house_rule_in(st, (fired,))
        if culprit is None:
            raise
        # A rule written in play failed: it is dropped, the table is told why, and the move is made without it.
        key, rule = culprit
        del st.house[key]
        st.program = st.program.without_rule(rule["name"])
        st.stack[:] = [f for f in st.stack if f.name != rule["name"]]  # its runs already waiting go too
        at = f"line {e.loc.line}, column {e.loc.column}" if e.loc is not None and e.loc.file == "<rule>" else None
        st.emit(HouseRuleDroppedEvent(key=key, name=rule["name"], text=rule["text"], reason=e.message, at=at))
        apply(st, seat, move, checked)
        return
    if checked:
        st.forget(snap)
        st.drop_checkpoint()


def kept(st: State, move: Move) -> None:
    """An unchecked move (a bot's, a simulation's) about to be made while rules written in play are in force: a
    snapshot every few moves (the checkpoint), and the moves made since, this one the last, bring back the state
    before it if a rule written in play fails in its run (`apply`)."""
    if st.checkpoint is None or len(st.since) >= CHECKPOINT_EVERY:
        st.drop_checkpoint()
        st.checkpoint = st.snapshot()
    st.since.append(move)


class BotTable:
    """The bots the machine asks itself while `play_bots` runs (its `decide` is `State.bots`): each seat's `move` (None for a seat
    the host asks), the game handed to them, the turn at which the host takes over, and the moves made; with a
    bound of decisions a turn (`in_turn_limit`, None for none), the turn being played and the decisions made in it,
    and the hand after which the host takes over."""

    __slots__ = ("game", "asks", "turns", "moves", "held", "in_turn_limit", "hands", "turn", "in_turn")

    def __init__(self, game, asks: list, turns: int, in_turn_limit: int | None = None, hands: int | None = None):
        self.game = game
        self.asks = asks
        self.turns = turns
        self.moves = 0
        self.held = None  # a move a bot made that `apply` must make (a rule, typed text, rules written in play)
        self.in_turn_limit = in_turn_limit
        self.hands = hands
        self.turn = None  # (hand, turns) of the turn the decisions `in_turn` were made in
        self.in_turn = 0

    def counted(self, st: State) -> bool:
        """One decision more in the turn being played; False (counting nothing) if it is past the bound of
        decisions a turn, or the hand past the host's bound of hands."""
        turn = (st.hand_no, st.turns)
        if turn != self.turn:
            if self.hands is not None and st.hand_no > self.hands:
                return False
            self.turn, self.in_turn = turn, 1
            return True
        if self.in_turn >= self.in_turn_limit:
            return False
        self.in_turn += 1
        return True

    def decide(self, st: State) -> bool:
        """At a decision just made pending (`st.bots`, this table's while `play_bots` runs): its seat's bot is
        asked here, with the same arguments as a host asks it (`bot.move(game, seat, decision)`), its move resumed as
        `apply` resumes an unchecked bot's move (`_resume`), and the block the move goes on at run at once, as the
        machine's loop would run it next: False, the loop goes on.  True leaves the decision pending for the host: a
        seat with no bot, the host's bound of turns reached, or a move only `apply` makes (`held`: not a Move, a
        rule, a card taken by its place).  While rules written in play are in force the move is kept (`kept`) for
        `apply` to take back if one fails in its run, as `apply` keeps its own."""
        d = st.pending
        player = d.player
        ask = self.asks[player]
        if ask is None or st.turns >= self.turns:
            return True
        try:
            move = ask(self.game, player, d)
        except Exception as e:
            raise BotFailed(e) from e
        self.moves += 1
        if move.__class__ is not Move:
            self.held = move
            return True
        kind = move.kind
        if kind == "rule" or kind == "blind":
            self.held = move
            return True
        if st.house:  # rules written in play: the move kept, for `apply` to take back if one fails in its run
            kept(st, move)
        # `_resume` of an unchecked move with no record (`play_bots` plays none)
        fr = st.stack[-1]
        env = fr.env
        spec = env["$options"][move.option]
        if spec.param is not None:
            env[spec.param] = move.arg
        elif spec.bind is not None:
            spec.bind(env, _placed(st, env, move) if "$blind" in env else move.arg)
        st.pending = None
        st.pending_author = player
        stats = st.stats
        key = spec.stat
        stats[key] = stats.get(key, 0) + 1
        if kind == "card":
            key = st.program.card_stats[move.arg]
            stats[key] = stats.get(key, 0) + 1
        if move.calls:
            st.called[player].update(move.calls)
        st.limit = st.steps + st.work  # a new move: its own bound of steps, as `run` sets at each
        # the block the move goes on at, run now as the machine's loop would run it next (it checks the stack's
        # depth when this run of blocks returns to it)
        pc = spec.label.pos
        try:
            block = fr.code[pc]
        except IndexError:  # (an option's body ending the code: rare, its frame taken off by the loop)
            fr.pc = pc
            return False
        fr.pc = pc + 1
        return block(st, fr)

    def decide_counted(self, st: State) -> bool:
        """`decide`, with the decisions of a turn counted (`counted`): the host takes over past its bounds."""
        if (self.asks[st.pending.player] is None or st.turns >= self.turns
                or not self.counted(st)):
            return True
        return self.decide(st)


class BotFailed(Exception):
    """A bot asked by the machine failed: carried out of `run` untouched (not taken for a rule's failure)."""

    def __init__(self, error: BaseException):
        super().__init__(error)
        self.error = error


def play_bots(game, bots: list, turns: int, in_turn_limit: int | None = None, hands: int | None = None) -> BotTable:
    """Play a game kept with no record with these bots (one per seat; None for a seat the host asks) until it is
    over, a seat with no bot is to decide, or `turns` turns have begun (or, with `in_turn_limit`, a turn would hold
    more decisions than that, or a hand past `hands` begins): the same moves, made in the same order, as a host
    asking each bot `bot.move(game, seat, decision)` and making its move unchecked (`apply(..., checked=False)`), but
    each bot is asked by the machine where the decision is made, its move made there and the run going on in the
    same loop.  The table: the moves made, and the turn's decisions counted."""
    st = game.state
    if st.record:
        raise ValueError("bots play by themselves only a game kept with no record")
    asks = [b.move if b is not None else None for b in bots]
    table = BotTable(game, asks, turns, in_turn_limit, hands)
    decide = table.decide if in_turn_limit is None else table.decide_counted
    try:
        while not st.over:
            st.bots = decide
            d = st.pending
            move = table.held
            if move is None:
                ask = asks[d.player]
                if ask is None or st.turns >= turns or in_turn_limit is not None and not table.counted(st):
                    break
                move = ask(game, d.player, d)
                table.moves += 1
            else:
                table.held = None
            apply(st, d.player, move, False)
    except BotFailed as e:
        raise e.error from None
    finally:
        st.bots = None
    return table


def racers(d: Decision) -> list:
    """The seats in a race: everyone in a `race "WORD"`, those who acted in an `ask ... race`."""
    return [o.arg for o in d.options]


def race_move(d: Decision, times: dict) -> Move:
    """The move that settles a race, from how long each seat in it took (infinity: it missed it): `last NAME` for
    the slowest, `first NAME` for the fastest; on a tie, the one seated first."""
    by_seat = {o.arg: o for o in d.options}
    times = {s: t for s, t in times.items() if s in by_seat}
    if d.options[0].verb == "first":
        return by_seat[min(times, key=lambda s: (times[s], s))]
    return by_seat[max(times, key=lambda s: (times[s], -s))]


def _lying_at(st: State, where: tuple):
    """The card lying at a place of an option's hidden cards (`interpreter.blind`): (zone, owner, index)."""
    return st.zone(where[0], where[1])[where[2]]


def _placed(st: State, env: dict, move: Move) -> tuple:
    """A move's item with each card taken by its place (`"#2"`, `interpreter.blind`) as the card lying there."""
    places = env["$blind"]
    out = []
    for v in move.arg:
        where = places.get((move.option, int(v[1:]))) if v.__class__ is str and v[:1] == "#" and v[1:].isdigit() else None
        out.append(_lying_at(st, where) if where is not None else v)
    return tuple(out)


def _public(st: State, spec, move: Move) -> bool:
    """Whether the table may learn a move as it is chosen: not one that names cards of the deck (a hand's cards);
    their move, if they go where all see them, tells it."""
    if move.kind == "card":
        return move.arg >= st.program.deck_size
    if spec.bind is not None:
        parts = spec.parts
        return not any((parts[i] if i < len(parts) else "card") == "card" and v.__class__ is int and v < st.program.deck_size
                       for i, v in enumerate(move.arg))
    return True


def _last_fired(st: State) -> str | None:
    """The name of the rule written in play that fired last in the game's record, in this turn, or None.  Read in
    the events the record holds (not those it let go, which only a replay of the game gives back)."""
    house = {rule["name"] for rule in st.house.values()}
    events = st.events
    for i in range(len(events) - 1, getattr(events, "dropped", 0) - 1, -1):
        ev = events[i]
        if ev.type == "rule":
            for name in reversed(ev.names):
                if name in house:
                    return name
        elif ev.type == "turn":  # (a rule that fired in a turn before has had its decisions since)
            return None
    return None


def _fired_since(st: State, start: int) -> str | None:
    """The name of the rule written in play that fired last in the events from `start`, or None."""
    house = {rule["name"] for rule in st.house.values()}
    events = st.events
    for i in range(len(events) - 1, max(start, getattr(events, "dropped", 0)) - 1, -1):
        ev = events[i]
        if ev.type == "rule":
            for name in reversed(ev.names):
                if name in house:
                    return name
    return None


def _house_rule_in(st: State, frames) -> tuple | None:
    for key, rule in st.house.items():
        if rule["name"] in frames:
            return key, rule
    return None


def _resume(st: State, d: Decision, move: Move) -> None:
    fr = st.stack[-1]
    spec = fr.env["$options"][move.option]
    if spec.param is not None:
        if move.kind == "blind":  # a card taken by its place (`interpreter.blind`): the one lying there
            fr.env[spec.param] = _lying_at(st, fr.env["$blind"][(move.option, move.arg)])
        else:
            fr.env[spec.param] = move.arg
    elif spec.bind is not None:
        spec.bind(fr.env, _placed(st, fr.env, move) if "$blind" in fr.env else move.arg)
    fr.pc = spec.label.pos
    st.pending = None
    st.pending_author = d.player
    stats = st.stats
    key = spec.stat
    stats[key] = stats.get(key, 0) + 1
    if move.kind == "card":
        key = st.program.card_stats[move.arg]
        stats[key] = stats.get(key, 0) + 1
    if move.calls:
        st.called[d.player].update(move.calls)
    if not st.record:  # a simulation or a search bot's playout: no record, no events
        return
    if st.shown:
        st.shown = {}
    text = move.text + "".join(f" {c}" for c in sorted(move.calls))
    st.moves.append((d.player, text))
    st.emit(ChoiceEvent(player=d.player, move=move.text, verb=spec.verb, kind=move.kind,
                        pass_=move.verb == "pass" and d.window, card=move.arg if move.kind == "card" else None,
                        public=_public(st, spec, move),
                        race=bool(d.race)))
    if move.kind == "card" and move.arg < st.program.deck_size:
        st.chosen, st.chosen_at = st.events[-1], len(st.events) - 1
    for c in sorted(move.calls):
        st.emit(CallEvent(player=d.player, call=c))
