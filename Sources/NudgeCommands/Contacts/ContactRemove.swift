import NudgeReports
import NudgeStore

/// `nudge contacts remove`: a contact and its one-off reminders, and its logged calls if asked.
public struct ContactRemove {
    /// The contact as typed: its id, or a name that matches one contact.
    public var contact: String
    public var deleteCalls: Bool

    public init(contact: String, deleteCalls: Bool) { (self.contact, self.deleteCalls) = (contact, deleteCalls) }

    public func run(_ context: CommandContext) throws {
        let store = try context.openStore()
        let found = try ContactNames.resolve(contact, in: store)
        switch try store.run({ try $0.removeContact(found.id, deletingCalls: deleteCalls) }) {
        case .failure(let refusal): throw CommandFailure("\(found.name): \(refusal)", exitCode: 64)
        case .success(let calls):
            context.print("removed \(found.name) (id \(found.id))" + (calls > 0 ? " and \(calls) logged calls" : ""))
        }
    }
}
