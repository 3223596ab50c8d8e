"""Benchmark: the web board's first hint right after a build, beside the second one in the same run.

Each round starts the board server as a user does (``lexc serve``, a process of its own, on a free
port of 127.0.0.1, over a new games folder and the built packs), waits until it answers, creates a
Polyglot game whose table agreed on ``--langs`` (en, fr, es, de, ru by default) and asks for a
hint on ``--rack`` twice, each time as the page does (``POST /api/games/NAME/hint`` with the
server's key, the board's own origin and a JSON body). The server reads the packs, walks and
normalisers a hint needs on a thread of its own as it starts (:func:`lexc.game.engine.prepare_hints`);
the game is made once the server is idle (``ready``: as a user would, the page opened and a rack
thought of), or at once with ``--at-once`` (the hint then shares the CPU with that work). For each
step: the wall time the client waited and the CPU time the server spent on it (user + system
from ``/proc/PID/stat``: far less sensitive to a loaded machine than wall time). The second hint,
on the same server, is the baseline: what a hint costs once everything is open. The issue's target
is the first one: ≤ 2 s right after ``make run``, as for ``lexc best``.

**Before and after.** ``--before DIR`` starts every other server from the ``lexc`` package of another
checkout (``DIR/lexc`` first on ``PYTHONPATH``, e.g. ``git archive main lexc | tar -x -C DIR`` with its
compiled modules built there: ``python hatch_build.py --inplace``), the two alternating in the same run.

Packs from ``$LEXC_PACKS`` or build/ (``lexc build en fr es de ru`` first: the packs and their
walk files).

Run: ``.venv/bin/python bench/bench_web_hint.py [--rounds 5] [--rack ZEKWIJS] [--langs en,fr,es,de,ru]
[--at-once] [--json]``.
"""

from __future__ import annotations

import argparse
import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

BIN = Path(sys.executable).parent
ROOT = Path(__file__).resolve().parent.parent
TOKEN = "bench-web-hint-key-0123456789"
TICKS = os.sysconf("SC_CLK_TCK")


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _cpu(pid: int) -> float:
    """CPU seconds (user + system) the process ``pid`` has used so far."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICKS


def _ask(base: str, path: str, body: dict[str, Any] | None = None, timeout: float = 600) -> Any:
    """GET (or POST ``body``) ``path`` as the board's page does: the server's key, its own origin."""
    headers = {"X-Lexc-Key": TOKEN, "Origin": base}
    data = None
    if body is not None:
        data = json.dumps(body).encode()
        headers["Content-Type"] = "application/json"
    request = urllib.request.Request(base + path, data=data, headers=headers, method="POST" if data else "GET")
    with urllib.request.urlopen(request, timeout=timeout) as answer:
        return json.loads(answer.read())


def _idle(pid: int, started: float) -> tuple[float, float]:
    """Wait until the server has used no CPU for half a second (what it prepares as it starts is done):
    the wall time since ``started`` and its CPU time then."""
    last = _cpu(pid)
    while True:
        time.sleep(0.5)
        now = _cpu(pid)
        if now == last:
            return time.perf_counter() - started - 0.5, now
        last = now


def _round(packs: Path, rack: str, langs: str, env: dict[str, str], at_once: bool) -> dict[str, Any]:
    """One server started, a game created, two hints asked: wall and server CPU of each step."""
    games = Path(tempfile.mkdtemp(prefix="lexc-web-hint-"))
    port = _free_port()
    base = f"http://127.0.0.1:{port}"
    started = time.perf_counter()
    server = subprocess.Popen([str(BIN / "lexc"), "serve", "--games", str(games), "--port", str(port),
                               "--token", TOKEN, "--packs", str(packs)],
                              stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env)
    try:
        while True:
            if server.poll() is not None:
                said = server.stderr.read().decode(errors="replace") if server.stderr else ""
                raise SystemExit(f"lexc serve ended: {said}")
            try:
                _ask(base, "/api/games", timeout=5)
                break
            except (urllib.error.URLError, ConnectionError, TimeoutError):
                time.sleep(0.02)
        result: dict[str, Any] = {"start_s": time.perf_counter() - started, "start_cpu_s": _cpu(server.pid)}
        if not at_once:  # as a user would: the page opened, a game made, a rack thought of
            result["ready_s"], result["ready_cpu_s"] = _idle(server.pid, started)
        game = {"name": "bench", "players": "ann,bob", "ruleset": "polyglot", "langs": langs}
        asked = {"rack": rack, "top": 5}
        steps: list[tuple[str, str, dict[str, Any]]] = [("new_game", "/api/games", game),
                                                        ("first_hint", "/api/games/bench/hint", asked),
                                                        ("second_hint", "/api/games/bench/hint", asked)]
        for name, path, body in steps:
            cpu, wall = _cpu(server.pid), time.perf_counter()
            answer = _ask(base, path, body)
            result[f"{name}_s"] = time.perf_counter() - wall
            result[f"{name}_cpu_s"] = _cpu(server.pid) - cpu
            if name.endswith("hint"):
                result[f"{name}_moves"] = [f"{m['play']} {m['score']}" for m in answer["moves"][:3]]
        return result
    finally:
        server.terminate()
        try:
            server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()
        for file in games.iterdir():
            file.unlink()
        games.rmdir()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5, help="servers started, each asked two hints")
    parser.add_argument("--rack", default="ZEKWIJS")
    parser.add_argument("--langs", default="en,fr,es,de,ru")
    parser.add_argument("--packs", type=Path, default=None, help="packs folder (default: $LEXC_PACKS or build/)")
    parser.add_argument("--before", type=Path, metavar="DIR", help="also start each round's server from DIR/lexc")
    parser.add_argument("--at-once", action="store_true",
                        help="ask as soon as the server answers, while it still prepares the packs")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    packs = args.packs or Path(os.environ.get("LEXC_PACKS", "").split(os.pathsep)[0] or ROOT / "build")
    missing = [lang for lang in args.langs.split(",") if not (packs / f"{lang}.board.walk").is_file()]
    if missing:
        raise SystemExit(f"no pack and walk for {', '.join(missing)} in {packs}: run `lexc build {' '.join(missing)}`")
    env = dict(os.environ)
    load = os.getloadavg()
    old_env = None if args.before is None else env | {"PYTHONPATH": str(args.before.resolve())}
    rounds, old_rounds = [], []
    for _ in range(args.rounds):
        rounds.append(_round(packs.resolve(), args.rack, args.langs, env, args.at_once))
        if old_env is not None:
            old_rounds.append(_round(packs.resolve(), args.rack, args.langs, old_env, args.at_once))
    steps = ("start", *(() if args.at_once else ("ready",)), "new_game", "first_hint", "second_hint")

    def medians(runs: list[dict[str, Any]]) -> dict[str, dict[str, float]]:
        return {step: {"median_s": statistics.median(r[f"{step}_s"] for r in runs),
                       "cpu_median_s": statistics.median(r[f"{step}_cpu_s"] for r in runs)} for step in steps}

    summary = medians(rounds)
    result = {"rack": args.rack, "langs": args.langs, "at_once": args.at_once, "rounds": rounds, "median": summary,
              "load": load}
    if old_rounds:
        result |= {"before_rounds": old_rounds, "before_median": medians(old_rounds)}
    result["load_after"] = os.getloadavg()
    if args.json:
        print(json.dumps(result, indent=2))
        return 0
    print(f"load {load[0]:.1f} -> {result['load_after'][0]:.1f}; {args.rounds} servers; rack {args.rack}, "
          f"langs {args.langs}")
    for step in steps:
        s = summary[step]
        print(f"  {step:12s} wall median {1000 * s['median_s']:7.0f} ms   "
              f"server CPU median {1000 * s['cpu_median_s']:7.0f} ms", end="")
        if old_rounds:
            b = result["before_median"][step]
            print(f"   before: {1000 * b['median_s']:7.0f} ms, CPU {1000 * b['cpu_median_s']:7.0f} ms", end="")
        print()
    first, second = summary["first_hint"], summary["second_hint"]
    print(f"  first hint / second: wall {first['median_s'] / second['median_s']:.1f}x, "
          f"CPU {first['cpu_median_s'] / max(second['cpu_median_s'], 1e-9):.1f}x; "
          f"best: {rounds[0]['first_hint_moves']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
