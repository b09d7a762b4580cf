"""`rulelang simulate` and `rulelang sweep`: many bot games of a rules file, and what a designer wants to know of them.

run      the simulate command: the report (win shares with intervals, lengths, stats, fairness) and its rendering
sweep    the sweep command: one simulation per cell of players x option values, as a table, JSON, CSV or a plot
chunks   seeds cut into chunks, what one chunk counts, and how counts merge exactly in any order
cluster  where chunks run: this process, local processes, or a Dask distributed cluster
one      one bot game, as plain data
stall    games that do not end: the turn and decision limits, and what a stalled game repeated
"""
