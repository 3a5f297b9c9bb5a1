import Foundation
import NudgeCore
import NudgeReports
import NudgeStore

extension DoctorReport {
    /// Read only: a doctor changes nothing, and makes no store where there is none.
    static func storeFindings(_ path: String, environment: CommandEnvironment = .current) -> [Finding] {
        let room = DoctorFindings.storeRoomFinding(path).map { [$0] } ?? []
        guard FileManager.default.fileExists(atPath: path) else {
            // One nudge backed up that is gone is damage (`Store(readingOnly:)` says why).
            do { _ = try Store(readingOnly: path) } catch {
                return room + [openingProblem(error, path: path, environment: environment)]
            }
            return room + [.fine("store: no store yet at \(path); the daemon makes it when it first starts")]
        }
        let store: Store
        let health: (migrations: [String], integrity: IntegrityCheck, journalMode: String)
        do {
            store = try Store(readingOnly: path)
            health = try store.health()
        } catch {
            return room + [openingProblem(error, path: path, environment: environment)]
        }
        // A disk with no room for the store's next write is a problem writing it: no "ok" follows.
        let writable = DoctorFindings.storeWritableFinding(path).map { [$0] } ?? room.filter(\.isProblem)
        let lowRoom = writable.isEmpty ? room : []
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
        return writable + modeFindings + lowRoom + [
            .fine(
                "schema: \(health.migrations.count) migrations (\(health.migrations.last ?? "none")), journal \(health.journalMode)"
            ),
            Self.integrityFinding(health.integrity, path: path),
        ] + ruleBreaking
    }

    /// A store that cannot be read: damage names the newest sound backup and the command that
    /// restores it, as every command does (`DamagedStore`), or says there is none.
    static func openingProblem(_ error: any Error, path: String, environment: CommandEnvironment) -> Finding {
        guard case .damaged(_, let reason)? = error as? StoreError,
            let fix = DamagedStore.fix(path: path, environment: environment)
        else { return .problem("store: \(error)", fix: "see the message; --store PATH chooses another store") }
        return .problem("store: \(path) is damaged (\(reason))", fix: fix.text)
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
