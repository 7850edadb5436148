"""This machine's address on the home network, found without sending a packet.

`connect()` on a UDP socket only asks the kernel which local address would route to the
target; a datagram socket sends nothing until `send`. The target is a private address (no
public service is named, and nothing leaves the machine either way)."""
from __future__ import annotations

import ipaddress
import logging
import socket

log = logging.getLogger(__name__)

LOOPBACK = "127.0.0.1"
# Any private address routes through the LAN interface; nothing is sent to it.
_ROUTE_PROBE = ("10.255.255.255", 9)


def lan_address() -> str:
    """The IPv4 address phones on the same network reach this machine at, or 127.0.0.1 when
    the machine has no network (then only this machine's own browser can join)."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(_ROUTE_PROBE)      # UDP: picks the route, sends no packet
            address = str(probe.getsockname()[0])
    except OSError as err:
        log.info("no network route for the phones' address (%s); using %s", err, LOOPBACK)
        return LOOPBACK
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return LOOPBACK
    if ip.is_unspecified:
        return LOOPBACK
    return address


def is_ip_literal(host: str) -> bool:
    """True for '192.168.1.5' or '::1' (not for a name a DNS server could point anywhere)."""
    try:
        ipaddress.ip_address(host.strip("[]"))
    except ValueError:
        return False
    return True
