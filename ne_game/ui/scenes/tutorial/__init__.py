"""The tutorial's screen: the table with a gate on its intents, and the lesson card."""
