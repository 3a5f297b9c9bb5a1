import Foundation

/// The backups in a folder of another identity than the store's: a store sharing the folder,
/// or this store before another program wrote a new identity into `store_metadata` (then
/// `STORE.backup-location` still records the one its backups were taken under, until the next
/// backup). Neither is listed, thinned or taken by `--latest`; their path restores one.
extension BackupDirectory {
    public struct OtherIdentities: Sendable {
        /// Of the identity `STORE.backup-location` records for the store's path, taken from the
        /// store's file (`IdentityTwin.takenFromTheFile`), newest first.
        public var ofThisPath: [BackupFile]
        /// Of other stores, newest first.
        public var ofOtherStores: [BackupFile]
    }

    /// The backups in `directory` of another identity than `identity`; none when the store has
    /// none (then every backup is listed).
    public static func otherIdentities(in directory: String, store: String, identity: String?, now: Date)
        -> OtherIdentities
    {
        guard let identity else { return OtherIdentities(ofThisPath: [], ofOtherStores: []) }
        let recorded = BackupLocation.read(store: store)?.identity
        let listed = list(in: directory, now: now, store: store)
        let others = newestFirst(
            listed.filter {
                if case .store(let owner) = $0.origin { owner != identity } else { false }
            }, now: now)
        // Of this identity, but taken from another store that carried it (`IdentityTwin`).
        let sameIdentity = listed.filter { $0.origin == .store(identity) }
        let ownPaths = Set(IdentityTwin.own(sameIdentity, identity: identity, store: store).map(\.path))
        let twins = sameIdentity.filter { !ownPaths.contains($0.path) }
        // Of the recorded identity and taken from this file, where backups record it: a store
        // that carried that identity elsewhere (a twin given a new one) took the others.
        let fromThisFile = IdentityTwin.takenFromTheFile(at: store)
        let ofThisPath = others.filter { backup in
            fromThisFile(backup) && (recorded.map { backup.origin == .store($0) } ?? false)
        }
        return OtherIdentities(
            ofThisPath: ofThisPath,
            ofOtherStores: newestFirst(others.filter { !ofThisPath.contains($0) } + twins, now: now))
    }
}
