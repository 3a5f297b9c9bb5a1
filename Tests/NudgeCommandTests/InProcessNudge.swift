import Foundation
import NudgeTestSupport
import Synchronization

@testable import nudge

/// Runs `nudge` command lines in this process, with their own environment and output, for the
/// tests where no process boundary is under test: the same parsing, exit statuses and words as
/// the binary, in a fraction of the time.
enum InProcessNudge {
    static func run(_ arguments: [String], environment: [String: String]) -> CommandResult {
        let output = Captured()
        let errors = Captured()
        let commandEnvironment = CommandEnvironment(
            variables: NudgeBinary.environment(environment), output: { output.append($0) }, errors: { errors.append($0) })
        let status = CommandEnvironment.$current.withValue(commandEnvironment) { Nudge.execute(arguments) }
        return CommandResult(status: status, stdout: output.text, stderr: errors.text)
    }

    private final class Captured: Sendable {
        private let buffer = Mutex("")

        func append(_ text: String) { buffer.withLock { $0 += text } }

        var text: String { buffer.withLock { $0 } }
    }
}
