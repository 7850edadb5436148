"""What moves at the table: tweens, the animations built from session events, and the pacing of computer seats and hints."""
