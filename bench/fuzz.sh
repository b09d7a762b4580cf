#!/bin/sh
# The full fuzz runs of issue #15: MUTANTS mutated game files (default 10,000) and JUNK junk lines typed at the
# prompt (default 10,000), each to give no traceback, no hang and no memory blow-up.  The test suite runs the
# same tests with small counts (tests/test_fuzz.py, tests/test_input_hardening.py); this runs the full counts,
# niced, in chunks of CHUNK mutants (default 500, a fresh random search each), so that a run cut short still
# says how many passed.  Memory is capped at 4 GB (ulimit -v): a blow-up fails its chunk with MemoryError.
# A hang is an example that takes 5 times the suite's bound in CPU time (RULELANG_FUZZ_SLACK=5: the machine is shared).
#
#   bench/fuzz.sh                # 10,000 and 10,000
#   bench/fuzz.sh 2000 1000 250  # MUTANTS JUNK CHUNK
set -u
cd "$(dirname "$0")/.." || exit 1
MUTANTS=${1:-10000}
JUNK=${2:-10000}
CHUNK=${3:-500}
PY=${PYTHON:-.venv/bin/python}
ulimit -v 4000000
failed=0
done_=0
while [ "$done_" -lt "$MUTANTS" ]; do
    n=$((MUTANTS - done_ < CHUNK ? MUTANTS - done_ : CHUNK))
    if RULELANG_FUZZ_EXAMPLES=$n RULELANG_FUZZ_SLACK=5 nice -n 19 "$PY" -m pytest tests/test_fuzz.py -q -n 0 \
            -p no:cacheprovider -k test_mutated_games_load_or_raise_located_errors; then
        done_=$((done_ + n))
        echo "mutants: $done_ of $MUTANTS passed"
    else
        failed=1
        done_=$((done_ + n))
        echo "mutants: a chunk of $n FAILED (see above); $done_ of $MUTANTS tried"
    fi
done
if RULELANG_JUNK_LINES=$JUNK nice -n 19 "$PY" -m pytest tests/test_input_hardening.py -q -n 0 -p no:cacheprovider \
        -k test_junk_lines_at_the_prompt_never_give_a_traceback; then
    echo "junk lines: $JUNK read, no traceback"
else
    failed=1
    echo "junk lines: FAILED (see above)"
fi
exit $failed
