/// A refusal of what a person typed: one line naming the problem and what is accepted.
public struct InputError: Error, Equatable, CustomStringConvertible {
    public var description: String

    public init(_ description: String) {
        self.description = description
    }
}
