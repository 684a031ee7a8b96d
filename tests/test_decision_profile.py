"""``benchmarks/decision_profile.py``: its callgrind reading, the subtraction of the run
without the counted games and the buckets, on a small made-up callgrind file; the profile
itself (valgrind, slow) on one game."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parent.parent / "benchmarks"
sys.path.insert(0, str(BENCH))
import decision_profile as dp  # noqa: E402 - the benchmark

LIBPY = "/usr/lib/libpython3.11.so.1.0"
MYPYC = "/venv/site-packages/d3dbb510bdf4e0bfb3e8__mypyc.cpython-311-x86_64-linux-gnu.so"

# callgrind's text format: compressed names, a call (its cost line is the callee's
# inclusive cost, not the caller's self cost), a recursion level, relative positions.
COUNTED = f"""# callgrind format
version: 1
creator: callgrind-3.19.0
positions: line
events: Ir

ob=(1) {LIBPY}
fl=(1) ceval.c
fn=(1) _PyEval_EvalFrameDefault
10 100
+2 50
cob=(2) {MYPYC}
cfn=(2) CPyDef_flow___FlowEngine___advance
calls=3 0
12 9999
fn=(3) _PyEval_EvalFrameDefault'2
5 30

ob=(2)
fn=(2)
1 400
fi=(2) inlined.h
-1 20
fn=(4) CPyDict_GetItem
3 70
cob=(1)
cfn=(5) _Py_dict_lookup
calls=1 0
4 8888

ob=(1)
fn=(5)
7 300
fn=(6) PyLong_FromLong
* 40
fn=(7) _PyFrame_Clear
1 5

totals: 1015
"""
ZERO = f"""positions: line
events: Ir
ob=(1) {LIBPY}
fn=(1) _PyEval_EvalFrameDefault
10 60
fn=(5) _Py_dict_lookup
7 100
fn=(8) PyUnicode_New
2 9
"""


def test_parse_reads_self_costs_not_calls() -> None:
    got = dp.parse_callgrind(COUNTED.splitlines(keepends=True))
    assert got == {
        (LIBPY, "_PyEval_EvalFrameDefault"): 180,  # 100 + 50 + its '2 level's 30
        (MYPYC, "CPyDef_flow___FlowEngine___advance"): 420,  # an inlined part added
        (MYPYC, "CPyDict_GetItem"): 70,
        (LIBPY, "_Py_dict_lookup"): 300,
        (LIBPY, "PyLong_FromLong"): 40,
        (LIBPY, "_PyFrame_Clear"): 5,
    }
    assert sum(got.values()) == 1015  # callgrind's own total


def test_subtract_and_buckets() -> None:
    diff = dp.subtract(dp.parse_callgrind(COUNTED.splitlines()),
                       dp.parse_callgrind(ZERO.splitlines()))
    assert diff[(LIBPY, "_PyEval_EvalFrameDefault")] == 120
    assert diff[(LIBPY, "_Py_dict_lookup")] == 200
    assert diff[(LIBPY, "PyUnicode_New")] == -9  # only in the run without the games
    assert dict(dp.buckets(diff)) == {
        "CPython eval loop (interpreted bytecode)": 120,
        "compiled elgrande: generated code": 420,
        "compiled elgrande: mypyc runtime helpers (CPy*)": 70,
        "CPython runtime: dict": 200,
        "CPython runtime: int": 40,
        "CPython runtime: calls/arg passing/frames": 5,
        "CPython runtime: str": -9,
    }
    lines = dp.report(diff, decisions=2, top=2)
    assert lines[0] == "## 0.00M instructions, 2 decisions, 423 a decision (self cost)"
    assert "210/dec  compiled elgrande: generated code" in lines[1]
    top = lines[lines.index("  Top self costs:") + 1:]
    assert [line.split("/dec  ")[1].split()[0] for line in top] == [
        "CPyDef_flow___FlowEngine___advance", "_Py_dict_lookup"]


@pytest.mark.parametrize(("ob", "fn", "want"), [
    ("/x/elgrande/engine/flow.cpython-311-x86_64-linux-gnu.so", "CPyPy_flow___advance",
     "compiled elgrande: generated code"),
    (LIBPY, "_PyObject_GenericGetAttrWithDict", "CPython runtime: attribute/type lookup"),
    (LIBPY, "list_dealloc", "CPython runtime: allocation/free"),
    (LIBPY, "PyList_Append", "CPython runtime: list/tuple/set/iter"),
    (LIBPY, "PyObject_RichCompare", "CPython runtime: compare/hash/type checks"),
    (LIBPY, "build_string", "CPython runtime: str"),
    (LIBPY, "_Py_Dealloc_something_else", "CPython runtime: allocation/free"),
    (LIBPY, "PyErr_Occurred", "CPython runtime: other"),
    ("/lib/x86_64-linux-gnu/libc.so.6", "__memset_avx2_unaligned_erms",
     "libc (memset/memcpy/...)"),
    ("/py/lib-dynload/_random.cpython-311-x86_64-linux-gnu.so", "random_seed",
     "random (C module _random)"),
    ("/py/lib-dynload/_json.cpython-311-x86_64-linux-gnu.so", "encoder_call",
     "other: _json.cpython-311-x86_64-linux-gnu.so"),
])
def test_bucket(ob: str, fn: str, want: str) -> None:
    assert dp.bucket(ob, fn) == want


def test_without_valgrind_one_line_and_status_2(tmp_path: Path) -> None:
    r = subprocess.run([sys.executable, str(BENCH / "decision_profile.py")],
                       capture_output=True, text=True, env=dict(os.environ, PATH=str(tmp_path)))
    assert r.returncode == 2
    assert r.stdout.strip().count("\n") == 0 and "valgrind is not installed" in r.stdout


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("valgrind") is None, reason="valgrind is not installed")
def test_profile_of_one_game() -> None:
    r = subprocess.run([sys.executable, str(BENCH / "decision_profile.py"), "--players", "2",
                        "--games", "1", "--warm", "1", "--top", "5"],
                       capture_output=True, text=True, check=True)
    lines = r.stdout.splitlines()
    head = next(line for line in lines if line.startswith("## "))
    per_decision = int(head.split(", ")[2].split()[0].replace(",", ""))
    assert 10_000 < per_decision < 200_000  # pure ~57k, compiled ~22k (docs/performance.md)
    assert any("CPython eval loop" in line for line in lines)
    assert len(lines) - lines.index("  Top self costs:") - 1 == 5
