import ArgumentParser
import Foundation
import NudgeCommands
import NudgeCore
import NudgeDaemon
import NudgeReports
import NudgeSleep
import NudgeSound
import NudgeStore
import NudgeSystem

extension Nudge {
    struct Doctor: NudgeCommand, TellsLockWaits {
        static let configuration = CommandConfiguration(
            abstract: "Check what notifications need: bus, server, store, zone, daemon.",
            discussion: "Prints each finding with its fix; exits 0 only when all is well.")
        @OptionGroup var global: GlobalOptions

        func run(_ context: CommandContext) throws {
            // The bus libnotify connects to is the process's own, whatever the context says.
            var findings = Self.serverFindings(environment: ProcessInfo.processInfo.environment)
            findings += Self.doNotDisturbFindings(environment: ProcessInfo.processInfo.environment)
            let path = context.storePath
            findings += Self.storeFindings(path)
            findings += DoctorFindings.besideStoreFindings(store: path)
            let settings = try? Store(readingOnly: path).settings()
            findings += DoctorFindings.backupFindings(
                store: path, settings: settings, now: context.now, clock: context.wallClock)
            findings += DoctorFindings.leftoverFindings(store: path, settings: settings, now: Date())
            findings += DoctorFindings.encryptionFindings(store: path, settings: settings)
            findings += Self.soundFindings(settings)
            findings.append(Self.zoneFinding(context))
            let daemon = DaemonLock.running(storePath: path)
            findings.append(Self.daemonFinding(daemon?.pid))
            findings += Self.sleepFindings(daemon: daemon?.status)
            findings += DoctorFindings.installationFindings(environment: context.environment.variables)

            for finding in findings { context.print(finding.line) }
            let problems = findings.filter(\.isProblem).count
            context.print(problems == 0 ? "all is well" : "\(problems) problem\(problems == 1 ? "" : "s") found")
            if problems > 0 { throw ExitCode(1) }
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

        static func daemonFinding(_ pid: Int32?) -> Finding {
            guard let pid else {
                return .problem(
                    "daemon: none runs on this store", fix: "systemctl --user enable --now nudge, or run: nudge daemon")
            }
            return .fine("daemon: running on this store (pid \(pid))")
        }

        /// Whether a sound plays here (the short bell, played once) and through which backend,
        /// and whether the sounds the settings name are installed.
        static func soundFindings(_ settings: NudgeCore.Settings?) -> [Finding] {
            let settings = settings ?? NudgeCore.Settings()
            guard settings.bool(.soundEnabled) else { return [.fine("sound: off (sound.enabled is false)")] }
            var findings: [Finding]
            switch SoundCheck.playBell() {
            case .success(let backend): findings = [.fine("sound: plays (played the bell through \(backend))")]
            case .failure(let failure):
                findings = [
                    .problem(
                        "sound: nothing plays (\(failure)); the dose-2 alarm would be silent",
                        fix: "check the sound device and its volume (aplay -l); notifications are shown either way")
                ]
            }
            for key in [SettingKey.soundReminder, .doseAlarmSound] {
                guard let source = SoundSource(setting: settings[key]) else {
                    findings.append(.fine("\(key): none (silent)"))
                    continue
                }
                findings.append(
                    source.problem.map {
                        .problem(
                            "\(key): \($0)",
                            fix: "apt-get install sound-theme-freedesktop, or: nudge settings set \(key) NAME")
                    }
                        ?? .fine("\(key): \(settings[key]) is installed"))
            }
            return findings
        }

        /// Whether the night's alarm survives sleep: logind to keep the computer awake, and the
        /// daemon's wake alarm with an RTC to resume it.
        static func sleepFindings(daemon status: [String: String]?) -> [Finding] {
            var findings: [Finding] = []
            var logind = AlarmWaking.KeepAwake.held
            do {
                try SleepInhibitor().checkLogind()
                findings.append(.fine("keep awake: logind answers on the system bus"))
            } catch {
                logind = .unavailable("\(error)")
                findings.append(
                    .problem(
                        "keep awake: \(error)",
                        fix:
                            "the alarm rings only while the computer is awake; logind (systemd) keeps it from idle sleep"
                    ))
            }
            let waking: AlarmWaking
            if let status, let published = AlarmWaking(status: status) {
                waking = published
            } else {
                let rtc = RTCWakeAlarm.path(environment: ProcessInfo.processInfo.environment)
                waking = AlarmWaking(
                    wakeTimer: "no daemon runs", rtcWakeAlarm: rtc,
                    rtcPresent: FileManager.default.fileExists(atPath: rtc), keepAwake: logind)
            }
            findings.append(
                waking.canWake
                    ? .fine("wake: the alarm wakes a suspended computer (CLOCK_REALTIME_ALARM and the RTC)")
                    : .problem(
                        "wake: the alarm cannot wake a suspended computer: "
                            + waking.obstacles.map(\.what).joined(separator: "; "),
                        fix: waking.obstacles.map(\.fix).joined(separator: "; ")))
            return findings
        }

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
            return writable + [
                mode & 0o077 == 0
                    ? .fine("store: \(path) (mode \(modeText))")
                    : .problem("store: \(path) is readable by others (mode \(modeText))", fix: "chmod 600 \(path)"),
                .fine(
                    "schema: \(health.migrations.count) migrations (\(health.migrations.last ?? "none")), journal \(health.journalMode)"
                ),
                Self.integrityFinding(health.integrity, path: path),
            ] + ruleBreaking
        }
    }
}

extension Nudge.Doctor {
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
