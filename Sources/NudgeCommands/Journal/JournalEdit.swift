import Foundation
import NudgeCore
import NudgeReports
import NudgeStore

/// `nudge journal edit`: fields of a session changed.
public struct JournalEdit {
    /// The session's id or its prefix, as typed.
    public var id: String
    public var fields: JournalFields

    public init(id: String, fields: JournalFields) { (self.id, self.fields) = (id, fields) }

    public func run(_ context: CommandContext) throws {
        let given = try fields.fields(context, warning: false)
        guard !given.isEmpty else {
            throw CommandFailure(
                "give at least one field to change, such as --mood-after N (nudge journal edit --help lists them)",
                exitCode: 64)
        }
        let store = try context.openStore()
        let session = try JournalSessions.session(id, store)
        switch try store.run({ try $0.editTherapySession(id: session.id, given, now: context.now) }) {
        case .changed: break
        case .gone: throw CommandFailure("another program deleted it meanwhile; nothing changed", exitCode: 64)
        case .afterReflections(let dates):
            throw Self.afterReflections(session, startedAt: given.startedAt ?? session.startedAt, dates, context)
        case .sameMinute(let other):
            // As `journal add` refuses a second session in a minute (hostile round of issue 40:
            // `journal edit --at` made the duplicate the add refuses).
            throw CommandFailure(
                "\(JournalSessions.named(other, context)) already exists (id \(other.id.prefix(8))); nothing changed; give another --at",
                exitCode: 64)
        }
        if let startedAt = given.startedAt { JournalFields.warnIfFuture(startedAt, context) }
        let changed =
            given.startedAt.map { "the session \(context.when($0, on: "of", at: "of"))" }
            ?? JournalSessions.named(session, context)
        context.print("changed \(changed) (id \(session.id.prefix(8)))")
    }

    /// A session is not dated after a reflection on it, as none is written on a session to
    /// come (`journal reflect`): the reflection would be dated before what it reflects on.
    /// Their dates are said, never their text.
    private static func afterReflections(
        _ session: TherapySession, startedAt: Date, _ earlier: [Date], _ context: CommandContext
    ) -> CommandFailure {
        // The reflections' seconds decide (02:00 itself is before one written at 02:00:20), and
        // the new start's too when one is in its minute.
        let minute = { (instant: Date) in (instant.timeIntervalSince1970 / 60).rounded(.down) }
        let toTheSecond = earlier.contains { minute($0) == minute(startedAt) }
        let dates = earlier.map { LocalFormat.dateTime($0, clock: context.wallClock, toTheSecond: true) }
        let listed = dates.count > 1 ? dates.dropLast().joined(separator: ", ") + " and " + dates.last! : dates[0]
        return CommandFailure(
            "--at (\(context.understood(startedAt, toTheSecond: toTheSecond))) is after \(earlier.count == 1 ? "the reflection" : "the reflections") "
                + "on session \(session.id.prefix(8)) written \(listed); give a time before "
                + "\(dates[0]); nothing changed",
            exitCode: 64)
    }
}
