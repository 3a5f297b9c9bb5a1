#!/usr/bin/python3
"""What a meditation's ambient sound costs the daemon: CPU seconds per minute and resident memory
at rest, while brown noise plays, and while a sound file loops; against gst-launch-1.0 playing
the same noise (what a GStreamer music player does). ALSA's default device goes into a FIFO read
at a sound card's pace (48 kHz, 16-bit stereo), so that the sound runs in real time.
Usage (from the repository's root): contrib/bench/ambient.py [--no-build] [--minutes N]
"""
import argparse
import fcntl
import json
import os
import subprocess
import threading
import time

from benchlib import Daemon, cpu_seconds, prepare, resident_kib, results_path

RATE = 48000 * 2 * 2


def paced_sound_card(work):
    """A HOME whose ALSA default device is a FIFO read no faster than a card plays."""
    home = os.path.join(work, "home")
    os.makedirs(home)
    fifo = os.path.join(home, "pcm.fifo")
    os.mkfifo(fifo)
    with open(os.path.join(home, ".asoundrc"), "w") as handle:
        handle.write(f'pcm.!default {{ type file; slave.pcm "null"; file "{fifo}"; format "raw" }}\n')
    reader = os.open(fifo, os.O_RDWR)
    fcntl.fcntl(reader, 1031, 4096)  # F_SETPIPE_SZ

    def read():
        budget, last = 0.0, time.monotonic()
        while True:
            now = time.monotonic()
            budget = min(budget + (now - last) * RATE, RATE / 10)
            last = now
            if budget < 4096:
                time.sleep((4096 - budget) / RATE)
                continue
            budget -= len(os.read(reader, int(budget) // 4 * 4))

    threading.Thread(target=read, daemon=True).start()
    return home


def measure(pid, seconds):
    """CPU seconds per minute over `seconds`, and resident memory at the end."""
    before = cpu_seconds(pid)
    time.sleep(seconds)
    return {"cpu_seconds_per_minute": round((cpu_seconds(pid) - before) * 60 / seconds, 3),
            "resident_mb": round(resident_kib(pid) / 1024, 1)}


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--minutes", type=float, default=2)
    options, binary, work, store, bus = prepare(parser, "ambient")
    seconds = options.minutes * 60
    home = paced_sound_card(work)
    env = dict(bus.env, NUDGE_STORE=store, TZ="UTC", HOME=home)
    for key, value in [("symptom.reminder_enabled", "false"), ("meditation.start_bell", "none")]:
        subprocess.run([binary, "settings", "set", key, value], env=env, check=True, stdout=subprocess.DEVNULL)
    tone = os.path.join(work, "rain.wav")
    subprocess.run(["sox", "-n", "-r", "48000", "-c", "2", tone, "synth", "30", "pinknoise", "tremolo", "0.2", "40"],
                   check=True)
    daemon = Daemon(binary, env)
    daemon.wait_for("event=rescheduled")
    time.sleep(5)
    results = {"at_rest": measure(daemon.process.pid, 60)}
    session = f"{int(seconds + 60)}s"
    for name, sound in [("brown_noise", "brown-noise"), ("sound_file", tone)]:
        daemon.drain()
        subprocess.run([binary, "meditate", session, "--delay", "0", "--ambient", sound, "--detach"], env=env,
                       check=True, stdout=subprocess.DEVNULL)
        daemon.wait_for("event=ambient_started")
        time.sleep(10)
        results[name] = measure(daemon.process.pid, seconds)
        subprocess.run([binary, "meditate", "stop"], env=env, check=True, stdout=subprocess.DEVNULL)
        daemon.wait_for("event=ambient_stopped")
    results["after_stop"] = measure(daemon.process.pid, 30)
    daemon.stop()
    player = subprocess.Popen(["gst-launch-1.0", "-q", "audiotestsrc", "wave=red-noise", "!", "audioconvert", "!",
                               "audioresample", "!", "volume", "volume=0.4", "!",
                               "audio/x-raw,format=S16LE,rate=48000,channels=2", "!", "alsasink"],
                              env=dict(os.environ, HOME=home), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    time.sleep(10)
    results["gst_launch_brown_noise"] = measure(player.pid, seconds)
    player.kill()
    player.wait()
    with open(results_path("ambient.json"), "w") as handle:
        json.dump(results, handle, indent=2)
    print(json.dumps(results, indent=2))


if __name__ == "__main__":
    main()
