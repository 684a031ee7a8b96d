"""`elgrande simulate --backend ray`: on a local Ray started here, the same
seeds give the same lines as the local pool."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from elgrande.tools import simulate as sim

ray = pytest.importorskip("ray", reason="Ray is not installed (the [ray] extra: "
                          "pip install 'elgrande[ray]')")

CFG = sim.SimConfig(players=(3, 4), bots=("random",), variant="six_rounds")


@pytest.fixture(scope="module")
def local_ray() -> Iterator[Any]:
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    yield ray
    ray.shutdown()


def test_ray_backend_gives_the_local_pools_lines(tmp_path: Path, local_ray: Any) -> None:
    seeds = range(1, 5)
    on_ray = sim.run_games([sim.ResultSet("games", CFG, tmp_path / "ray.jsonl")], seeds,
                           backend="ray", progress=False)["games"]
    local = sim.run_games([sim.ResultSet("games", CFG, tmp_path / "local.jsonl")], seeds,
                          jobs=1, progress=False)["games"]
    assert on_ray == local
    assert [r["seed"] for r in on_ray] == [1, 2, 3, 4]
    assert all("error" not in r for r in on_ray)
    assert (tmp_path / "ray.jsonl").read_bytes() == (tmp_path / "local.jsonl").read_bytes()
    assert local_ray.is_initialized()  # the backend leaves a Ray it did not start running
