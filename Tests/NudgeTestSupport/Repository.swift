import Foundation

/// The repository's own files that tests read (man pages, contrib/, the oracles and harnesses),
/// found from this file's place rather than the test's, so that a test file can move between
/// folders without its paths changing.
public enum Repository {
    /// The root: this file is Tests/NudgeTestSupport/Repository.swift.
    public static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The path of `relative` (as "man/nudge.5") under the root.
    public static func path(_ relative: String) -> String { root.appendingPathComponent(relative).path }
}
