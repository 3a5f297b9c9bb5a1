import Foundation
import NudgeTestSupport
import Testing

/// A command ended by SIGINT (Ctrl-C), SIGTERM or SIGHUP while it rewrites
/// `STORE.backup-location` leaves no `.nudge-location-*` file beside the store (issue 39: it was
/// not among the temporary files a signal removes). The real binary runs `settings set
/// backup.directory`, is stopped the moment that file appears, sent the signal, and let go on;
/// the file lives for milliseconds (its fsync), so a run that ended before it was stopped is
/// tried again.
@Suite(.ownThread, .hangBound(minutes: 3)) struct LocationStoppedBySignalTests {
    let directory = TemporaryDirectory()
    var home: String { directory.file("home") }
    var store: String { home + "/nudge.sqlite" }
    var environment: [String: String] { ["TZ": "UTC", "NUDGE_STORE": store] }

    init() throws {
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: false)
        #expect(
            try NudgeBinary.run(["log", "symptom", "sneeze", "--severity", "2"], environment: environment).status == 0)
        #expect(try NudgeBinary.run(["backup"], environment: environment).status == 0)
        #expect(FileManager.default.fileExists(atPath: store + ".backup-location"))
    }

    var leftovers: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: home)) ?? []).filter { $0.hasPrefix(".nudge-location-") }
    }

    /// Whether a temporary file holds bytes: it is in the table of files a signal removes
    /// from before its first byte, but not in the instant after it is made.
    var leftoverWritten: Bool { leftovers.contains { size(home + "/" + $0) > 0 } }

    func size(_ path: String) -> Int {
        var status = stat()
        return stat(path, &status) == 0 ? Int(status.st_size) : 0
    }

    func inode(_ path: String) -> UInt {
        var status = stat()
        return stat(path, &status) == 0 ? UInt(status.st_ino) : 0
    }

    /// One `settings set backup.directory FOLDER`, stopped once the temporary file is written
    /// and sent `number`: whether it was caught so, and whether it ended by `number`.
    func signalled(folder: String, _ number: Int32) throws -> (caught: Bool, bySignal: Bool) {
        let location = store + ".backup-location"
        let before = inode(location)
        let run = try Subprocess.spawn(
            NudgeBinary.path, ["settings", "set", "backup.directory", folder],
            environment: NudgeBinary.environment(environment),
            stderrPath: directory.file("set.err"), stdoutPath: directory.file("set.out"))
        // Waited for until it is written, or renamed over the location already (missed).
        let appeared = FileEvents.waitUntil(watching: [home], timeout: 30) {
            leftoverWritten || inode(location) != before
        }
        run.signal(SIGSTOP)
        let caught = appeared && leftoverWritten && run.process.isRunning
        run.signal(number)
        run.signal(SIGCONT)
        let status = run.waitForExit(timeout: 60)
        run.process.waitUntilExit()
        // Stopped in the instant between its making and its first byte: tried again.
        if !caught {
            for name in leftovers where size(home + "/" + name) == 0 { unlink(home + "/" + name) }
        }
        return (caught, status == number && run.process.terminationReason == .uncaughtSignal)
    }

    @Test(arguments: [SIGINT, SIGTERM, SIGHUP]) func aLocationRewriteStoppedBySignalLeavesNothing(number: Int32) throws
    {
        var caught = false
        for attempt in 0..<40 where !caught {
            let (stopped, bySignal) = try signalled(folder: directory.file("backups\(attempt % 2)"), number)
            caught = stopped
            if stopped { #expect(bySignal) }
            #expect(leftovers.isEmpty, "attempt \(attempt): \(leftovers)")
            if !leftovers.isEmpty { break }
        }
        #expect(caught, "no run was stopped while it wrote the location file")
    }
}
