"""High card's table: the other seat's backs, the two cards played in the middle, the hand (the
contract's), the log's sentences, the game-over panel and its own statistics figure."""

from __future__ import annotations

from html import escape

from kozyr.cards import card
from ui.i18n import N_, _
from ui.parts.cards import back_html, card_html, label
from ui.parts.look import Look
from ui.parts.seats import nameplate, seat_classes
from ui.parts.words import Speaker
from ui.tables.base import Outcome, Table
from ui.tables.log_words import names_and


class HighCardTable(Table):
    game = "highcard"
    kind = "highcard-table"
    figures = ("aces",)
    figure_words = {"aces": N_("aces played")}
    result_fields = (*Table.result_fields, "winners")

    def facts(self, v: dict, look: Look) -> list[str]:
        return [_("one card each")]

    def opponent(self, v: dict, seat: int, look: Look) -> str:
        fan = "".join(back_html() for _k in range(v["hand_sizes"][seat]))
        return (f'<div class="{" ".join(seat_classes(v, seat, look))}" data-seat="{seat}">'
                f'<div class="fan">{fan}</div>{nameplate(v, seat, look, "")}</div>')

    def middle(self, v: dict, look: Look) -> str:
        cards = "".join(card_html(c, "played") for c in v["played"] if c)
        return f'<div class="bout" id="bout">{cards}</div>'

    def prompt(self, v: dict, look: Look) -> str:
        if v["phase"] == "over":
            return escape(_("Game over."))
        if v["to_act"] != look.human:
            return escape(_("{who} is to play…", who=Speaker(look.names, look.human).who(
                v["to_act"])))
        return escape(_("Play a card: the higher rank wins."))

    def outcome(self, v: dict, look: Look, sp: Speaker) -> Outcome | None:
        r = v.get("result")
        if not r:
            return None
        mood = "draw" if r["draw"] else ("won" if r["winners"] == [look.human] else "lost")
        title = {"draw": _("A draw"), "won": _("You won!"), "lost": _("You lost")}[mood]
        rows = [f'<li data-seat="{s}">{escape(sp.who(s))} {escape(label(c))}</li>'
                for s, c in enumerate(v["played"])]
        return Outcome(mood, title, self.ended(r["winners"], sp), rows)

    def log_lines(self, v: dict, sp: Speaker) -> list[tuple[str, str]]:
        rows = []
        for ev in v["log"]:
            seat = ev.get("seat")
            if ev["event"] == "deal":
                rows.append(("deal", sp.says(seat, N_("You deal."), N_("{who} deals."))))
            elif ev["event"] == "play":
                rows.append(("play", sp.says(seat, N_("You play {card}."),
                                             N_("{who} plays {card}."),
                                             card=label(ev["cards"][0]))))
            elif ev["event"] == "end":
                rows.append(("end", self.ended(ev["winners"], sp)))
        return rows

    def ended(self, winners: list[int], sp: Speaker) -> str:
        if len(winners) > 1:
            return _("{names} play cards of one rank: a draw.", names=names_and(
                [sp.who(s) for s in winners]))
        return sp.says(winners[0], N_("You play the higher card."),
                       N_("{who} plays the higher card."))

    def discards(self, v: dict) -> str:
        return ""

    def figures_of(self, result: dict, log: list[dict], seat: int) -> dict:
        return {"aces": sum(1 for ev in log if ev.get("event") == "play"
                            and ev.get("seat") == seat and card(ev["cards"][0]).rank == "A")}
