import Foundation
import NudgeCore
import NudgeReports
import NudgeStore

/// The stores whose backups one folder holds, named apart (`store A`, `store B`: A has the
/// newest backup) when the store's own identity cannot be known (no store and no
/// `STORE.backup-location`: `rm nudge.sqlite*`): nudge cannot tell which of them is this store's,
/// so it never lists one as "this store" nor restores one as it without saying so.
struct StoresApart {
    /// By identity, newest backup first.
    let stores: [(identity: String, newest: BackupFile, count: Int)]
    let directory: String

    /// Nil when the store has an identity, or the folder holds the backups of one store or none.
    init?(directory: String, identity: String?, now: Date) {
        guard identity == nil else { return nil }
        let backups = BackupDirectory.list(in: directory, now: now)
        var stores: [(identity: String, newest: BackupFile, count: Int)] = []
        for backup in backups {
            guard case .store(let owner) = backup.origin else { continue }
            if let index = stores.firstIndex(where: { $0.identity == owner }) {
                stores[index].count += 1
            } else {
                stores.append((owner, backup, 1))
            }
        }
        guard stores.count > 1 else { return nil }
        self.stores = stores
        self.directory = directory
    }

    /// `store A`, `store B`... `store 27` past Z; nil for a backup of no store's identity.
    func name(of origin: BackupOrigin) -> String? {
        guard case .store(let owner) = origin, let index = stores.firstIndex(where: { $0.identity == owner })
        else { return nil }
        let letters = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ")
        return "store " + (index < letters.count ? String(letters[index]) : String(index + 1))
    }

    /// `store A (3 backups, the newest of 2026-11-22 10:00)` for each, newest first.
    private func named(_ clock: WallClock) -> String {
        stores.indices.map { index in
            let store = stores[index]
            return
                "\(name(of: .store(store.identity)) ?? "") (\(store.count == 1 ? "1 backup" : "\(store.count) backups"), the newest of \(LocalFormat.dateTime(store.newest.takenAt, clock: clock)))"
        }.joined(separator: ", ")
    }

    /// Why the listing names stores apart.
    func listingLine(_ clock: WallClock) -> String {
        "this store's identity cannot be known (no store and no STORE.backup-location beside it), and \(directory) holds the backups of \(stores.count) stores: \(named(clock)); nudge cannot tell which is this store's: restore one by its path with --yes"
    }

    /// `restore --latest`'s refusal: the newest of each, to choose from, restored into `store`.
    func choice(_ clock: WallClock, store: String) -> String {
        let each = stores.indices.map { index in
            "\(name(of: .store(stores[index].identity)) ?? "")'s newest with: \(NudgeLine.restore(stores[index].newest.path, into: store))"
        }
        return
            "this store's identity cannot be known (no store and no STORE.backup-location beside it), and \(directory) holds the backups of \(stores.count) stores, so --latest cannot tell which is this store's; restore \(each.joined(separator: ", or ")) (nudge backups lists them)"
    }

    /// What `restore FILE` says of the backup it restores: whose it is, and that the store gets
    /// an identity of its own (it may be any of them).
    func restoring(_ file: String) -> String {
        guard let name = name(of: BackupFile.origin(of: file) ?? .unmarked) else { return "" }
        return
            " (\(name)'s, one of the \(stores.count) stores whose backups \(directory) holds; this store's identity cannot be known, so it gets one of its own)"
    }
}
