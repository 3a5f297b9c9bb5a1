import Foundation
import NudgeReports

#if canImport(Glibc)
    import Glibc
#endif

/// The flows that change one row a person named by its id: each asks, writes in one transaction,
/// and says what happened, in the same words.
extension CommandContext {
    /// The one flow of every `delete ID`, once the row is found and described as `what`: yes
    /// with `--yes`; otherwise asked on a terminal (anything but y or yes declines, and says
    /// nothing was deleted), and refused off one, where nobody could answer. Then `delete`
    /// runs its one transaction; false from it means another process deleted the row first.
    /// Returns whether it was deleted.
    @discardableResult
    public func delete(
        _ what: String, cannotBeUndone: Bool, yes: Bool, saying done: String? = nil, by delete: () throws -> Bool
    ) throws -> Bool {
        if !yes {
            guard environment.isTerminal, isatty(STDIN_FILENO) == 1 else {
                throw CommandFailure("deleting \(what) needs --yes when nudge cannot ask on a terminal", exitCode: 64)
            }
            guard answersYes("Delete \(what)?\(cannotBeUndone ? " This cannot be undone." : "")", byDefault: false)
            else {
                print("nothing deleted")
                return false
            }
        }
        guard try delete() else {
            throw CommandFailure("another program changed or deleted it meanwhile; nothing deleted", exitCode: 64)
        }
        print(done ?? "deleted \(what)")
        return true
    }

    /// The one flow of every `edit ID` once the row is found: `change` runs its one transaction
    /// and returns the row as it is now, for the command to say what it became; nil from it
    /// means another program deleted the row first, refused in the same words everywhere.
    public func changing<Row>(_ change: () throws -> Row?) throws -> Row {
        guard let changed = try change() else {
            throw CommandFailure("another program deleted it meanwhile; nothing changed", exitCode: 64)
        }
        return changed
    }
}
