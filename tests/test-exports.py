#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Simulator files from topoforge-cli, read the way each simulator reads them.

For a topology of every family, boards of scale-up switches (intra_board_topo = switch), and
topologies of more than 256 chips:
- SimGrid platform, loaded by SimGrid itself (python3-simgrid, 3.32): every route between the
  chips sampled has as many links as the topology's own distance between them (networkx on the
  GraphML export), goes link by link, each in its direction, from one chip to the other, and
  takes as long as its links' latencies plus one switch latency per switch it passes; board
  mates that no link joins go through a scale-up switch of their board; every link's bandwidth
  is its cables'. Each platform is loaded in a process of its own (SimGrid has
  one engine per process).
- BookSim anynet, parsed by a reader written from BookSim 2's anynet format (src/networks/
  anynet.cpp: "router R" or "node N" heads, "node N" / "router R" bodies with optional integer
  weights, nodes numbered from 0 and each on one router), must be the topology's graph with each
  chip whose only link is one cable to a switch folded into that switch (docs/yaml-format.md).
- SST/Merlin anytopo GraphML, read as SST's anytopo reads it (networkx read_graphml, nodes
  renumbered in file order, endpoints numbered in node order from each node's `endpoints`): the
  same router graph, every cable an edge, endpoint k on the router of the k-th chip `chips` lists.
- ASTRA-sim analytical network YAML: the rings, fully connected groups and switches its
  dimensions make, NPU k being chip k (the first dimension fastest, as ASTRA-sim numbers NPUs),
  must be the topology's links (a board's scale-up switches standing for its Switch), and the
  slowest bandwidth the topology's; a topology that is no such product (a fat-tree, a dragonfly)
  is refused with one line and no file.
And the alpha-beta model against SimGrid on those platforms, where no flows contend (RINGS), and
Stage 2's simulator on boards of scale-up switches (SCALE_UP_FLOWS). Prints TAP.
"""
import json
import os
import random
import subprocess
import sys
import tempfile
from collections import Counter

import networkx
import yaml

CLI = os.environ["TF_CLI"]

FAMILIES = [
    (["--n-chip", "64", "--scope", "inter-rack"], "fat-tree:layers=3,k=4,osr=1,n_endpoint=16"),
    (["--n-chip", "64", "--scope", "inter-rack", "--chip-radix", "2",
      "--intra-board-topo", "ring"], "dragonfly:a=4,p=2,h=2,g=2,n_endpoint=16"),
    (["--n-chip", "64", "--scope", "inter-rack"], "dragonfly-plus:a=4,p=3,s=2,g=3,n_endpoint=32"),
    (["--n-chip", "32", "--scope", "intra-rack", "--chip-radix", "3"],
     "torus:dimension_sizes=4x8,board_shape=2x2"),
    (["--n-chip", "32", "--scope", "intra-rack"], "hypercube:n=5"),
    (["--n-chip", "24", "--scope", "inter-rack"], "hyperx:L=2,T=2,S=2x3"),
    (["--n-chip", "48", "--scope", "intra-rack", "--intra-board-topo", "full-mesh"],
     "ring:n_endpoint=12"),
    (["--n-chip", "16", "--scope", "intra-rack", "--intra-board-topo", "ring"],
     "full-mesh:n_endpoint=4"),
    (["--n-chip", "16", "--scope", "intra-rack"], "single-switch:n_endpoint=2"),
    # Scale-up switches: two a board (8 chips x 18 links > 72 ports), or one (4 chips); under
    # a single switch ASTRA-sim takes the boards as a Switch dimension below the switch's.
    (["--n-chip", "64", "--scope", "inter-rack", "--intra-board-topo", "switch"],
     "fat-tree:layers=2,k=4,osr=1,n_endpoint=8"),
    (["--n-chip", "16", "--scope", "intra-rack", "--intra-board-topo", "switch"],
     "single-switch:n_endpoint=4"),
    (["--n-chip", "16", "--scope", "intra-rack", "--intra-board-topo", "switch"],
     "single-switch:n_endpoint=2"),
    # Above 256 chips: routing="DijkstraCache", SimGrid's own shortest routes.
    (["--n-chip", "512", "--scope", "inter-rack"], "torus:dimension_sizes=8x8x8,board_shape=1x1x2"),
    (["--n-chip", "512", "--scope", "inter-rack"], "fat-tree:layers=2,k=32,osr=1,n_endpoint=512"),
    (["--n-chip", "512", "--scope", "inter-rack", "--intra-board-topo", "switch"],
     "fat-tree:layers=2,k=32,osr=1,n_endpoint=64,attach=rail"),
]

# Run by a fresh python3 per platform: load, seal, print the links and the sampled routes.
LOADER = r"""
import json, sys
import simgrid
e = simgrid.Engine([sys.argv[0], "--log=root.thres:critical"])
e.load_platform(sys.argv[1])
e.netzone_root.seal()
pairs = json.loads(sys.argv[2])
hosts = {h.name: h for h in e.all_hosts}
links = {l.name: [l.bandwidth, l.latency] for l in e.all_links}
routes = []
for a, b in pairs:
    path, latency = hosts[a].route_to(hosts[b])
    routes.append([a, b, [l.name for l in path], latency])
print(json.dumps({"hosts": len(hosts), "links": links, "routes": routes}))
"""


def cli(*args):
    return subprocess.run([CLI, *args], check=True, capture_output=True, text=True).stdout


def check_simgrid(tmp, generate, g, chips, rng):
    problems = []
    platform = os.path.join(tmp, "t.xml")
    generate("simgrid", platform)
    switch_ns = {n: d["latency_ns"] for n, d in g.nodes(data=True) if d["kind"] == "switch"}
    # Every pair up to 64 chips, else 8 sources to 64 chips each and to their board mates.
    if len(chips) <= 64:
        pairs = [(a, b) for a in chips for b in chips if a != b]
    else:
        sources = rng.sample(chips, 8)
        pairs = [(a, b) for a in sources for b in rng.sample(chips, 64) if a != b]
        pairs += [(a, b) for a in sources for b in chips
                  if b != a and g.nodes[b]["board"] == g.nodes[a]["board"]]
    # Scale-up switches by board: board mates that no link joins route through one of them.
    scale_up = {}
    for n, d in g.nodes(data=True):
        if d["kind"] == "switch" and d["tier"] == "board":
            scale_up.setdefault(d["board"], set()).add(n)
    run = subprocess.run([sys.executable, "-c", LOADER, platform, json.dumps(pairs)],
                         capture_output=True, text=True)
    if run.returncode != 0:
        tail = run.stderr.strip().splitlines()[-1:] or ["no output"]
        return [f"SimGrid could not load it: {tail[0]}"], ""
    got = json.loads(run.stdout)

    # The links: one per pair of linked nodes, named after its first record (GraphML edge eI).
    edges = {}
    if g.is_multigraph():
        records = ((u, v, key, d) for u, v, key, d in g.edges(keys=True, data=True))
    else:
        records = ((u, v, d["id"], d) for u, v, d in g.edges(data=True))
    for u, v, key, d in records:
        edges.setdefault(frozenset((u, v)), []).append((int(key[1:]), d))
    ends = {}
    for pair, records in edges.items():
        first = min(i for i, _ in records)
        gbps = sum(d["bandwidth_gbps"] * d["multiplicity"] for _, d in records)
        ends[f"l{first}"] = pair
        for direction in ("UP", "DOWN"):
            name = f"l{first}_{direction}"
            if name not in got["links"]:
                problems.append(f"link {name} missing")
            elif abs(got["links"][name][0] - gbps * 1e9) > 1e-6 * gbps * 1e9:
                problems.append(f"link {name}: {got['links'][name][0]} B/s, "
                                f"expected {gbps * 1e9}")
    if got["hosts"] != len(chips):
        problems.append(f"{got['hosts']} hosts, expected {len(chips)}")

    # Node numbers as the engine's: chips, then switches, in the GraphML's order.
    number = {n: i for i, n in enumerate(g.nodes())}
    distance, scale_up_pairs = {}, 0
    for a, b, path, latency in got["routes"]:
        if a not in distance:
            distance[a] = networkx.single_source_shortest_path_length(g, a)
        if len(path) != distance[a][b]:
            problems.append(f"{a} -> {b}: {len(path)} links, distance {distance[a][b]}")
            continue
        # Link by link from a to b, each in its direction (UP from its lower-numbered end); the
        # latency of the links and of the switches passed.
        at, expected_ns, passed = a, 0.0, []
        board = g.nodes[a]["board"]
        if board == g.nodes[b]["board"] and board in scale_up and not g.has_edge(a, b):
            scale_up_pairs += 1
        if len(chips) > 256:
            path = unreverse_board_routes(path, a, ends)
        for name in path:
            base, direction = name.rsplit("_", 1)
            pair = ends.get(base)
            if pair is None or at not in pair:
                problems.append(f"{a} -> {b}: {name} does not leave {at}")
                break
            if (direction == "UP") != (number[at] == min(number[n] for n in pair)):
                problems.append(f"{a} -> {b}: {name} taken the wrong way from {at}")
                break
            (other,) = pair - {at} if len(pair) == 2 else (at,)
            record = min(edges[pair], key=lambda r: r[0])[1]
            expected_ns += record["latency_ns"] + switch_ns.get(other, 0.0)
            at = other
            passed.append(other)
        else:
            if (board == g.nodes[b]["board"] and board in scale_up and not g.has_edge(a, b)
                    and passed[0] not in scale_up[board]):
                problems.append(f"{a} -> {b}: board mates routed through {passed[0]}, not a "
                                f"scale-up switch of board {board}")
            expected_ns -= switch_ns.get(b, 0.0)   # b is a chip: nothing to take off
            if at != b:
                problems.append(f"{a} -> {b}: the route ends at {at}")
            elif abs(latency * 1e9 - expected_ns) > 1e-6 * expected_ns:
                problems.append(f"{a} -> {b}: latency {latency * 1e9} ns, expected {expected_ns}")
    if not got["routes"]:
        problems.append("no route checked")
    if scale_up and not scale_up_pairs:
        problems.append("no pair of board mates checked")
    through = f", {scale_up_pairs} through scale-up switches" if scale_up else ""
    return problems, f"{len(got['routes'])} routes as long as the distances{through}"


def unreverse_board_routes(path, a, ends):
    """SimGrid 3.32's Dijkstra lists the links of each route it composes a path of backwards
    (DijkstraZone::get_local_route inserts them one by one at the front): a board mates' route
    through a scale-up switch comes out as its second link, then its first. A simulation holds
    every link of a route at once, so nothing changes there; put the pair back in order."""
    path, at = list(path), a
    for i, name in enumerate(path):
        pair = ends.get(name.rsplit("_", 1)[0])
        if pair is not None and at not in pair and i + 1 < len(path):
            path[i], path[i + 1] = path[i + 1], path[i]
            pair = ends.get(path[i].rsplit("_", 1)[0])
        if pair is None or at not in pair:
            break
        (at,) = pair - {at} if len(pair) == 2 else (at,)
    return path


def router_graph(g, chips):
    """The routers and endpoints the docs describe, from the plain GraphML: switches are routers;
    a chip whose only link is one cable to a switch is an endpoint of it; any other chip is a
    router with itself as endpoint. Routers: such chips in chip order, then switches in file
    order. Returns the router of each node (None for an endpoint chip), the router of each chip's
    endpoint and the cables between routers as a Counter of router pairs."""
    nodes = list(g.nodes())
    cables = Counter()
    for u, v, d in g.edges(data=True):
        cables[frozenset((u, v))] += int(d["multiplicity"])
    folded = {}
    for c in chips:
        links = [(frozenset((u, v)), d) for u, v, d in g.edges(c, data=True)]
        if len(links) == 1 and int(links[0][1]["multiplicity"]) == 1:
            (other,) = links[0][0] - {c}
            if g.nodes[other]["kind"] == "switch":
                folded[c] = other
    order = [c for c in chips if c not in folded]
    order += [n for n in nodes if g.nodes[n]["kind"] == "switch"]
    router = {n: i for i, n in enumerate(order)}
    chip_router = {int(c[4:]): router[folded.get(c, c)] for c in chips}
    between = Counter()
    for pair, k in cables.items():
        if all(n in router for n in pair):
            between[frozenset(router[n] for n in pair)] += k
    return router, chip_router, between


def check_booksim(tmp, generate, g, chips, rng):
    path = os.path.join(tmp, "t.anynet")
    generate("booksim", path)
    problems = []
    node_router, channels = {}, set()
    with open(path) as f:
        for number, line in enumerate(f, 1):
            words = line.split()
            if not words:
                continue
            if words[0] not in ("router", "node") or len(words) < 2 or not words[1].isdigit():
                return [f"line {number}: BookSim cannot read '{line.strip()}'"], ""
            head = (words[0], int(words[1]))
            i = 2
            while i < len(words):
                if words[i] not in ("router", "node") or i + 1 >= len(words):
                    return [f"line {number}: BookSim cannot read '{words[i]}'"], ""
                body = (words[i], int(words[i + 1]))
                i += 2
                if i < len(words) and words[i].isdigit():
                    i += 1   # a link weight
                kinds = (head[0], body[0])
                if kinds == ("node", "node"):
                    return [f"line {number}: node linked to node"], ""
                if "node" in kinds:
                    n, r = (head[1], body[1]) if head[0] == "node" else (body[1], head[1])
                    if node_router.setdefault(n, r) != r:
                        problems.append(f"node {n} on routers {node_router[n]} and {r}")
                else:
                    channels.add(frozenset((head[1], body[1])))
    if sorted(node_router) != list(range(len(chips))):
        problems.append("nodes are not numbered 0 .. n - 1")
    _, chip_router, between = router_graph(g, chips)
    if node_router != chip_router:
        problems.append("nodes sit on other routers than the topology's chips")
    if channels != set(between):
        problems.append(f"{len(channels)} router pairs linked, expected {len(between)}")
    return problems, f"{len(node_router)} nodes, {len(channels)} router pairs as the topology's"


def check_sst(tmp, generate, g, chips, rng):
    path = os.path.join(tmp, "t.graphml")
    generate("sst", path)
    problems = []
    h = networkx.read_graphml(path)
    # As SST's anytopo: nodes renumbered in file order, endpoints numbered in node order.
    h = networkx.relabel_nodes(h, {n: i for i, n in enumerate(h.nodes())}, copy=True)
    endpoint_router, listed = [], []
    for v in h.nodes():
        count = int(h.nodes[v]["endpoints"])
        chips_here = [int(c) for c in str(h.nodes[v].get("chips", "")).split(",") if c != ""]
        if len(chips_here) != count:
            problems.append(f"router {v}: {count} endpoints but {len(chips_here)} chips listed")
        endpoint_router += [v] * count
        listed += chips_here
    if sorted(listed) != list(range(len(chips))):
        problems.append("the chips listed are not every chip once")
    _, chip_router, between = router_graph(g, chips)
    for k, c in enumerate(listed):
        if k < len(endpoint_router) and chip_router.get(c) != endpoint_router[k]:
            problems.append(f"endpoint {k} (chip {c}) on router {endpoint_router[k]}, "
                            f"expected {chip_router.get(c)}")
            break
    edges = Counter(frozenset((u, v)) for u, v in h.edges())
    if edges != between:
        problems.append(f"{sum(edges.values())} cables between routers, "
                        f"expected {sum(between.values())}")
    return problems, (f"{len(endpoint_router)} endpoints on {h.number_of_nodes()} routers, "
                      f"{sum(edges.values())} cables as the topology's")


def check_astra_sim(tmp, generate, g, chips, rng):
    path = os.path.join(tmp, "t.yml")
    try:
        generate("astra-sim", path)
    except subprocess.CalledProcessError as e:
        # Refused: only a topology that is no product of rings, groups and one switch.
        message = e.stderr.strip()
        if "ASTRA-sim" not in message or len(message.splitlines()) != 1 or os.path.exists(path):
            return [f"refused badly: {message!r}"], ""
        if all(d["kind"] == "chip" for n, d in g.nodes(data=True) if n not in chips) and \
                not any(d["kind"] == "switch" for _, d in g.nodes(data=True)):
            return [f"a graph of chips alone refused: {message}"], ""
        return [], "refused: " + message.split("none: ", 1)[-1].split(". ", 1)[0]
    with open(path) as f:
        doc = yaml.safe_load(f)
    kinds, sizes = doc["topology"], doc["npus_count"]
    problems = []
    if not (len(kinds) == len(sizes) == len(doc["bandwidth"]) == len(doc["latency"])):
        return ["the four lists differ in length"], ""
    n = 1
    for s in sizes:
        n *= s
    if n != len(chips):
        return [f"{n} NPUs for {len(chips)} chips"], ""
    # The graph those dimensions make, NPU k = chip k (the first dimension fastest, as
    # ASTRA-sim's translate_id_to_address), against the topology's with its switch merged.
    # A Switch dimension has a switch per line; the last one's lines share one switch (the
    # single switch, or the one above boards of scale-up switches), the first's are the boards'.
    made, stride = set(), 1
    for d, (kind, s) in enumerate(zip(kinds, sizes)):
        for k in range(n):
            x = k // stride % s
            for y in range(s):
                other = k + (y - x) * stride
                if y == x or (kind == "Ring" and (y - x) % s not in (1, s - 1)):
                    continue
                if kind == "Switch":
                    line = "" if d == len(kinds) - 1 else f".{k - x * stride}"
                    made.add(frozenset((f"chip{k}", f"s{d}{line}")))
                else:
                    made.add(frozenset((f"chip{k}", f"chip{other}")))
        stride *= s
    rename = {}
    for name, d in g.nodes(data=True):
        if d["kind"] == "switch" and d["tier"] == "board":
            rename[name] = f"s0.{d['board'] * sizes[0]}"
        elif d["kind"] == "switch":
            rename[name] = f"s{len(kinds) - 1}"
    have = {frozenset(rename.get(x, x) for x in (u, v)) for u, v in g.edges()}
    if made != have:
        problems.append(f"the dimensions make {len(made)} links, the topology has {len(have)}")
    # Each dimension's bandwidth: its slowest links' (ASTRA-sim's GB is 2^30 bytes); a chip's
    # links to its board's scale-up switches count together, as one link to a Switch.
    scale_up = Counter()
    others = []
    for u, v, d in g.edges(data=True):
        su = [x for x in (u, v) if g.nodes[x].get("tier") == "board"]
        if su:
            scale_up[v if su == [u] else u] += d["bandwidth_gbps"] * d["multiplicity"]
        else:
            others.append(d["bandwidth_gbps"] * d["multiplicity"])
    if scale_up and abs(doc["bandwidth"][0] * 2**30 - min(scale_up.values()) * 1e9) \
            > 1e-5 * min(scale_up.values()) * 1e9:
        problems.append(f"scale-up bandwidth {doc['bandwidth'][0]} GiB/s, expected "
                        f"{min(scale_up.values()) * 1e9 / 2**30}")
    slowest = min(others + list(scale_up.values()))
    if abs(min(doc["bandwidth"]) * 2**30 - slowest * 1e9) > 1e-5 * slowest * 1e9:
        problems.append(f"slowest bandwidth {min(doc['bandwidth'])} GiB/s, expected "
                        f"{slowest * 1e9 / 2**30}")
    what = " (scale-up boards)" if scale_up else ""
    return problems, (f"{' x '.join(f'{k} {s}' for k, s in zip(kinds, sizes))}{what} as the "
                      f"topology's")


CHECKS = [("simgrid", check_simgrid), ("booksim", check_booksim), ("sst", check_sst),
          ("astra-sim", check_astra_sim)]

# The alpha-beta model against SimGrid where nothing contends: a ring AllReduce of M bytes over a
# group whose ring flows share no link direction, on the exported platform under CM02 without
# cross-traffic (the model the evaluator's alpha-beta assumes; SimGrid's default LV08 scales
# latency and bandwidth). The closed form, 2 (N - 1) (alpha_ring + M / (N beta_ring)), with
# alpha_ring the slowest ring flow's route latency and beta_ring its least bandwidth, must
# match the simulated time within 0.1 %.
RINGS = [
    (["--n-chip", "32", "--scope", "intra-rack"], "torus:dimension_sizes=4x8,board_shape=1x1",
     [0, 1, 2, 3]),
    (["--n-chip", "32", "--scope", "intra-rack"], "torus:dimension_sizes=4x8,board_shape=1x1",
     [4 * i + 1 for i in range(8)]),
    (["--n-chip", "16", "--scope", "inter-rack", "--bandwidth", "B2B=50"],
     "fat-tree:layers=2,k=4,osr=1,n_endpoint=8", list(range(16))),
]
RING_BYTES = 1 << 30

# SimGrid's run through Stage 2's simulator (simgrid/topoforge-simgrid) on a board of scale-up
# switches: one flow between board mates takes a scale-up switch's two C2C links, so it lasts
# their latency and a switch's, then its bytes at those links' bandwidth (not a leaf switch's).
SIMULATOR = os.environ.get("TOPOFORGE_SIMGRID") or os.path.join(
    os.path.dirname(os.path.dirname(CLI)), "simgrid", "topoforge-simgrid")
SCALE_UP_FLOWS = [
    (["--n-chip", "64", "--scope", "inter-rack", "--intra-board-topo", "switch"],
     "fat-tree:layers=2,k=4,osr=1,n_endpoint=8", 0, 1),
    (["--n-chip", "16", "--scope", "intra-rack", "--intra-board-topo", "switch"],
     "single-switch:n_endpoint=4", 5, 6),
]
FLOW_BYTES = 10**9

RING_SIMULATION = r"""
import json, sys
import simgrid
from simgrid import Actor, Engine, Mailbox
e = Engine([sys.argv[0], "--cfg=network/model:CM02", "--cfg=network/crosstraffic:0",
            "--log=root.thres:critical"])
e.load_platform(sys.argv[1])
group = json.loads(sys.argv[2])
n, chunk = len(group), int(sys.argv[3]) // len(group)
hosts = {h.name: h for h in e.all_hosts}
ends = []

def rank(i):
    me, after = Mailbox.by_name(f"r{i}"), Mailbox.by_name(f"r{(i + 1) % n}")
    for step in range(2 * (n - 1)):
        sent = after.put_async(step, chunk)
        me.get()
        sent.wait()
    ends.append(Engine.clock)

for i, chip in enumerate(group):
    Actor.create(f"rank{i}", hosts[f"chip{chip}"], rank, i)
e.run()
flows = []
for i, chip in enumerate(group):
    links, latency = hosts[f"chip{chip}"].route_to(hosts[f"chip{group[(i + 1) % n]}"])
    flows.append([latency, min(l.bandwidth for l in links), [l.name for l in links]])
print(json.dumps({"time": max(ends), "flows": flows}))
"""


def check_ring(context, topology_id, group):
    with tempfile.TemporaryDirectory() as tmp:
        platform = os.path.join(tmp, "t.xml")
        cli("generate", *context, "--id", topology_id, "--format", "simgrid", "-o", platform)
        run = subprocess.run([sys.executable, "-c", RING_SIMULATION, platform, json.dumps(group),
                              str(RING_BYTES)], capture_output=True, text=True)
    if run.returncode != 0:
        return [f"SimGrid failed: {(run.stderr.strip().splitlines() or ['?'])[-1]}"], ""
    got = json.loads(run.stdout)
    used = Counter(name for _, _, names in got["flows"] for name in names)
    if max(used.values()) > 1:
        return [f"ring flows share {max(used, key=used.get)}: not a case without contention"], ""
    n = len(group)
    alpha = max(f[0] for f in got["flows"])
    beta = min(f[1] for f in got["flows"])
    closed = 2 * (n - 1) * (alpha + RING_BYTES / n / beta)
    error = abs(got["time"] - closed) / closed
    if error > 1e-3:
        return [f"SimGrid {got['time'] * 1e3:.6f} ms, alpha-beta {closed * 1e3:.6f} ms "
                f"({error:.3%} apart)"], ""
    return [], (f"AllReduce of 1 GiB over {n}: SimGrid {got['time'] * 1e3:.4f} ms, "
                f"alpha-beta {closed * 1e3:.4f} ms ({error:.4%} apart)")


def check_scale_up_flow(context, topology_id, a, b):
    if not os.path.exists(SIMULATOR):
        return [], "skipped: no topoforge-simgrid (built only with SimGrid)"
    with tempfile.TemporaryDirectory() as tmp:
        platform, flows = os.path.join(tmp, "t.xml"), os.path.join(tmp, "flows.txt")
        graphml = os.path.join(tmp, "t.graphml")
        cli("generate", *context, "--id", topology_id, "--format", "simgrid", "-o", platform)
        cli("generate", *context, "--id", topology_id, "--format", "graphml", "-o", graphml)
        with open(flows, "w") as f:
            f.write(f"phases 1\nphase 1\n{a} {b} {FLOW_BYTES}\n")
        run = subprocess.run([SIMULATOR, platform, flows], capture_output=True, text=True)
        g = networkx.read_graphml(graphml)
    if run.returncode != 0:
        return [f"topoforge-simgrid failed: {(run.stderr.strip().splitlines() or ['?'])[-1]}"], ""
    ca, cb = f"chip{a}", f"chip{b}"
    if g.nodes[ca]["board"] != g.nodes[cb]["board"]:
        return [f"{ca} and {cb} are not board mates"], ""
    # Through any of their scale-up switches: the generated ones are alike.
    shared = [s for s in g.neighbors(ca) if g.nodes[s].get("tier") == "board"
              and g.has_edge(s, cb)]
    if not shared:
        return [f"{ca} and {cb} share no scale-up switch"], ""
    up, down = g.edges[ca, shared[0]], g.edges[shared[0], cb]
    gbps = min(e["bandwidth_gbps"] * e["multiplicity"] for e in (up, down))
    latency = (up["latency_ns"] + down["latency_ns"] + g.nodes[shared[0]]["latency_ns"]) * 1e-9
    expected = latency + FLOW_BYTES / (gbps * 1e9)
    got = float(run.stdout.split()[0])
    if abs(got - expected) > 1e-6 * expected:
        return [f"{ca} -> {cb} took {got} s, expected {expected} s through a scale-up switch "
                f"at {gbps} GB/s"], ""
    return [], f"{ca} -> {cb}: {got * 1e6:.3f} us, through a scale-up switch at {gbps:g} GB/s"


def main():
    rng = random.Random(7)
    print(f"1..{len(FAMILIES) * len(CHECKS) + len(RINGS) + len(SCALE_UP_FLOWS)}")
    failed, number = 0, 0
    for context, topology_id in FAMILIES:
        with tempfile.TemporaryDirectory() as tmp:
            def generate(fmt, path, context=context, topology_id=topology_id):
                cli("generate", *context, "--id", topology_id, "--format", fmt, "-o", path)

            graphml = os.path.join(tmp, "plain.graphml")
            generate("graphml", graphml)
            g = networkx.read_graphml(graphml)
            chips = sorted((n for n, d in g.nodes(data=True) if d["kind"] == "chip"),
                           key=lambda n: int(n[4:]))
            boards = ""
            if "--intra-board-topo" in context:
                boards = f" ({context[context.index('--intra-board-topo') + 1]} boards)"
            for name, check in CHECKS:
                number += 1
                failed += report(number, f"{name} {topology_id}{boards}",
                                 *check(tmp, generate, g, chips, rng))
    for context, topology_id, group in RINGS:
        number += 1
        failed += report(number, f"alpha-beta vs SimGrid {topology_id}",
                         *check_ring(context, topology_id, group))
    for context, topology_id, a, b in SCALE_UP_FLOWS:
        number += 1
        failed += report(number, f"topoforge-simgrid on scale-up boards {topology_id}",
                         *check_scale_up_flow(context, topology_id, a, b))
    return 1 if failed else 0


def report(number, label, problems, summary):
    """Prints one TAP result and up to ten of its problems; 1 if it failed."""
    for p in problems[:10]:
        print(f"# {label}: {p}")
    print(f"not ok {number} - {label}" if problems else f"ok {number} - {label}: {summary}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
