"""The rules of Chinese Ten: cards, actions, deals, what a seat sees. Pure."""
