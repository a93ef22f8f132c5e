#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Slim Fly and PolarFly results checked by networkx (which nobody here wrote).

For the results topoforge-cli enumerates at several chip counts (every one up to 400 routers
and 1,024 chips, a few for each count): the GraphML it writes, read by networkx, must have
routers of the published degrees ((3q - d)/2 for Slim Fly; q + 1, and q on the q + 1 quadric
routers, for PolarFly) joined with diameter 2, every router hosting at least one board and at
most p, and the chip-level diameter and average path length the engine reports (both "exact").
Prints TAP.
"""
import os
import subprocess
import sys
import tempfile

import networkx
import yaml

CLI = os.environ["TF_CLI"]
SIZES = [64, 128, 256, 512, 1024]
PER_SIZE = 4


def cli(*args):
    return subprocess.run([CLI, *args], check=True, capture_output=True, text=True).stdout


def prime_power_delta(q):
    return {0: 0, 1: 1, 3: -1}[q % 4]


def results():
    for n_chip in SIZES:
        for family in ("slimfly", "polarfly"):
            doc = yaml.safe_load(cli("enumerate", "--n-chip", str(n_chip), "--scope",
                                     "inter-rack", "--family", family, "--limit", "0"))
            rows = [r for r in doc["families"][0]["results"]
                    if r["family_attrs"]["routers"] <= 400]
            for r in rows[:PER_SIZE]:
                yield n_chip, family, r


def check(number, n_chip, family, row):
    context = ["--n-chip", str(n_chip), "--scope", "inter-rack"]
    problems = []
    attrs = row["family_attrs"]
    q, p = attrs["q"], attrs["p"]
    with tempfile.TemporaryDirectory() as tmp:
        graphml = os.path.join(tmp, "t.graphml")
        cli("generate", *context, "--id", row["id"], "--format", "graphml", "-o", graphml)
        g = networkx.Graph(networkx.read_graphml(graphml))
    metrics = yaml.safe_load(cli("generate", *context, "--id", row["id"]))["metadata"]["metrics"]
    chips = [n for n, a in g.nodes(data=True) if a["kind"] == "chip"]
    routers = [n for n, a in g.nodes(data=True) if a["kind"] == "switch"]
    planes = attrs.get("planes", 1)
    if family == "slimfly":
        want_routers = 2 * q * q
        degrees = {(3 * q - prime_power_delta(q)) // 2}
    else:
        want_routers = q * q + q + 1
        degrees = {q, q + 1}
    if len(routers) != want_routers * planes:
        problems.append(f"{len(routers)} routers, not {want_routers} x {planes}")
    net = g.subgraph(routers)
    seen = sorted(set(d for _, d in net.degree()))
    if set(seen) != degrees:
        problems.append(f"router degrees {seen}, not {sorted(degrees)}")
    if family == "polarfly":
        quadric = sum(1 for _, d in net.degree() if d == q)
        if quadric != (q + 1) * planes:
            problems.append(f"{quadric} routers of degree q, not q + 1 a plane")
    for component in networkx.connected_components(net):
        if networkx.diameter(net.subgraph(component)) != 2:
            problems.append("a plane's routers are not at diameter 2")
            break
    # Boards a router hosts: its neighbours that are chips, by board (rails: a chip each).
    chip_board = {n: g.nodes[n]["board"] for n in chips}
    for r in routers:
        boards = {chip_board[n] for n in g.neighbors(r) if n in chip_board}
        if not 1 <= len(boards) <= p:
            problems.append(f"{r} hosts {len(boards)} boards, not 1 to p = {p}")
            break
    # Chip-level hops, every pair, against the engine's exact figures.
    lengths = dict(networkx.all_pairs_shortest_path_length(g))
    hops = [lengths[a][b] for a in chips for b in chips if a < b]
    diameter, apl = max(hops), sum(hops) / len(hops)
    if metrics["diameter"] != diameter:
        problems.append(f"diameter {metrics['diameter']}, networkx {diameter}")
    if abs(metrics["average_path_length"] - apl) > 1e-9 * apl:
        problems.append(f"average path length {metrics['average_path_length']}, networkx {apl}")
    status = "ok" if not problems else "not ok"
    print(f"{status} {number} {n_chip} chips: {row['id']}")
    for problem in problems:
        print(f"# {problem}")
    return not problems


def main():
    cases = list(results())
    print(f"1..{len(cases)}")
    outcomes = [check(i + 1, *case) for i, case in enumerate(cases)]
    return 0 if all(outcomes) else 1


if __name__ == "__main__":
    sys.exit(main())
