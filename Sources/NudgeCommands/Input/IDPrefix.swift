import NudgeCore
import NudgeReports
import NudgeStore

/// How a person names a row by its UUID: any unique prefix of at least 4 characters, as the
/// listing that `listedBy` names shows them (8).
public struct IDPrefix: Sendable {
    /// `session`, `call`.
    public var what: String
    /// `nudge journal list`.
    public var listedBy: String
    /// The journal's: a word in the id's place that is no id nudge shows (not hexadecimal) may
    /// be the first word of a private text typed there, and is not repeated.
    public var isPrivate: Bool

    public init(what: String, listedBy: String, isPrivate: Bool = false) {
        (self.what, self.listedBy, self.isPrivate) = (what, listedBy, isPrivate)
    }

    /// What no id can be (empty, or with spaces or control characters) is refused as typed. A
    /// whole id of any form is accepted (other programs write `ext-1`); a shorter prefix than 4
    /// matches only an id that is exactly it.
    public func check(_ id: String) throws(InputError) {
        guard !id.isEmpty, !id.unicodeScalars.contains(where: { $0.properties.isWhitespace || TextInput.isControl($0) })
        else {
            throw InputError(
                "'\(id)' is not a \(what) id; give at least its first 4 characters, as \(listedBy) shows them")
        }
    }

    /// The one row the prefix names, or a refusal that lists the candidates by their ids only.
    public func resolve<Item>(_ match: PrefixMatch<Item>, prefix: String) throws -> Item {
        let shown =
            !isPrivate || prefix.allSatisfy({ $0.isHexDigit || $0 == "-" }) ? "'\(prefix)'" : "the id given"
        switch match {
        case .found(let item): return item
        case .none where prefix.count < 4:
            throw CommandFailure(
                "\(shown) is too short to name a \(what); give at least 4 characters of the id, as \(listedBy) shows them",
                exitCode: 64)
        case .none:
            throw CommandFailure("no \(what) has an id starting with \(shown); \(listedBy) shows them", exitCode: 64)
        case .ambiguous(let ids):
            throw CommandFailure(
                "'\(prefix)' starts \(ids.count) \(what) ids (\(ids.map { String($0.prefix(max(8, prefix.count + 1))) }.joined(separator: ", "))); give more of the id",
                exitCode: 64)
        }
    }
}
