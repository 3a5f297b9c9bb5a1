import Foundation
import NudgeTestSupport
import Testing

/// Backups, restores, reads and writes by nudge and by another program, all at once on one
/// store for 60 seconds: no acknowledged write is lost, no read calls the store damaged, every
/// backup and kept copy is sound, and every file is its owner's alone.
///
/// One Python process drives the loops (as NewStoreConcurrencyTests does): many spawns from the
/// test process itself, beside other suites' buses, are a hazard of their own.
@Suite(.serialized, .ownThread, .hangBound(minutes: 6)) struct BackupTortureTests {
    let directory = TemporaryDirectory()

    /// Prints one JSON object: what each loop did and what it found wrong.
    static let script = #"""
        import glob, json, os, re, sqlite3, subprocess, sys, threading, time
        binary, store, seconds = sys.argv[1], sys.argv[2], float(sys.argv[3])
        def nudge(*words):
            done = subprocess.run([binary, *words, "--store", store], capture_output=True, text=True, timeout=120)
            return done.returncode, done.stdout, done.stderr
        assert nudge("log", "symptom", "first", "--severity", "2")[0] == 0
        setup = sqlite3.connect(store, timeout=60)
        setup.execute("CREATE TABLE python_marks (n INTEGER)")
        setup.commit()
        setup.close()
        assert nudge("backup")[0] == 0
        end = time.monotonic() + seconds
        lock = threading.Lock()
        found = {"symptoms": [], "marks": [], "backups": 0, "restores": 0, "reads": 0, "problems": []}
        def problem(text):
            with lock: found["problems"].append(text[:300])
        def writer(k):
            n = 0
            while time.monotonic() < end:
                name = f"w{k}-{n}"
                status, _, err = nudge("log", "symptom", name, "--severity", "3")
                if status == 0:
                    with lock: found["symptoms"].append(name)
                else: problem(f"log symptom {name}: {status} {err.strip()}")
                n += 1
        def python_writer():
            db = sqlite3.connect(store, timeout=60, isolation_level=None)
            n = 0
            while time.monotonic() < end:
                db.execute("INSERT INTO python_marks VALUES (?)", (n,))
                with lock: found["marks"].append(n)
                n += 1
                time.sleep(0.005)
        def backups():
            while time.monotonic() < end:
                status, _, err = nudge("backup")
                if status == 0:
                    with lock: found["backups"] += 1
                else: problem(f"backup: {status} {err.strip()}")
        def restores():
            while time.monotonic() < end:
                time.sleep(2)
                status, out, err = nudge("restore", "--latest", "--yes")
                if status == 0:
                    with lock: found["restores"] += 1
                else: problem(f"restore: {status} {err.strip()}")
        def readers():
            while time.monotonic() < end:
                for words in (["symptoms", "--days", "2"], ["symptoms", "export"], ["backups"]):
                    status, _, err = nudge(*words)
                    with lock: found["reads"] += 1
                    if status != 0 or "damaged" in err: problem(f"{' '.join(words)}: {status} {err.strip()}")
        loops = [threading.Thread(target=writer, args=(k,)) for k in range(2)]
        loops += [threading.Thread(target=f) for f in (python_writer, backups, restores, readers)]
        for loop in loops: loop.start()
        for loop in loops: loop.join()
        copies = [store] + sorted(glob.glob(store + ".before-restore-*[0-9Z]"))
        names, marks = set(), set()
        for copy in copies:
            db = sqlite3.connect(f"file:{copy}?mode=ro", uri=True, timeout=60)
            names |= {row[0] for row in db.execute("SELECT name FROM symptom_entries")}
            marks |= {row[0] for row in db.execute("SELECT n FROM python_marks")}
            db.close()
        found["lost_symptoms"] = [n for n in found["symptoms"] if n not in names]
        found["lost_marks"] = [n for n in found["marks"] if n not in marks]
        found["kept_copies"] = len(copies) - 1
        found["symptoms"], found["marks"] = len(found["symptoms"]), len(found["marks"])
        for backup in sorted(glob.glob(store + ".backups/*")) + copies[1:]:
            db = sqlite3.connect(f"file:{backup}?mode=ro", uri=True)
            check = db.execute("PRAGMA integrity_check").fetchone()[0]
            db.close()
            if check != "ok": found["problems"].append(f"{backup}: {check}")
        for path in [store + s for s in ("", "-wal", "-shm")] + glob.glob(store + ".*") + glob.glob(store + ".backups/*"):
            if os.path.exists(path):
                mode = os.stat(path).st_mode & 0o777
                if mode != (0o700 if os.path.isdir(path) else 0o600): found["problems"].append(f"{path}: {oct(mode)}")
        print(json.dumps(found))
        """#

    @Test func everythingAtOnceLosesNothing() throws {
        let store = directory.file("nudge.sqlite")
        let result = try Subprocess.run(
            "/usr/bin/python3", ["-c", Self.script, NudgeBinary.path, store, "60"],
            environment: NudgeBinary.environment(["TZ": "UTC", "NUDGE_FAKE_NOW": ""]), timeout: 330)
        let found = try #require(
            try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any], "\(result)")
        print("backup torture: \(result.stdout)")
        #expect((found["problems"] as? [String])?.count == 0, "\(found["problems"] ?? "")")
        #expect((found["lost_symptoms"] as? [String])?.count == 0, "\(found["lost_symptoms"] ?? "")")
        #expect((found["lost_marks"] as? [Int])?.count == 0, "\(found["lost_marks"] ?? "")")
        #expect((found["restores"] as? Int ?? 0) >= 3 && (found["backups"] as? Int ?? 0) >= 3, "\(found)")
        #expect((found["symptoms"] as? Int ?? 0) >= 20 && (found["marks"] as? Int ?? 0) >= 100, "\(found)")
    }
}
