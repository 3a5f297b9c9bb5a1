import Foundation
import NudgeCore
import NudgeReports
import NudgeStore

/// `nudge contacts edit`: a contact renamed, or its cadence changed.
public struct ContactEdit {
    /// The contact as typed: its id, or its whole name.
    public var contact: String
    /// The new name as typed.
    public var name: String?
    /// The new cadence in days.
    public var every: Int?
    /// No cadence from now on.
    public var noCadence: Bool

    public init(contact: String, name: String?, every: Int?, noCadence: Bool) {
        (self.contact, self.name, self.every, self.noCadence) = (
            contact, name.map(TextInput.canonical), every, noCadence
        )
    }

    /// Why this line would be refused now for naming no contact, or nil.
    public func refusal(_ context: CommandContext) -> String? {
        FoundBeforeOffered.refusal(context) { _ = try ContactNames.resolve(contact, in: $0) }
    }

    public func run(_ context: CommandContext) throws {
        let store = try context.openStore()
        let found = try ContactNames.resolve(contact, in: store)
        let change: Store.CadenceChange = every.map { .set($0) } ?? (noCadence ? .remove : .keep)
        let newName = name.map(TextInput.singleSpaced)
        if case .failure(let refusal) = try store.run({
            try $0.editContact(found.id, name: newName, cadence: change)
        }) {
            throw CommandFailure(refusal.description, exitCode: 64)
        }
        context.print("updated \(newName ?? found.name) (id \(found.id)): \(changes(from: found, name: newName))")
    }

    /// What changed, each with what it was: `every 10 days (was every 7 days)`.
    func changes(from old: ContactRow, name newName: String?) -> String {
        func cadence(_ days: Int?) -> String { days.map { "every \($0) day\($0 == 1 ? "" : "s")" } ?? "no cadence" }
        var said: [String] = []
        if let newName, newName != old.name { said.append("renamed from \(old.name)") }
        let days = every ?? (noCadence ? nil : old.everyDays)
        let was = old.hasUnreadableCadence ? "an unreadable cadence" : cadence(old.everyDays)
        if days != old.everyDays || (old.hasUnreadableCadence && (every != nil || noCadence)) {
            said.append("\(cadence(days)) (was \(was))")
        }
        return said.isEmpty ? "nothing changed" : said.joined(separator: "; ")
    }
}
