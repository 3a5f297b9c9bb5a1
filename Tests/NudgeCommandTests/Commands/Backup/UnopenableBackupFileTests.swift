import Foundation
import NudgeTestSupport
import Testing

/// A backup file nudge may not open (issue 39, fifth round): mode 000, or another user's 0600
/// file in a shared folder. It was listed as `damaged` and deleted by the next backup's
/// thinning. It is "unreadable (permission denied)": of no known store, never thinned, never
/// taken by `restore --latest` unsaid, and doctor says how to make it readable.
extension BackupFolderModeTests {
    @Test(.enabled(if: canRunAsNobody, "needs root and /usr/bin/setpriv to run nudge as nobody"))
    func aBackupNudgeMayNotOpenIsUnreadableNeverDamagedNorRemoved() throws {
        #expect(
            try nudgeAsNobody(["log", "symptom", "sneeze", "--severity", "2"], at: "2026-11-20T10:00:00Z").status == 0)
        #expect(try nudgeAsNobody(["backup"], at: "2026-11-20T10:00:00Z").status == 0)
        let own = folder + "/nudge-20261120T100000Z.sqlite"
        // The person's own, written by sudo and left 000; and another user's 0600.
        let modeless = folder + "/nudge-20261121T100000Z.sqlite"
        let others = folder + "/nudge-20261121T110000Z.sqlite"
        for (copy, owner, mode) in [(modeless, uid_t(65534), mode_t(0o000)), (others, uid_t(0), mode_t(0o600))] {
            try FileManager.default.copyItem(atPath: own, toPath: copy)
            chown(copy, owner, gid_t(owner))
            chmod(copy, mode)
        }

        // Another user's file SQLite cannot read: damaged, but not nobody's to remove.
        let othersJunk = folder + "/nudge-20261119T100000Z.sqlite"
        #expect(FileManager.default.createFile(atPath: othersJunk, contents: Data("not a backup".utf8)))
        chmod(othersJunk, 0o644)

        let listed = try nudgeAsNobody(["backups", "--json"])
        let rows = try #require(
            try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]], "\(listed)")
        let checks = Dictionary(
            uniqueKeysWithValues: rows.map { ($0["path"] as? String ?? "", $0["check"] as? String ?? "") })
        #expect(
            checks == [
                own: "ok", modeless: "unreadable (permission denied)", others: "unreadable (permission denied)",
                othersJunk: "file is not a database",
            ], "\(listed)")

        let doctor = try nudgeAsNobody(["doctor"])
        #expect(
            doctor.stdout.contains("backups: \(others) cannot be read (permission denied)")
                && doctor.stdout.contains("backups: \(modeless) cannot be read (permission denied)")
                && !doctor.stdout.contains("take a new one now"), "\(doctor)")

        let restored = try nudgeAsNobody(["restore", "--latest", "--yes"])
        #expect(
            restored.status == 0
                && restored.stdout.hasPrefix(
                    "restored the backup of 2026-11-20 10:00 UTC (\(others) and 1 more, newer, cannot be read: permission denied;"
                ),
            "\(restored)")

        let backedUp = try nudgeAsNobody(["backup"], at: "2026-11-22T10:00:00Z")
        #expect(backedUp.status == 0 && !backedUp.stdout.contains("removed"), "\(backedUp)")
        #expect(access(modeless, F_OK) == 0 && access(others, F_OK) == 0 && access(othersJunk, F_OK) == 0)
    }
}
