#!/usr/bin/python3
"""The daemon's resident memory at rest and after its first sound, at 10 and 10,000 contacts.

For each store size (load.py's store: N contacts, 10 x N calls and symptoms, a year of doses),
on a private bus with python-dbusmock and ALSA's default device sent into a FIFO (no sound card),
the binary read from disk again (its page cache dropped first):
  - at rest: 5 s after the first schedule, the server's appearance and the end of the backup
    taken at start (the store is new);
  - after the first sound: a test alarm rung until its first audio frame, stopped from the
    notification, and 3 s later (the player closes its sound context 2 s after a ring ends).
Each is VmRSS and the biggest resident mappings (smaps: the binary, each library, the heap,
other anonymous memory); with --map (the release build's link map, see resident-by-origin.py)
also the binary's resident pages by archive.
Prints a table and writes results/resident.json. From the repository's root:
  contrib/bench/resident.py [--contacts 10 10000] [--map MAP] [--no-build]
"""
import argparse
import collections
import json
import os
import subprocess
import sys
import time

import dbus

from benchlib import AudioFrames, Daemon, prepare, resident_kib, results_path
from load import build_store

HERE = os.path.dirname(os.path.abspath(__file__))


def by_mapping(pid):
    """Resident KiB by what is mapped: a file's base name, [heap], or (anonymous)."""
    sizes = collections.Counter()
    name = ""
    with open(f"/proc/{pid}/smaps") as smaps:
        for line in smaps:
            fields = line.split()
            if "-" in fields[0] and not fields[0].endswith(":"):
                name = os.path.basename(fields[5]) if len(fields) > 5 and fields[5].startswith("/") else \
                    fields[5] if len(fields) > 5 else "(anonymous)"
            elif fields[0] == "Rss:":
                sizes[name] += int(fields[1])
    return dict(sizes.most_common())


def by_archive(pid, link_map):
    """The binary's resident MiB by archive or module, from resident-by-origin.py."""
    listing = subprocess.run([sys.executable, os.path.join(HERE, "resident-by-origin.py"), "--map", link_map,
                              "--pid", str(pid), "--top", "12"], capture_output=True, text=True, check=True).stdout
    return listing


def snapshot(pid, link_map):
    taken = {"resident_kib": resident_kib(pid), "by_mapping_kib": by_mapping(pid)}
    if link_map:
        taken["binary_by_origin"] = by_archive(pid, link_map)
    return taken


def read_from_disk_next(binary):
    """Drops the binary's pages from the page cache (no process may map it), so that it is read
    from disk at its next start, as after a restart. How the file was last written (by the
    linker, by cp) decides the size of its page-cache folios, which the kernel maps whole: the
    same bytes measured up to 1.5 MB apart before."""
    descriptor = os.open(binary, os.O_RDONLY)
    try:
        os.posix_fadvise(descriptor, 0, 0, os.POSIX_FADV_DONTNEED)
    finally:
        os.close(descriptor)


def measure(binary, bus, audio, work, contacts, link_map):
    read_from_disk_next(binary)
    store = os.path.join(work, f"contacts-{contacts}.sqlite")
    env = dict(bus.env, NUDGE_STORE=store, HOME=audio.home, TZ="UTC")
    build_store(binary, store, contacts, env)
    daemon = Daemon(binary, env)
    try:
        # At rest: planned, the server found, and the backup a new store gets at start taken (at
        # 10,000 contacts it is still running a few seconds after the start).
        waiting = {"rescheduled (start)", "a notification server is on the bus", "backed up the store"}
        while waiting:
            _, line = daemon.wait_for("", timeout=120)
            waiting = {text for text in waiting if text not in line}
        time.sleep(5)
        pid = daemon.process.pid
        rest = snapshot(pid, link_map)
        asked = time.time()
        subprocess.run([binary, "dose", "test-alarm", "--in", "5s"], env=env, check=True, stdout=subprocess.DEVNULL)
        daemon.wait_for("ringing for notification", timeout=30)
        frame = audio.first_after(asked)
        if frame is None:
            raise SystemExit("the test alarm sent no audio frame")
        ringing = snapshot(pid, link_map)
        # The mock numbers its notifications from 1 in the order they came, across both stores.
        shown = bus.notifications()
        notification = max(index + 1 for index, (stamp, _, summary, _) in enumerate(shown)
                           if summary == "Test alarm" and stamp >= asked)
        server = dbus.bus.BusConnection(bus.address).get_object("org.freedesktop.Notifications",
                                                                "/org/freedesktop/Notifications")
        server.EmitSignal("org.freedesktop.Notifications", "ActionInvoked", "us",
                          [dbus.UInt32(notification), "stop"], dbus_interface="org.freedesktop.DBus.Mock")
        daemon.wait_for("stopped ringing")
        time.sleep(3)
        after = snapshot(pid, link_map)
    finally:
        daemon.stop()
    return {"contacts": contacts, "at_rest": rest, "ringing": ringing, "after_first_sound": after}


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--contacts", type=int, nargs="+", default=[10, 10000])
    parser.add_argument("--map", help="the release build's link map, for the binary's pages by archive")
    options, binary, work, _, bus = prepare(parser, "resident")
    audio = AudioFrames(work)
    results = [measure(binary, bus, audio, work, contacts, options.map) for contacts in options.contacts]
    bus.close()
    for entry in results:
        print(f"\n== {entry['contacts']} contacts")
        for moment in ("at_rest", "ringing", "after_first_sound"):
            taken = entry[moment]
            top = ", ".join(f"{name} {kib / 1024:.1f}" for name, kib in list(taken["by_mapping_kib"].items())[:8])
            print(f"{moment:<18} {taken['resident_kib'] / 1024:5.1f} MB  ({top})")
            if "binary_by_origin" in taken and moment != "ringing":
                print(taken["binary_by_origin"])
    with open(results_path("resident.json"), "w") as handle:
        json.dump(results, handle, indent=2)
    return 0


if __name__ == "__main__":
    sys.exit(main())
