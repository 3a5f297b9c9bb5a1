#!/usr/bin/python3
"""How nudge copes with a large store, and whether its memory stays flat.

Builds a store with N contacts with cadences, 10 x N call logs, 10 x N symptom entries and a
year of dose sessions, then measures on the release binary, on a private bus with
python-dbusmock:
  - start: from starting `nudge daemon` to its first schedule (the daemon's own figure for the
    schedule computation, and the wall time including process start);
  - reaction: from a call logged by sqlite3 to the daemon having rescheduled;
  - firing: one-off reminders written in one transaction, due at consecutive whole seconds;
    latency = the mock server's arrival stamp of each Notify - its due instant; resident
    memory after them;
  - `nudge upcoming` as a cold process;
  - memory over fire-and-answer cycles (optional, --cycles).
Prints a table and writes JSON to results/load.json. From the repository's root:
  contrib/bench/load.py [--contacts 10000] [--firings 40] [--cycles 0] [--no-build]
"""
import argparse
import json
import os
import random
import re
import sqlite3
import statistics
import subprocess
import sys
import time
import uuid

import dbus

from benchlib import Daemon, prepare, resident_by_kind, resident_kib, results_path, summarise


def iso(seconds):
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(seconds))


def build_store(binary, store, contacts, env):
    subprocess.run([binary, "settings", "set", "symptom.reminder_time", "23:59"], env=env, check=True, stdout=subprocess.DEVNULL)
    rng = random.Random(7)
    now = time.time()
    db = sqlite3.connect(store)
    db.execute("PRAGMA busy_timeout = 10000")
    created = iso(now - 2 * 365 * 86400)
    cadences = [rng.choice([7, 14, 21, 30, 60, 90]) for _ in range(contacts)]
    db.executemany("INSERT INTO contacts (id, name, stay_in_touch_days, created_at) VALUES (?, ?, ?, ?)",
                   [(i + 1, f"Contact {i + 1}", cadences[i], created) for i in range(contacts)])
    calls = []
    for i in range(contacts):
        # The latest call within the cadence, so that a few fall due each day, none at once.
        latest = now - rng.uniform(0, cadences[i] - 1) * 86400
        calls.append((i + 1, latest))
    for _ in range(10 * contacts - contacts):
        contact = rng.randrange(contacts) + 1
        calls.append((contact, now - rng.uniform(60, 365) * 86400))
    db.executemany(
        "INSERT INTO call_logs (id, server_id, contact_id, called_at, duration_minutes, sync_status, is_marked_deleted, created_at, updated_at) "
        "VALUES (?, 0, ?, ?, 5, 'synced', 0, ?, ?)",
        [(str(uuid.UUID(int=rng.getrandbits(128))), c, iso(t), iso(t), iso(t)) for c, t in calls])
    db.executemany(
        "INSERT INTO symptom_entries (id, name, severity, logged_at, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)",
        [(str(uuid.UUID(int=rng.getrandbits(128))), rng.choice(["Headache", "Nausea", "Fatigue", "Pain"]), rng.randint(1, 5),
          iso(t), iso(t), iso(t)) for t in (now - rng.uniform(0, 365) * 86400 for _ in range(10 * contacts))])
    for day in range(365, 0, -1):
        dose1 = now - day * 86400
        session = str(uuid.UUID(int=rng.getrandbits(128))).upper()
        date = time.strftime("%Y-%m-%d", time.gmtime(dose1))
        db.execute("INSERT INTO sleep_sessions (session_id, session_date, start_utc) VALUES (?, ?, ?)", (session, date, iso(dose1)))
        db.execute("INSERT INTO dose_events (id, event_type, timestamp, session_date, session_id) VALUES (?, 'dose1', ?, ?, ?)",
                   (str(uuid.uuid4()), iso(dose1), date, session))
        db.execute("INSERT INTO dose_events (id, event_type, timestamp, session_date, session_id) VALUES (?, 'dose2', ?, ?, ?)",
                   (str(uuid.uuid4()), iso(dose1 + 170 * 60), date, session))
        db.execute("INSERT OR REPLACE INTO current_session (id, dose1_time, dose2_time, session_date, session_id) VALUES (1, ?, ?, ?, ?)",
                   (iso(dose1), iso(dose1 + 170 * 60), date, session))
    db.commit()
    db.close()


def took(line):
    match = re.search(r"\[([0-9.]+) ms\]", line)
    return float(match.group(1)) if match else None


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--contacts", type=int, default=10000)
    parser.add_argument("--firings", type=int, default=40, help="reminders due at consecutive seconds, for the firing latency")
    parser.add_argument("--cycles", type=int, default=0, help="fire-and-answer cycles for the memory figure")
    options, binary, _, store, bus = prepare(parser, "load")
    env = bus.env

    built = time.monotonic()
    build_store(binary, store, options.contacts, env)
    results = {"contacts": options.contacts, "call_logs": 10 * options.contacts, "symptom_entries": 10 * options.contacts,
               "dose_sessions": 365, "store_build_seconds": round(time.monotonic() - built, 1),
               "store_mib": round(os.path.getsize(store) / 1048576, 1)}

    upcoming = []
    for _ in range(5):
        started = time.monotonic()
        subprocess.run([binary, "upcoming", "--json", "--limit", "20"], env=env, check=True, stdout=subprocess.DEVNULL)
        upcoming.append((time.monotonic() - started) * 1000)
    results["upcoming_cold_ms_median"] = round(statistics.median(upcoming), 1)

    daemon = Daemon(binary, env)
    try:
        stamp, line = daemon.wait_for("rescheduled (start)")
        results["start_to_first_schedule_ms"] = round((stamp - daemon.started) * 1000, 1)
        results["first_schedule_ms_in_daemon"] = took(line)
        reactions, computed = [], []
        db = sqlite3.connect(store, isolation_level=None)
        db.execute("PRAGMA busy_timeout = 10000")
        for index in range(20):
            daemon.drain()
            started = time.monotonic()
            db.execute("INSERT INTO call_logs (id, contact_id, called_at, created_at, updated_at) VALUES (?, ?, ?, ?, ?)",
                       (str(uuid.uuid4()), index + 1, iso(time.time()), iso(time.time()), iso(time.time())))
            stamp, line = daemon.wait_for("rescheduled (store changed)")
            reactions.append((stamp - started) * 1000)
            computed.append(took(line))
        results["reaction_ms_median"] = round(statistics.median(reactions), 1)
        results["reaction_ms_max"] = round(max(reactions), 1)
        results["reschedule_ms_in_daemon_median"] = round(statistics.median(computed), 1)
        results["rss_kib_after_start"] = resident_kib(daemon.process.pid)

        if options.firings:
            first = int(time.time()) + 3
            due = {f"firing {index}": first + index for index in range(options.firings)}
            db.execute("BEGIN")
            for note, instant in due.items():
                db.execute("INSERT INTO call_reminders (contact_id, due_at, note, created_at) VALUES (1, ?, ?, ?)",
                           (iso(instant), note, iso(time.time())))
            db.execute("COMMIT")
            deadline = first + options.firings + 30
            while time.time() < deadline:
                arrived = {body: stamp for stamp, app, _, body in bus.notifications() if app == "nudge" and body in due}
                if len(arrived) >= options.firings:
                    break
                time.sleep(1)
            results["firing_latency"] = summarise([(arrived[note] - instant) * 1000 for note, instant in due.items() if note in arrived])
            results["rss_kib_after_firing"] = resident_kib(daemon.process.pid)

        if options.cycles:
            connection = dbus.bus.BusConnection(bus.address)
            server = connection.get_object("org.freedesktop.Notifications", "/org/freedesktop/Notifications")
            # The mock numbers notifications in order; the firings above took the first ones.
            mock_calls = len(bus.notifications())
            samples = []
            kinds = []
            for cycle in range(options.cycles):
                note = f"cycle {cycle}"
                db.execute("INSERT INTO call_reminders (contact_id, due_at, note, created_at) VALUES (1, ?, ?, ?)",
                           (iso(time.time()), note, iso(time.time())))
                daemon.wait_for("shown call:1:once:")
                mock_calls += 1
                server.EmitSignal("org.freedesktop.Notifications", "ActionInvoked", "us",
                                  [dbus.UInt32(mock_calls), "called"], dbus_interface="org.freedesktop.DBus.Mock")
                daemon.wait_for("answered call:1:once:")
                if cycle % max(options.cycles // 10, 1) == 0 or cycle == options.cycles - 1:
                    samples.append((cycle + 1, resident_kib(daemon.process.pid)))
                    kinds.append((cycle + 1, resident_by_kind(daemon.process.pid)))
                if cycle % 500 == 0:
                    server.ClearCalls(dbus_interface="org.freedesktop.DBus.Mock")
            results["cycles"] = options.cycles
            results["rss_kib_over_cycles"] = samples
            results["resident_kib_by_kind_over_cycles"] = kinds
    finally:
        daemon.stop()
        bus.close()

    for key, value in results.items():
        print(f"{key:<36} {value}")
    with open(results_path("load.json"), "w") as handle:
        json.dump(results, handle, indent=2)
    return 0


if __name__ == "__main__":
    sys.exit(main())
