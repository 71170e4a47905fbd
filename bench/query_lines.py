#!/usr/bin/env python3
"""Writes seeded random point-segment query lines (JSON Lines) for timing collision-lab-query.

  python3 bench/query_lines.py 2000000 > /tmp/q.jsonl
  time build/collision-lab-query --input /tmp/q.jsonl > /dev/null
  time cat /tmp/q.jsonl | build/collision-lab-query > /dev/null
"""
import random
import sys


def main():
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 2000000
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    rng = random.Random(seed)

    def point():
        return "[%s]" % ",".join(repr(round(rng.uniform(-100, 100), 6)) for _ in range(3))

    out = sys.stdout
    for i in range(1, count + 1):
        out.write('{"id":%d,"op":"closest_point","shape":{"type":"segment","a":%s,"b":%s},"point":%s}\n'
                  % (i, point(), point(), point()))


if __name__ == "__main__":
    main()
