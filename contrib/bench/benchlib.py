"""What the benchmark scripts share: a private bus with python-dbusmock, and a daemon whose
stderr lines are stamped as they arrive. Whatever they start is stopped, and what they write
under /tmp removed, when the script ends, also by an exception (atexit)."""
import atexit
import os
import queue
import re
import shutil
import statistics
import subprocess
import tempfile
import threading
import time


NOTIFY = re.compile(r'^([0-9.]+) Notify "(.*?)" \d+ ".*?" "(.*?)" "(.*?)" \[')


class PrivateBus:
    """dbus-daemon on a private address with python-dbusmock's notification server on it."""

    def __init__(self, environment, log=None):
        self.directory = tempfile.mkdtemp(prefix="nudge-bus-")
        self.bus = self.mock = None
        atexit.register(self.close)
        config = os.path.join(self.directory, "bus.conf")
        with open(config, "w") as handle:
            # No service directories: nothing is started by D-Bus activation.
            handle.write(f"""<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig><type>session</type><listen>unix:tmpdir={self.directory}</listen><auth>EXTERNAL</auth>
<policy context="default"><allow send_destination="*" eavesdrop="true"/><allow eavesdrop="true"/><allow own="*"/></policy>
</busconfig>""")
        self.bus = subprocess.Popen(["dbus-daemon", f"--config-file={config}", "--nofork", "--nopidfile", "--print-address=1"],
                                    stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        self.address = self.bus.stdout.readline().strip()
        self.env = dict(environment, DBUS_SESSION_BUS_ADDRESS=self.address)
        self.env.pop("NUDGE_FAKE_NOW", None)
        # The mock's log stamps each call to the millisecond (GetCalls only to the second).
        self.log = log or os.path.join(self.directory, "calls.log")
        self.mock = subprocess.Popen(["/usr/bin/python3", "-m", "dbusmock", "--session", "-t", "notification_daemon",
                                      "-p", '{"capabilities": "body actions body-markup persistence"}', "-l", self.log],
                                     env=self.env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        subprocess.run(["gdbus", "wait", "--session", "--timeout", "20", "org.freedesktop.Notifications"], env=self.env, check=True)

    def notifications(self):
        """(arrival, app, summary, body) of every Notify so far, from the mock's log."""
        found = []
        with open(self.log) as handle:
            for line in handle:
                match = NOTIFY.match(line)
                if match:
                    found.append((float(match.group(1)), match.group(2), match.group(3), match.group(4)))
        return found

    def close(self):
        for process in (self.mock, self.bus):
            if process and process.poll() is None:
                process.kill()
                process.wait()
        shutil.rmtree(self.directory, ignore_errors=True)


class Daemon:
    """`nudge daemon --log-level debug`, its stderr read line by line and stamped on arrival;
    `prefix` runs it under another program (valgrind)."""

    def __init__(self, binary, env, prefix=()):
        self.started = time.monotonic()
        self.process = subprocess.Popen([*prefix, binary, "daemon", "--log-level", "debug"], env=env, stderr=subprocess.PIPE,
                                        text=True)
        atexit.register(self.kill)
        self.lines = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        for line in self.process.stderr:
            self.lines.put((time.monotonic(), line.rstrip("\n")))

    def wait_for(self, text, timeout=60):
        deadline = time.monotonic() + timeout
        while True:
            stamp, line = self.lines.get(timeout=max(deadline - time.monotonic(), 0.001))
            if text in line:
                return stamp, line

    def drain(self):
        while not self.lines.empty():
            self.lines.get_nowait()

    def stop(self):
        self.process.terminate()
        self.process.wait(timeout=10)

    def kill(self):
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()


class AudioFrames:
    """A HOME whose .asoundrc sends ALSA's default device through the `file` plugin into a FIFO
    (no sound card needed), read by a thread that stamps each arrival of bytes."""

    def __init__(self, work):
        self.home = os.path.join(work, "home")
        os.makedirs(self.home)
        fifo = os.path.join(self.home, "pcm.fifo")
        os.mkfifo(fifo)
        with open(os.path.join(self.home, ".asoundrc"), "w") as handle:
            handle.write(f'pcm.!default {{ type file; slave.pcm "null"; file "{fifo}"; format "raw" }}\n')
        self.arrivals = []
        # Opened read-write, the FIFO never reports end of file between two sounds.
        reader = os.open(fifo, os.O_RDWR)

        def read():
            while True:
                if os.read(reader, 65536):
                    self.arrivals.append(time.time())

        threading.Thread(target=read, daemon=True).start()

    def first_after(self, instant, timeout=10):
        """The first arrival at or after `instant`, waiting up to `timeout` past it; None if none."""
        deadline = instant + timeout
        while not any(stamp >= instant for stamp in self.arrivals) and time.time() < deadline:
            time.sleep(0.005)
        return next((stamp for stamp in self.arrivals if stamp >= instant), None)


# What contrib/install.sh installs: a release build with the Swift runtime linked in.
RELEASE_BINARY = ".build-static/release/nudge"


def build_release():
    subprocess.run(["contrib/scripts/build-release.sh"], check=True, stdout=subprocess.DEVNULL)


def prepare(parser, name):
    """The options every benchmark takes, the release build, and a store on a private bus:
    (options, binary, work directory, store path, bus)."""
    parser.add_argument("--binary", default=RELEASE_BINARY)
    parser.add_argument("--no-build", action="store_true")
    parser.add_argument("--keep", action="store_true", help="keep the work directory (the store) for a look afterwards")
    options = parser.parse_args()
    if not options.no_build:
        build_release()
    work = tempfile.mkdtemp(prefix=f"nudge-{name}-")
    if not options.keep:
        atexit.register(shutil.rmtree, work, ignore_errors=True)
    store = os.path.join(work, "nudge.sqlite")
    bus = PrivateBus(dict(os.environ, NUDGE_STORE=store, TZ="UTC"))
    return options, os.path.abspath(options.binary), work, store, bus


def thread_switches(pid):
    """Context switches summed over every thread of a process (wake-ups), and how many threads."""
    total = 0
    threads = 0
    for tid in os.listdir(f"/proc/{pid}/task"):
        with open(f"/proc/{pid}/task/{tid}/status") as status:
            for line in status:
                if line.startswith(("voluntary_ctxt_switches", "nonvoluntary_ctxt_switches")):
                    total += int(line.split()[1])
        threads += 1
    return total, threads


def cpu_seconds(pid):
    """User and system CPU time a process has used."""
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def resident_kib(pid):
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS"):
                return int(line.split()[1])
    return None


def resident_by_kind(pid):
    """Resident KiB by kind of mapping: the heap, other anonymous memory (malloc arenas, thread
    stacks), the store's -shm index, and files (code, data)."""
    kinds = {"heap": 0, "anonymous": 0, "shm": 0, "files": 0}
    name = ""
    with open(f"/proc/{pid}/smaps") as smaps:
        for line in smaps:
            fields = line.split()
            if re.match(r"^[0-9a-f]+-[0-9a-f]+$", fields[0]):
                name = fields[5] if len(fields) > 5 else ""
            elif fields[0] == "Rss:":
                kind = "heap" if name == "[heap]" else "shm" if name.endswith("-shm") else "anonymous" if not name.startswith("/") else "files"
                kinds[kind] += int(fields[1])
    return kinds


def results_path(name):
    out = os.path.join(os.path.dirname(os.path.abspath(__file__)), "results")
    os.makedirs(out, exist_ok=True)
    return os.path.join(out, name)


def summarise(latencies):
    """Median, p99 and max of latencies in milliseconds."""
    ordered = sorted(latencies)
    if not ordered:
        return {"count": 0}
    p99 = ordered[min(len(ordered) - 1, int(round(0.99 * (len(ordered) - 1))))]
    return {"count": len(ordered), "median_ms": round(statistics.median(ordered), 1), "p99_ms": round(p99, 1),
            "max_ms": round(ordered[-1], 1)}
