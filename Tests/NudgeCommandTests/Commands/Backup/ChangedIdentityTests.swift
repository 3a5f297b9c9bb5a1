import Foundation
import NudgeTestSupport
import Testing

/// Another program writes a new, valid identity into `store_identity` (issue 39, seventh
/// round): every earlier backup becomes another store's. `nudge doctor` and `nudge backups`
/// say that the folder holds backups of a store at this same path with another identity (the
/// one `STORE.backup-location` records), and how to restore one by its path.
struct ChangedIdentityTests: CommandScenario {
    let directory = TemporaryDirectory()
    var environment: [String: String] { ["TZ": "UTC", "NUDGE_FAKE_NOW": "2026-11-22T10:00:00Z"] }
    var backup: String { store + ".backups/nudge-20261122T100000Z.sqlite" }

    func giveTheStoreANewIdentity() throws {
        let written = try Subprocess.run(
            "/usr/bin/sqlite3",
            [
                store,
                "UPDATE store_metadata SET value = '\(UUID().uuidString.lowercased())' WHERE key = 'store_identity'",
            ])
        #expect(written.status == 0, "\(written)")
    }

    @Test func doctorAndBackupsNameTheBackupsOfThisPath() throws {
        #expect(nudge("log", "symptom", "sneeze", "--severity", "2").status == 0)
        #expect(nudge("backup").status == 0)
        try giveTheStoreANewIdentity()

        let doctor = try NudgeBinary.run(["doctor"], environment: environment.merging(["NUDGE_STORE": store]) { $1 })
        let lines = doctor.stdout.split(separator: "\n").filter { $0.contains("backups: ") }
        #expect(
            lines.first?.hasPrefix(
                "PROBLEM backups: none of this store's in \(store).backups, but 1 backup of a store at this same path with another identity"
            ) == true, "\(doctor)")
        #expect(
            doctor.stdout.contains(
                "fix: restore one by its path if you need it: nudge --store \(store) restore \(backup) --yes"),
            "\(doctor)")
        #expect(!doctor.stdout.contains("none yet"), "\(doctor)")

        let listed = nudge("backups")
        #expect(
            listed.stdout.hasSuffix(
                "1 backup of a store at this same path with another identity (this store before it was given a new one, by another program or by being replaced with a copy of itself, or the store that was at this path before another file was moved over it) is in \(store).backups, not listed; restore the newest by its path: nudge --store \(store) restore \(backup) --yes\n"
            ), "\(listed)")
    }
}
