"""Simulation in chunks of seeds: the same report from one process, local processes and a Dask cluster; a worker
killed mid-run costs nothing but time; a chunk that fails is reported with its seeds. Each test starts what it
runs on (a LocalCluster of 2 worker processes on 127.0.0.1, no dashboard), is bounded in time, and stops it."""
from __future__ import annotations

import json
import os
import signal
from pathlib import Path

import pytest

from rulelang.simulate.run import simulate

distributed = pytest.importorskip("distributed", reason="the cluster tests need rulelang[cluster]")
psutil = pytest.importorskip("psutil")

ROOT = Path(__file__).resolve().parent.parent
EXPRESS = str(ROOT / "games" / "express.rules")
WHOS_LYING = str(ROOT / "games" / "whos_lying.rules")
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
    ticks = []
    one = simulate(EXPRESS, 48, 3, ["greedy", "random"], seed=7, workers=1, progress=ticks.append, chunk=5)
    assert ticks == [5] * 9 + [3]  # the progress bar moves once a chunk, by its games
    two = simulate(EXPRESS, 48, 3, ["greedy", "random"], seed=7, workers=2)
    far = simulate(EXPRESS, 48, 3, ["greedy", "random"], seed=7, cluster=cluster.scheduler_address)
    assert one["games"] == 48 and one["turns"]["total"] > 0
    assert same(two) == same(one)
    assert same(far) == same(one)


def test_a_cluster_worker_killed_mid_run_has_its_chunk_run_again_and_the_report_is_exact(cluster):
    one = simulate(EXPRESS, 100, 3, ["greedy"], seed=3)
    killed = []

    def kill_a_worker(games):  # once the first chunk is in, while the workers are busy with the next ones
        if not killed:
            nanny = next(iter(cluster.workers.values()))
            killed.append(nanny.pid)
            os.kill(nanny.pid, signal.SIGKILL)

    far = simulate(EXPRESS, 100, 3, ["greedy"], seed=3, cluster=cluster.scheduler_address, chunk=10,
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
    from rulelang.simulate.chunks import Counts
    from rulelang.simulate.one import play_one
    from rulelang.simulate.run import report

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
    from rulelang.simulate.chunks import Failed

    return Failed(0, f["seeds"][0], f["seeds"][1], f["error"])


def test_the_sweep_prints_one_row_a_cell_with_the_figures_simulate_gives_for_it(tmp_path, capsys):
    from rulelang.cli import main
    from rulelang.simulate.sweep import sweep

    grid = sweep(WHOS_LYING, 3, [2, 3], [("players2", ["false", "true"])], ["greedy"], seed=4)
    cells = [(r["players"], r["options"]["players2"]) for r in grid["cells"]]
    assert cells == [(2, "false"), (2, "true"), (3, "false"), (3, "true")]
    for r in grid["cells"]:
        alone = simulate(WHOS_LYING, 3, r["players"], ["greedy"], seed=4, options=r["options"])
        assert r["games"] == 3
        assert r["seat1_win_rate"] == alone["win_rate"][0] and r["seat1_ci95"] == alone["win_ci95"][0]
        assert r["mean_turns"] == alone["turns"]["mean"] and r["stalemates"] == alone["stalemates"]["count"]
        assert r["seat1_advantage"] == round(alone["win_rate"][0] - 1 / r["players"], 4)

    assert main(["sweep", WHOS_LYING, "--players", "2..3", "--option", "players2=false,true", "--games", "3",
                 "--seed", "4"]) == 0
    table = capsys.readouterr().out.splitlines()
    rows = [line.split() for line in table if line[:8].strip().isdigit()]
    assert [(row[0], row[1]) for row in rows] == [("2", "players2=false"), ("2", "players2=true"),
                                                  ("3", "players2=false"), ("3", "players2=true")]
    for row, r in zip(rows, grid["cells"]):
        assert row[3] == f"{r['seat1_win_rate'] * 100:.1f}%" and row[-1] == str(r["stalemates"])
        assert row[-2] == f"{r['mean_turns']:.1f}"

    assert main(["sweep", WHOS_LYING, "--players", "2..3", "--option", "players2=false,true", "--games", "3",
                 "--seed", "4", "--csv"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("players,players2,games,seat1_win_rate")
    assert lines[1:] == [f"{r['players']},{r['options']['players2']},3,{r['seat1_win_rate']}," + ",".join(
        map(str, r["seat1_ci95"])) + f",{r['even_share']},{r['seat1_advantage']},{r['mean_turns']},{r['stalemates']},0"
        for r in grid["cells"]]

    pytest.importorskip("matplotlib")
    png = tmp_path / "advantage.png"
    assert main(["sweep", WHOS_LYING, "--players", "2..3", "--games", "3", "--json", "--plot", str(png)]) == 0
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_a_sweep_on_the_cluster_gives_the_cells_of_one_process(cluster):
    from rulelang.simulate.sweep import sweep

    grid = [("players2", ["false", "true"])]
    here = sweep(WHOS_LYING, 5, [2, 3], grid, ["greedy", "random"], seed=1)
    far = sweep(WHOS_LYING, 5, [2, 3], grid, ["greedy", "random"], seed=1, cluster=cluster.scheduler_address)
    assert far["cells"] == here["cells"]


def test_a_ray_address_is_refused_with_the_dask_forms():
    from rulelang.errors import RulesError

    with pytest.raises(RulesError, match="Dask distributed .*tcp://HOST:8786.*local"):
        simulate(EXPRESS, 4, 2, ["greedy"], cluster="ray://head:10001")


def test_without_a_cluster_rulelang_never_imports_dask():
    import subprocess
    import sys

    code = ("import sys, rulelang.simulate.sweep, rulelang.simulate.cluster; from rulelang.simulate.run import simulate; "
            f"simulate({EXPRESS!r}, 4, 2, ['greedy'], workers=2); assert not [m for m in sys.modules if "
            "m.split('.')[0] in ('dask', 'distributed', 'matplotlib')], sorted(sys.modules)")
    subprocess.run([sys.executable, "-c", code], check=True, timeout=120)


@pytest.mark.parametrize("args, missing", [(["simulate", EXPRESS, "--games", "2", "--cluster", "local"], "dask"),
                                           (["sweep", EXPRESS, "--games", "2", "--plot", "x.png"], "matplotlib")])
def test_without_the_extra_the_message_names_it(args, missing, tmp_path):
    import subprocess
    import sys

    code = (f"import sys; sys.modules[{missing!r}] = None; sys.modules['dask.distributed'] = None; "
            f"from rulelang.cli import main; sys.exit(main({args!r}))")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, cwd=tmp_path)
    assert r.returncode == 1
    assert "pip install 'rulelang[cluster]'" in r.stderr
    assert not (tmp_path / "x.png").exists()
