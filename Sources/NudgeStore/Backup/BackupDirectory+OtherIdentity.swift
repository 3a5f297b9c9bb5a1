import Foundation

/// The backups in a folder of another identity than the store's: a store sharing the folder,
/// or this store before another program wrote a new identity into `store_metadata` (then
/// `STORE.backup-location` still records the one its backups were taken under, until the next
/// backup). Neither is listed, thinned or taken by `--latest`; their path restores one.
extension BackupDirectory {
    public struct OtherIdentities: Sendable {
        /// Taken from the store's file (`IdentityTwin.takenFromTheFile`): of the identity
        /// `STORE.backup-location` records for it, or of a store the file held before another
        /// was moved over it; newest first.
        public var ofThisPath: [BackupFile]
        /// Of other stores, newest first.
        public var ofOtherStores: [BackupFile]

        /// What `ofThisPath` holds, in the words `backups` and doctor use.
        public static let ofThisPathMeaning =
            "a store at this same path with another identity (this store before it was given a new one, by another program or by being replaced with a copy of itself, or the store that was at this path before another file was moved over it)"
    }

    /// As below, with those of this path in `formerFolders` (the folders backup.directory named
    /// before) too: another store restored into this file in place brings its own setting,
    /// and the custom folder the file's backups went into is a former one now (hostile round 20
    /// on issue 39: they were lost from sight). Other stores' are `directory`'s alone.
    public static func otherIdentities(
        in directory: String, formerFolders: [String], store: String, identity: String?, now: Date
    ) -> OtherIdentities {
        var found = otherIdentities(in: directory, store: store, identity: identity, now: now)
        let former = formerFolders.flatMap {
            otherIdentities(in: $0, store: store, identity: identity, now: now).ofThisPath
        }
        found.ofThisPath = newestFirst(found.ofThisPath + former, now: now)
        return found
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
        // Taken from this file, where backups record it: of the recorded identity, or of a store
        // this file held before another was moved or restored over it, unless that store lives
        // on elsewhere (moved away: its backups are its own). A store that carried the
        // identity elsewhere (a twin given a new one) took the others.
        let fromThisFile = IdentityTwin.takenFromTheFile(at: store)
        var livesElsewhere: [String: Bool] = [:]
        let ofThisPath = others.filter { backup in
            guard fromThisFile(backup) else { return false }
            if let recorded, backup.origin == .store(recorded) { return true }
            guard backup.takenFrom != nil, case .store(let owner) = backup.origin else { return false }
            if livesElsewhere[owner] == nil {
                livesElsewhere[owner] = IdentityTwin.find(identity: owner, besides: store, backups: others) != nil
            }
            return livesElsewhere[owner] == false
        }
        return OtherIdentities(
            ofThisPath: ofThisPath,
            ofOtherStores: newestFirst(others.filter { !ofThisPath.contains($0) } + twins, now: now))
    }
}
