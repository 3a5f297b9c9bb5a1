import Foundation
import NudgeCore
import NudgeDaemon
import NudgeReports
import NudgeStore
import NudgeSystem

/// `nudge doctor`: what notifications need (bus, server, store, zone, daemon, sound, sleep),
/// each finding with its fix. It only looks: it changes nothing, and makes no store.
public struct DoctorReport {
    public init() {}

    /// Prints each finding and the count of problems; returns that count.
    public func run(_ context: CommandContext) -> Int {
        // The bus libnotify connects to is the process's own, whatever the context says.
        var findings = Self.serverFindings(environment: ProcessInfo.processInfo.environment)
        let path = context.storePath
        let settings = try? Store(readingOnly: path).settings()
        let bell = Self.playedBell(settings)
        findings += Self.doNotDisturbFindings(
            environment: ProcessInfo.processInfo.environment, settings: settings,
            alarmSounds: (try? bell?.get()) != nil,
            quietFailure: (try? Store(readingOnly: path).quietFailure()) ?? nil,
            quieted: QuietedByNudge.read(storePath: path), clock: context.wallClock)
        let backup = Store.backupTaken(at: path)
        findings += Self.storeFindings(path, environment: context.environment)
        if let backup { findings.append(Self.backupAsStoreFinding(path, backup)) }
        findings += Self.ignoredSettingFindings(settings)
        findings += DoctorFindings.besideStoreFindings(store: path)
        if let awaiting = DoctorFindings.awaitingFinding(store: path) { findings.append(awaiting) }
        if backup == nil {
            findings += DoctorFindings.backupFindings(
                store: path, settings: settings, now: context.now, clock: context.wallClock)
        }
        findings += DoctorFindings.leftoverFindings(store: path, settings: settings, now: Date())
        findings += Self.staleDamageWarningFindings(path)
        findings += DoctorFindings.encryptionFindings(store: path, settings: settings)
        findings += Self.soundFindings(settings, bell: bell)
        findings += Self.escalationFindings(
            settings, latestEnd: (try? Store(readingOnly: path).latestEscalationEnd()) ?? nil, clock: context.wallClock)
        findings.append(Self.zoneFinding(context))
        let daemon = DaemonLock.running(storePath: path)
        if backup == nil { findings.append(Self.daemonFinding(daemon?.pid)) }
        findings += Self.sleepFindings(daemon: daemon?.status)
        findings += DoctorFindings.installationFindings(environment: context.environment.variables)

        for finding in findings { context.print(finding.line) }
        let problems = findings.filter(\.isProblem).count
        context.print(problems == 0 ? "all is well" : "\(problems) problem\(problems == 1 ? "" : "s") found")
        return problems
    }

    /// A settings row another program spoiled is in force as its default (a backup folder on
    /// another disk becomes STORE.backups): a problem, never only a line on stderr.
    static func ignoredSettingFindings(_ settings: Settings?) -> [Finding] {
        (settings?.ignored ?? []).compactMap { row in
            row.fix.map {
                .problem(
                    "settings: \(row.name): \(row.problem)",
                    fix: "\($0), or set it again: nudge settings set \(row.name) VALUE")
            }
        }
    }

    static func zoneFinding(_ context: CommandContext) -> Finding {
        let zone = context.systemTimeZone
        if let problem = zone.resolve().problem {
            return .problem("time zone: \(problem.what)", fix: problem.fix)
        }
        return .fine(
            "time zone: \(context.timeZone.identifier) (\(zone.fixed != nil ? "fixed by TZ" : "from \(zone.localtimePath)"))"
        )
    }

    /// A backup given as the store: read, never written, so no daemon runs on it and it is not
    /// backed up (hostile round 18 on issue 39: doctor advised starting a daemon there).
    static func backupAsStoreFinding(_ path: String, _ backup: (takenAt: String, takenFrom: String?)) -> Finding {
        .warning(
            "store: \(path) is a backup taken at \(backup.takenAt): nudge reads it and never writes it, so no daemon runs on it and it is not backed up",
            fix: backup.takenFrom.map { "to restore it in place of its store: \(NudgeLine.on($0, "restore", path))" }
                ?? "to restore it in place of a store: nudge --store STORE restore \(ShellWord.quoted(path))")
    }

    static func daemonFinding(_ pid: Int32?) -> Finding {
        guard let pid else {
            return .problem(
                "daemon: none runs on this store", fix: "systemctl --user enable --now nudge, or run: nudge daemon")
        }
        return .fine("daemon: running on this store (pid \(pid))")
    }
}
