#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Stage 2's simulations against a fluid max-min model written here from the definition.

Runs `topoforge-cli optimize --stage-2 simgrid` on the small example with TOPOFORGE_STAGE_2_KEEP,
so each simulated candidate leaves its platform and flows files. For every phase of every
candidate, the phase's duration is computed again in Python, knowing nothing of SimGrid: each
flow follows its route, waits the sum of its links' latencies, then shares every link direction
max-min fairly (progressive filling) with the flows transferring at that moment, the shares
computed again whenever a flow starts or ends; the phase lasts until its last flow ends. That
must be what topoforge-simgrid printed, within 1e-6. The run's summary and candidate files must
agree with the durations: each simulated candidate carries both iteration times and their ratio,
within a factor of 2 below and 4 above (the two models run the same flows at once and differ in
how a flow spreads over equal paths: α-β splits it evenly hop by hop, the load random hashing
gives on average, where Stage 2 hashes each pair onto one path, which may be luckier or not),
and the summary counts what the files hold.
Prints TAP.
"""
import glob
import os
import re
import subprocess
import sys
import tempfile

import yaml

CLI = os.environ["TF_CLI"]
SIMULATOR = os.environ.get("TOPOFORGE_SIMGRID") or os.path.join(
    os.path.dirname(os.path.dirname(CLI)), "simgrid", "topoforge-simgrid")
EXAMPLE = os.path.join(os.environ["G_TEST_SRCDIR"], "..", "data", "examples", "search-small.yaml")

UNITS = {"GBps": 1e9, "MBps": 1e6, "kBps": 1e3, "Bps": 1.0}
TIMES = {"ns": 1e-9, "us": 1e-6, "ms": 1e-3, "s": 1.0}

results = []


def check(ok, name, detail=""):
    results.append((bool(ok), name, detail))


def quantity(text, units):
    for unit, scale in sorted(units.items(), key=lambda u: -len(u[0])):
        if text.endswith(unit):
            return float(text[: -len(unit)]) * scale
    raise ValueError(text)


def read_platform(path):
    """Links (bandwidth B/s, latency s) and routes {(src, dst): [(link, direction)]}."""
    text = open(path).read()
    links = {}
    for m in re.finditer(r'<link id="(l\d+)" bandwidth="([^"]+)" latency="([^"]+)"', text):
        links[m.group(1)] = (quantity(m.group(2), UNITS), quantity(m.group(3), TIMES))
    routes = {}
    for m in re.finditer(r'<route src="chip(\d+)" dst="chip(\d+)"[^>]*>(.*?)</route>', text):
        hops = re.findall(r'<link_ctn id="(l\d+)" direction="(UP|DOWN)"/>', m.group(3))
        routes[(int(m.group(1)), int(m.group(2)))] = hops
    return links, routes


def read_flows(path):
    words = open(path).read().split()
    assert words[0] == "phases"
    phases, i = [], 2
    for _ in range(int(words[1])):
        assert words[i] == "phase"
        n, i = int(words[i + 1]), i + 2
        phases.append([(int(words[i + 3 * k]), int(words[i + 3 * k + 1]),
                        int(words[i + 3 * k + 2])) for k in range(n)])
        i += 3 * n
    return phases


def max_min_rates(active, paths, capacity):
    """Progressive filling: raise every unfrozen flow's rate together; a link direction that
    fills freezes the flows through it."""
    rate = {f: 0.0 for f in active}
    frozen = set()
    left = dict(capacity)
    while len(frozen) < len(active):
        users = {}
        for f in active:
            if f not in frozen:
                for l in paths[f]:
                    users.setdefault(l, []).append(f)
        step = min(left[l] / len(fs) for l, fs in users.items())
        for l, fs in users.items():
            left[l] -= step * len(fs)
        for f in active:
            if f not in frozen:
                rate[f] += step
        for l, fs in users.items():
            if left[l] <= 1e-12 * capacity[l]:
                frozen.update(fs)
    return rate


def phase_duration(flows, links, routes):
    paths, start, remaining, capacity = {}, {}, {}, {}
    for f, (src, dst, size) in enumerate(flows):
        route = routes[(src, dst)]
        paths[f] = [(l, d) for l, d in route]
        start[f] = sum(links[l][1] for l, _ in route)
        remaining[f] = float(size)
        for l, d in route:
            capacity[(l, d)] = links[l][0]
    t, waiting, active, end = 0.0, set(paths), set(), 0.0
    while waiting or active:
        for f in [f for f in waiting if start[f] <= t * (1 + 1e-15)]:
            waiting.discard(f)
            active.add(f)
        if not active:
            t = min(start[f] for f in waiting)
            continue
        rate = max_min_rates(active, paths, capacity)
        finish = min(remaining[f] / rate[f] for f in active)
        dt = min([finish] + [start[f] - t for f in waiting])
        for f in list(active):
            remaining[f] -= rate[f] * dt
            if remaining[f] <= 1e-9 * max(1.0, remaining[f] + rate[f] * dt):
                active.discard(f)
                end = max(end, t + dt)
        t += dt
    return end


def main():
    with tempfile.TemporaryDirectory() as tmp:
        keep = os.path.join(tmp, "keep")
        run = os.path.join(tmp, "run")
        env = dict(os.environ, TOPOFORGE_STAGE_2_KEEP=keep)
        p = subprocess.run([CLI, "optimize", "--config", EXAMPLE, "--out", run, "--no-baseline",
                            "--stage-2", "simgrid"], env=env, capture_output=True, text=True)
        check(p.returncode == 0, "optimize --stage-2 simgrid runs", p.stderr[-400:])
        platforms = sorted(glob.glob(os.path.join(keep, "*.platform.xml")))
        check(len(platforms) > 0, "Stage 2 kept the files of %d candidates" % len(platforms))
        summary = yaml.safe_load(open(os.path.join(run, "summary.yaml")))
        stage_2 = summary.get("stage_2", {})
        check(stage_2.get("simulated") == len(platforms) and stage_2.get("failures") == 0,
              "summary.yaml's stage_2 counts the simulated candidates", str(stage_2))

        for platform in platforms:
            name = os.path.basename(platform).split(".")[0]
            flows_path = platform.replace(".platform.xml", ".flows.txt")
            links, routes = read_platform(platform)
            phases = read_flows(flows_path)
            out = subprocess.run([SIMULATOR, platform, flows_path], capture_output=True,
                                 text=True)
            simulated = [float(x) for x in out.stdout.split()]
            worst = 0.0
            for k, flows in enumerate(phases):
                expected = phase_duration(flows, links, routes)
                worst = max(worst, abs(simulated[k] - expected) / expected)
            check(out.returncode == 0 and len(simulated) == len(phases) and worst <= 1e-6,
                  "%s: %d phases as the fluid max-min model gives them" % (name, len(phases)),
                  "worst relative difference %.3g" % worst)

        sims = 0
        for path in sorted(glob.glob(os.path.join(run, "pareto", "candidate_*.yaml"))):
            metrics = yaml.safe_load(open(path))["metadata"]["metrics"]
            if "iter_time_sim_us" not in metrics:
                continue
            sims += 1
            check(metrics["iter_time_us"] * 0.5 <= metrics["iter_time_sim_us"]
                  <= metrics["iter_time_us"] * 4
                  and abs(metrics["iter_time_sim_ratio"]
                          - metrics["iter_time_sim_us"] / metrics["iter_time_us"]) <= 1e-9,
                  "%s: simulated iteration %.6g us, alpha-beta %.6g us" % (
                      os.path.basename(path), metrics["iter_time_sim_us"],
                      metrics["iter_time_us"]))
        check(sims == len(platforms), "%d candidate files carry Stage 2's figures" % sims)

    print("1..%d" % len(results))
    for i, (ok, name, detail) in enumerate(results, 1):
        print("%s %d - %s" % ("ok" if ok else "not ok", i, name))
        if detail and not ok:
            for line in detail.splitlines():
                print("# " + line)
    return 0 if all(ok for ok, _, _ in results) else 1


if __name__ == "__main__":
    sys.exit(main())
