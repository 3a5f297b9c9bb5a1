import NudgeReports
import NudgeStore

/// `nudge contacts remove`: a contact and its one-off reminders, and its logged calls if asked.
public struct ContactRemove {
    /// The contact as typed: its id, or its whole name.
    public var contact: String
    public var deleteCalls: Bool
    /// Delete the logged calls without asking.
    public var yes: Bool

    public init(contact: String, deleteCalls: Bool, yes: Bool) {
        (self.contact, self.deleteCalls, self.yes) = (contact, deleteCalls, yes)
    }

    public func run(_ context: CommandContext) throws {
        let store = try context.openStore()
        let found = try ContactNames.resolve(contact, in: store)
        let calls = try store.run { try $0.loggedCallCount(contactID: found.id) }
        guard deleteCalls, calls > 0 else {
            let removed = try remove(found, from: store, deletingCalls: deleteCalls)
            return context.print("removed \(found.name) (id \(found.id))" + Self.andCalls(removed))
        }
        // A call history cannot be logged again: deleting it is asked, as every delete is.
        let what = "\(found.name) (id \(found.id))" + Self.andCalls(calls)
        try context.delete(what, cannotBeUndone: true, yes: yes, saying: "removed \(what)") {
            _ = try remove(found, from: store, deletingCalls: true)
            return true
        }
    }

    /// Why this line would be refused now, for a suggestion offered only when it is taken: no
    /// such contact, or the logged calls it would leave; nil otherwise.
    public func refusal(_ context: CommandContext) -> String? {
        FoundBeforeOffered.refusal(context) { store in
            let found = try ContactNames.resolve(contact, in: store)
            let calls = try store.run { try $0.loggedCallCount(contactID: found.id) }
            guard deleteCalls || calls == 0 else {
                throw CommandFailure("\(found.name): the contact has \(calls) logged call\(calls == 1 ? "" : "s")")
            }
        }
    }

    private func remove(_ found: ContactRow, from store: Store, deletingCalls: Bool) throws -> Int {
        switch try store.run({ try $0.removeContact(found.id, deletingCalls: deletingCalls) }) {
        case .failure(let refusal): throw CommandFailure("\(found.name): \(refusal)", exitCode: 64)
        case .success(let calls): return calls
        }
    }

    private static func andCalls(_ calls: Int) -> String {
        calls == 0 ? "" : " and \(calls) logged call\(calls == 1 ? "" : "s")"
    }
}
