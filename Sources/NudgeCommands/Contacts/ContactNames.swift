import NudgeCore
import NudgeReports
import NudgeStore

/// A contact as a person names it on the command line: its id, or its whole name.
public enum ContactNames {
    /// Finds CONTACT (an id, or its whole name); a miss or an ambiguity is refused.
    public static func resolve(_ text: String, in store: Store) throws -> ContactRow {
        switch try store.run({ try $0.resolveContact(text) }) {
        case .success(let contact): return contact
        case .failure(let refusal): throw CommandFailure(refusal.description, exitCode: 64)
        }
    }
}
