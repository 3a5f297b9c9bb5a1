#!/usr/bin/env python3
"""From each meditation bell's due instant to its first audio frame.

One daemon on a new store; each round is a session of 65 s with a bell every minute started
with `nudge meditate --detach`: the start bell, the interval bell at 60 s and the end bell at
65 s. ALSA's default device goes through the `file` plugin into a FIFO that this script reads
(an .asoundrc of its own, so no sound card is needed); the first bytes after a due instant are that bell's first frame.
Usage: contrib/bench/bell-latency.py [--rounds N] [--binary PATH --no-build]"""
import argparse
import os
import sqlite3
import subprocess
import sys
import time
from datetime import datetime, timezone

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import benchlib  # noqa: E402


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    options, binary, work, store, bus = benchlib.prepare(parser, "bell-latency")
    audio = benchlib.AudioFrames(work)
    env = dict(bus.env, HOME=audio.home, TZ="UTC")
    subprocess.run([binary, "settings", "set", "symptom.reminder_enabled", "false"], env=env, check=True, stdout=subprocess.DEVNULL)
    daemon = benchlib.Daemon(binary, env)
    daemon.wait_for("rescheduled (start)")
    lateness = {"start": [], "interval": [], "end": []}
    try:
        for _ in range(options.rounds):
            subprocess.run([binary, "meditate", "65s", "--delay", "2", "--interval", "1", "--detach"], env=env, check=True,
                           stdout=subprocess.DEVNULL)
            with sqlite3.connect(store) as db:
                started = db.execute("SELECT started_at FROM meditation_sessions WHERE ended_at IS NULL").fetchone()[0]
            start = datetime.strptime(started, "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=timezone.utc).timestamp()
            for name, due in (("start", start), ("interval", start + 60), ("end", start + 65)):
                frame = audio.first_after(due)
                if frame is not None:
                    lateness[name].append((frame - due) * 1000)
            time.sleep(2)
    finally:
        daemon.stop()
    every = [value for values in lateness.values() for value in values]
    for name, values in list(lateness.items()) + [("all bells", every)]:
        summary = benchlib.summarise(values)
        print(f"{name:>9}: due -> first audio frame median {summary.get('median_ms')} ms, max {summary.get('max_ms')} ms over {summary['count']}")


if __name__ == "__main__":
    main()
