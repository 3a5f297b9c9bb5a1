#!/usr/bin/python3
"""Every benchmark in one command: a release build, then
  - at rest (daemon-at-rest.py): wake-ups and CPU while idle, memory, reaction to a change;
  - side by side with remind (compare.py): firing latency over 100+ reminders, wake-ups and
    memory at rest, measured the same way in the same run;
  - scale (load.py): firing latency, resident memory, start-up and plan with 10 to 100,000
    contacts, cold `nudge upcoming`;
  - memory over 10,000 fire-and-answer cycles (load.py --cycles).
Prints one table against the goals and writes results/bench.json. About 30 minutes; --quick
takes about 8 (shorter idle windows, fewer cycles, scale up to 10,000).
Usage (from the repository's root): contrib/bench/run.py [--quick]
"""
import argparse
import json
import os
import subprocess
import sys

from benchlib import build_release, results_path

HERE = os.path.dirname(os.path.abspath(__file__))


def run(script, *arguments):
    subprocess.run(["/usr/bin/python3", os.path.join(HERE, script), "--no-build", *arguments], check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    name = {"daemon-at-rest.py": "daemon-at-rest.json", "compare.py": "compare.json", "load.py": "load.json"}[script]
    with open(results_path(name)) as handle:
        return json.load(handle)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true")
    options = parser.parse_args()
    idle = "60" if options.quick else "300"
    sizes = [10, 1000, 10000] if options.quick else [10, 1000, 10000, 100000]
    cycles = "2000" if options.quick else "10000"

    build_release()
    results = {"at_rest": run("daemon-at-rest.py", "--idle-seconds", idle, "--changes", "20")}
    results["compare"] = run("compare.py", "--count", "100", "--remind-per-minute", "25", "--idle-seconds", idle)
    results["scale"] = [run("load.py", "--contacts", str(size)) for size in sizes]
    results["memory"] = run("load.py", "--contacts", "1000", "--firings", "0", "--cycles", cycles)

    compare, rest, memory = results["compare"], results["at_rest"], results["memory"]
    ten_thousand = next(entry for entry in results["scale"] if entry["contacts"] == 10000)
    samples = memory["rss_kib_over_cycles"]
    rows = [
        ("firing latency p99, nudge (goal < 20 ms)", f'{compare["nudge_latency"]["p99_ms"]} ms '
         f'(median {compare["nudge_latency"]["median_ms"]}, max {compare["nudge_latency"]["max_ms"]}, n={compare["nudge_latency"]["count"]})'),
        ("firing latency p99, remind -z", f'{compare["remind_latency"]["p99_ms"]} ms (median {compare["remind_latency"]["median_ms"]}, '
         f'n={compare["remind_latency"]["count"]}; x{compare["ratios_remind_over_nudge"]["latency_p99"]} nudge)'),
        (f"wake-ups at rest, nudge, {idle} s (goal 0)", f'{compare["nudge_idle_context_switches"]} (CPU {compare["nudge_idle_cpu_seconds"]} s)'),
        (f"wake-ups at rest, remind -z, {idle} s", f'{compare["remind_idle_context_switches"]} (CPU {compare["remind_idle_cpu_seconds"]} s)'),
        ("resident memory after start, nudge (goal < 20 MB)", f'{rest["resident_kib_after_start"] / 1024:.1f} MB'),
        ("resident memory, remind -z", f'{compare["remind_resident_kib"] / 1024:.1f} MB'),
        (f"resident memory over {memory['cycles']} fire-and-answer cycles", " -> ".join(f"{kib / 1024:.1f}" for _, kib in samples) + " MB"),
        ("settings set -> rescheduled (from the command's start)", f'median {rest["reaction_ms_settings_set"]["median"]} ms'),
        ("sqlite3 write -> rescheduled", f'median {rest["reaction_ms_sqlite3_write"]["median"]} ms'),
    ]
    small = results["scale"][0]
    for entry in results["scale"]:
        firing = entry["firing_latency"]
        rows.append((f'{entry["contacts"]} contacts: firing latency median / p99 / max (goal p99 <= 5 ms)',
                     f'{firing.get("median_ms")} / {firing.get("p99_ms")} / {firing.get("max_ms")} ms (n={firing["count"]})'))
        rows.append((f'{entry["contacts"]} contacts: resident after start / after firing (goal: +2 MB at 10,000)',
                     f'{entry["rss_kib_after_start"] / 1024:.1f} / {entry["rss_kib_after_firing"] / 1024:.1f} MB '
                     f'(+{(entry["rss_kib_after_start"] - small["rss_kib_after_start"]) / 1024:.1f} over {small["contacts"]} contacts)'))
        rows.append((f'{entry["contacts"]} contacts: plan steady / at start / cold upcoming (goal at 100,000: 50 / - / 150 ms)',
                     f'{entry["reschedule_ms_in_daemon_median"]} / {entry["first_schedule_ms_in_daemon"]} / {entry["upcoming_cold_ms_median"]} ms'))
    rows.append(("schedule for 10,000 contacts, steady (goal < 20 ms)", f'{ten_thousand["reschedule_ms_in_daemon_median"]} ms'))
    width = max(len(name) for name, _ in rows)
    for name, value in rows:
        print(f"{name:<{width}}  {value}")
    with open(results_path("bench.json"), "w") as handle:
        json.dump(results, handle, indent=2)
    print(f"written to {results_path('bench.json')}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
