import Foundation
import NudgeTestSupport
import Testing

/// A store path that is a FIFO (hostile round 18 on issue 39): `backup`, `restore` and `doctor`
/// waited for ever in SQLite's open for a writer at the other end, while the other commands
/// refused at once. Every command refuses it before anything opens it: one line, exit 66.
@Suite(.timeLimit(.minutes(2))) struct StorePathNotAFileTests {
    let directory = TemporaryDirectory()

    @Test(arguments: [
        ["doctor"], ["backup"], ["backup", "--output", "copy.sqlite"], ["restore", "--latest", "--yes"],
        ["backups"], ["log", "symptom", "Headache", "--severity", "2"],
    ])
    func aFifoAsTheStoreIsRefusedAtOnce(arguments: [String]) throws {
        let fifo = directory.file("nudge.sqlite")
        #expect(mkfifo(fifo, 0o600) == 0)
        let result = InProcessNudge.run(
            arguments.map { $0 == "copy.sqlite" ? directory.file($0) : $0 } + ["--store", fifo],
            environment: ["TZ": "UTC"])
        #expect(result.status == 66, "\(result)")
        #expect(
            result.stderr
                == "nudge: cannot open the store \(fifo): it is not a regular file; choose another store with --store PATH\n",
            "\(result)")
    }
}
