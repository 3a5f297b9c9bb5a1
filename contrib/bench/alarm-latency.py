#!/usr/bin/env python3
"""From the dose-2 alarm's due instant to its first audio frame, and to the server's Notify.

Each round starts a daemon on a new store whose alarm is due a few seconds later, with ALSA's
default device sent through the `file` plugin into a FIFO that this script reads (an .asoundrc
of its own, so no sound card is needed); the arrival of the first bytes after the due instant is the first frame written.
Usage: contrib/bench/alarm-latency.py [--rounds N] [--binary PATH --no-build]"""
import argparse
import os
import statistics
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import benchlib  # noqa: E402


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=10)
    options, binary, work, _, bus = benchlib.prepare(parser, "alarm-latency")
    audio = benchlib.AudioFrames(work)
    to_frame, to_notify = [], []
    for round_number in range(options.rounds):
        store = os.path.join(work, f"round-{round_number}.sqlite")
        env = dict(bus.env, NUDGE_STORE=store, HOME=audio.home, TZ="UTC")
        subprocess.run([binary, "settings", "set", "symptom.reminder_enabled", "false"], env=env, check=True, stdout=subprocess.DEVNULL)
        due = float(int(time.time()) + 6)
        dose1 = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(due - 165 * 60))
        subprocess.run([binary, "dose", "1", "--at", dose1], env=env, check=True, stdout=subprocess.DEVNULL)
        daemon = benchlib.Daemon(binary, env)
        daemon.wait_for("ringing for notification", timeout=30)
        frame = audio.first_after(due)
        notify = next(stamp for stamp, _, summary, _ in bus.notifications() if summary == "Time for dose 2" and stamp >= due - 1)
        to_frame.append((frame - due) * 1000)
        to_notify.append((notify - due) * 1000)
        daemon.stop()
        bus_log_reset(bus)
    for name, values in (("due -> first audio frame", to_frame), ("due -> Notify at the server", to_notify)):
        ordered = sorted(values)
        print(f"{name}: median {statistics.median(ordered):.1f} ms, max {ordered[-1]:.1f} ms over {len(ordered)} rounds")


def bus_log_reset(bus):
    """Each round's Notify is found by its time; the mock's ids start again with each daemon."""
    with open(bus.log, "a"):
        pass


if __name__ == "__main__":
    main()
