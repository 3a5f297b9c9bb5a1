import Foundation
import NudgeCore
import NudgeReports
import NudgeStore

extension DoctorReport {
    /// Read only: a doctor changes nothing, and makes no store where there is none.
    static func storeFindings(_ path: String) -> [Finding] {
        guard FileManager.default.fileExists(atPath: path) else {
            // One nudge backed up that is gone is damage (`Store(readingOnly:)` says why).
            do { _ = try Store(readingOnly: path) } catch {
                return [.problem("store: \(error)", fix: "see the message; --store PATH chooses another store")]
            }
            return [.fine("store: no store yet at \(path); the daemon makes it when it first starts")]
        }
        let store: Store
        let health: (migrations: [String], integrity: IntegrityCheck, journalMode: String)
        do {
            store = try Store(readingOnly: path)
            health = try store.health()
        } catch {
            return [.problem("store: \(error)", fix: "see the message; --store PATH chooses another store")]
        }
        let writable = DoctorFindings.storeWritableFinding(path).map { [$0] } ?? []
        let ruleBreaking = DoctorFindings.rowsAgainstRulesFindings(
            (try? store.rowsAgainstTheirRules()) ?? [], store: path)
        let attributes = (try? FileManager.default.attributesOfItem(atPath: path)) ?? [:]
        let mode = attributes[.posixPermissions] as? Int ?? 0
        let modeText = String(mode, radix: 8)
        // One verdict on the store: a problem writing it is not followed by "ok" (hostile
        // round 20 on issue 39); its mode is said apart when others may read it.
        let modeFindings: [Finding] =
            mode & 0o077 != 0
            ? [.problem("store: \(path) is readable by others (mode \(modeText))", fix: "chmod 600 \(path)")]
            : writable.isEmpty ? [.fine("store: \(path) (mode \(modeText))")] : []
        return writable + modeFindings + [
            .fine(
                "schema: \(health.migrations.count) migrations (\(health.migrations.last ?? "none")), journal \(health.journalMode)"
            ),
            Self.integrityFinding(health.integrity, path: path),
        ] + ruleBreaking
    }

    /// Damage is a problem to recover from; rows another program wrote against their column's
    /// rule are not (nudge reads around them, and backs the store up with them): they are
    /// counted by `DoctorFindings.rowsAgainstRulesFindings`.
    static func integrityFinding(_ check: IntegrityCheck, path: String) -> Finding {
        if let damage = check.damage {
            return .problem(
                "integrity: \(damage)", fix: "stop the daemon and recover a copy with: sqlite3 \(path) .recover")
        }
        return .fine("integrity: ok")
    }
}
