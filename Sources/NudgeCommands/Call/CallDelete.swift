import NudgeCore
import NudgeReports
import NudgeStore

/// `nudge call delete`: a call marked deleted and pending sync, as the Monica client deletes.
public struct CallDelete {
    /// The call's id or its prefix, as typed.
    public var id: String
    /// Delete without asking.
    public var yes: Bool

    public init(id: String, yes: Bool) { (self.id, self.yes) = (id, yes) }

    /// Why this line would be refused now for naming no call, or nil: `call remove abcd` is
    /// offered `call delete abcd` only where abcd is a call.
    public func refusal(_ context: CommandContext) -> String? {
        FoundBeforeOffered.refusal(context) { _ = try CallEntries.call(id, $0) }
    }

    public func run(_ context: CommandContext) throws {
        let store = try context.openStore()
        let call = try CallEntries.call(id, store)
        let what = "the call with \(TextInput.oneLine(call.contactName)) \(context.when(call.calledAt))"
        try context.delete(what, cannotBeUndone: false, yes: yes, saying: "deleted \(what) (marked deleted, to sync)") {
            try store.run { try $0.markCallDeleted(id: call.id, now: context.now) }
        }
    }
}
