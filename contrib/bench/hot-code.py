#!/usr/bin/python3
"""The functions of the nudge binary a daemon runs from its start to rest and through its first
sound, for the linker to put side by side (lld's --symbol-ordering-file, read by
contrib/scripts/build-release.sh from contrib/scripts/hot-code.txt).

Why: the kernel maps the 64 KB around each page of code a process touches (fault-around), so a
function run once at start-up keeps 64 KB of its neighbours resident for good. Run functions
packed together are touched in few windows.

How: the release build's daemon runs under valgrind's callgrind (every function executed,
archives' included) on a private bus with python-dbusmock, at 10 contacts (load.py's store) with
ALSA's default device sent into a FIFO: to rest, then a test alarm rung and stopped from the
notification, then SIGTERM. Writes the list, the most executed first. From the repository's
root, after contrib/scripts/build-release.sh (about a minute under valgrind here):
  contrib/bench/hot-code.py [--binary B] [--out contrib/scripts/hot-code.txt]
The list is a hint: a function renamed since is skipped by the linker, silently; regenerate it
when the start-up path changed much (resident.py shows the binary's resident size), then
remove .build-static/release/nudge so that the next build links again.
"""
import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

import dbus

from benchlib import RELEASE_BINARY, AudioFrames, Daemon, PrivateBus
from load import build_store


def executed(profile, binary):
    """Names of the binary's functions in callgrind's profile, by instructions run, most first."""
    cost = {}
    in_binary = False
    name = None
    real = os.path.realpath(binary)
    with open(profile, errors="replace") as handle:
        for line in handle:
            if line.startswith("ob="):
                in_binary = os.path.realpath(line[3:].strip()) == real
            elif line.startswith("fn="):
                # valgrind numbers a name seen twice (two local functions): NAME'2. A function it
                # knows by address only, and its "(below main)", are no symbols the linker knows.
                name = re.sub(r"'\d+$", "", line[3:].strip()) if in_binary else None
                if name is not None and (name.startswith("0x") or name == "(below main)"):
                    name = None
                if name is not None:
                    cost.setdefault(name, 0)
            elif name is not None and line[:1].isdigit():
                fields = line.split()
                if len(fields) >= 2:
                    cost[name] += int(fields[1])
            elif line.startswith(("cfn=", "cob=", "calls=")):
                # The next cost line is the callee's inclusive cost, not this function's own.
                if line.startswith("calls="):
                    next(handle, None)
    return sorted(cost, key=lambda function: -cost[function])


def run(binary, work):
    store = os.path.join(work, "nudge.sqlite")
    audio = AudioFrames(work)
    bus = PrivateBus(dict(os.environ, NUDGE_STORE=store, TZ="UTC"))
    env = dict(bus.env, NUDGE_STORE=store, HOME=audio.home, TZ="UTC")
    build_store(binary, store, 10, env)
    profile = os.path.join(work, "callgrind.out")
    # valgrind 3.19 cannot read the DWARF 5 the toolchain writes: a copy without it, symbols kept.
    profiled = os.path.join(work, "nudge")
    subprocess.run(["strip", "--strip-debug", "-o", profiled, binary], check=True)
    daemon = Daemon(profiled, env, prefix=["valgrind", "--tool=callgrind", "--demangle=no", "--compress-strings=no",
                                         "--compress-pos=no", f"--callgrind-out-file={profile}"])
    try:
        daemon.wait_for("rescheduled (start)", timeout=300)
        daemon.wait_for("a notification server is on the bus", timeout=300)
        asked = time.time()
        subprocess.run([binary, "dose", "test-alarm", "--in", "5s"], env=env, check=True, stdout=subprocess.DEVNULL)
        daemon.wait_for("ringing for notification", timeout=300)
        if audio.first_after(asked, timeout=120) is None:
            raise SystemExit("the test alarm sent no audio frame")
        shown = bus.notifications()
        notification = max(index + 1 for index, (stamp, _, summary, _) in enumerate(shown)
                           if summary == "Test alarm" and stamp >= asked)
        server = dbus.bus.BusConnection(bus.address).get_object("org.freedesktop.Notifications",
                                                                "/org/freedesktop/Notifications")
        server.EmitSignal("org.freedesktop.Notifications", "ActionInvoked", "us",
                          [dbus.UInt32(notification), "stop"], dbus_interface="org.freedesktop.DBus.Mock")
        daemon.wait_for("stopped ringing", timeout=300)
        # The player closes its sound context 2 s after a ring ends (10 s under valgrind).
        time.sleep(10)
    finally:
        daemon.process.terminate()
        daemon.process.wait(timeout=300)
        bus.close()
    return executed(profile, profiled)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--binary", default=RELEASE_BINARY)
    parser.add_argument("--out", default="contrib/scripts/hot-code.txt")
    options = parser.parse_args()
    work = tempfile.mkdtemp(prefix="nudge-hot-code-")
    try:
        names = run(os.path.abspath(options.binary), work)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    with open(options.out, "w") as handle:
        handle.writelines(f"{name}\n" for name in names)
    print(f"{len(names)} functions of {options.binary} run, written to {options.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
