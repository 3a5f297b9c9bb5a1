#!/usr/bin/python3
"""Measures the nudge daemon at rest and how fast it follows a change.

Runs the release binary on a private session bus with python-dbusmock's notification server
and a temporary store, then reports:
  - wake-ups at rest: context switches summed over every thread in /proc/PID/task, and CPU
    time, over an idle period with a reminder due later;
  - resident memory after start;
  - reaction: from starting `nudge settings set` (a sqlite3 write, `nudge call edit`, `nudge
    call delete`) to the daemon logging that it rescheduled; this includes the writer's own
    start-up, so it is an upper bound.
Prints a table and writes JSON next to this script (results/). Run it with /usr/bin/python3
from the repository's root: contrib/bench/daemon-at-rest.py [--idle-seconds 60] [--changes 20]
"""
import argparse
import json
import statistics
import subprocess
import sys
import time

from benchlib import Daemon, cpu_seconds, prepare, resident_kib, results_path, thread_switches


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--idle-seconds", type=float, default=60)
    parser.add_argument("--changes", type=int, default=20)
    options, binary, _, store, bus = prepare(parser, "rest")
    env = bus.env

    # A reminder due later than the idle period, so nothing is due while measuring.
    later = time.gmtime(time.time() + options.idle_seconds + 3600)
    subprocess.run([binary, "settings", "set", "symptom.reminder_time", time.strftime("%H:%M", later)], env=env,
                   check=True, stdout=subprocess.DEVNULL)
    daemon = Daemon(binary, env)
    results = {}
    try:
        daemon.wait_for("rescheduled (start)")
        daemon.wait_for("a notification server is on the bus")
        # Start-up work (the server's capabilities, GRDB's queue threads winding down) is over
        # within a few seconds; the idle period is measured after it.
        time.sleep(5)
        pid = daemon.process.pid
        results["resident_kib_after_start"] = resident_kib(pid)

        switches_before, threads = thread_switches(pid)
        cpu_before = cpu_seconds(pid)
        time.sleep(options.idle_seconds)
        switches_after, _ = thread_switches(pid)
        results["idle_seconds"] = options.idle_seconds
        results["threads"] = threads
        results["idle_context_switches"] = switches_after - switches_before
        results["idle_cpu_seconds"] = round(cpu_seconds(pid) - cpu_before, 3)

        settings_reaction = []
        for index in range(options.changes):
            daemon.drain()
            value = f"{index % 12 + 8:02d}:{index % 60:02d}"
            started = time.monotonic()
            subprocess.run([binary, "settings", "set", "symptom.reminder_time", value], env=env, check=True,
                           stdout=subprocess.DEVNULL)
            seen, _ = daemon.wait_for("rescheduled (store changed)")
            settings_reaction.append((seen - started) * 1000)
        sqlite_reaction = []
        for index in range(options.changes):
            daemon.drain()
            started = time.monotonic()
            subprocess.run(["sqlite3", store, f"PRAGMA busy_timeout=5000; INSERT INTO settings (key, value, updated_at) "
                            f"VALUES ('symptom.reminder_time', '{index % 10 + 10:02d}:30', '2026-01-01T00:00:00Z') "
                            "ON CONFLICT(key) DO UPDATE SET value = excluded.value"], check=True, stdout=subprocess.DEVNULL)
            seen, _ = daemon.wait_for("rescheduled (store changed)")
            sqlite_reaction.append((seen - started) * 1000)
        # A contact with a cadence and as many calls as corrections: each edit moves the latest
        # call, each delete takes one away, and the cadence follows either way.
        subprocess.run([binary, "contacts", "add", "Alex", "--every", "30"], env=env, check=True, stdout=subprocess.DEVNULL)
        for index in range(options.changes):
            subprocess.run([binary, "call", "log", "Alex", "--at", time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(time.time() - (index + 1) * 86400))],
                           env=env, check=True, stdout=subprocess.DEVNULL)
        calls = json.loads(subprocess.run([binary, "call", "history", "--json"], env=env, check=True, capture_output=True).stdout)
        call_reactions = {"edit": [], "delete": []}
        for verb in ("edit", "delete"):
            for index, call in enumerate(calls):
                daemon.drain()
                change = (["--at", time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(time.time() - (index % 5 + 1) * 3600))]
                          if verb == "edit" else ["--yes"])
                started = time.monotonic()
                subprocess.run([binary, "call", verb, call["id"][:8]] + change, env=env, check=True, stdout=subprocess.DEVNULL)
                seen, _ = daemon.wait_for("rescheduled (store changed)")
                call_reactions[verb].append((seen - started) * 1000)
        for name, values in (("reaction_ms_settings_set", settings_reaction), ("reaction_ms_sqlite3_write", sqlite_reaction),
                             ("reaction_ms_call_edit", call_reactions["edit"]), ("reaction_ms_call_delete", call_reactions["delete"])):
            results[name] = {"median": round(statistics.median(values), 2), "max": round(max(values), 2), "count": len(values)}
        results["resident_kib_at_end"] = resident_kib(pid)
    finally:
        daemon.stop()
        bus.close()

    rows = [
        ("threads", results["threads"]),
        (f"context switches, all threads, {options.idle_seconds:g} s idle", results["idle_context_switches"]),
        ("CPU seconds while idle", results["idle_cpu_seconds"]),
        ("resident memory after start (KiB)", results["resident_kib_after_start"]),
        ("resident memory at end (KiB)", results["resident_kib_at_end"]),
        ("nudge settings set -> rescheduled, median / max (ms, from its start)",
         f'{results["reaction_ms_settings_set"]["median"]} / {results["reaction_ms_settings_set"]["max"]}'),
        ("sqlite3 write -> rescheduled, median / max (ms, from its start)",
         f'{results["reaction_ms_sqlite3_write"]["median"]} / {results["reaction_ms_sqlite3_write"]["max"]}'),
        ("nudge call edit -> rescheduled, median / max (ms, from its start)",
         f'{results["reaction_ms_call_edit"]["median"]} / {results["reaction_ms_call_edit"]["max"]}'),
        ("nudge call delete -> rescheduled, median / max (ms, from its start)",
         f'{results["reaction_ms_call_delete"]["median"]} / {results["reaction_ms_call_delete"]["max"]}'),
    ]
    width = max(len(name) for name, _ in rows)
    for name, value in rows:
        print(f"{name:<{width}}  {value}")
    with open(results_path("daemon-at-rest.json"), "w") as handle:
        json.dump(results, handle, indent=2, sort_keys=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
