import ArgumentParser
import NudgeCommandLine
import NudgeCommands
import NudgeReports
import NudgeStore

/// A command that works on a store: `run()` builds the default context from the process (its
/// options, environment and output) and calls `run(_:)`, which tests call with their own.
protocol NudgeCommand: ParsableCommand {
    var global: GlobalOptions { get }
    func run(_ context: CommandContext) throws
}

extension NudgeCommand {
    func run() throws {
        let context = CommandContext(storeOption: global.store)
        // Every command, doctor too: a FIFO there would hold any of them for ever.
        do { try Store.checkIsAFile(at: context.storePath) } catch {
            throw CommandFailure(error, namedBy: context.storeNamedBy)
        }
        // Doctor only looks, and is what a person runs as root to see why.
        if !(self is Nudge.Doctor), let refusal = StoreOwner.refusal(store: context.storePath) {
            throw CommandFailure(refusal, exitCode: 77)
        }
        // Every command a person waits on says so when it waits for another program's lock
        // (hostile round 30: `symptoms` waited silently); the daemon's log says it instead.
        if self is Nudge.Daemon {
            try run(context)
        } else {
            try context.tellingLockWaits { try run(context) }
        }
        if let line = context.unreadableRows.line() { context.environment.errors(line + "\n") }
        for kept in ForeignLog.take() { context.environment.errors("nudge: \(ForeignLog.said(kept))\n") }
    }
}
