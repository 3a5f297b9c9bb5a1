#!/usr/bin/python3
"""The CPU one `nudge` command costs, from exec to exit: `settings get symptom.reminder_time`
(a read) and `log symptom ...` (a write) on a temporary store, each run --runs times one after
another. CPU is the children's user + system time (wait4), so the machine's load does not count
but for cache effects; --callgrind adds the instructions of one run of each (valgrind, the same
count whatever the load). Writes results/command-cost.json.
Usage (from the repository's root): contrib/bench/command-cost.py [--binary PATH] [--runs 100] [--callgrind]
The default binary is the debug build (.build/debug/nudge); a release one is --binary
.build-static/release/nudge (contrib/scripts/build-release.sh).
"""
import argparse
import json
import os
import re
import resource
import shutil
import statistics
import subprocess
import tempfile
import time

from benchlib import results_path

# A run's number goes in {}: a symptom logged again within 5 minutes is refused.
LINES = {
    "settings get": ["settings", "get", "symptom.reminder_time"],
    "log symptom": ["log", "symptom", "bench {}", "--severity", "3", "--notes", "bench"],
}


def cpu_ms(binary, arguments, env, run):
    """User + system CPU of run number `run`, in ms; it must succeed."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run([binary, *(word.format(run) for word in arguments)], env=env, check=True, stdout=subprocess.DEVNULL)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return 1000 * (after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)


def instructions(binary, arguments, env, work):
    """Instructions callgrind counts in one run. valgrind 3.19 cannot read a debug build's DWARF 5:
    it runs a copy without debug information."""
    out = os.path.join(work, "callgrind.out")
    stripped = os.path.join(work, "nudge")
    subprocess.run(["strip", "--strip-debug", "-o", stripped, binary], check=True)
    words = [word.format("callgrind") for word in arguments]
    run = subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", stripped, *words],
                         env=env, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    found = re.search(r"Collected : (\d+)", run.stderr)
    os.remove(out)
    os.remove(stripped)
    return int(found.group(1)) if found else None


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--binary", default=".build/debug/nudge")
    parser.add_argument("--runs", type=int, default=100)
    parser.add_argument("--callgrind", action="store_true")
    options = parser.parse_args()
    binary = os.path.abspath(options.binary)
    work = tempfile.mkdtemp(prefix="nudge-bench-")
    try:
        store = os.path.join(work, "nudge.sqlite")
        env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": work, "NUDGE_STORE": store, "TZ": "UTC",
               "LANG": "C.UTF-8", "XDG_RUNTIME_DIR": work}
        # A command that only reads a missing store migrates an empty one in memory each time.
        subprocess.run([binary, "contacts", "add", "Bench"], env=env, check=True, stdout=subprocess.DEVNULL)
        results = {"binary": options.binary, "runs": options.runs, "load": os.getloadavg()[0]}
        for name, arguments in LINES.items():
            started = time.monotonic()
            runs = [cpu_ms(binary, arguments, env, run) for run in range(options.runs)]
            results[name] = {
                "cpu_ms_median": round(statistics.median(runs), 1),
                "cpu_ms_mean": round(statistics.mean(runs), 1),
                "cpu_ms_min": round(min(runs), 1),
                "wall_seconds": round(time.monotonic() - started, 1),
            }
            if options.callgrind:
                results[name]["instructions"] = instructions(binary, arguments, env, work)
        with open(results_path("command-cost.json"), "w") as handle:
            json.dump(results, handle, indent=2)
        print(json.dumps(results, indent=2))
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
