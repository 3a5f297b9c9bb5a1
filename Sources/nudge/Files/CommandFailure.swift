/// A failure after the input was accepted: one line, and an exit code from sysexits.h.
struct CommandFailure: Error {
    var message: String
    var exitCode: Int32

    init(_ message: String, exitCode: Int32 = 1) {
        self.message = message
        self.exitCode = exitCode
    }
}
