import Foundation
import NudgeCommands
import NudgeTestSupport
import Synchronization
import Testing

@testable import nudge

/// Runs `nudge` command lines in this process, with their own environment and output, for the
/// tests where no process boundary is under test: the same parsing, exit statuses and words as
/// the binary, in a fraction of the time.
enum InProcessNudge {
    /// GSettings is this process's, chosen at its first use: in memory, as for the binary
    /// (`NudgeBinary.environment`), so doctor never reads the machine's GNOME settings.
    private static let settingsInMemory: Void = { setenv("GSETTINGS_BACKEND", "memory", 1) }()

    static func run(_ arguments: [String], environment: [String: String]) -> CommandResult {
        settingsInMemory
        let output = Captured()
        let errors = Captured()
        let commandEnvironment = CommandEnvironment(
            variables: NudgeBinary.environment(environment), output: { output.append($0) },
            errors: { errors.append($0) })
        let status = CommandEnvironment.$current.withValue(commandEnvironment) { Nudge.execute(arguments) }
        return CommandResult(status: status, stdout: output.text, stderr: errors.text)
    }

    /// A refusal as every command refuses: exit 64, one line on stderr, nothing on stdout, and
    /// the store as it was, byte for byte in every table. The result, for more checks.
    @discardableResult
    static func expectRefusal(
        _ arguments: [String], store: String, environment: [String: String], mentioning text: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> CommandResult {
        let before = try StoreDump.of(store)
        let result = run(arguments + ["--store", store], environment: environment)
        let shown = "\(arguments.map { $0.prefix(60) }): \(result)"
        #expect(result.status == 64, "\(shown)", sourceLocation: sourceLocation)
        #expect(
            result.stderr.hasPrefix("nudge: ") && result.stderr.split(separator: "\n").count == 1, "\(shown)",
            sourceLocation: sourceLocation)
        #expect(result.stderr.contains(text), "\(shown)", sourceLocation: sourceLocation)
        #expect(result.stdout.isEmpty, "\(shown)", sourceLocation: sourceLocation)
        #expect(try StoreDump.of(store) == before, sourceLocation: sourceLocation)
        return result
    }

    final class Captured: Sendable {
        private let buffer = Mutex("")

        func append(_ text: String) { buffer.withLock { $0 += text } }

        var text: String { buffer.withLock { $0 } }
    }
}
