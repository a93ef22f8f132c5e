#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The engine's layers call down, never up (engine/DESIGN.md).

A wrong-way include does not compile: each layer's library is built with its own and the lower
layers' include folders only. A wrong-way call through a public door (topoforge.h declares what
query, io and export define, and every layer includes it) would still compile and link, so this
test reads the libraries themselves: every engine symbol a library's objects use must be
defined in that library or one below it.

usage: test-layers.py NM LIBRARY... (bottom layer first)
"""
import os
import subprocess
import sys


def symbols(nm, library):
    """The global symbols an archive's objects define, and the ones they use, by object."""
    out = subprocess.run([nm, '-A', library], check=True, capture_output=True, text=True).stdout
    defined, used = set(), {}
    for line in out.splitlines():
        where, _, rest = line.rpartition(': ')
        fields = rest.split()
        if len(fields) == 2 and fields[0] == 'U':
            used.setdefault(where.split(':')[-1], set()).add(fields[1])
        elif len(fields) == 3 and fields[1] in 'TDRBCGSV':
            defined.add(fields[2])
    return defined, used


def main():
    nm, libraries = sys.argv[1], sys.argv[2:]
    names = [os.path.basename(lib)[len('libtopoforge-'):-len('.a')] for lib in libraries]
    print('1..%d' % len(libraries))
    tables = [symbols(nm, lib) for lib in libraries]
    owner = {}
    for layer, (defined, _) in enumerate(tables):
        for name in defined:
            owner.setdefault(name, layer)
    failed = 0
    for layer, (defined, used) in enumerate(tables):
        wrong = sorted('%s uses %s of %s' % (obj, name, names[owner[name]])
                       for obj, wanted in used.items() for name in wanted
                       if owner.get(name, -1) > layer)
        if not defined:
            wrong.append('defines nothing: is it the library it should be?')
        print('%s %d - %s%s' % ('not ok' if wrong else 'ok', layer + 1, names[layer],
                                ''.join('\n# ' + w for w in wrong)))
        failed += bool(wrong)
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())
