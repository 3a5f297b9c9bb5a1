import Foundation
import NudgeCore

/// A reflection being written in the person's editor: a private file beside the store
/// (`STORE.drafts/`, directory 0700, file 0600), kept when the editor fails or the terminal
/// closes, and offered again by the next `nudge journal reflect` on the same session.
public struct ReflectionDraft {
    public let path: String

    public init(storePath: String, sessionID: String) {
        path = storePath + ".drafts/reflection-\(sessionID).txt"
    }

    public static let header =
        "# Lines starting with # are left out. Save and quit to keep the reflection; leave it empty to keep nothing.\n"

    public var exists: Bool { FileManager.default.fileExists(atPath: path) }

    /// Creates the file (0600, in a 0700 directory) with the header and `text`, unless it exists.
    public func prepare(heading: String) throws {
        guard !exists else { return }
        try PrivateFile.makeDirectory(PathText.directory(of: path))
        try PrivateFile.write("# \(heading)\n" + Self.header + "\n", to: path)
    }

    /// Runs `$VISUAL` or `$EDITOR` on the file; true when it exited successfully.
    public func edit(environment: [String: String]) throws -> Bool {
        guard
            let editor = [environment["VISUAL"], environment["EDITOR"]].compactMap({ $0 }).first(where: { !$0.isEmpty })
        else {
            throw CommandFailure(
                "neither VISUAL nor EDITOR is set; set one (export EDITOR=nano) or give the reflection with --text",
                exitCode: 64)
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        // The editor's value may carry its own options (`code --wait`), as for git.
        process.arguments = ["-c", "\(editor) \"$1\"", "sh", path]
        do { try process.run() } catch { return false }
        process.waitUntilExit()
        return process.terminationReason == .exit && process.terminationStatus == 0
    }

    /// The text without the comment lines, trimmed, with an editor's CRLF line ends as newlines;
    /// empty when nothing was written.
    public func text() throws -> String {
        let content = try String(contentsOfFile: path, encoding: .utf8).replacingOccurrences(of: "\r\n", with: "\n")
        let kept = content.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.hasPrefix("#") }
        return kept.joined(separator: "\n").trimmingCharacters(in: .whitespacesAndNewlines)
    }

    public func discard() {
        unlink(path)
    }
}
