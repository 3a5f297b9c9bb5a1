import Foundation
import NudgeCore
import NudgeReports
import NudgeStore

/// `nudge call edit`: a call's time, duration, mood or notes corrected; pending sync again.
public struct CallEdit {
    /// The call's id or its prefix, as typed.
    public var id: String
    public var at: GivenInstant?
    public var duration: Int?
    public var mood: FieldCorrection<String?>?
    /// New notes; '' removes them.
    public var notes: String?
    /// Moved within ``DuplicateRecord/window`` of another call with the contact, corrected all
    /// the same.
    public var confirmDuplicate = false

    public init(id: String, at: GivenInstant?, duration: Int?, mood: FieldCorrection<String?>?, notes: String?) {
        (self.id, self.at, self.duration, self.mood, self.notes) = (id, at, duration, mood, notes)
    }

    private func calledAt(_ context: CommandContext) throws(InputError) -> Date? {
        try at.map { typed throws(InputError) in
            try InstantInput.pastInstant(
                typed, option: "--at", now: context.now, clock: context.wallClock,
                maximumAge: CallInput.maximumBackdating)
        }
    }

    public func run(_ context: CommandContext) throws {
        let calledAt = try calledAt(context)
        let store = try context.openStore()
        let call = try CallEntries.call(id, store)
        let correction = Store.CallCorrection(
            calledAt: calledAt, durationMinutes: duration, mood: mood ?? .keep, notes: FieldCorrection(option: notes))
        let corrected = try context.changing {
            try store.run {
                try $0.correctCall(id: call.id, correction, confirmedDuplicate: confirmDuplicate, now: context.now)
            }.mapError {
                CommandFailure(
                    $0.editRefusal("a call with \(TextInput.oneLine(call.contactName))", at: context.when($0.at))
                        .description, exitCode: 64)
            }.get()
        }
        context.print(
            "corrected the call with \(TextInput.oneLine(corrected.contactName)) \(context.when(corrected.calledAt)) (to sync)"
        )
    }
}
