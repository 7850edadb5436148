"""Phones as each player's private hand and controller (docs/phones.md).

`PhoneHost` (host.py) is the game's side, `NetServer` (server.py) the network's: one asyncio
loop in one worker thread serving the page (web/) and the WebSocket. `protocol` reads and
writes the messages; `qr` draws the addresses as QR codes; `lan` finds this machine's address
without sending a packet. No pygame and no UI here: the window and the headless host
(`ne-game host`) both use this package."""
from __future__ import annotations

from .host import DEFAULT_PORT, PhoneHost, PhoneSeat
from .lan import lan_address
from .qr import qr_matrix, qr_png, qr_text
from .server import Inbound, Limits, NetServer

__all__ = ["PhoneHost", "PhoneSeat", "DEFAULT_PORT", "NetServer", "Limits", "Inbound", "lan_address",
           "qr_matrix", "qr_png", "qr_text"]
