import Foundation
import Logging
import NudgeCore
import NudgeDaemon
import NudgeNotifier
import NudgeReports
import NudgeStore

/// `nudge daemon`: the reminder daemon run in the foreground, logging on stderr at `logLevel`;
/// why it cannot run is one line and an exit code from sysexits.h.
public struct DaemonStart {
    public var logLevel: Logger.Level

    public init(logLevel: Logger.Level) { self.logLevel = logLevel }

    /// swift-log's levels by name, in any case (INFO as info). The refusal is worded to follow
    /// "--log-level 'NAME' is", as nudge words ArgumentParser's.
    public static func level(_ name: String) throws(InputError) -> Logger.Level {
        guard let level = Logger.Level(rawValue: name.lowercased()) else {
            let names = Logger.Level.allCases.map(\.rawValue)
            throw InputError(
                "not a log level; give one of \(names.dropLast().joined(separator: ", ")) or \(names.last ?? "")")
        }
        return level
    }

    public func run(_ context: CommandContext) throws {
        let level = logLevel
        LoggingSystem.bootstrap { StderrLogHandler(label: $0, level: level) }
        let logger = Logger(label: "nudge.daemon")
        do {
            let daemon = try Daemon(
                .init(storePath: context.storePath, clock: context.clock, timeZone: context.systemTimeZone),
                logger: logger)
            try daemon.run()
        } catch .storeReplaced(let path) {
            // The same process (and pid, for systemd) starts again on the new file; every
            // descriptor, the lock's too, closes on exec.
            if context.environment.variables["NUDGE_FAKE_NOW"] != nil {
                setenv("NUDGE_FAKE_NOW", Timestamp.format(context.now, fractionDigits: 3), 1)
            }
            var arguments = CommandLine.arguments.map { strdup($0) } + [nil]
            execv("/proc/self/exe", &arguments)
            throw CommandFailure(DaemonError.storeReplaced(path).description, exitCode: 74)
        } catch .store(let error) {
            switch error {
            case .damaged(let path, let problem):
                Self.showDamage(problem, of: path, now: context.now, clock: context.wallClock)
            case .notADatabase(let path) where BackupLocation.read(store: path) != nil:
                // Its first bytes overwritten: a store nudge backed up, not another file.
                Self.showDamage("its header is not SQLite's", of: path, now: context.now, clock: context.wallClock)
            default:
                break
            }
            throw CommandFailure(error, namedBy: context.storeNamedBy)
        } catch .alreadyRunning(let pid, let store) {
            // EX_TEMPFAIL
            throw CommandFailure(DaemonError.alreadyRunning(pid: pid, store: store).description, exitCode: 75)
        } catch .storeGone(let path) {
            throw CommandFailure(DaemonError.storeGone(path).description, exitCode: 74)
        } catch {
            throw CommandFailure(error.description)
        }
    }

    /// A store too damaged to open: the daemon cannot run, and nothing else would tell the
    /// person at the desktop, whose reminders and alarms stop. Shown once per start (systemd
    /// does not restart it after exit status 65), naming the newest sound backup. Its id is
    /// recorded beside the store, for the daemon that finds the store sound to close it.
    static func showDamage(_ problem: String, of store: String, now: Date, clock: WallClock) {
        let directory = BackupDirectory.directory(ofDamagedStore: store)
        let newest = BackupDirectory.newestSound(
            in: directory, now: now, identity: BackupLocation.read(store: store)?.identity,
            formerFolders: BackupDirectory.formerFolders(store: store, besides: directory))
        let warning = StoreSafetyWarning.damaged(
            problem: problem,
            restoreFrom: newest.map { "\(clock.date(of: $0.takenAt)) \(clock.timeOfDay($0.takenAt))" },
            command: "nudge --store \(store) restore --latest",
            backupsKnown: Store.identityUnknowable(at: store) == nil)
        guard let id = try? LibnotifyNotifier(onEvent: { _ in }).show(warning, replacing: nil) else { return }
        DamageWarningFile.record(DamageWarning(notificationID: id, shownAt: now), store: store)
    }
}
