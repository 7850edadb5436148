"""Phones at the table (docs/phones.md): the host that serves the phone seats while the table
is open, the QR codes and the phones' presence on the TV, and what the TV offers when a phone
stays away. `model.py` decides (pure), `draw.py` draws, `part.py` joins them to the scene."""
from __future__ import annotations

from .part import PhoneSeats

__all__ = ["PhoneSeats"]
