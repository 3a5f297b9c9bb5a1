import Foundation
import NudgeTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `restore --latest` while a backup into the folder is being written (the daemon's nightly
/// one: issue 39, round 28 Medium 5): it waits for that backup and restores it, not the one
/// before. The backup in progress is this test's: a temporary file named and locked as a
/// backup's is, put in place with `nudge backup` once the restore says it waits, then let go.
@Suite(.ownThread, .hangBound(minutes: 3)) struct RestoreDuringBackupTests {
    let directory = TemporaryDirectory()
    var store: String { directory.file("nudge.sqlite") }
    var backups: String { store + ".backups" }

    func nudge(_ arguments: [String], at fakeNow: String) throws -> CommandResult {
        try NudgeBinary.run(arguments, environment: ["TZ": "UTC", "NUDGE_STORE": store, "NUDGE_FAKE_NOW": fakeNow])
    }

    func symptomNames() throws -> [String] {
        try StoreQuery.rows(store, "SELECT name FROM symptom_entries ORDER BY name").compactMap { $0["name"] }
    }

    @Test func restoreLatestWaitsForTheBackupBeingWritten() throws {
        #expect(try nudge(["log", "symptom", "Headache", "--severity", "3"], at: "2026-11-22T20:00:00Z").status == 0)
        #expect(try nudge(["backup"], at: "2026-11-22T20:00:00Z").status == 0)
        #expect(try nudge(["log", "symptom", "Nausea", "--severity", "2"], at: "2026-11-22T20:30:00Z").status == 0)
        // The nightly backup begins: its temporary file, held by a live process (this one).
        let writing = "\(backups)/.nudge-nudge-20261122T210000Z.sqlite.\(getpid()).Ab12Cd"
        let held = open(writing, O_CREAT | O_WRONLY | O_CLOEXEC, 0o600)
        try #require(held >= 0)
        #expect(flock(held, LOCK_EX) == 0)
        var released = false
        func release() {
            guard !released else { return }
            released = true
            unlink(writing)
            close(held)
        }
        defer { release() }
        let output = directory.file("restore.out")
        let restore = try Subprocess.spawn(
            NudgeBinary.path, ["restore", "--latest", "--yes"],
            environment: NudgeBinary.environment([
                "TZ": "UTC", "NUDGE_STORE": store, "NUDGE_FAKE_NOW": "2026-11-22T21:00:10Z",
            ]),
            stderrPath: directory.file("restore.err"), stdoutPath: output)
        let said = FileEvents.waitUntil(watching: [directory.path], timeout: 30) {
            ((try? String(contentsOfFile: output, encoding: .utf8)) ?? "").contains(
                "a backup into \(backups) is being written: waiting for it (up to 60 s)")
        }
        #expect(said, "\(restore.stderr)")
        // The backup written whole and renamed into place (here by `nudge backup`), then let go.
        #expect(try nudge(["backup"], at: "2026-11-22T21:00:00Z").status == 0)
        release()
        #expect(restore.waitForExit(timeout: 60) == 0, "\(restore.stderr)")
        let printed = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
        #expect(printed.contains("restored the backup of 2026-11-22 21:00 UTC"), "\(printed)")
        #expect(try symptomNames() == ["Headache", "Nausea"], "the backup before it has no Nausea")
    }

    /// One still written after the bound: nothing is restored, exit 75, the store as it was.
    @Test func aBackupWrittenPastTheBoundRestoresNothing() throws {
        #expect(try nudge(["log", "symptom", "Headache", "--severity", "3"], at: "2026-11-22T20:00:00Z").status == 0)
        #expect(try nudge(["backup"], at: "2026-11-22T20:00:00Z").status == 0)
        #expect(try nudge(["log", "symptom", "Nausea", "--severity", "2"], at: "2026-11-22T20:30:00Z").status == 0)
        let writing = "\(backups)/.nudge-nudge-20261122T210000Z.sqlite.\(getpid()).Ef34Gh"
        let held = open(writing, O_CREAT | O_WRONLY | O_CLOEXEC, 0o600)
        try #require(held >= 0)
        defer {
            unlink(writing)
            close(held)
        }
        #expect(flock(held, LOCK_EX) == 0)
        // Past Subprocess.run's usual bound of 60 s: the restore waits that long.
        let result = try Subprocess.run(
            NudgeBinary.path, ["restore", "--latest", "--yes"],
            environment: NudgeBinary.environment([
                "TZ": "UTC", "NUDGE_STORE": store, "NUDGE_FAKE_NOW": "2026-11-22T21:00:10Z",
            ]), timeout: 120)
        #expect(result.status == 75, "\(result)")
        #expect(
            result.stderr.contains(
                "a backup into \(backups) was still being written after 60 s; nothing was restored; try again when it has finished"
            ), "\(result)")
        #expect(try symptomNames() == ["Headache", "Nausea"])
    }
}
