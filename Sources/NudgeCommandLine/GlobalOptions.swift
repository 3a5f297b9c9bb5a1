import ArgumentParser

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
        guard !moved.isEmpty else { return rest }
        // After `--`, an option would be read as a positional value.
        if let terminator = rest.firstIndex(of: "--") {
            rest.insert(contentsOf: moved, at: terminator)
            return rest
        }
        return rest + moved
    }
}
