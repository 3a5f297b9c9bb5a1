import ArgumentParser
import Foundation
import NudgeCore
import NudgeStore
import NudgeSystem

extension Nudge {
    struct Dose: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Record dose 1, dose 2, a snooze or a skip, exactly as the notification buttons and DoseTap do.",
            subcommands: [First.self, Second.self, Snooze.self, Skip.self, Status.self, TestAlarm.self]
        )
    }
}

/// How far back a dose may be logged: within the same night.
private let doseBackdating: TimeInterval = 12 * 3600

private func doseInstant(_ text: String?, _ context: CommandContext) throws(InputError) -> Date {
    guard let text else { return context.now }
    return try InstantInput.pastInstant(text, option: "--at", now: context.now, clock: context.wallClock, maximumAge: doseBackdating)
}

extension Nudge.Dose {
    struct First: NudgeCommand {
        static let configuration = CommandConfiguration(commandName: "1", abstract: "Record dose 1 and start a session.")
        @OptionGroup var global: GlobalOptions
        @Option(help: "When it was taken: 22:10 (the latest 22:10 that has passed: at 01:30, last night), 2026-11-21T22:10 (local), or ISO 8601 with an offset; at most 12 hours ago (default: now).")
        var at: String?
        @Flag(help: "Start a new session even though one is open.") var newSession = false

        func validate() throws {
            do { _ = try doseInstant(at, CommandContext(global)) } catch { throw ValidationError(error.description) }
        }

        func run(_ context: CommandContext) throws {
            let when = try doseInstant(at, context)
            let store = try context.openStore()
            let settings = try store.run { try $0.settings() }
            let result = try store.run { try $0.startDoseSession(at: when, newSession: newSession, settings: settings, clock: context.wallClock) }
            switch result {
            case .failure(let refusal):
                throw CommandFailure(refusal.description, exitCode: 64)
            case .success(let session):
                let window = DoseWindow(session: session, settings: settings)
                let clock = context.wallClock
                context.print(
                    "dose 1 recorded at \(context.understood(session.dose1)) (session \(session.sessionDate)); "
                        + "window \(clock.timeOfDay(window.opensAt))-\(clock.timeOfDay(window.closesAt)), alarm at \(clock.timeOfDay(window.targetAt))")
                context.print("the alarm: \(Self.howTheAlarmRings(settings: settings, context))")
            }
        }

        /// What tonight's alarm can count on, from what the running daemon published.
        static func howTheAlarmRings(settings: Settings, _ context: CommandContext) -> String {
            guard let daemon = DaemonLock.running(storePath: context.storePath) else {
                return "no nudge daemon runs on this store, so nothing would ring; start one with: systemctl --user start nudge (or nudge daemon)"
            }
            if daemon.status["wake"] == "yes" { return "this computer will wake itself for it if it is asleep" }
            guard settings.bool(.sleepKeepAwake) else { return "sleep.keep_awake is off: if this computer sleeps, the alarm will not ring" }
            return "this computer will be kept from idle sleep until dose 2; if you suspend it, the alarm will not ring"
        }
    }

    struct Second: NudgeCommand {
        static let configuration = CommandConfiguration(commandName: "2", abstract: "Record dose 2 (the Take dose 2 button).")
        @OptionGroup var global: GlobalOptions
        @Option(help: "When it was taken: 00:55 (the latest 00:55 that has passed), 2026-11-22T00:55 (local), or ISO 8601 with an offset; at most 12 hours ago (default: now).")
        var at: String?
        @Flag(help: "Take it before the window opens (recorded with is_early).") var early = false
        @Flag(help: "Record a dose after dose 2 (extra_dose).") var extra = false

        func validate() throws {
            do { _ = try doseInstant(at, CommandContext(global)) } catch { throw ValidationError(error.description) }
        }

        func run(_ context: CommandContext) throws {
            try answer(.take(at: try doseInstant(at, context), early: early, extra: extra), context)
        }
    }

    struct Snooze: NudgeCommand {
        static let configuration = CommandConfiguration(abstract: "Move the dose-2 alarm by dose.snooze_duration_minutes (the Snooze button).")
        @OptionGroup var global: GlobalOptions

        func run(_ context: CommandContext) throws {
            try answer(.snooze(at: context.now), context)
        }
    }

    struct Skip: NudgeCommand {
        static let configuration = CommandConfiguration(abstract: "Skip dose 2 tonight (the Skip dose 2 button).")
        @OptionGroup var global: GlobalOptions
        @Option(help: "Why, kept with the record (at most 500 characters).") var reason: String?

        func validate() throws {
            if let reason {
                do { try TextInput.validateText(reason, option: "--reason", limit: 500) } catch { throw ValidationError(error.description) }
            }
        }

        func run(_ context: CommandContext) throws {
            try answer(.skip(at: context.now, reason: reason), context)
        }
    }
}

/// Records an answer as the button would; a refusal is one line and exit 64.
private func answer(_ answer: DoseAnswer, _ context: CommandContext) throws {
    let store = try context.openStore()
    let settings = try store.run { try $0.settings() }
    switch try store.run({ try $0.recordDoseAnswer(answer, deliveryID: nil, settings: settings, clock: context.wallClock) }) {
    case .refused(let refusal):
        throw CommandFailure(refusal.description, exitCode: 64)
    case .duplicate:
        return
    case .recorded(let record):
        let clock = context.wallClock
        let when = context.understood(record.timestamp)
        switch record.eventType {
        case .dose2:
            let note = record.metadata == nil ? "" : record.metadata!.contains("is_early") ? " (early)" : " (late)"
            context.print("dose 2 recorded at \(when)\(note)")
        case .extraDose: context.print("extra dose recorded at \(when)")
        case .dose2Skipped: context.print("dose 2 skipped at \(when)")
        case .snooze:
            if let session = try store.run({ try $0.currentDoseSession() }) {
                let window = DoseWindow(session: session, settings: settings)
                context.print("snoozed: alarm at \(clock.timeOfDay(window.targetAt)) (snooze \(session.snoozeCount) of \(settings.int(.doseMaxSnoozes)))")
            }
        case .dose1: break
        }
    }
}
