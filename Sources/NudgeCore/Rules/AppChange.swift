/// A row a rule writes in its own app's tables (a dose event, a call log), as data: the rule
/// decides it without I/O, and its kind's store file knows how to write it.
public protocol AppChange: Sendable {
    /// Equality across the existential, for tests and `AnswerEffects ==`.
    func isSame(as other: any AppChange) -> Bool
}

extension AppChange where Self: Equatable {
    public func isSame(as other: any AppChange) -> Bool { (other as? Self) == self }
}
