import Foundation
import NudgeCore
import NudgeReports
import NudgeStore

/// `nudge symptoms edit`: an entry's name, severity, notes or time corrected.
public struct SymptomEdit {
    /// The entry's id or its prefix, as typed.
    public var id: String
    public var name: String?
    public var severity: Int?
    /// New notes; '' removes them.
    public var notes: String?
    public var at: GivenInstant?
    /// Moved or renamed onto another entry of the same symptom within
    /// ``DuplicateRecord/window``, corrected all the same.
    public var confirmDuplicate = false

    public init(id: String, name: String?, severity: Int?, notes: String?, at: GivenInstant?) {
        (self.id, self.name, self.severity, self.notes, self.at) = (
            id, name.map(TextInput.canonical), severity, notes, at
        )
    }

    private func loggedAt(_ context: CommandContext) throws(InputError) -> Date? {
        try at.map { typed throws(InputError) in
            try InstantInput.pastInstant(
                typed, option: "--at", now: context.now, clock: context.wallClock,
                maximumAge: SymptomEntry.maximumBackdating)
        }
    }

    public func run(_ context: CommandContext) throws {
        let loggedAt = try loggedAt(context)
        let store = try context.openStore()
        let entry = try SymptomEntries.entry(id, store)
        let typedName = name?.trimmingCharacters(in: .whitespacesAndNewlines)
        // As `meds edit` and `reminders edit` say it (hostile round of issue 40: "corrected"
        // for nothing), writing nothing.
        let unchanged =
            typedName.map { $0 == entry.name } ?? true && severity.map { $0 == entry.severity } ?? true
            && notes.map { ($0.isEmpty ? nil : $0) == entry.notes } ?? true
            && loggedAt.map {
                $0.timeIntervalSince1970.rounded(.down) == entry.loggedAt.timeIntervalSince1970.rounded(.down)
            } ?? true
        guard !unchanged else {
            return context.print("unchanged: \(SymptomEntries.describe(entry, context)) already")
        }
        let correction = Store.SymptomCorrection(
            name: typedName, severity: severity,
            notes: FieldCorrection(option: notes), loggedAt: loggedAt)
        let corrected = try context.changing {
            // The symptom's name is not repeated: the diary is private.
            try store.run {
                try $0.correctSymptom(
                    id: entry.id, correction, confirmedDuplicate: confirmDuplicate, now: context.now)
            }.mapError {
                CommandFailure($0.editRefusal("this symptom", at: context.when($0.at)).description, exitCode: 64)
            }.get()
        }
        // One symptom, one name, as nudge log symptom keeps it.
        let respelled =
            typedName.map { $0 == corrected.name ? "" : " (written as \(corrected.name), as before)" } ?? ""
        context.print("corrected \(SymptomEntries.describe(corrected, context))\(respelled)")
    }
}
