import Foundation
import NudgeCore
import NudgeReports
import NudgeStore

/// `nudge log symptom`: an entry added to the symptom diary.
public struct SymptomLog {
    /// What was felt, as typed.
    public var name: String
    public var severity: Int
    public var notes: String?
    /// When it was felt; nil for now.
    public var at: GivenInstant?
    /// A second entry within ``DuplicateRecord/window`` of one of the same symptom, logged all
    /// the same.
    public var confirmDuplicate = false

    public init(name: String, severity: Int, notes: String?, at: GivenInstant?) {
        (self.name, self.severity, self.notes, self.at) = (TextInput.canonical(name), severity, notes, at)
    }

    private func loggedAt(_ context: CommandContext) throws(InputError) -> Date {
        guard let at else { return context.now }
        return try InstantInput.pastInstant(
            at, option: "--at", now: context.now, clock: context.wallClock,
            maximumAge: SymptomEntry.maximumBackdating)
    }

    public func run(_ context: CommandContext) throws {
        let when = try loggedAt(context)
        let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines)
        let added = try context.openStore().run {
            try $0.addSymptom(
                name: trimmed, severity: severity, notes: notes, loggedAt: when, confirmedDuplicate: confirmDuplicate,
                now: context.now)
        }
        // The symptom's name is not repeated: the diary is private.
        let entry = try added.mapError {
            CommandFailure(
                $0.refusal("this symptom", at: context.when($0.at), correct: "symptoms edit").description, exitCode: 64)
        }.get()
        // One symptom, one name: a spelling that differs only by case went in as the first one.
        let respelled = entry.name == trimmed ? "" : " (written as \(entry.name), as before)"
        context.print(
            "logged \(entry.name) (\(entry.severity)) \(context.when(entry.loggedAt, on: "for"))\(respelled)")
    }
}
