"""A throwaway PostgreSQL cluster for the storage tests of ``elgrande serve``: Debian's
PostgreSQL binaries (``/usr/lib/postgresql/<version>/bin``, installed by ``.ci/run`` where
missing), ``initdb`` in a temporary folder and ``pg_ctl`` on a free local port, run as the
``postgres`` user when the tests run as root (PostgreSQL refuses root). Without the
binaries the tests are skipped, except in CI (``CI`` set), where that is a failure."""

from __future__ import annotations

import glob
import os
import shutil
import subprocess
import tempfile
from collections.abc import Iterator

import pytest
from serve_util import free_port


def _bin() -> str | None:
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"),
                   key=lambda p: int(p.split("/")[4]) if p.split("/")[4].isdigit() else 0)
    return os.path.dirname(found[-1]) if found else None


def _run(args: list[str]) -> None:
    if os.geteuid() == 0:
        args = ["runuser", "-u", "postgres", "--", *args]
    out = subprocess.run(args, capture_output=True, text=True, timeout=120)
    if out.returncode != 0:
        raise RuntimeError(f"{args[-4:]}: {out.stdout[-1000:]} {out.stderr[-1000:]}")


@pytest.fixture(scope="session")
def postgres_url() -> Iterator[str]:
    """The URL of a fresh PostgreSQL server (database ``postgres``, user ``postgres``)."""
    where = _bin()
    if where is None:
        if os.environ.get("CI"):
            pytest.fail("PostgreSQL's binaries are missing (.ci/run installs them)")
        pytest.skip("PostgreSQL's binaries are not installed (apt-get install postgresql)")
    folder = tempfile.mkdtemp(prefix="elgrande-pg-")
    if os.geteuid() == 0:
        shutil.chown(folder, "postgres", "postgres")
    port = free_port()
    data = os.path.join(folder, "data")
    _run([f"{where}/initdb", "-D", data, "-A", "trust", "-U", "postgres", "--no-sync"])
    _run([f"{where}/pg_ctl", "-D", data, "-l", os.path.join(folder, "log"), "-w", "-o",
          f"-p {port} -k {folder} -c listen_addresses=127.0.0.1 -c fsync=off", "start"])
    try:
        yield f"postgresql://postgres@127.0.0.1:{port}/postgres"
    finally:
        _run([f"{where}/pg_ctl", "-D", data, "-m", "immediate", "-w", "stop"])
        shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture
def postgres_db(postgres_url: str) -> str:
    """The URL of a new, empty database in the test cluster."""
    import psycopg

    name = f"t{free_port()}"
    with psycopg.connect(postgres_url, autocommit=True) as c:
        c.execute(f"CREATE DATABASE {name}")
    return postgres_url.rsplit("/", 1)[0] + "/" + name
