import ArgumentParser
import NudgeStore

/// How a person names a row by its UUID: any unique prefix of at least 4 characters, as the
/// listing that `listedBy` names shows them (8).
struct IDPrefix {
    /// `session`, `call`.
    var what: String
    /// `nudge journal list`.
    var listedBy: String

    func validate(_ id: String) throws {
        guard id.unicodeScalars.count >= 4, id.unicodeScalars.allSatisfy({ $0.isASCII && ($0.properties.isASCIIHexDigit || $0 == "-") }) else {
            throw ValidationError("'\(id)' is not a \(what) id; give at least its first 4 characters, as \(listedBy) shows them")
        }
    }

    /// The one row the prefix names, or a refusal that lists the candidates by their ids only.
    func resolve<Item>(_ match: PrefixMatch<Item>, prefix: String) throws -> Item {
        switch match {
        case .found(let item): return item
        case .none: throw CommandFailure("no \(what) has an id starting with '\(prefix)'; \(listedBy) shows them", exitCode: 64)
        case .ambiguous(let ids):
            throw CommandFailure(
                "'\(prefix)' starts \(ids.count) \(what) ids (\(ids.map { String($0.prefix(8)).lowercased() }.joined(separator: ", "))); give more of the id",
                exitCode: 64)
        }
    }
}
