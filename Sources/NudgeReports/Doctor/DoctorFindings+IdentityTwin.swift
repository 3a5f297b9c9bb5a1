import Foundation
import NudgeCore
import NudgeStore

/// Another live store with this store's identity (another program wrote one store's into the
/// other, or one was restored where the other had lived): their backups look like one store's.
/// The listing, `restore --latest` and the thinning keep each one's apart (`IdentityTwin`).
extension DoctorFindings {
    static func identityTwinFinding(store: String, settings: NudgeCore.Settings?, now: Date) -> Finding? {
        guard let identity = Store.identity(at: store), FileManager.default.fileExists(atPath: store) else {
            return nil
        }
        let directory = backupDirectory(store: store, settings: settings)
        let backups = BackupDirectory.list(in: directory, now: now, store: store)
        guard let twin = IdentityTwin.find(identity: identity, besides: store, backups: backups) else { return nil }
        let update =
            "UPDATE store_metadata SET value = '\(UUID().uuidString.lowercased())' WHERE key = 'store_identity'"
        return .problem(
            "backups: the store at \(twin) has this store's identity (\(identity)), so their backups in \(directory) look like one store's to other programs and older nudges (nudge backups, restore --latest and the thinning leave the other's out, by the path each backup records; one taken before backups recorded it cannot be told apart)",
            fix:
                "give one of the two an identity of its own (the one that came second: a store restored where the other had lived, or the one another program wrote it into); if it is this one: sqlite3 \(ShellWord.quoted(store)) \"\(update)\" && nudge --store \(ShellWord.quoted(store)) backup"
        )
    }
}
