#!/usr/bin/python3
"""nudge and remind side by side: firing latency, and cost at rest, measured the same way in
the same run.

Firing latency: nudge gets COUNT one-off reminders due at consecutive seconds; remind
(`remind -z1 -k'notify-send %s'`, its daemon mode) gets COUNT timed reminders spread over the
next minutes (it has minute granularity). Each notification's arrival is python-dbusmock's
timestamp of the Notify call on a private bus; latency = arrival - due instant.
At rest: both daemons run with a daily and a timed reminder due after the idle window; context
switches summed over every thread of each (/proc/PID/task) and CPU time over the window, and
resident memory.
Usage: contrib/bench/compare.py [--count 100] [--remind-per-minute 20] [--idle-seconds 300] [--no-build]
"""
import argparse
import json
import os
import sqlite3
import subprocess
import sys
import time

from benchlib import Daemon, cpu_seconds, prepare, resident_kib, results_path, summarise, thread_switches


def switches_and_cpu(pid):
    return thread_switches(pid)[0], cpu_seconds(pid)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--count", type=int, default=100)
    parser.add_argument("--remind-per-minute", type=int, default=20)
    parser.add_argument("--idle-seconds", type=float, default=300)
    options, binary, work, store, bus = prepare(parser, "compare")
    env = bus.env
    results = {}
    try:
        # nudge: one-off call reminders due at consecutive whole seconds.
        subprocess.run([binary, "settings", "set", "symptom.reminder_enabled", "off"], env=env, check=True, stdout=subprocess.DEVNULL)
        subprocess.run([binary, "contacts", "add", "Alex"], env=env, check=True, stdout=subprocess.DEVNULL)
        daemon = Daemon(binary, env)
        daemon.wait_for("rescheduled (start)")
        first = int(time.time()) + 5
        db = sqlite3.connect(store, isolation_level=None)
        db.execute("PRAGMA busy_timeout = 10000")
        due = {}
        for index in range(options.count):
            note = f"nudge {index}"
            instant = first + index
            due[f"Call Alex|{note}"] = instant
            db.execute("INSERT INTO call_reminders (contact_id, due_at, note, created_at) VALUES (1, ?, ?, ?)",
                       (time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(instant)), note, time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())))
        deadline = first + options.count + 30
        latencies = []
        while time.time() < deadline:
            arrived = {f"{summary}|{body}": stamp for stamp, app, summary, body in bus.notifications() if app == "nudge"}
            if len(arrived) >= options.count:
                break
            time.sleep(1)
        latencies = [(arrived[key] - due[key]) * 1000 for key in due if key in arrived]
        results["nudge_latency"] = summarise(latencies) if latencies else {"count": 0}

        # remind: the same number of timed reminders, several per minute from the next minute on.
        minute = (int(time.time()) // 60 + 1) * 60
        if minute - time.time() < 10:
            minute += 60
        lines, remind_due = [], {}
        for index in range(options.count):
            instant = minute + 60 * (index // options.remind_per_minute)
            text = f"remind {index}"
            remind_due[text] = instant
            lines.append(f"REM AT {time.strftime('%H:%M', time.gmtime(instant))} MSG {text}")
        # A daily and a later timed reminder, as nudge has, for the idle window that follows.
        later = time.gmtime(minute + 60 * (options.count // options.remind_per_minute + 2) + options.idle_seconds + 600)
        lines.append(f"REM AT {time.strftime('%H:%M', later)} MSG later today")
        lines.append("REM MSG daily")
        rem_file = os.path.join(work, "reminders.rem")
        with open(rem_file, "w") as handle:
            handle.write("\n".join(lines) + "\n")
        remind = subprocess.Popen(["remind", "-z1", "-knotify-send -a remind %s", rem_file], env=dict(env, TZ="UTC"),
                                  stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = minute + 60 * (options.count // options.remind_per_minute + 1) + 30
        remind_latencies = []
        def remind_arrivals():
            return {summary: stamp for stamp, app, summary, _ in bus.notifications() if app == "remind"}

        while time.time() < deadline:
            if sum(1 for text in remind_due if text in remind_arrivals()) >= options.count:
                break
            time.sleep(1)
        arrived = remind_arrivals()
        remind_latencies = [(arrived[text] - instant) * 1000 for text, instant in remind_due.items() if text in arrived]
        results["remind_latency"] = summarise(remind_latencies) if remind_latencies else {"count": 0}

        # At rest, both at once, over the same window.
        subprocess.run([binary, "settings", "set", "symptom.reminder_enabled", "on"], env=env, check=True, stdout=subprocess.DEVNULL)
        subprocess.run([binary, "settings", "set", "symptom.reminder_time",
                        time.strftime("%H:%M", time.gmtime(time.time() + options.idle_seconds + 900))], env=env, check=True, stdout=subprocess.DEVNULL)
        daemon.wait_for("rescheduled (store changed)")
        time.sleep(5)
        before = {"nudge": switches_and_cpu(daemon.process.pid), "remind": switches_and_cpu(remind.pid)}
        time.sleep(options.idle_seconds)
        after = {"nudge": switches_and_cpu(daemon.process.pid), "remind": switches_and_cpu(remind.pid)}
        for name, pid in (("nudge", daemon.process.pid), ("remind", remind.pid)):
            results[f"{name}_idle_context_switches"] = after[name][0] - before[name][0]
            results[f"{name}_idle_cpu_seconds"] = round(after[name][1] - before[name][1], 3)
            results[f"{name}_resident_kib"] = resident_kib(pid)
        results["idle_seconds"] = options.idle_seconds
        remind.terminate()
        daemon.stop()
    finally:
        bus.close()

    def ratio(a, b):
        return round(a / b, 2) if b else None

    results["ratios_remind_over_nudge"] = {
        "latency_median": ratio(results["remind_latency"].get("median_ms", 0), results["nudge_latency"].get("median_ms", 0)),
        "latency_p99": ratio(results["remind_latency"].get("p99_ms", 0), results["nudge_latency"].get("p99_ms", 0)),
        "resident_memory": ratio(results["remind_resident_kib"], results["nudge_resident_kib"]),
    }
    print(json.dumps(results, indent=2))
    with open(results_path("compare.json"), "w") as handle:
        json.dump(results, handle, indent=2)
    return 0


if __name__ == "__main__":
    sys.exit(main())
