import NudgeCommands
import NudgeTestSupport

/// A command's context on a test's store, for a test that calls one of the library's typed
/// requests (`ContactEdit(...).run(context)`) rather than a command line: the environment
/// `InProcessNudge` gives, what the command says kept.
struct RequestContext {
    let context: CommandContext
    private let output = InProcessNudge.Captured()
    private let errors = InProcessNudge.Captured()

    init(store: String, environment: [String: String] = [:]) {
        let (output, errors) = (output, errors)
        context = CommandContext(
            storeOption: store,
            environment: CommandEnvironment(
                variables: NudgeBinary.environment(environment), output: { output.append($0) },
                errors: { errors.append($0) }))
    }

    /// The last line on standard output.
    var lastLine: String? { output.text.split(separator: "\n").last.map(String.init) }
    var stderr: String { errors.text }
}
