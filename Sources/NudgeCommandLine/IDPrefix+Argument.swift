import ArgumentParser
import NudgeCommands
import NudgeCore

extension IDPrefix {
    /// The id as typed, for `@Argument(transform:)`: what no id can be is refused at parsing.
    public var argument: @Sendable (String) throws -> String {
        { id in
            do throws(InputError) { try check(id) } catch { throw ValidationError(error.description) }
            return id
        }
    }
}
