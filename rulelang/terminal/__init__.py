"""The terminal program: people and bots at one keyboard on a prompt_toolkit prompt — the game loop and its
commands (`host`), the rule editor (`editor`), the help and rules texts (`summary`) and `rulelang replay`."""
