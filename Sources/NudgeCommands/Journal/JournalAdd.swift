import Foundation
import NudgeCore
import NudgeReports
import NudgeStore

/// `nudge journal add`: a session, from its options, or asked field by field on a terminal.
public struct JournalAdd {
    public var fields: JournalFields

    public init(fields: JournalFields) { self.fields = fields }

    public func run(_ context: CommandContext) throws {
        guard let type = fields.type else {
            guard context.environment.isTerminal, isatty(STDIN_FILENO) == 1 else {
                throw CommandFailure(
                    "give the treatment type with --type (\(TherapySession.TreatmentType.accepted)); on a terminal, nudge journal add asks for each field",
                    exitCode: 64)
            }
            guard let asked = try JournalPrompts(context: context).run(store: context.openStore()) else {
                return context.print("kept what was typed; the next nudge journal add offers it again")
            }
            return context.print(try JournalSessions.confirmation(of: asked.adding, given: asked.given, context))
        }
        let given = try fields.fields(context)
        let startedAt = given.startedAt ?? context.now
        let adding = try context.openStore().run {
            try $0.addTherapySession(given, startedAt: startedAt, type: type, now: context.now)
        }
        context.print(try JournalSessions.confirmation(of: adding, given: given, context))
    }
}
