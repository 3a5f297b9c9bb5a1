import Foundation
import GRDB
import Synchronization

/// The store file of a command that changes the store, found missing or without nudge's
/// tables: created, or migrated, only when the command first writes. Until then the command
/// reads the empty store it would make (`Store(readingOnly:)`), so one refused before it writes
/// (`call log Nobody`) leaves no store behind and another program's file as it was.
final class OpenedOnFirstWrite: Sendable {
    let path: String
    let now: Date
    private let opened = Mutex<Store?>(nil)

    init(path: String, now: Date) { (self.path, self.now) = (path, now) }

    /// The store on disk, opened (and made nudge's) at the first call.
    func store() throws(StoreError) -> Store {
        try opened.withLock { (opened: inout Store?) throws(StoreError) -> Store in
            if let opened { return opened }
            let store = try Store(path: path, now: now)
            opened = store
            return store
        }
    }

    /// The store on disk once a write opened it; nil before.
    var storeIfOpened: Store? { opened.withLock { $0 } }
}
