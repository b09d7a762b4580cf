"""Simulation in chunks of seeds: the same report from one process, local processes and a Dask cluster; a worker
killed mid-run costs nothing but time; a chunk that fails is reported with its seeds. Each test starts what it
runs on (a LocalCluster of 2 worker processes on 127.0.0.1, no dashboard), is bounded in time, and stops it."""
from __future__ import annotations

import json
import os
import signal
from pathlib import Path

import pytest

from rulelang.simulate import simulate

distributed = pytest.importorskip("distributed", reason="the cluster tests need rulelang[cluster]")
psutil = pytest.importorskip("psutil")

ROOT = Path(__file__).resolve().parent.parent
EXPRESS = str(ROOT / "games" / "express.rules")
FAILS = str(ROOT / "tests" / "rules" / "fails_for_some_deals.rules")
TIMINGS = ("seconds", "games_per_second", "turns_per_second")


def same(rep: dict) -> str:
    """The report as bytes, timings aside."""
    return json.dumps({k: v for k, v in rep.items() if k not in TIMINGS}, indent=2)


@pytest.fixture(autouse=True)
def bounded():
    """No test here may hang: each is stopped after 3 minutes (a loaded 2-core machine takes about 20 s)."""
    def stop(*_):
        raise TimeoutError("a cluster test ran over 3 minutes")
    old = signal.signal(signal.SIGALRM, stop)
    signal.alarm(180)
    yield
    signal.alarm(0)
    signal.signal(signal.SIGALRM, old)


@pytest.fixture(scope="module")
def cluster():
    from dask.distributed import LocalCluster

    c = LocalCluster(n_workers=2, processes=True, threads_per_worker=1, dashboard_address=None, host="127.0.0.1")
    try:
        yield c
    finally:
        c.close(timeout=30)


def test_one_worker_two_processes_and_a_cluster_give_the_same_report(cluster):
    one = simulate(EXPRESS, 48, 3, ["greedy", "random"], seed=7, workers=1)
    two = simulate(EXPRESS, 48, 3, ["greedy", "random"], seed=7, workers=2)
    far = simulate(EXPRESS, 48, 3, ["greedy", "random"], seed=7, cluster=cluster.scheduler_address)
    assert one["games"] == 48 and one["turns"]["total"] > 0
    assert same(two) == same(one)
    assert same(far) == same(one)


def test_a_cluster_worker_killed_mid_run_has_its_chunk_run_again_and_the_report_is_exact(cluster):
    one = simulate(EXPRESS, 200, 3, ["greedy"], seed=3)
    killed = []

    def kill_a_worker(games):  # once the first chunk is in, while the workers are busy with the next ones
        if not killed:
            nanny = next(iter(cluster.workers.values()))
            killed.append(nanny.pid)
            os.kill(nanny.pid, signal.SIGKILL)

    far = simulate(EXPRESS, 200, 3, ["greedy"], seed=3, cluster=cluster.scheduler_address, chunk=10,
                   progress=kill_a_worker)
    assert same(far) == same(one)
    cluster.wait_for_workers(2, timeout=60)  # the nanny has started its worker again, for the next test
    assert killed and killed[0] not in [n.pid for n in cluster.workers.values()]


def test_a_local_worker_process_killed_mid_run_has_its_chunk_run_again():
    one = simulate(EXPRESS, 64, 3, ["greedy"], seed=3)
    before = {p.pid for p in psutil.Process().children(recursive=True)}
    killed = []

    def kill_a_worker(games):
        if not killed:
            workers = [p for p in psutil.Process().children() if p.pid not in before]
            workers[0].kill()
            killed.append(workers[0].pid)

    two = simulate(EXPRESS, 64, 3, ["greedy"], seed=3, workers=2, progress=kill_a_worker)
    assert killed
    assert same(two) == same(one)


@pytest.mark.parametrize("where", ["one", "processes", "cluster"])
def test_a_chunk_that_fails_is_reported_with_its_seeds_and_the_rest_completes(where, request):
    import rulelang
    from rulelang.chunks import Counts
    from rulelang.simulate import play_one, report

    # Which games fail, found one by one: the joker dealt to the first player (seeds 27, 38, 42 of 0..59).
    program = rulelang.load(FAILS)
    fails = set()
    for seed in range(60):
        try:
            play_one(program, seed, 2, ["greedy"], {})
        except rulelang.RulesError:
            fails.add(seed)
    assert fails == {27, 38, 42}
    size = 4
    bad = sorted({s - s % size for s in fails})  # the first seeds of the chunks they fall in (seeds from 0)
    expected = Counts(2)
    for seed in range(60):
        if seed - seed % size not in bad:
            expected.add(play_one(program, seed, 2, ["greedy"], {}))

    on = {"one": {"workers": 1}, "processes": {"workers": 2},
          "cluster": {"cluster": request.getfixturevalue("cluster").scheduler_address}}[where]
    rep = simulate(FAILS, 60, 2, ["greedy"], seed=0, chunk=size, **on)
    assert [f["seeds"] for f in rep["failed"]] == [[b, b + size - 1] for b in bad]
    assert all("a value is `none` where a number or card is needed" in f["error"] for f in rep["failed"])
    assert rep["games"] == 60 - size * len(bad)
    assert same(rep) == same(report(program, expected, 2, ["greedy"], 0, [_failed(f) for f in rep["failed"]]))


def _failed(f: dict):
    from rulelang.chunks import Failed

    return Failed(0, f["seeds"][0], f["seeds"][1], f["error"])
