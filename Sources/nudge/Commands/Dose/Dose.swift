import ArgumentParser
import Foundation
import NudgeCommands
import NudgeCore
import NudgeReports
import NudgeStore
import NudgeSystem

extension Nudge {
    struct Dose: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Record doses, snoozes and skips, as the buttons and DoseTap do.",
            subcommands: [First.self, Second.self, Snooze.self, Skip.self, Status.self, TestAlarm.self]
        )
    }
}

extension Nudge.Dose {
    /// How far back a dose may be logged: within the same night.
    static let backdating: TimeInterval = 12 * 3600

    static func instant(_ typed: GivenInstant?, _ context: CommandContext) throws(InputError) -> Date {
        guard let typed else { return context.now }
        return try InstantInput.pastInstant(
            typed, option: "--at", now: context.now, clock: context.wallClock, maximumAge: backdating)
    }

    /// Records an answer as the button would; a refusal is one line and exit 64.
    static func answer(_ answer: DoseAnswer, _ context: CommandContext) throws {
        let store = try context.openStore()
        let settings = try store.run { try $0.settings() }
        switch try store.run({
            try $0.recordDoseAnswer(answer, deliveryID: nil, settings: settings, clock: context.wallClock)
        }) {
        case .refused(let refusal):
            throw CommandFailure(refusal.description, exitCode: 64)
        case .duplicate, .answeredOtherwise:
            return
        case .recorded(let record):
            let clock = context.wallClock
            let when = context.when(record.timestamp)
            switch record.eventType {
            case .dose2:
                let note = record.metadata == nil ? "" : record.metadata!.contains("is_early") ? " (early)" : " (late)"
                context.print("dose 2 recorded \(when)\(note)")
            case .extraDose: context.print("extra dose recorded \(when)")
            case .dose2Skipped: context.print("dose 2 skipped \(when)")
            case .snooze:
                if let session = try store.run({ try $0.currentDoseSession() }) {
                    let window = DoseWindow(session: session, settings: settings)
                    context.print(
                        "snoozed: alarm at \(clock.timeOfDay(window.targetAt)) (snooze \(session.snoozeCount) of \(settings.int(.doseMaxSnoozes)))"
                    )
                }
            case .dose1: break
            }
        }
    }
}
