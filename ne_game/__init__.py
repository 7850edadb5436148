"""New England — a digital edition of the 2003 board game by Alan R. Moon and Aaron Weissblum."""

__version__ = "0.1.0"
