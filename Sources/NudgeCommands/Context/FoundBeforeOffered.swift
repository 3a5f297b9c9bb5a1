import NudgeReports
import NudgeStore

/// Whether the stored thing a line names (a contact, a medication, a row by its id) is there,
/// asked before the line is offered as a suggestion: `reminders remove 77` offered `reminders
/// delete 77` for no reminder 77, refused when typed back (hostile round on issue 40, M4).
public enum FoundBeforeOffered {
    /// The refusal `lookup` throws on the store opened for reading, in the command's words, or
    /// nil when it finds what the line names.
    public static func refusal(_ context: CommandContext, _ lookup: (Store) throws -> Void) -> String? {
        do {
            try lookup(try context.openStoreForReading())
            return nil
        } catch let failure as CommandFailure {
            return failure.message
        } catch {
            return "\(error)"
        }
    }
}
