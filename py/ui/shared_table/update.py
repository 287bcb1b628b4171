"""A table shared between browsers: the host taking what its guests say (each for its own
seat only, every move checked by the engine), and a guest taking what the host says (its
seat's views, refusals, the deal once it is over)."""

from __future__ import annotations

from dataclasses import replace

from kozyr.protocol import Reason
from kozyr.session import Session

from .. import messages as m
from ..i18n import _
from ..model import RECENT_KEY, InPlay, Model, Motion, Result
from ..parts.words import Person, reason_text, seat_names
from ..play import recent as rc
from ..play import results
from ..play.handoff import look_elsewhere
from ..play.sheets import store_prefs
from ..play.sounds import move_sound, sounds
from ..play.table_life import after_move, announce, record_result, refresh, store_game
from ..setup.options import sentence
from ..tables import TABLES
from . import codes, host, ice, talk, wire
from .mirror import Mirror
from .model import Guesting
from .view import lost_words, waiting_guest

# --- the host ---------------------------------------------------------------------------------

def seat_names_for(session: Session, people: dict[int, str]) -> tuple:
    """The seats' names after a guest's seat went to a computer."""
    return tuple(seat_names(session.options["players"], session.human,
                            people if len(people) > 1 else None))


def guest_joined(model: Model, msg: talk.GuestJoined, now: float) -> Result:
    in_play = model.in_play
    if in_play is None or msg.seat not in in_play.guests:
        return model, []
    model = _link(model, msg.seat, "here", invites=_without(model.sharing.invites, msg.seat),
                  reasons=_without(model.sharing.reasons, msg.seat))
    # TRANSLATORS: said on the host's page when a guest's page connected; {name} is the guest
    line = _("{name} has joined the table.", name=str(in_play.names[msg.seat]))
    welcome = talk.ToGuest(msg.seat, host.welcome(in_play, msg.seat))
    return model, [welcome, m.Say((line,))]


def link_route(model: Model, msg: talk.LinkRoute, now: float) -> Result:
    """How a guest's open connection goes: their seat says it."""
    if model.sharing.links.get(msg.seat) != "here":
        return model, []
    sharing = model.sharing
    return replace(model, sharing=replace(sharing, routes={**sharing.routes,
                                                           msg.seat: msg.route})), []


def guest_left(model: Model, msg: talk.GuestLeft, now: float) -> Result:
    if model.sharing.links.get(msg.seat) != "here":
        return model, []
    return _link(model, msg.seat, "away", routes=_without(model.sharing.routes, msg.seat)), []


def guest_said(model: Model, msg: talk.GuestSaid, now: float) -> Result:
    """A guest's message, for its own seat: junk or a message it may not send is dropped
    with a note in the host's console, and the game goes on."""
    in_play = model.in_play
    if in_play is None or model.sharing.links.get(msg.seat) != "here":
        return model, []
    try:
        said = wire.decode(msg.text, wire.FROM_GUEST)
    except wire.WireError as exc:
        return model, [dropped(msg.seat, str(exc))]
    if said["kind"] == "move":
        return guest_move(model, msg.seat, said, now)
    if said["kind"] == "ui":
        ui = host.guest_ui(said["ui"])
        if ui is None:
            return model, [dropped(msg.seat, "a table state it cannot have")]
        return replace(model, in_play=replace(in_play, away={**in_play.away, msg.seat: ui})), []
    if said["kind"] == "react":  # checked and shown, then sent on to the other guests
        return model, [m.Next(m.ReactionCame(msg.seat, said["reaction"]))]
    if said["kind"] == "bye":
        return guest_left(model, talk.GuestLeft(msg.seat), now)
    return model, []


def dropped(seat: int, why: str) -> m.Console:
    return m.Console("warn", f"kozyr: dropped a message from the guest in seat {seat + 1}: {why}")


def guest_move(model: Model, seat: int, said: dict, now: float) -> Result:
    """The guest's move, made if the engine takes it for the guest's seat now; else the
    guest hears why, and nothing changes."""
    in_play = model.in_play
    session = in_play.session
    if said["version"] != in_play.version:
        # (reasons go as message ids: the guest's page words them in its own language)
        # TRANSLATORS: a guest's move arrived for a table that has changed since it was sent
        reason = Reason("the table changed before your move arrived: look again")
        return model, [talk.ToGuest(seat, host.refusal(reason, in_play.version))]
    reason = session.why_not_move(said["text"]) if session.to_act == seat else (
        Reason("it is not your turn"))
    looking = look_elsewhere(in_play, seat)
    if not reason and looking is not None:  # everyone waits while a person memorises
        # TRANSLATORS: a guest's move arrived while another player memorises their pile
        reason = Reason("wait: {who} is looking at their pile",
                        who=str(in_play.names[looking] or ""))
    if reason:
        return model, [talk.ToGuest(seat, host.refusal(reason, in_play.version))]
    before = session.view(in_play.seat if in_play.seat is not None else seat)
    fork = session.fork()
    fork.play_human(said["text"])
    return after_move(model, fork, before, seat, now)


# --- the host's invites --------------------------------------------------------------------------

def _link(model: Model, seat: int, state: str, **change) -> Model:
    sharing = model.sharing
    return replace(model, sharing=replace(sharing, links={**sharing.links, seat: state},
                                          **change))


def _without(mapping: dict, seat: int) -> dict:
    return {s: v for s, v in mapping.items() if s != seat}


def invite_made(model: Model, msg: talk.InviteMade, now: float) -> Result:
    if model.sharing.links.get(msg.seat) != "inviting":
        return model, []
    model = _link(model, msg.seat, "invited", invites={**model.sharing.invites, msg.seat: msg.url},
                  answers=_without(model.sharing.answers, msg.seat))
    model = replace(model, sharing=replace(model.sharing, nat=msg.nat,
                                           servers=tuple(msg.servers)))
    if waiting_guest(model) != msg.seat or model.sheet is not None:
        return model, []
    return model, [m.FocusOn("#invite [data-first]")]  # the invite's first step (view.py)


def across(model: Model, msg: talk.Across, now: float) -> Result:
    """"Friend on another network?" answered, on the host's page or a guest's: remembered on
    this device. On the host's, a yes makes every invite not yet taken anew, with the servers
    (a no keeps the invites as they are: made without); a guest's page answers its invite."""
    prefs = replace(model.prefs, across="allow" if msg.allow else "never")
    model = replace(model, prefs=prefs)
    effects = [store_prefs(model)]
    guesting = model.guesting
    if guesting is not None and guesting.status == "asking":
        used = guesting.servers if msg.allow else ()
        model = replace(model, guesting=replace(guesting, status="joining", used=used))
        return model, effects + [talk.AnswerInvite(guesting.code, used)]
    sharing = model.sharing
    if host.servers_for(model) == sharing.servers:
        return model, effects
    waiting = [s for s, state in sharing.links.items() if state in ("invited", "failed")]
    links = {**sharing.links, **{s: "inviting" for s in waiting}}
    invites = {s: u for s, u in sharing.invites.items() if s not in waiting}
    return replace(model, sharing=replace(sharing, links=links, invites=invites)), effects


def connect(model: Model, msg: talk.Connect, now: float) -> Result:
    """The guest's answer pasted: the connection is made (or the page says why not)."""
    answer = "".join(msg.answer.split())  # a code pasted across lines
    if model.in_play is None or model.sharing.links.get(msg.seat) not in ("invited", "failed"):
        return model, []
    if not answer:
        # TRANSLATORS: Connect pressed with the answer field empty
        return replace(model, notice=_("Paste the answer your guest's page shows, then "
                                       "press Connect.")), []
    return (replace(_link(model, msg.seat, "connecting"), notice=""),
            [talk.AcceptAnswer(msg.seat, answer)])


def link_failed(model: Model, msg: talk.LinkFailed, now: float) -> Result:
    in_play = model.in_play
    if in_play is None or msg.seat not in model.sharing.links:
        return model, []
    sharing = model.sharing
    state = "away" if sharing.links.get(msg.seat) == "here" else "failed"
    return _link(model, msg.seat, state, reasons={**sharing.reasons, msg.seat: msg.reason},
                 routes=_without(sharing.routes, msg.seat)), []


def reinvite(model: Model, msg: talk.Reinvite, now: float) -> Result:
    if model.sharing.links.get(msg.seat) not in ("away", "failed", "invited"):
        return model, []
    return _link(model, msg.seat, "inviting",
                 invites=_without(model.sharing.invites, msg.seat)), []  # the shell makes it


def give_seat(model: Model, msg: talk.GiveSeat, now: float) -> Result:
    """A computer opponent of the table's level takes the seat of a guest who went away:
    the game goes on from where it is, as saved."""
    in_play = model.in_play
    if in_play is None or model.sharing.links.get(msg.seat) in (None, "here"):
        return model, []
    old = in_play.session
    data = {**old.save(), "people": [p for p in old.people if p != msg.seat]}
    data["human"] = data["people"][0]
    if len(data["people"]) == 1:
        del data["people"]
    session = Session.load(data)
    guests = tuple(g for g in in_play.guests if g != msg.seat)
    names = dict(zip(old.people, in_play.people))
    names.pop(msg.seat)
    model = replace(model, sharing=replace(model.sharing,
                                           links=_without(model.sharing.links, msg.seat)))
    in_play = replace(in_play, session=session, guests=guests,
                      people=tuple(names.values()) if len(names) > 1 else (),
                      names=seat_names_for(session, names), version=in_play.version + 1)
    model, effects = store_game(refresh(replace(model, in_play=in_play), now))
    model, heard = announce(model, turn_began=True)
    return model, effects + heard


# --- a guest ----------------------------------------------------------------------------------

def join(model: Model, msg: talk.Join, now: float) -> Result:
    """This page opened an invite: it answers, and shows the answer to give the host. An
    invite that carries servers asks first, unless this device's answer is remembered."""
    carried = tuple(msg.servers)
    model = replace(model, screen="join", in_play=None, sheet=None)
    if carried and model.prefs.across == "ask":
        return replace(model, guesting=Guesting(status="asking", code=msg.code,
                                                servers=carried)), []
    used = carried if model.prefs.across == "allow" else ()
    guesting = Guesting(status="joining", code=msg.code, servers=carried, used=used)
    return replace(model, guesting=guesting), [talk.AnswerInvite(msg.code, used)]


def answer_made(model: Model, msg: talk.AnswerMade, now: float) -> Result:
    if model.guesting is None:
        return model, []
    return replace(model, guesting=replace(model.guesting, answer=msg.code, nat=msg.nat)), []


def host_route(model: Model, msg: talk.HostRoute, now: float) -> Result:
    if model.guesting is None:
        return model, []
    return replace(model, guesting=replace(model.guesting, route=msg.route)), []


def host_lost(model: Model, msg: talk.HostLost, now: float) -> Result:
    if model.guesting is None:
        return model, []
    guesting = replace(model.guesting, status="lost", reason=msg.reason)
    return replace(model, guesting=guesting, screen="join"), [m.Say((lost_words(guesting),))]


def host_said(model: Model, msg: talk.HostSaid, now: float) -> Result:
    guesting = model.guesting
    if guesting is None:
        return model, []
    try:
        said = wire.decode(msg.text, wire.FROM_HOST)
    except wire.WireError as exc:
        return model, [m.Console("warn", f"kozyr: dropped a message from the host: {exc}")]
    kind = said["kind"]
    if kind == "seat":
        names = tuple(guest_name(n) for n in said["names"])
        return replace(model, guesting=replace(guesting, seat=said["seat"], game=said["game"],
                                               names=names, status="here",
                                               dealt=said["deal"])), []
    if kind in ("log", "view"):  # new events of the log, where they go in it
        if said["log_from"] > len(guesting.log):
            return model, [m.Console("warn", "kozyr: dropped a view that skips log events")]
        guesting = replace(guesting, log=guesting.log[:said["log_from"]] + tuple(said["log"]))
        model = replace(model, guesting=guesting)
    if kind == "view" and guesting.seat >= 0:
        view = {**said["view"], "log": list(guesting.log)}
        shown = model.in_play.session if model.in_play is not None else None
        if isinstance(shown, Mirror) and (shown.version, shown.view()) == (said["version"], view):
            return model, []  # the table as it is already: what arrived is still arriving
        return mirrored(model, Mirror(guesting.game, guesting.seat, view, said["version"]), now)
    if kind == "refused" and model.in_play is not None:
        line = sentence(reason_text(wire.reason_of(said["reason"])))
        return replace(model, in_play=replace(model.in_play, hint=line)), [
            m.Say((line,)), *sounds(model, "refused")]
    if kind == "deal":  # the game is over: its deal, for this page's replay and recent deals
        return kept_deal(model, said["deal"], now)
    if kind == "react" and isinstance(model.in_play.session if model.in_play else None, Mirror):
        # another seat's reaction, passed on by the host (shown once this page is at the table)
        return model, [m.Next(m.ReactionCame(said["seat"], said["reaction"], passed=True))]
    if kind == "bye":
        return replace(model, guesting=replace(guesting, status="lost")), []
    return model, []


def kept_deal(model: Model, deal: dict, now: float) -> Result:
    """The finished deal the host sent, if it replays to its end from this guest's seat: the
    replay opens from the game-over panel, and it goes first in the recent deals."""
    deal = rc.checked(deal)
    if deal is None or deal.get("human") != model.guesting.seat or model.guesting.deal == deal:
        return model, []
    in_play = model.in_play
    outcome = results.outcome(in_play.session.result() or {}, deal["human"]) if in_play else ""
    recent = rc.add_recent(model.recent, {**deal, "outcome": outcome, "when": int(now)})
    return (replace(model, guesting=replace(model.guesting, deal=deal), recent=recent),
            [m.Store(RECENT_KEY, rc.dumps(list(recent)))])


def guest_name(data) -> str | None:
    """A seat's name as the host sent it, as this page words it."""
    if isinstance(data, dict) and isinstance(data.get("person"), str):
        return Person(data["person"])
    if isinstance(data, dict) and isinstance(data.get("computer"), str):
        return data["computer"]
    return None  # "you"


def mirrored(model: Model, mirror: Mirror, now: float) -> Result:
    """The host's new view of this guest's seat at the table: what moved, the guest's own
    record of a finished game, and what screen readers hear."""
    in_play, guesting = model.in_play, model.guesting
    table = TABLES[mirror.game.name]
    view = mirror.view()
    if (in_play is None or not isinstance(in_play.session, Mirror)
            or guesting.shown != guesting.dealt):  # a first view, or a new deal
        in_play = InPlay(session=mirror, names=guesting.names, seat=mirror.seat,
                         deal_index=model.deals + 1, version=mirror.version,
                         motion=Motion(fresh=frozenset(table.arrivals(view))))
        model = replace(model, in_play=in_play, deals=model.deals + 1, screen="table",
                        guesting=replace(guesting, shown=guesting.dealt))
        turn_began, heard = True, sounds(model, "deal")
    else:
        before = in_play.session.view()
        turn_began = before["to_act"] != mirror.seat
        heard = sounds(model, move_sound(table.sounds, before, view))
        fresh = frozenset(table.arrivals(view) - table.arrivals(before))
        in_play = replace(in_play, session=mirror, version=mirror.version, selection=(),
                          drag=None, hint="", hinted="", motion=Motion(fresh, None, None))
        model = replace(model, in_play=in_play)
    model, effects = record_result(model)
    model, told = store_game(refresh(model, now))
    model, said = announce(model, turn_began)
    return model, [e for e in effects if not isinstance(e, m.Notify)] + told + heard + said


def setting(model: Model, msg: m.Setting, now: float) -> Result:
    """The settings of friends on other networks: the servers (each checked: a wrong one is
    said, and nothing changes) and whether to use them (ask, allow, never)."""
    prefs, value = model.prefs, msg.value
    if msg.key == "ice" and isinstance(value, str):
        urls = tuple(u.strip() for u in value.replace(",", "\n").splitlines() if u.strip())
        try:
            urls = tuple(ice.parse(u).text() for u in urls)
        except ice.BadServer as exc:
            bad = next(u for u in urls if not ice.valid(u))
            return replace(model, notice=_(str(exc), text=bad)), []
        prefs, model = replace(prefs, ice=urls), replace(model, notice="")
    elif msg.key == "across" and value in ice.CONSENTS:
        prefs = replace(prefs, across=value)
    else:
        return model, []
    model = replace(model, prefs=prefs)
    return model, [store_prefs(model)]


def reacted(model: Model, msg: m.Reacted, now: float) -> Result:
    """A reaction shown at this page, sent on: a guest's own to the host, which passes it on;
    on the host's page to every guest at the table but the one who made it."""
    in_play = model.in_play
    if in_play is None:
        return model, []
    if isinstance(in_play.session, Mirror):
        return model, [talk.ToHost(wire.encode("react", reaction=msg.reaction))]
    text = wire.encode("react", seat=msg.seat, reaction=msg.reaction)
    here = model.sharing.here()
    return model, [talk.ToGuest(g, text) for g in in_play.guests if g in here and g != msg.seat]


HANDLERS = {
    talk.GuestJoined: guest_joined, talk.GuestLeft: guest_left, talk.GuestSaid: guest_said,
    talk.HostSaid: host_said, talk.InviteMade: invite_made, talk.Connect: connect,
    talk.LinkFailed: link_failed, talk.Reinvite: reinvite, talk.GiveSeat: give_seat,
    talk.Join: join, talk.AnswerMade: answer_made, talk.HostLost: host_lost,
    talk.Across: across, talk.LinkRoute: link_route, talk.HostRoute: host_route,
    m.Reacted: reacted, **codes.HANDLERS,
}
