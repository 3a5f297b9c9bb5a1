import Foundation
import NudgeSystem

/// What a command reads of its process and where its words go. `nudge` runs with the process's
/// own; a test runs commands in process with its own, through the task-local `current`.
public struct CommandEnvironment: Sendable {
    public var variables: [String: String]
    /// Standard output: what the command says.
    public var output: @Sendable (String) -> Void
    /// Standard error: why it failed, one line.
    public var errors: @Sendable (String) -> Void
    /// Whether standard output is a terminal, where a countdown redraws in place.
    public var isTerminal = false
    /// The encoding standard output is converted to, where it is a terminal not in UTF-8
    /// (`TerminalCharset`): tables measure their text as it is shown there (`DisplayWidth`).
    public var terminalCodeset: String?

    public init(
        variables: [String: String], output: @escaping @Sendable (String) -> Void,
        errors: @escaping @Sendable (String) -> Void, isTerminal: Bool = false, terminalCodeset: String? = nil
    ) {
        self.variables = variables
        self.output = output
        self.errors = errors
        self.isTerminal = isTerminal
        self.terminalCodeset = terminalCodeset
    }

    public static let process = CommandEnvironment(
        variables: ProcessInfo.processInfo.environment,
        // Unbuffered: a countdown's lines reach a pipe as they are written. A reader that went
        // away (`nudge dose 1 | head -1`) ends the command quietly, as it ends cat: what the
        // command wrote to the store is written already.
        output: { if !write($0, to: STDOUT_FILENO) { exit(128 + SIGPIPE) } },
        errors: { _ = write($0, to: STDERR_FILENO) }, isTerminal: isatty(STDOUT_FILENO) == 1,
        terminalCodeset: terminalCodesets[STDOUT_FILENO])

    /// The encoding a terminal on standard output and on standard error shows, where it is
    /// not UTF-8 (`TerminalCharset`).
    private static let terminalCodesets: [Int32: String] = {
        let codeset = TerminalCharset.converting(environment: ProcessInfo.processInfo.environment)
        return Dictionary(
            uniqueKeysWithValues: [STDOUT_FILENO, STDERR_FILENO].filter { isatty($0) == 1 }.compactMap { descriptor in
                codeset.map { (descriptor, $0) }
            })
    }()

    /// All of `text`, or false when no one reads it any more (EPIPE).
    private static func write(_ text: String, to descriptor: Int32) -> Bool {
        var bytes = (terminalCodesets[descriptor].map { TerminalCharset.bytes(text, in: $0) } ?? Array(text.utf8))[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR { continue }
                return errno != EPIPE
            }
            bytes = bytes.dropFirst(written)
        }
        return true
    }

    @TaskLocal public static var current = process

    /// Escape sequences (colour, a line cleared for a redraw) only on a terminal, and not where
    /// NO_COLOR is set to something (no-color.org: plain text asked for) or the terminal says it
    /// takes none (TERM=dumb: Emacs' shell, a serial console).
    public var takesEscapes: Bool { isTerminal && (variables["NO_COLOR"] ?? "").isEmpty && variables["TERM"] != "dumb" }

    /// The columns a table may take: COLUMNS where set (a shell exports it; under 20 read as
    /// 20, the narrowest a table's numbers and times fit in), else the terminal's own width,
    /// else 80 (a pipe or a file, as most tools assume).
    public var width: Int {
        if let columns = variables["COLUMNS"].flatMap(Int.init), (1...10_000).contains(columns) {
            return max(columns, 20)
        }
        var size = winsize()
        if isTerminal, ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col >= 20 { return Int(size.ws_col) }
        return 80
    }
}
