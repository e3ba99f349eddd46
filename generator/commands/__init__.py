"""One file a command; each defines `command`, a click command. Shared options live in options.py."""
