"""One file a command; each defines `command`, a click command. Shared options live in options.py.
Not here: what a command does beyond parsing its options and calling the stages."""
