import Foundation
import NudgeCore
import NudgeReports
import NudgeStore

/// `nudge call log`: a call logged, which restarts the contact's cadence.
public struct CallLog {
    /// The contact as typed: its id, or its whole name.
    public var contact: String
    /// When; nil for now.
    public var at: GivenInstant?
    public var duration: Int
    public var mood: CallMood?
    public var notes: String?
    /// A second call within ``DuplicateRecord/window`` of one logged, logged all the same.
    public var confirmDuplicate = false

    public init(contact: String, at: GivenInstant?, duration: Int, mood: CallMood?, notes: String?) {
        (self.contact, self.at, self.duration, self.mood, self.notes) = (contact, at, duration, mood, notes)
    }

    private func calledAt(_ context: CommandContext) throws(InputError) -> Date {
        guard let at else { return context.now }
        return try InstantInput.pastInstant(
            at, option: "--at", now: context.now, clock: context.wallClock, maximumAge: CallInput.maximumBackdating)
    }

    public func run(_ context: CommandContext) throws {
        let when = try calledAt(context)
        let store = try context.openStore()
        let found = try ContactNames.resolve(contact, in: store)
        let logged = try store.run {
            try $0.logCall(
                contactID: found.id, at: when, durationMinutes: duration, mood: mood?.rawValue, notes: notes,
                confirmedDuplicate: confirmDuplicate, now: context.now)
        }
        if case .failure(let earlier) = logged {
            let refusal = earlier.refusal(
                "a call with \(found.name)", at: context.when(earlier.at), correct: "call edit")
            throw CommandFailure(refusal.description, exitCode: 64)
        }
        context.print("logged a call with \(found.name) \(context.when(when))")
    }
}
