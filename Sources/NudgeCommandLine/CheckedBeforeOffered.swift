import ArgumentParser
import NudgeCommands

/// A command whose line a refusal offers ("did you mean: …", "to give the time: --at …") only
/// when it would be taken now: what its run refuses from the time and the store (a time that
/// has passed, a session that would overlap) is not known to the parser, so the offer asks
/// the command itself, writing nothing.
public protocol CheckedBeforeOffered: ParsableCommand {
    var global: GlobalOptions { get }
    /// Why running this line now would be refused, or nil when it would be taken: the same
    /// checks `run` applies, read from the store as it is.
    func refusal(_ context: CommandContext) -> String?
}
