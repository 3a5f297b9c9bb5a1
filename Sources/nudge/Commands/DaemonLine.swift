import ArgumentParser

/// The line a daemon starts with (`nudge daemon [--store PATH] [--log-level LEVEL]`), parsed
/// by the daemon's command alone: the whole tree's parser, help and checks (CommandLineCheck
/// reads every command's usage) ran 485 more of ArgumentParser's functions, whose code stayed
/// resident in a daemon that never parses again. Any other line, and any the daemon's parser
/// refuses or that asks for help, goes the whole way and is answered as before.
enum DaemonLine {
    /// The daemon's command for `arguments`, or nil when they are to be parsed as any line is.
    static func parsed(_ arguments: [String]) -> Nudge.Daemon? {
        guard arguments.first == Nudge.Daemon._commandName else { return nil }
        let options = Array(arguments.dropFirst())
        // An option given twice is refused by the whole way (CommandLineCheck); the daemon's
        // parser alone would keep the last silently.
        let names = options.filter { $0.hasPrefix("-") }.map { $0.prefix { $0 != "=" } }
        guard Set(names).count == names.count else { return nil }
        return try? Nudge.Daemon.parse(options)
    }
}
