/// A failure after the input was accepted: one line, and an exit code from sysexits.h.
public struct CommandFailure: Error {
    public var message: String
    public var exitCode: Int32

    public init(_ message: String, exitCode: Int32 = 1) {
        self.message = message
        self.exitCode = exitCode
    }
}
