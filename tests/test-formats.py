#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""GraphML and DOT from topoforge-cli, read back by networkx (which nobody here wrote).

For topologies of several families, with and without parallel links: the node and edge counts,
every node's kind, tier and place, and every link's type and multiplicity must match the YAML
the engine writes for the same topology. Prints TAP.
"""
import os
import subprocess
import sys
import tempfile

import networkx
import yaml

CLI = os.environ["TF_CLI"]

CASES = [
    (["--n-chip", "64", "--scope", "inter-rack"], "fat-tree:layers=3,k=4,osr=1,n_endpoint=16"),
    (["--n-chip", "64", "--scope", "inter-rack", "--chip-radix", "2",
      "--intra-board-topo", "ring"], "dragonfly:a=4,p=2,h=2,g=2,n_endpoint=16"),
    (["--n-chip", "32", "--scope", "intra-rack", "--chip-radix", "3"],
     "torus:dimension_sizes=4x8,board_shape=2x2"),
    (["--n-chip", "48", "--scope", "intra-rack", "--intra-board-topo", "full-mesh"],
     "ring:n_endpoint=12"),
    (["--n-chip", "24", "--scope", "inter-rack"], "hyperx:L=2,T=2,S=2x3"),
    # Scale-up switches: two a board (8 chips x 18 links > 72 ports), nine links a chip each.
    (["--n-chip", "64", "--scope", "inter-rack", "--intra-board-topo", "switch"],
     "fat-tree:layers=2,k=4,osr=1,n_endpoint=8"),
]


def cli(*args):
    return subprocess.run([CLI, *args], check=True, capture_output=True, text=True).stdout


def expected(context, topology_id):
    doc = yaml.safe_load(cli("generate", *context, "--id", topology_id))
    nodes, board_place = {}, {}
    for pod in doc["boardGrouping"]["pods"]:
        for rack in pod["racks"]:
            for board in rack["boards"]:
                board_place[board["id"]] = {"rack": rack["id"], "pod": pod["id"]}
                for chip in board["chips"]:
                    nodes[f"chip{chip}"] = {"kind": "chip", "board": board["id"],
                                            "rack": rack["id"], "pod": pod["id"]}
    for sw in doc["network"]["switches"]:
        node = {"kind": "switch", "tier": sw["tier"], "port_count": sw["port_count"]}
        node.update({k: sw[k] for k in ("board", "rack", "pod") if k in sw})
        if sw["tier"] == "board":   # a scale-up switch stands in its board's rack and pod
            node.update(board_place[sw["board"]])
        nodes[sw["id"]] = node
    return doc, nodes


def check(number, context, topology_id):
    doc, nodes = expected(context, topology_id)
    links = doc["network"]["links"]
    problems = []
    if "--intra-board-topo" in context and context[context.index("--intra-board-topo") + 1] \
            == "switch" and not any(n["tier"] == "board" for n in nodes.values() if "tier" in n):
        problems.append("no scale-up switch to check")
    with tempfile.TemporaryDirectory() as tmp:
        graphml = os.path.join(tmp, "t.graphml")
        dot = os.path.join(tmp, "t.dot")
        source = os.path.join(tmp, "t.yaml")
        cli("generate", *context, "--id", topology_id, "--format", "graphml", "-o", graphml)
        cli("generate", *context, "--id", topology_id, "-o", source)
        cli("convert", source, "--format", "dot", "-o", dot)
        # convert from the YAML gives the same GraphML as generate did
        if cli("convert", source, "--format", "graphml") != open(graphml).read():
            problems.append("convert and generate write different GraphML")

        g = networkx.read_graphml(graphml)
        if set(g.nodes) != set(nodes):
            problems.append("GraphML nodes differ")
        for name, attrs in nodes.items():
            for key, value in attrs.items():
                if g.nodes[name].get(key) != value:
                    problems.append(f"GraphML {name}.{key} = {g.nodes[name].get(key)}, "
                                    f"not {value}")
                    break
        if g.number_of_edges() != len(links):
            problems.append(f"GraphML has {g.number_of_edges()} edges, not {len(links)}")
        for link in links:
            data = g.get_edge_data(link["a"], link["b"])
            if (data is None or data["type"] != link["type"]
                    or data["multiplicity"] != link["multiplicity"]):
                problems.append(f"GraphML edge {link['a']} - {link['b']} is {data}")
                break

        d = networkx.nx_pydot.read_dot(dot)
        # pydot 1.4 reads the newline after the closing brace as a node named "\n".
        if "\\n" in d.nodes and d.degree("\\n") == 0:
            d.remove_node("\\n")
        physical = sum(link["multiplicity"] for link in links)
        if set(d.nodes) != set(nodes):
            problems.append(f"DOT nodes differ: {sorted(set(d.nodes) ^ set(nodes))[:5]}")
        if d.number_of_edges() != physical:
            problems.append(f"DOT has {d.number_of_edges()} edges, not {physical}")
        for link in links:
            count = d.number_of_edges(link["a"], link["b"])
            if count != link["multiplicity"]:
                problems.append(f"DOT has {count} edges {link['a']} - {link['b']}, "
                                f"not {link['multiplicity']}")
                break
        if physical != doc["metadata"]["metrics"]["link_count"]:
            problems.append("link_count disagrees with the links")

    status = "ok" if not problems else "not ok"
    print(f"{status} {number} {topology_id}")
    for p in problems:
        print(f"# {p}")
    return not problems


def main():
    print(f"1..{len(CASES)}")
    results = [check(i + 1, context, tid) for i, (context, tid) in enumerate(CASES)]
    return 0 if all(results) else 1


if __name__ == "__main__":
    sys.exit(main())
