"""Checks that hold for every game on the protocol (py/kozyr/protocol.py).

Each takes the game object where it needs one, so a game's setup module binds it once:

    play, legal, refused, snapshot = protocol_checks.bound(DURAK)

Plain functions only (no hypothesis), so rules tests that use them run anywhere.

At the end, `Adapter` and `run_game`: a random game of any game, checked move by move as the
game's adapter (<game>_setup.ADAPTER) says; test_contract.py runs them over every game.
"""

from __future__ import annotations

import copy
import json
import random
import re
from functools import partial

from kozyr.cards import Card
from kozyr.protocol import IllegalMove, Move, OptionsError

CARD_TOKEN = re.compile(r"(?<![0-9A-Za-z])((?:10|[2-9JQKA])[CDHS])(?![0-9A-Za-z])")


def card_pattern(c: Card | str) -> re.Pattern:
    """Matches a card text as a whole word ("0H" does not match inside "10H")."""
    return re.compile(r"(?<![0-9A-Za-z])" + re.escape(str(c)) + r"(?![0-9A-Za-z])")


# --- playing moves ---------------------------------------------------------------------

def play(game, state, *moves: str):
    """Apply move texts in order (each must be legal)."""
    for text in moves:
        game.apply(state, text)
    return state


def legal(game, state) -> set[str]:
    return {str(m) for m in game.legal_moves(state)}


def hand(state, seat: int) -> set[str]:
    return {str(c) for c in state.hands[seat]}


def texts(cs) -> list[str]:
    return [str(c) for c in cs]


def refused(game, state, move: str | Move) -> str:
    """Apply a move that must be illegal: return the reason; the state must not change."""
    before = snapshot(game, state)
    try:
        game.apply(state, move)
    except IllegalMove as exc:
        assert snapshot(game, state) == before, f"refusing {move} changed the state"
        reason = str(exc)
        assert reason, f"refusing {move} gave no reason"
        return reason
    raise AssertionError(f"{move} was accepted")


def events(state, event: str) -> list[dict]:
    """The log's entries of one kind."""
    return [e for e in state.log if e["event"] == event]


def bound(game) -> tuple:
    """`play`, `legal`, `refused` and `snapshot` with `game` bound, as each game's setup
    module offers them to its tests."""
    return tuple(partial(check, game) for check in (play, legal, refused, snapshot))


def canonical(move: Move) -> tuple:
    """A move up to the order of its cards, which does not matter."""
    return (move.kind, tuple(sorted(move.cards)), move.target)


def played_by_value_and_by_text(game, options: dict, seed: int, moves: int):
    """Two games from one deal: the same moves, given to one as values, to the other as text."""
    by_value, by_text = game.new_game(options, seed=seed), game.new_game(options, seed=seed)
    for _ in range(moves):
        if game.is_over(by_value):
            break
        move = game.legal_moves(by_value)[-1]
        game.apply(by_value, move)
        game.apply(by_text, str(move))
    return by_value, by_text


def random_options(game, players: int, rng) -> dict:
    """Options for `players` seats, each other option drawn from its choices (a flag: on or
    off); a mix the game refuses gives way to the defaults."""
    options = {"players": players}
    for option in game.options:
        options[option.key] = rng.choice(option.choices or (False, True))
    try:
        return game.check_options(options)
    except OptionsError:
        return game.check_options({"players": players})


def random_game(game, options: dict, seed: int, moves: int, moves_seed: int):
    """A game of at most `moves` random legal moves, drawn with `moves_seed`."""
    state, rng = game.new_game(options, seed=seed), random.Random(moves_seed)
    while not game.is_over(state) and len(state.history) < moves:
        game.apply(state, rng.choice(game.legal_moves(state)))
    return state


# --- comparing states ------------------------------------------------------------------

def _plain(value):
    if isinstance(value, Card):
        return str(value)
    if isinstance(value, (set, frozenset)):
        return sorted(_plain(v) for v in value)
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, random.Random):
        return repr(value.getstate())
    return value


def snapshot(game, state) -> str:
    """Everything about a state, as text: all its fields and the view of every seat."""
    values = {name: _plain(value) for name, value in vars(state).items()}
    views = [game.view(state, seat) for seat in range(state.players)]
    return json.dumps({"fields": values, "views": views}, sort_keys=True, default=str)


def views_json(game, state) -> list[str]:
    return [json.dumps(game.view(state, seat), sort_keys=True) for seat in range(state.players)]


def unseen(state, seat: int, view: dict) -> set[str]:
    """Card texts `seat` may not know in every game: others' hand cards not in its
    `known`, every stock card but the face-up trump card."""
    secret = {str(c) for c in state.stock if c != state.trump}
    for other in range(state.players):
        if other != seat:
            secret |= {str(c) for c in state.hands[other]} - set(view["known"][other])
    return secret


def shown(secret: set[str], view: dict) -> list[str]:
    """The cards of `secret` whose text appears in `view`."""
    if not secret:
        return []
    return sorted(secret & set(CARD_TOKEN.findall(json.dumps(view))))


# --- copies and comparisons that are fast enough for thousands of games -----------------

def _copy(value):
    if isinstance(value, list):
        return [_copy(v) for v in value]
    if isinstance(value, (set, frozenset)):
        return set(value)  # of cards, which are immutable
    if isinstance(value, dict):
        return {k: _copy(v) for k, v in value.items()}
    if isinstance(value, random.Random):
        twin = random.Random()
        twin.setstate(value.getstate())
        return twin
    return value  # cards, texts, numbers: immutable


APPEND_ONLY = ("log", "history")  # their entries are never changed, only added


def clone(state):
    """An independent copy of a state (a deep copy, without copying immutable cards)."""
    twin = copy.copy(state)
    for name, value in vars(state).items():
        setattr(twin, name, list(value) if name in APPEND_ONLY else _copy(value))
    return twin


def fields(state) -> dict:
    """Every field of the state, comparable with ==."""
    return {name: (value.getstate() if isinstance(value, random.Random)
                   else list(value) if name in APPEND_ONLY else _copy(value))
            for name, value in vars(state).items()}


# --- checks at a position --------------------------------------------------------------

def check_refuses(game, state, rng, tries: int, random_move):
    """`tries` moves from `random_move(state, rng)` that are not offered are refused,
    with a reason and without a trace."""
    offered = {canonical(m) for m in game.legal_moves(state)}
    for _ in range(tries):
        move = random_move(state, rng)
        if canonical(move) in offered:
            continue
        before = fields(state)
        try:
            game.apply(state, rng.choice([move, str(move)]))
        except IllegalMove as exc:
            assert str(exc), f"{move} refused without a reason"
        else:
            raise AssertionError(f"{move} was accepted but not offered")
        assert fields(state) == before, f"refusing {move} changed the state"


def check_offered_apply(game, state, rng, tries: int, check_conserved):
    """Every offered move reads back from its text; up to `tries` of them, each played on a
    copy, keep the cards conserved."""
    moves = game.legal_moves(state)
    assert moves, "the seat to act has no move"
    assert len(set(moves)) == len(moves), "a move is offered twice"
    for move in moves:
        assert Move.parse(str(move)) == move, f"{move} does not read back from its text"
    for move in rng.sample(moves, min(tries, len(moves))):
        trial = clone(state)
        game.apply(trial, move)
        check_conserved(trial)


def check_worlds(game, state, rng):
    """A world dealt from any seat's view (in a game still on) has the same seat to act,
    with a move to make."""
    for seat in range(state.players):
        world = game.determinize(game.view(state, seat), rng)
        assert world.to_act == state.to_act, \
            f"the world dealt from seat {seat}'s view has seat {world.to_act} to act"
        assert game.legal_moves(world), \
            f"seat {state.to_act} has no move in the world dealt from seat {seat}'s view"


def check_determinize(game, state, seat: int, rng, check_conserved):
    """A world dealt from `seat`'s view looks the same from that seat, and plays on."""
    view = game.view(state, seat)
    seen = json.dumps(view)
    world = game.determinize(view, rng)
    assert json.dumps(view) == seen, "determinize changed the view"
    check_conserved(world)
    again = game.view(world, seat)
    view.pop("log"), again.pop("log")
    assert again == view, "the determinized world looks different from that seat"
    if seat == state.to_act:  # the world plays on
        game.apply(world, rng.choice(game.legal_moves(world)))
        check_conserved(world)


def check_legal_shown(game, state, seat: int, view: dict):
    """The seat to act sees exactly the offered moves; the others see none."""
    if seat == state.to_act:
        offered = {str(m) for m in game.legal_moves(state)}
        assert {m["text"] for m in view["legal"]} == offered
    else:
        assert view["legal"] == []


class ViewWatcher:
    """Checks every seat's view; reads each seat's log once, as it grows (the log is
    append-only and long: rescanning it after every move would cost quadratic time).

    A game's watcher names its `game`, what a seat may not know (`secrets`) and what
    else its views show (`check_seat`)."""

    game = None

    def __init__(self, players: int):
        self.read = [0] * players
        self.log_cards = [set() for _ in range(players)]

    def secrets(self, state, seat: int, view: dict) -> set[str]:
        raise NotImplementedError

    def check_seat(self, state, seat: int, view: dict):
        pass

    def new_log_cards(self, seat: int, log: list) -> set[str]:
        new = log[self.read[seat]:]
        self.read[seat] = len(log)
        new_text = json.dumps(new)
        assert json.loads(new_text) == new, "the log is not plain JSON"
        self.log_cards[seat] |= set(CARD_TOKEN.findall(new_text))
        return self.log_cards[seat]

    def check(self, state):
        for seat in range(state.players):
            view = self.game.view(state, seat)
            log_cards = self.new_log_cards(seat, view.pop("log"))
            text = json.dumps(view)
            assert json.loads(text) == view, "the view is not plain JSON"
            assert sorted(view["hand"]) == sorted(str(c) for c in state.hands[seat])
            assert view["hand_sizes"] == [len(h) for h in state.hands]
            check_legal_shown(self.game, state, seat, view)
            self.check_seat(state, seat, view)
            secret = self.secrets(state, seat, view)
            seen = set(CARD_TOKEN.findall(text)) | log_cards
            assert not secret & seen, f"seat {seat} sees hidden cards {sorted(secret & seen)}"

    def check_end(self, state):
        """The views at the end, and the whole of each, log and all, once."""
        self.check(state)
        for seat in range(state.players):
            view = self.game.view(state, seat)
            assert not shown(self.secrets(state, seat, view), view), \
                f"seat {seat} sees hidden cards at the end"


class Referee:
    """The checks to make at positions of one game: its views (`watcher`), `refuse`
    random moves, `offered` moves on copies, a `determinize`d world."""

    def __init__(self, game, rng, check_conserved, random_move, watcher=None,
                 refuse=0, offered=0, determinize=False):
        self.game, self.rng, self.watcher = game, rng, watcher
        self.check_conserved, self.random_move = check_conserved, random_move
        self.refuse, self.offered, self.determinize = refuse, offered, determinize

    def check(self, state):
        game, rng = self.game, self.rng
        if self.watcher:
            self.watcher.check(state)
        if self.refuse:
            check_refuses(game, state, rng, self.refuse, self.random_move)
        if self.offered:
            check_offered_apply(game, state, rng, self.offered, self.check_conserved)
        if self.determinize:
            check_determinize(game, state, rng.randrange(state.players), rng, self.check_conserved)

    def check_end(self, state):
        if self.watcher:
            self.watcher.check_end(state)


# --- checks of whole games -------------------------------------------------------------

def check_replay(game, state, options: dict, seed: int, match, cut: int):
    """Seed + moves replay `state`, whole and cut after `cut` moves."""
    again = game.replay(options, seed, state.history, match)
    assert views_json(game, again) == views_json(game, state)
    assert snapshot(game, again) == snapshot(game, state)
    part = game.replay(options, seed, state.history[:cut], match)
    assert part.history == state.history[:cut]
    assert game.replay(options, seed, part.history, match).log == part.log


def check_players_choose_legal_moves(game, state, players, styles, bound: int, check_conserved):
    """Each seat's player chooses from its own view, leaves the view alone and picks an
    offered move, until the game ends."""
    steps = 0
    while not game.is_over(state):
        assert steps < bound
        seat = state.to_act
        view = game.view(state, seat)
        seen = json.dumps(view) if steps % 10 == 0 else None
        move = players[seat].choose(view)
        assert seen is None or json.dumps(view) == seen, \
            f"{styles[seat]} changed the view it was given"
        assert move in game.legal_moves(state), f"{styles[seat]} chose {move}"
        game.apply(state, move)
        check_conserved(state)
        steps += 1


def ask_search_player(game, state, player):
    """The searching player leaves the view alone and chooses an offered move; play it."""
    view = game.view(state, state.to_act)
    seen = copy.deepcopy(view)
    move = player.choose(view)
    assert view == seen, "the search player changed the view it was given"
    assert move in game.legal_moves(state), f"search chose {move}"
    game.apply(state, move)


# --- the contract: one random game of any game, checked as its adapter says -----------------

def configs_of(game) -> list[dict]:
    """Every mix of option values the game accepts, for every player count."""
    configs = [{}]
    for option in game.all_options():
        configs = [{**c, option.key: v} for c in configs for v in option.choices or (False, True)]
    valid = []
    for options in configs:
        try:
            game.check_options(options)
        except OptionsError:
            continue
        valid.append(options)
    return valid


class Adapter:
    """What the contract (test_contract.py) must be told about one game beyond the protocol:
    its cards (`check_conserved`), its results (`check_result`), what its seats may not see
    (`watcher`), near-legal moves to refuse (`random_move`), how its seats choose in a checked
    game (`mover`), and how many examples of each property it gets (`checks`).

    `checks` maps a property of test_contract.py to its number of examples for this game (over
    all its player counts) and how often the checks run in a game (`every`, and `refuse`
    and `offered` moves per checked position)."""

    game = None
    configs: list[dict] = []  # the options played, each with its "players"
    bound = 3000  # the most moves a game may take
    checks: dict[str, dict] = {}
    DEFAULT_CHECKS = {"levels": {"examples": 40}, "search": {"examples": 3},
                      "worlds": {"examples": 20, "every": 2}, "saves": {"examples": 10}}

    def check(self, key: str) -> dict:
        return {**self.DEFAULT_CHECKS.get(key, {}), **self.checks.get(key, {})}

    def random_match(self, rng, options: dict) -> dict | None:
        """What a previous deal carries over (or None), drawn with rng."""
        return None

    def check_conserved(self, state):
        raise NotImplementedError

    def check_result(self, state, match):
        raise NotImplementedError

    def random_move(self, state, rng) -> Move:
        raise NotImplementedError

    def check_start(self, state, match):
        """The deal, as the options and match say."""

    def check_position(self, state):
        """Before each move of a checked game."""

    def before_move(self, state):
        """What after_move needs to know of the position before the move."""
        return len(state.log)

    def after_move(self, state, before, views: bool):
        """After each move of a checked game (`views`: the game checks views)."""

    def watcher(self, state, rng):
        """The checker of every seat's view: check(state) and check_end(state)."""
        return None

    def mover(self, state, moves_seed):
        """How the seats choose in a checked game: a function of the state to a move."""
        rng = random.Random(moves_seed)
        return lambda state: rng.choice(self.game.legal_moves(state))

    def fix_styles(self, styles: list[str]) -> list[str]:
        """AI styles drawn for the seats, changed where the game needs (see the games)."""
        return styles


def run_game(adapter, options, seed, moves_seed, match, views=False, refuse=0, offered=0,
             determinize=False, every=1, prepare=None, choose=None):
    """Play one game as the adapter's mover (or `choose`) plays it, checking its cards after
    every move and, at every `every`-th position, its views, refusals of `refuse` random moves,
    `offered` moves on copies and a determinized world; then its result. `prepare` may change
    the state before the first move. Returns the final state."""
    game = adapter.game
    state = game.new_game(options, seed, match)
    if prepare:
        prepare(state)
    adapter.check_start(state, match)
    rng = random.Random(moves_seed)
    choose = choose or adapter.mover(state, moves_seed + 1)
    adapter.check_conserved(state)
    referee = Referee(game, rng, adapter.check_conserved, adapter.random_move,
                      adapter.watcher(state, rng) if views else None, refuse, offered,
                      determinize)
    steps = 0
    while not game.is_over(state):
        assert steps < adapter.bound, f"the game did not end within {adapter.bound} moves"
        adapter.check_position(state)
        if steps % every == 0:
            referee.check(state)
        move = choose(state)
        assert move in game.legal_moves(state), f"{move} was chosen but not offered"
        before = adapter.before_move(state)
        game.apply(state, move)
        adapter.check_conserved(state)
        adapter.after_move(state, before, views)
        steps += 1
    assert steps == len(state.history)
    adapter.check_result(state, match)
    referee.check_end(state)
    return state
