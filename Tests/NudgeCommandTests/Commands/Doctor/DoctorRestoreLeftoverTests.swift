import Foundation
import NudgeTestSupport
import Testing

/// What an interrupted restore and an exited daemon leave beside the store, named by doctor
/// with its fix (hostile round 30 on issue 39): a restore's copy under its temporary name
/// (`.nudge-kept-STORE.PID.XXXXXX`, README says what it is) and a stale `STORE.damage-warning`.
struct DoctorRestoreLeftoverTests {
    let directory = TemporaryDirectory()
    var store: String { directory.file("nudge.sqlite") }
    let environment = ["TZ": "UTC", "NUDGE_FAKE_NOW": "2026-11-20T10:00:00Z"]

    func nudge(_ arguments: String...) -> CommandResult {
        InProcessNudge.run(arguments + ["--store", store], environment: environment)
    }

    /// A kept copy as a restore killed in its pid's lifetime leaves it: pid 2^22 + 1 is no process's.
    func leaveKeptCopy() throws -> String {
        let copy = directory.file(".nudge-kept-nudge.sqlite.4194305.Ab12Cd")
        try FileManager.default.copyItem(atPath: store, toPath: copy)
        return copy
    }

    @Test func aCopyOfARestoreThatNeverWentThroughIsNamedAndRemoved() throws {
        #expect(nudge("log", "symptom", "sneeze", "--severity", "2").status == 0)
        let copy = try leaveKeptCopy()
        let doctor = nudge("doctor")
        #expect(
            doctor.stdout.contains(
                "store: a restore interrupted (Ctrl-C, or killed) left \(copy) ("),
            "\(doctor)")
        #expect(doctor.stdout.contains("a restore that did not go through: the store holds all of it"), "\(doctor)")
        #expect(doctor.stdout.contains("nudge backup (or the next restore) removes it; or: rm \(copy)"), "\(doctor)")
        #expect(nudge("backup").status == 0)
        #expect(!FileManager.default.fileExists(atPath: copy))
        #expect(!nudge("doctor").stdout.contains(".nudge-kept-"))
    }

    @Test func aCopyOfARestoreThatWentThroughGetsItsKeptName() throws {
        #expect(nudge("log", "symptom", "sneeze", "--severity", "2").status == 0)
        let copy = try leaveKeptCopy()
        try StoreQuery.write(
            store,
            "INSERT OR REPLACE INTO store_metadata (key, value) VALUES ('restore_kept_copy', '.nudge-kept-nudge.sqlite.4194305.Ab12Cd')"
        )
        let doctor = nudge("doctor")
        #expect(doctor.stdout.contains("which went through: it holds what the restore rolled back"), "\(doctor)")
        let backup = nudge("backup")
        #expect(
            backup.stdout.contains(
                "; gave the copy of the store an interrupted restore kept its name: \(store).before-restore-"),
            "\(backup)")
        #expect(!FileManager.default.fileExists(atPath: copy))
    }

    @Test func aDamageWarningBesideASoundStoreWithNoDaemonIsStale() throws {
        #expect(nudge("log", "symptom", "sneeze", "--severity", "2").status == 0)
        let before = nudge("doctor")
        #expect(!before.stdout.contains("damage-warning"), "\(before)")
        let warning = store + ".damage-warning"
        try Data(#"{"id":7}"#.utf8).write(to: URL(fileURLWithPath: warning))
        let doctor = nudge("doctor")
        #expect(
            doctor.stdout.contains(
                "store: \(warning) records the damage warning a daemon showed as it exited, but the store is sound now and no daemon runs: it is stale"
            ), "\(doctor)")
        #expect(
            doctor.stdout.contains(
                "it closes that warning if it is still on screen and removes the file; or: rm \(warning)"), "\(doctor)")
    }
}
