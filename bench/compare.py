#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""compare.py: checks the engine's exact path metrics against networkx and igraph, and times them.

Usage: compare.py MANIFEST RESULTS

MANIFEST (written by bench-engine) holds one graph a line, tab-separated: label, edge-list path,
n_chip, n_nodes, the engine's diameter and its average path length. An edge list has one "a b"
line per linked node pair; chips are nodes 0 .. n_chip-1 and switches follow them.

Both metrics are over chip pairs only: switches are intermediate nodes. The diameter is the
longest shortest path between two chips, the average path length the mean over ordered pairs of
distinct chips. Each library computes them from breadth-first searches out of every chip; the
timing covers that computation, not loading the graph.

A graph too big for a library is not searched from every chip; a probe from a few chips times
the search, projects the full time and checks what a partial search can: every chip is reached
and none lies beyond the engine's diameter.

RESULTS gets one line a graph: label, networkx ms, igraph ms ("-" where not run), status (ok:
both metrics equal; partial: only probes ran and agree; skipped; MISMATCH) and notes separated
by "; ". Exits 1 on any mismatch, 2 on bad input.
"""

import statistics
import sys
import time

try:
    import networkx
except ImportError:
    networkx = None

try:
    import igraph
except ImportError:
    igraph = None

# Runs per timing (the median is reported), fewer for big graphs.
SMALL_N_CHIP = 4096
RUNS_SMALL = {"networkx": 3, "igraph": 5}
RUNS_LARGE = 1

# networkx BFS is pure Python: above this many chips it is not run at all, only projected.
NETWORKX_MAX_CHIPS = 16384
NETWORKX_PROBE_SOURCES = 4

# igraph runs only when a probe projects the full computation under this budget.
IGRAPH_BUDGET_S = 60.0
IGRAPH_PROBE_SOURCES = 64

# igraph returns a rows x targets matrix; this bounds its size.
IGRAPH_CELLS_PER_CALL = 1 << 22


class Totals:
    """Distances from some chips to every chip: the largest, the sum and the pairs reached."""

    def __init__(self):
        self.diameter = 0
        self.hop_sum = 0
        self.pairs = 0

    def average_path_length(self, n_chip):
        return self.hop_sum / (n_chip * (n_chip - 1))


def networkx_totals(graph, n_chip, sources):
    totals = Totals()
    for source in sources:
        lengths = networkx.single_source_shortest_path_length(graph, source)
        chip_lengths = [d for node, d in lengths.items() if node < n_chip]
        totals.diameter = max(totals.diameter, max(chip_lengths))
        totals.hop_sum += sum(chip_lengths)
        totals.pairs += len(chip_lengths) - 1
    return totals


def igraph_totals(graph, n_chip, sources):
    totals = Totals()
    chips = range(n_chip)
    step = max(1, IGRAPH_CELLS_PER_CALL // n_chip)
    for first in range(0, len(sources), step):
        rows = graph.distances(source=sources[first:first + step], target=chips)
        for row in rows:
            # Unreachable chips come back as inf, which the diameter check then catches.
            totals.diameter = max(totals.diameter, max(row))
            totals.hop_sum += sum(row)
            totals.pairs += len(row) - row.count(float("inf")) - 1
    return totals


def timed(compute, runs):
    """The median milliseconds of @runs calls of @compute, and its last result."""
    times = []
    result = None
    for _ in range(runs):
        start = time.perf_counter()
        result = compute()
        times.append((time.perf_counter() - start) * 1000.0)
    return statistics.median(times), result


def check(name, totals, entry):
    """Compares whole-graph totals with the engine's values; returns a list of problems."""
    n_chip = entry["n_chip"]
    problems = []
    if totals.pairs != n_chip * (n_chip - 1):
        problems.append(f"{name} reaches {totals.pairs} of {n_chip * (n_chip - 1)} chip pairs")
        return problems
    apl = totals.average_path_length(n_chip)
    if totals.diameter != entry["diameter"]:
        problems.append(f"{name} diameter {totals.diameter} != engine {entry['diameter']}")
    if abs(apl - entry["apl"]) > 1e-12 * max(1.0, entry["apl"]):
        problems.append(f"{name} apl {apl!r} != engine {entry['apl']!r}")
    return problems


def check_probe(name, totals, entry, n_sources):
    """What a partial search can still check: every chip is reached, none beyond the diameter."""
    problems = []
    if totals.pairs != n_sources * (entry["n_chip"] - 1):
        problems.append(f"{name} probe reaches only {totals.pairs} chip pairs")
    if totals.diameter > entry["diameter"]:
        problems.append(f"{name} probe finds a chip pair {totals.diameter} hops apart, "
                        f"beyond engine diameter {entry['diameter']}")
    return problems


def load_edges(path):
    with open(path, encoding="ascii") as f:
        return [tuple(map(int, line.split())) for line in f if line.strip()]


def compare_networkx(entry, edges, report):
    """Returns (ms or None when not run in full, probed, problems, note)."""
    n_chip = entry["n_chip"]
    if networkx is None:
        return None, False, [], "networkx skipped: not importable by this python"
    graph = networkx.Graph()
    graph.add_nodes_from(range(entry["n_nodes"]))
    graph.add_edges_from(edges)

    if n_chip > NETWORKX_MAX_CHIPS:
        probe = list(range(NETWORKX_PROBE_SOURCES))
        probe_ms, totals = timed(lambda: networkx_totals(graph, n_chip, probe), 1)
        projected = probe_ms / 1000.0 * n_chip / len(probe)
        report(f"networkx: skipped, n_chip {n_chip} > {NETWORKX_MAX_CHIPS} "
               f"(a {len(probe)}-source probe projects {projected:.0f} s)")
        return (None, True, check_probe("networkx", totals, entry, len(probe)),
                f"networkx skipped: pure-Python BFS from all {n_chip} chips, "
                f"projected {projected:.0f} s")

    runs = RUNS_SMALL["networkx"] if n_chip <= SMALL_N_CHIP else RUNS_LARGE
    sources = range(n_chip)
    ms, totals = timed(lambda: networkx_totals(graph, n_chip, sources), runs)
    report(f"networkx: diameter {totals.diameter}, "
           f"apl {totals.average_path_length(n_chip):.6f}, {ms:.1f} ms (median of {runs})")
    return ms, False, check("networkx", totals, entry), ""


def compare_igraph(entry, edges, report):
    """Returns (ms or None when not run in full, probed, problems, note)."""
    n_chip = entry["n_chip"]
    if igraph is None:
        return None, False, [], "igraph skipped: not importable by this python"
    graph = igraph.Graph(n=entry["n_nodes"], edges=edges)

    probe = list(range(min(IGRAPH_PROBE_SOURCES, n_chip)))
    probe_ms, totals = timed(lambda: igraph_totals(graph, n_chip, probe), 1)
    projected = probe_ms / 1000.0 * n_chip / len(probe)
    if projected > IGRAPH_BUDGET_S:
        report(f"igraph:   skipped, a {len(probe)}-source probe projects {projected:.0f} s "
               f"> {IGRAPH_BUDGET_S:.0f} s budget")
        return (None, True, check_probe("igraph", totals, entry, len(probe)),
                f"igraph skipped: projected {projected:.0f} s > {IGRAPH_BUDGET_S:.0f} s budget")

    runs = RUNS_SMALL["igraph"] if n_chip <= SMALL_N_CHIP else RUNS_LARGE
    sources = list(range(n_chip))
    ms, totals = timed(lambda: igraph_totals(graph, n_chip, sources), runs)
    report(f"igraph:   diameter {totals.diameter}, "
           f"apl {totals.average_path_length(n_chip):.6f}, {ms:.1f} ms (median of {runs})")
    return ms, False, check("igraph", totals, entry), ""


def read_manifest(path):
    entries = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            if not line.strip():
                continue
            label, edge_list, n_chip, n_nodes, diameter, apl = line.rstrip("\n").split("\t")
            entries.append({
                "label": label,
                "edge_list": edge_list,
                "n_chip": int(n_chip),
                "n_nodes": int(n_nodes),
                "diameter": int(diameter),
                "apl": float(apl),
            })
    return entries


def format_ms(ms):
    return "-" if ms is None else f"{ms:.3f}"


def main(argv):
    if len(argv) != 3:
        print(__doc__, file=sys.stderr)
        return 2
    try:
        entries = read_manifest(argv[1])
    except (OSError, ValueError) as e:
        print(f"compare.py: {argv[1]}: {e}", file=sys.stderr)
        return 2

    print(f"   python {sys.version.split()[0]}, "
          f"networkx {networkx.__version__ if networkx else 'missing'}, "
          f"igraph {igraph.__version__ if igraph else 'missing'}")
    mismatch = False
    results = []
    for entry in entries:
        print(f"\n   {entry['label']}: engine diameter {entry['diameter']}, "
              f"apl {entry['apl']:.6f} ({entry['n_nodes']} nodes)", flush=True)

        def report(text):
            print(f"     {text}", flush=True)

        edges = load_edges(entry["edge_list"])
        nx_ms, nx_probed, nx_problems, nx_note = compare_networkx(entry, edges, report)
        ig_ms, ig_probed, ig_problems, ig_note = compare_igraph(entry, edges, report)
        problems = nx_problems + ig_problems
        for problem in problems:
            print(f"     MISMATCH: {problem}", flush=True)
        if problems:
            status = "MISMATCH"
            mismatch = True
        elif nx_ms is not None or ig_ms is not None:
            status = "ok"
        elif nx_probed or ig_probed:
            status = "partial"
        else:
            status = "skipped"
        note = "; ".join(n for n in (nx_note, ig_note) if n)
        results.append("\t".join((entry["label"], format_ms(nx_ms), format_ms(ig_ms),
                                  status, note)))

    with open(argv[2], "w", encoding="utf-8") as f:
        f.write("\n".join(results) + "\n")
    if mismatch:
        print("\n   MISMATCH: the engine's path metrics disagree with a library", flush=True)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
