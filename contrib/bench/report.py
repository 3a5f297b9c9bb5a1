#!/usr/bin/python3
"""The time from `nudge symptoms export --format html` to the file, on a year of diary entries:
wall time (median of 5) and peak resident memory (GNU time), the file's size; then Chromium's
time to print it to PDF and the PDF's pages. Two diaries: a person's year (5 symptoms, about 4
entries a day) and a heavy one (20 a day).
Usage (from the repository's root): contrib/bench/report.py [--no-build]
"""
import argparse
import json
import os
import random
import sqlite3
import statistics
import subprocess
import time

from benchlib import prepare, results_path

SYMPTOMS = ["Headache", "Fatigue", "Nausea", "Dizziness", "Joint pain"]


def fill(store, per_day):
    """A year of entries ending yesterday, in the symptom_entries table nudge made."""
    random.seed(29)
    db = sqlite3.connect(store)
    now = int(time.time()) // 86400 * 86400
    rows = []
    for day in range(365):
        for index in range(per_day):
            at = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(now - (365 - day) * 86400 + 7 * 3600 + index * 600))
            notes = "after a long day at the screen" if random.random() < 0.2 else None
            rows.append((f"e{day}-{index}", random.choice(SYMPTOMS), random.randint(1, 5), at, notes, at, at))
    db.executemany("INSERT INTO symptom_entries (id, name, severity, logged_at, notes, created_at, updated_at) "
                   "VALUES (?, ?, ?, ?, ?, ?, ?)", rows)
    db.commit()
    db.close()
    return len(rows)


def measure(binary, work, store, per_day):
    env = dict(os.environ, NUDGE_STORE=store, TZ="Europe/Berlin")
    subprocess.run([binary, "settings", "set", "symptom.reminder_time", "20:00"], env=env, check=True, stdout=subprocess.DEVNULL)
    entries = fill(store, per_day)
    output = os.path.join(work, f"report-{per_day}.html")
    runs = []
    for _ in range(5):
        started = time.monotonic()
        timed = subprocess.run(["/usr/bin/time", "-f", "%M", binary, "symptoms", "export", "--format", "html",
                                "--days", "366", "--output", output], env=env, check=True, capture_output=True, text=True)
        runs.append((time.monotonic() - started, int(timed.stderr.strip().splitlines()[-1])))
    pdf = os.path.join(work, f"report-{per_day}.pdf")
    started = time.monotonic()
    subprocess.run(["/usr/bin/chromium-headless-shell", "--no-sandbox", f"--user-data-dir={work}/profile",
                    f"--print-to-pdf={pdf}", "--no-pdf-header-footer", f"file://{output}"],
                   check=True, capture_output=True)
    printed = time.monotonic() - started
    pages = subprocess.run(["/usr/bin/pdfinfo", pdf], check=True, capture_output=True, text=True).stdout
    return {
        "entries": entries,
        "export_seconds_median": round(statistics.median(run[0] for run in runs), 3),
        "export_seconds": [round(run[0], 3) for run in runs],
        "export_peak_kib": max(run[1] for run in runs),
        "html_bytes": os.path.getsize(output),
        "chromium_print_seconds": round(printed, 2),
        "pdf_pages": int(next(line.split()[-1] for line in pages.splitlines() if line.startswith("Pages:"))),
    }


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    options, binary, work, store, bus = prepare(parser, "report")
    bus.close()
    results = {}
    for per_day in (4, 20):
        path = os.path.join(work, f"diary-{per_day}.sqlite")
        results[f"{per_day}_a_day"] = measure(binary, work, path, per_day)
    with open(results_path("report.json"), "w") as handle:
        json.dump(results, handle, indent=2)
    print(json.dumps(results, indent=2))


if __name__ == "__main__":
    main()
