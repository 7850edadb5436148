"""The table's input: what a target means now (intents), the commands, the pointer and focus controls, the press guard, the hit test."""
