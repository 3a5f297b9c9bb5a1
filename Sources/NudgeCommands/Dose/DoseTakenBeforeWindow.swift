import Foundation
import NudgeCore
import NudgeReports
import NudgeStore

/// `nudge dose 2 --at TIME` before the dose-2 window opened, without --early: refused in words
/// true now (hostile round of issue 40: eight hours after the window closed, `--at 23:00` was
/// told "the window opens in 120 min", counted from 23:00).
enum DoseTakenBeforeWindow {
    /// Throws the refusal for dose 2 taken before the window of the open session, if it is one.
    static func refuse(_ answer: DoseAnswer, store: Store, settings: Settings, _ context: CommandContext) throws {
        guard case .take(let at, false, false) = answer, let session = try store.run({ try $0.currentDoseSession() }),
            let refusal = refusal(at: at, session: session, settings: settings, context)
        else { return }
        throw refusal
    }

    static func refusal(at: Date, session: DoseSession, settings: Settings, _ context: CommandContext)
        -> CommandFailure?
    {
        let window = DoseWindow(session: session, settings: settings)
        guard !session.isCompleted, at >= session.dose1, at < window.opensAt else { return nil }
        let clock = context.wallClock
        let time = { LocalFormat.time($0, clock: clock) }
        let (opens, closes) = (time(window.opensAt), time(window.closesAt))
        let now = context.now
        guard now >= window.opensAt else {
            let minutes = Int((window.opensAt.timeIntervalSince(now) / 60).rounded(.up))
            return CommandFailure(
                "the dose-2 window opens at \(opens), in \(minutes) min; taking dose 2 early needs --early",
                exitCode: 64)
        }
        let before = Int((window.opensAt.timeIntervalSince(at) / 60).rounded(.up))
        let state =
            now >= window.closesAt
            ? "it closed at \(closes), \(MedicationOutcomeText.late(Int(now.timeIntervalSince(window.closesAt) / 60))) ago"
            : "it is open until \(closes)"
        return CommandFailure(
            "dose 2 at \(time(at)) is \(before) min before the dose-2 window opened at \(opens), and \(state); if it was taken then, record it with --early",
            exitCode: 64)
    }
}
