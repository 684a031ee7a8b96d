"""Where a decision's instructions go: a callgrind profile of random base games, by bucket
(compiled elgrande code, mypyc's helpers, the eval loop, ``_random``, the CPython runtime by
kind, libc) and by function.

    python benchmarks/decision_profile.py [--python PY] [--players 3] [--games 10]
                                          [--warm 30] [--workload trusted|checked]
                                          [--top 25]

Two processes of ``benchmarks/instructions.py``'s worker run under
``valgrind --tool=callgrind``: one plays ``--warm`` warm-up games (seeds 1000..), a full
garbage collection, then ``--games`` seeded random games (seeds 0..) of ``--players`` on
the ``--workload``'s path; the other does the same without the counted games. Each
function's self cost in the second is subtracted from the first, so what is printed is the
steady state of the counted games only, divided by the decisions they answered. Every
process gets ``PYTHONHASHSEED=0`` and a private cache folder, warmed by one plain run first
(``instructions.py``'s sides). Counts do not depend on the load.

``--python PY`` profiles the elgrande installed for ``PY`` (the compiled build's virtual
environment, README "Compiled build"); without it the running python profiles the
checkout. A function's recursion levels (callgrind's ``'2``, ``'3``) are added together.
Without valgrind it says so in one line and exits with status 2.
"""

from __future__ import annotations

import argparse
import collections
import json
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve()
sys.path.insert(0, str(HERE.parent))

#: (object file, function) -> self cost (instructions).
Costs = dict[tuple[str, str], int]

_NAMED = re.compile(r"\((\d+)\)(?: (.*))?$")
_ATTR = re.compile(r"GetAttr|_PyType_Lookup|find_name_in_mro|member_get|SetAttr|descr|"
                   r"slot_tp|_PyObject_GetMethod|LookupSpecial|getset")
_DICT = re.compile(r"dict|keys_|unicodekeys|find_empty_slot", re.I)
_ALLOC = re.compile(r"Malloc|Free|Realloc|Calloc|GenericAlloc|_Py_NewReference|GC_New|GC_Del|"
                    r"GC_UnTrack|GC_Track|Trash|alloc|clear")
_GC = re.compile(r"gc_|collect|visit|update_refs|subtract_refs|move_")
_STR = re.compile(r"[Uu]nicode|build_string|str_|ascii|STRINGLIB|format")
_INT = re.compile(r"[Ll]ong|PyNumber|Ssize|int_")
_SEQ = re.compile(r"[Ll]ist|[Tt]uple|[Ss]et_|frozenset|PySet|PySequence|[Ii]ter")
_CALL = re.compile(r"[Cc]all|[Vv]ector|[Mm]ethod|Function|Arg|ThreadState|Frame|"
                   r"initialize_locals")
_CMP = re.compile(r"Compare|richcompare|[Hh]ash|IsSubtype|IsInstance|bool")
#: The CPython runtime's kinds, the first whose pattern matches the function's name.
RUNTIME_KINDS = (("attribute/type lookup", _ATTR), ("dict", _DICT),
                 ("allocation/free", _ALLOC), ("gc", _GC), ("str", _STR), ("int", _INT),
                 ("list/tuple/set/iter", _SEQ), ("calls/arg passing/frames", _CALL),
                 ("compare/hash/type checks", _CMP))


def parse_callgrind(lines) -> Costs:  # noqa: ANN001 - any iterable of str
    """Self cost (the first event, ``Ir``) per (object file, function) of a callgrind out
    file's ``lines`` (its text format: ``ob=``/``fn=`` with ``(id) name`` compression, the
    cost line after ``calls=`` being a call's inclusive cost, not the caller's self cost).
    A function's recursion levels (``name'2``) are added to ``name``."""
    names: dict[str, dict[str, str]] = {"ob": {}, "fn": {}}
    costs: collections.Counter[tuple[str, str]] = collections.Counter()
    positions = 1
    ob = fn = "?"
    after_call = False

    def name(kind: str, value: str) -> str:
        m = _NAMED.match(value)
        if m is None:
            return value
        if m.group(2) is not None:
            names[kind][m.group(1)] = m.group(2)
        return names[kind].get(m.group(1), "?")

    for line in lines:
        line = line.rstrip("\n")
        if not line or line[0] == "#":
            continue
        if line[0].isdigit() or line[0] in "+-*":
            if after_call:  # the call's inclusive cost
                after_call = False
                continue
            fields = line.split()
            if len(fields) > positions:
                costs[(ob, fn)] += int(fields[positions])
            continue
        key, _, value = line.partition("=")
        if key == "positions" or line.startswith("positions:"):
            positions = len(line.partition(":")[2].split())
        elif key == "ob":
            ob = name("ob", value)
        elif key == "fn":
            fn = name("fn", value).split("'")[0]
        elif key in ("cob", "cfn"):
            name(key[1:], value)  # defines a compressed name
        elif key == "calls":
            after_call = True
    return dict(costs)


def subtract(counted: Costs, zero: Costs) -> Costs:
    """Per function, the self cost of the run with the counted games minus the run without
    them (functions absent from one run count 0 there; differences of 0 are dropped)."""
    diff = {k: counted.get(k, 0) - zero.get(k, 0) for k in set(counted) | set(zero)}
    return {k: v for k, v in diff.items() if v}


def bucket(ob: str, fn: str) -> str:
    """The bucket of a function ``fn`` of the object file ``ob`` (a path): the compiled
    elgrande modules (mypyc's generated ``CPyDef_``/``CPyPy_`` code, or its runtime helpers,
    the other ``CPy*``), the eval loop (interpreted bytecode), ``_random``, libc, the CPython
    runtime by kind (by the function's name) or ``other: <object file>``."""
    obj = ob.rsplit("/", 1)[-1]
    if "__mypyc" in obj or "/elgrande/" in ob:
        if fn.startswith(("CPyDef_", "CPyPy_")) or "_____" in fn:
            return "compiled elgrande: generated code"
        return "compiled elgrande: mypyc runtime helpers (CPy*)"
    if obj.startswith("_random"):
        return "random (C module _random)"
    if obj.startswith(("libc.", "libc-", "ld-linux", "libm.")):
        return "libc (memset/memcpy/...)"
    if obj.startswith(("libpython", "python")):
        if fn.startswith("_PyEval_EvalFrameDefault"):
            return "CPython eval loop (interpreted bytecode)"
        for kind, pattern in RUNTIME_KINDS:
            if pattern.search(fn):
                return f"CPython runtime: {kind}"
        return "CPython runtime: other"
    return f"other: {obj}"


def buckets(costs: Costs) -> collections.Counter[str]:
    """The costs added up by :func:`bucket`."""
    out: collections.Counter[str] = collections.Counter()
    for (ob, fn), n in costs.items():
        out[bucket(ob, fn)] += n
    return out


def report(costs: Costs, decisions: int, top: int = 25) -> list[str]:
    """The lines printed: the total per decision, the buckets (instructions, share, per
    decision; largest first) and the ``top`` functions by self cost."""
    total = sum(costs.values())
    per = max(decisions, 1)
    lines = [f"## {total / 1e6:.2f}M instructions, {decisions:,} decisions, "
             f"{total / per:,.0f} a decision (self cost)"]
    share = 100 / total if total else 0.0
    for name, n in buckets(costs).most_common():
        lines.append(f"  {n:>12,} {n * share:5.1f}%  {n / per:>8,.0f}/dec  {name}")
    lines += ["", "  Top self costs:"]
    ranked = sorted(costs.items(), key=lambda kv: -kv[1])[:top]
    for (ob, fn), n in ranked:
        lines.append(f"  {n:>12,} {n * share:5.1f}%  {n / per:>7,.0f}/dec  {fn}  "
                     f"[{ob.rsplit('/', 1)[-1][:30]}]  ({bucket(ob, fn)})")
    return lines


def profiled(py: str, env: dict[str, str], out: Path, args: argparse.Namespace,
             zero: bool) -> tuple[Costs, int]:
    """Run ``instructions.py``'s worker under callgrind (its out file ``out``): the self
    costs and the decisions answered."""
    argv = [str(HERE.parent / "instructions.py"), "--worker", str(args.games),
            str(args.players), str(args.warm), args.workload, "2", str(int(zero))]
    r = subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", py,
                        *argv], capture_output=True, text=True, env=env,
                       cwd=tempfile.gettempdir(), check=True)
    with out.open() as f:
        costs = parse_callgrind(f)
    return costs, int(json.loads(r.stdout.splitlines()[-1])["decisions"])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--python", type=Path, default=None, metavar="PY",
                    help="profile the elgrande installed for PY (e.g. the compiled build's "
                    "venv); default: the running python on the checkout")
    ap.add_argument("--players", type=int, default=3)
    ap.add_argument("--games", type=int, default=10, help="counted games (seeds 0..)")
    ap.add_argument("--warm", type=int, default=30,
                    help="warm-up games (seeds 1000..) in both runs")
    ap.add_argument("--workload", choices=["trusted", "checked"], default="trusted")
    ap.add_argument("--top", type=int, default=25, help="functions listed by self cost")
    args = ap.parse_args()
    if shutil.which("valgrind") is None:
        print("valgrind is not installed: no profile (install it, e.g. `apt-get install "
              "valgrind`)")
        sys.exit(2)
    from instructions import make_sides  # this folder
    from simulate_speed import uptime

    with tempfile.TemporaryDirectory() as tmp:
        own = args.python is not None and args.python.absolute() != Path(sys.executable)
        _, py, env = make_sides([], Path(tmp), args.python if own else None)[-1]
        name = f"the install of {py}" if own else "the checkout"
        subprocess.run([py, str(HERE.parent / "instructions.py"), "--worker", "0", "2",
                        str(args.warm), args.workload, "2", "1"], env=env, check=True,
                       capture_output=True, cwd=tempfile.gettempdir())  # warms the caches
        version = subprocess.run([py, "-c", "import sys, elgrande; print(sys.version.split()"
                                  "[0], elgrande.__file__)"], capture_output=True, text=True,
                                 env=env, cwd=tempfile.gettempdir()).stdout.strip()
        counted, decisions = profiled(py, env, Path(tmp) / "cg.counted", args, zero=False)
        zero, _ = profiled(py, env, Path(tmp) / "cg.zero", args, zero=True)
    print(f"# callgrind self costs per decision, {name} (Python, elgrande: {version});"
          f" {args.games} seeded random {args.players}-player base games on the "
          f"{args.workload} path after {args.warm} warm-up games, minus the run without "
          f"them, function by function")
    print(f"# {uptime()}")
    print("\n".join(report(subtract(counted, zero), decisions, args.top)))


if __name__ == "__main__":
    main()
