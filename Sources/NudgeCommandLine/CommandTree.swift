import ArgumentParser
import Synchronization

/// The executable's root command, which the guessers read the command tree from: its usage,
/// its subcommands and its parser. The executable names it once, before a line is read.
public enum CommandTree {
    private static let registered = Mutex<(any ParsableCommand.Type)?>(nil)

    public static func use(_ root: any ParsableCommand.Type) { registered.withLock { $0 = root } }

    /// The root named by `use`; a command line read before it is a programming error.
    static var root: any ParsableCommand.Type {
        guard let root = registered.withLock({ $0 }) else {
            preconditionFailure("CommandTree.use(_:) names the root command before a line is read")
        }
        return root
    }

    /// The subcommands of the root's command named `name` (`call`), none when it has no such.
    static func subcommands(of name: String) -> [any ParsableCommand.Type] {
        root.configuration.subcommands.first { $0._commandName == name }?.configuration.subcommands ?? []
    }
}
