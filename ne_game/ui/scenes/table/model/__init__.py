"""The table's model (no pygame): facts of a position, the view-model, what is legal now, the focus, the log, the recap, words, geometry, the Hint."""
