import Foundation
import GRDB
import NudgeReports
import NudgeTestSupport
import Testing

/// Doctor's words for a store's journal mode and a folder's mode where neither is the usual
/// (hostile round 30 on issue 39): a store read as a copy in memory was said to be `journal
/// memory`, and a 1777 folder `mode 777`.
@Suite(.timeLimit(.minutes(2)))
struct DoctorModeLinesTests {
    let directory = TemporaryDirectory()
    var store: String { directory.file("other.sqlite") }

    /// Another program's SQLite file (no table of nudge's), which doctor reads as a copy in
    /// memory: the journal named is the file's, from its header.
    @Test(arguments: [("WAL", "wal"), ("DELETE", "rollback")])
    func doctorNamesTheJournalOfAFileItReadsAsACopy(mode: String, named: String) throws {
        let other = try DatabaseQueue(path: store)
        try other.writeWithoutTransaction { db in
            _ = try String.fetchOne(db, sql: "PRAGMA journal_mode = \(mode)")
            try db.execute(sql: "CREATE TABLE doses (taken_at TEXT)")
        }
        try other.close()
        let doctor = InProcessNudge.run(["doctor", "--store", store], environment: ["TZ": "UTC"])
        #expect(doctor.stdout.contains(", journal \(named)\n"), "\(doctor)")
        #expect(!doctor.stdout.contains("journal memory"), "\(doctor)")
    }

    /// A backup folder with the sticky bit, as /tmp is: its mode in four digits, and others may
    /// put a file in but not remove one of this user's.
    @Test func aStickyBackupFolderIsSaidWithItsFourDigits() throws {
        let folder = directory.file("shared")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        #expect(chmod(folder, 0o1777) == 0)
        let line = try #require(DoctorFindings.openBackupFolderFinding(folder)).line
        #expect(line.contains("open to other users (mode 1777)"), "\(line)")
        #expect(line.hasSuffix("put in one of their own\n        fix: chmod 700 \(folder)"), "\(line)")
        #expect(!line.contains("remove one"), "\(line)")
        #expect(chmod(folder, 0o777) == 0)
        let open = try #require(DoctorFindings.openBackupFolderFinding(folder)).line
        #expect(open.contains("(mode 777)") && open.contains("remove one, or put in"), "\(open)")
    }
}
