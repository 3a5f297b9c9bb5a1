#!/usr/bin/python3
"""The cost of the daily backup and quick check on the scale benchmark's largest store
(100,000 contacts, 1,000,000 calls and diary entries, a year of doses): `nudge backup` wall time
and peak resident memory (GNU time), the backup's size, and `PRAGMA quick_check` of the store
(what the daemon runs after each backup) through SQLite, cold and warm; then the daemon's own
backup at its start, with the dose-2 alarm due while it runs: how late the alarm reached the
notification server (the backup runs on its own thread; the event loop must not wait for it).
Usage (from the repository's root): contrib/bench/backup.py [--no-build] [--contacts N]
"""
import argparse
import json
import os
import sqlite3
import subprocess
import time

from benchlib import Daemon, prepare, results_path
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
    results.update(alarm_during_daemon_backup(binary, store, bus))
    with open(results_path("backup.json"), "w") as handle:
        json.dump(results, handle, indent=2)
    print(json.dumps(results, indent=2))


def alarm_during_daemon_backup(binary, store, bus):
    """A daemon starts on the store (no backup beside it yet, so it takes one at once) with the
    dose-2 alarm due 10 s later; the alarm's lateness at the server, and when the backup ended."""
    env = dict(bus.env, NUDGE_STORE=store, TZ="UTC")
    subprocess.run([binary, "settings", "set", "symptom.reminder_enabled", "false"], env=env, check=True, stdout=subprocess.DEVNULL)
    due = float(int(time.time()) + 10)
    dose1 = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(due - 165 * 60))
    subprocess.run([binary, "dose", "1", "--at", dose1], env=env, check=True, stdout=subprocess.DEVNULL)
    daemon = Daemon(binary, env)
    started = time.time()
    seen = {}
    while len(seen) < 2:
        stamp, line = daemon.wait_for("", timeout=600)
        for name, text in (("backup", "backed up the store"), ("alarm", "shown dose")):
            if text in line:
                seen[name] = time.time() - (time.monotonic() - stamp)
    ended = seen["backup"]
    daemon.stop()
    notify = next(stamp for stamp, _, summary, _ in bus.notifications() if summary == "Time for dose 2")
    return {"daemon_backup_seconds": round(ended - started, 1), "alarm_due_seconds_after_start": round(due - started, 1),
            "alarm_late_ms_during_backup": round((notify - due) * 1000, 1)}


if __name__ == "__main__":
    main()
