import Foundation
import GRDB

/// Another file put in the store's place under a running daemon (a sync tool, another
/// program, a person's `mv`), taken on before the daemon starts again on it.
public enum StoreReplacement {
    /// Opens the file now at `path` as the store (nudge's tables added where it has none) and
    /// numbers its deliveries past `deliveriesIssued`, the highest id the file before it gave:
    /// a notification of that file still on screen, or a `nudge ack ID` copied from one, never
    /// names a delivery of this one. Returns what the new file is, for the daemon's log; nil
    /// when it is not a regular file or cannot be opened (the daemon started again on it says
    /// why). `formerIdentity`: the identity of the file before it.
    public static func takeOn(path: String, formerIdentity: String?, deliveriesIssued: Int64, now: Date) -> String? {
        guard (try? Store.checkIsAFile(at: path)) != nil else { return nil }
        var configuration = Configuration()
        configuration.readonly = true
        configuration.busyMode = .timeout(5)
        let hadNudgeTables =
            (try? Store.openReadOnly(path, configuration).read { db in try !Schema.applied(db).isEmpty }) ?? false
        guard let store = try? Store(path: path, now: now),
            (try? store.recordDeliveriesIssued(through: deliveriesIssued)) != nil
        else { return nil }
        let identity = (try? store.identity()) ?? nil
        let what =
            if !hadNudgeTables {
                "it had no nudge tables (another program's database, or a new file): nudge's were added to it"
            } else if identity != nil && identity == formerIdentity {
                "it carries this store's identity (a restore, or a copy put back)"
            } else {
                "it is another nudge store, whose backups are its own"
            }
        return "\(what); its deliveries are numbered from \(deliveriesIssued + 1) on"
    }
}
