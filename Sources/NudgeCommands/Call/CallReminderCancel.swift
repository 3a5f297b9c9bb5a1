import NudgeCore
import NudgeReports

/// `nudge call reminders cancel`: a one-off call reminder that is not shown, nor shown again.
public struct CallReminderCancel {
    /// The reminder's id, as nudge call reminders lists it.
    public var id: Int64

    public init(id: Int64) { self.id = id }

    static func notOpen(_ id: Int64) -> CommandFailure {
        CommandFailure("no open call reminder has id \(id); nudge call reminders lists them", exitCode: 64)
    }

    /// Why this line would be refused now for naming no open reminder, or nil.
    public func refusal(_ context: CommandContext) -> String? { Self.notOpenRefusal(id, context) }

    /// `no open call reminder has id …` when none open has `id`, or nil.
    static func notOpenRefusal(_ id: Int64, _ context: CommandContext) -> String? {
        FoundBeforeOffered.refusal(context) { store in
            guard try store.run({ try $0.openCallReminders() }).contains(where: { $0.id == id }) else {
                throw notOpen(id)
            }
        }
    }

    public func run(_ context: CommandContext) throws {
        let store = try context.openStore()
        switch try store.run({ try $0.cancelCallReminder(id, now: context.now) }) {
        case .changed(_, let name):
            context.print("cancelled the reminder to call \(TextInput.oneLine(name)) (reminder \(id))")
        case .notOpen:
            // Cancelled twice: said so, as the first did it (hostile round of issue 40).
            guard let closed = try store.run({ try $0.closedCallReminder(id) }) else { throw Self.notOpen(id) }
            context.print(
                "the reminder to call \(TextInput.oneLine(closed.name)) (reminder \(id)) was closed already \(context.when(closed.closedAt)), cancelled or done by a call; nothing changed"
            )
        }
    }
}
