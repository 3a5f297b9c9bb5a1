/// Input refused before anything is read or written (an `--output` that cannot be written
/// safely): said and exited as ArgumentParser's own usage errors are, with 64.
public struct UsageRefusal: Error {
    public var message: String

    public init(_ message: String) {
        self.message = message
    }
}
