import Foundation
import NudgeCore
import NudgeReports
import NudgeStore

/// `nudge dose 2`, `dose skip` and `dose snooze`: an answer recorded as the notification's
/// button records it; a refusal is one line and exit 64.
public enum DoseAnswerRequest {
    /// Dose 2 (or an extra dose) taken `at`, nil for now.
    case take(at: GivenInstant?, early: Bool, extra: Bool)
    /// Dose 2 skipped tonight, with why, kept with the record.
    case skip(reason: String?)
    case snooze

    public func run(_ context: CommandContext) throws {
        let answer: DoseAnswer =
            switch self {
            case .take(let at, let early, let extra):
                .take(at: try DoseTime.instant(at, context), early: early, extra: extra)
            case .skip(let reason): .skip(at: context.now, reason: reason)
            case .snooze: .snooze(at: context.now)
            }
        let store = try context.openStore()
        let settings = try store.run { try $0.settings() }
        try DoseTakenBeforeWindow.refuse(answer, store: store, settings: settings, context)
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
                        "snoozed: alarm at \(LocalFormat.time(window.targetAt, clock: clock)) (snooze \(session.snoozeCount) of \(settings.int(.doseMaxSnoozes)))"
                    )
                }
            case .dose1: break
            }
        }
    }
}
