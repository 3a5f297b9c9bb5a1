import ArgumentParser

/// A command that works on a store: `run()` builds the default context from the process (its
/// options, environment and output) and calls `run(_:)`, which tests call with their own.
protocol NudgeCommand: ParsableCommand {
    var global: GlobalOptions { get }
    func run(_ context: CommandContext) throws
}

extension NudgeCommand {
    func run() throws {
        let context = CommandContext(global)
        if self is any TellsLockWaits {
            try context.tellingLockWaits { try run(context) }
        } else {
            try run(context)
        }
        if let line = context.unreadableRows.line() { context.environment.errors(line + "\n") }
    }
}
