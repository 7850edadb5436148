"""The table's drawing: pure functions of (surface, layout, style, view), the layout's geometry, the pieces' pictures."""
