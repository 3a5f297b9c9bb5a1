import Foundation
import NudgeCore
import NudgeStore

/// Another live store with this store's identity (another program wrote one store's into the
/// other, or one was restored where the other had lived): their backups look like one store's
/// to `backups` and `restore --latest`. The thinning keeps each one's apart (`IdentityTwin`).
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
            "backups: the store at \(twin) has this store's identity (\(identity)), so their backups in \(directory) look like one store's: nudge backups and restore --latest may take the other's (the thinning keeps them apart)",
            fix:
                "give the store another program wrote the identity into one of its own; if it is this one: sqlite3 \(ShellWord.quoted(store)) \"\(update)\" && nudge backup"
        )
    }
}
