#!/usr/bin/python3
"""The cost of the daily backup and quick check on the scale benchmark's largest store
(100,000 contacts, 1,000,000 calls and diary entries, a year of doses): `nudge backup` wall time
and peak resident memory (GNU time), the backup's size, and `PRAGMA quick_check` of the store
(what the daemon runs after each backup) through SQLite, cold and warm.
Usage (from the repository's root): contrib/bench/backup.py [--no-build] [--contacts N]
"""
import argparse
import json
import os
import sqlite3
import subprocess
import time

from benchlib import prepare, results_path
from load import build_store


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--contacts", type=int, default=100000)
    options, binary, work, store, bus = prepare(parser, "backup")
    env = dict(os.environ, NUDGE_STORE=store, TZ="UTC")
    build_store(binary, store, options.contacts, env)
    results = {"contacts": options.contacts, "store_bytes": os.path.getsize(store)}
    runs = []
    for _ in range(3):
        started = time.monotonic()
        timed = subprocess.run(["/usr/bin/time", "-f", "%M", binary, "backup", "--output", os.path.join(work, "backup.sqlite")],
                               env=env, check=True, capture_output=True, text=True)
        runs.append((time.monotonic() - started, int(timed.stderr.strip().splitlines()[-1])))
    results["backup_seconds"] = sorted(run[0] for run in runs)
    results["backup_peak_kib"] = max(run[1] for run in runs)
    results["backup_bytes"] = os.path.getsize(os.path.join(work, "backup.sqlite"))
    checks = []
    for _ in range(3):
        db = sqlite3.connect(store)
        started = time.monotonic()
        answer = db.execute("PRAGMA quick_check").fetchone()[0]
        checks.append(time.monotonic() - started)
        db.close()
    results["quick_check_seconds"] = checks
    results["quick_check"] = answer
    with open(results_path("backup.json"), "w") as handle:
        json.dump(results, handle, indent=2)
    print(json.dumps(results, indent=2))


if __name__ == "__main__":
    main()
