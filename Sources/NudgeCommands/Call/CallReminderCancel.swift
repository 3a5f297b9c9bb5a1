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

    public func run(_ context: CommandContext) throws {
        switch try context.openStore().run({ try $0.cancelCallReminder(id, now: context.now) }) {
        case .changed(_, let name):
            context.print("cancelled the reminder to call \(TextInput.oneLine(name)) (reminder \(id))")
        case .notOpen:
            throw Self.notOpen(id)
        }
    }
}
