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
        if self is any TellsLockWaits {
            try context.tellingLockWaits { try run(context) }
        } else {
            try run(context)
        }
        if let line = context.unreadableRows.line() { context.environment.errors(line + "\n") }
        for kept in ForeignLog.take() { context.environment.errors("nudge: \(ForeignLog.said(kept))\n") }
    }
}

/// The commands a person waits on while they hold or take the store's lock (a restore, a
/// backup, the backups' listing, doctor): waiting for another program's lock, they say so on
/// standard error once, after 2 s, instead of a minute's silence.
protocol TellsLockWaits: NudgeCommand {}
