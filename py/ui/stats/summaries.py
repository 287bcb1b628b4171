"""What the screens say about the stored game and the record, in a few words."""

from __future__ import annotations

from ..i18n import _, n_, p_
from ..model import Model
from ..storage import read_json
from . import model as st


def save_summary(model: Model) -> str | None:
    """The saved game in a few words, for the first screen's Continue button."""
    if not model.saved:
        return None
    data = read_json(model.saved)
    if data is None:
        return _("a game in progress")
    opts, game = data.get("options") or {}, model.game_info(data.get("game")) or {}
    if not isinstance(opts, dict):
        return _("a game in progress")
    title = game.get("title")
    title = p_("game", title) if title is not None else str(data.get("game"))
    seats = opts.get("players")
    # (a value no number, from a damaged save, is shown as it was saved)
    players = n_("{n} player", "{n} players", seats) if _whole(seats) else f"{seats} players"
    # TRANSLATORS: how far the saved game went, beside the Continue button
    moves = n_("{n} move played", "{n} moves played", len(data.get("moves") or []))
    names = data.get("names")  # several people at this device: named after the rest
    if isinstance(names, list) and all(isinstance(n, str) for n in names) and len(names) > 1:
        moves = f'{moves} · {_(", ").join(names)}'
    if "deck" in opts:
        size = opts["deck"]
        deck = n_("{n} card", "{n} cards", size) if _whole(size) else f"{size} cards"
        # TRANSLATORS: the saved game beside the Continue button: "Durak, 3 players, 36 cards ·
        # 12 moves played"
        return _("{game}, {players}, {deck} · {moves}", game=title, players=players,
                 deck=deck, moves=moves)
    # TRANSLATORS: the saved game beside the Continue button: "Memory, 4 players · 12 moves played"
    return _("{game}, {players} · {moves}", game=title, players=players, moves=moves)


def _whole(n) -> bool:
    return isinstance(n, int) and not isinstance(n, bool)


def record_line(model: Model) -> str:
    """The person's record at this game, under the game-over panel."""
    in_play = model.in_play
    mine = st.totals(model.stats, in_play.game) if in_play else None
    if not mine:
        return ""
    won, lost, draw = mine["won"], mine["lost"], mine["draw"]
    # TRANSLATORS: games won, lost and drawn, in the record under the game-over panel
    parts = [n_("{n} won", "{n} won", won), n_("{n} lost", "{n} lost", lost)]
    if draw:
        parts.append(n_("{n} drawn", "{n} drawn", draw))
    return _("Your {game} record in this browser: {record}",
             game=p_("game", in_play.session.game.title), record=_(", ").join(parts))
