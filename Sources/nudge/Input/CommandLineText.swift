import Foundation

/// The raw command line, checked before parsing, and hints for what ArgumentParser says.
enum CommandLineText {
    /// The arguments after the program name; one that is not valid UTF-8 is refused rather than
    /// stored with replacement characters (Swift's `CommandLine.arguments` repairs it silently),
    /// named by its position: it may be a journal's text.
    static func arguments() throws -> [String] {
        try (1..<Int(CommandLine.argc)).map { index in
            guard let pointer = CommandLine.unsafeArgv[index] else { return "" }
            guard let text = String(validatingCString: pointer) else {
                throw CommandFailure("argument \(index) is not valid UTF-8; give it in UTF-8", exitCode: 64)
            }
            return text
        }
    }

    /// A value that begins with `-` reads as an option; say how to give one.
    static func hint(for message: String, arguments: [String]) -> String? {
        let dashed = arguments.prefix { $0 != "--" }.first {
            $0.hasPrefix("-") && !$0.hasPrefix("--") && Int($0) == nil
        }
        if message.hasPrefix("Missing value for '"),
            let option = message.split(separator: "'").dropFirst().first?.split(separator: " ").first
        {
            return "a value that begins with '-' is given as \(option)=VALUE"
        }
        guard dashed != nil || message.hasPrefix("Unknown option") else { return nil }
        return "a value that begins with '-' goes after '--', as in: nudge log symptom --severity 3 -- -dizzy"
    }
}
