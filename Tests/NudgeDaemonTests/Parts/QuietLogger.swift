import Logging

extension Logger {
    /// A part's logger in a test that reads what the part did, not what it said.
    static var quiet: Logger {
        var logger = Logger(label: "test")
        logger.logLevel = .critical
        return logger
    }
}
