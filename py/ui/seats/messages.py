"""What the people at one device do at the handoff."""

from __future__ import annotations

from ..messages import Message


class TakeSeat(Message):
    """The person the device was passed to says it is them ("I am Boris")."""

    seat: int
