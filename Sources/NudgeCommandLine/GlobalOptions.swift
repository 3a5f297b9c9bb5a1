import ArgumentParser
import NudgeCore

/// Options every subcommand takes.
public struct GlobalOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            // Words short enough to wrap at 60 columns (a path of 35 would not).
            "The store to use (default: $NUDGE_STORE, else nudge.sqlite in $XDG_DATA_HOME/nudge).",
            valueName: "path"))
    public var store: String?

    public init() {}

    /// An empty path is a mistake (an unset shell variable), not a request for the default store.
    public func validate() throws {
        if store?.isEmpty == true {
            throw ValidationError("--store is empty; give the store's path, or leave --store out for the default store")
        }
    }
}

extension GlobalOptions {
    /// `nudge --store PATH settings` reads naturally, but the option belongs to the leaf
    /// command: a leading `--store` is moved behind the subcommand path.
    public static func movingLeadingStore(_ arguments: ArraySlice<String>) -> [String] {
        var (moved, rest) = leadingStore(arguments)
        guard !moved.isEmpty else { return rest }
        // After `--`, an option would be read as a positional value.
        if let terminator = rest.firstIndex(of: "--") {
            rest.insert(contentsOf: moved, at: terminator)
            return rest
        }
        return rest + moved
    }

    /// A refusal's offered line (`did you mean: nudge remind x --every 3d … --store S`) with a
    /// leading `--store` back where the person typed it, after `nudge` (hostile round 31 of
    /// issue 42: the line was checked with it moved, and offered so).
    public static func keepingLeadingStore(_ refusal: String, typed: [String]) -> String {
        let moved = leadingStore(typed[...]).moved
        guard !moved.isEmpty else { return refusal }
        let words = moved.map(ShellWord.quoted).joined(separator: " ")
        guard let at = refusal.range(of: " " + words, options: .backwards),
            let line = refusal.range(of: "nudge ", options: .backwards, range: refusal.startIndex..<at.lowerBound)
        else { return refusal }
        var kept = refusal
        kept.removeSubrange(at)
        kept.insert(contentsOf: words + " ", at: line.upperBound)
        return kept
    }

    /// The `--store PATH` or `--store=PATH` words before the command's, and the rest.
    private static func leadingStore(_ arguments: ArraySlice<String>) -> (moved: [String], rest: [String]) {
        var rest = Array(arguments)
        var moved: [String] = []
        while let first = rest.first {
            if first == "--store", rest.count >= 2 {
                moved += rest.prefix(2)
                rest.removeFirst(2)
            } else if first.hasPrefix("--store=") {
                moved.append(first)
                rest.removeFirst()
            } else {
                break
            }
        }
        return (moved, rest)
    }
}
