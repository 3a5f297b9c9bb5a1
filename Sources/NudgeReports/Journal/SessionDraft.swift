import Foundation
import NudgeCore

/// A journal session being added field by field on a terminal: saved after every field to a
/// private file beside the store (`STORE.drafts/session.json`, 0600), so a closed terminal
/// loses nothing, and offered to the next `nudge journal add`.
public struct SessionDraft {
    public let path: String
    /// The fields answered so far, by name; an empty value is a field skipped.
    public var answers: [String: String] = [:]

    public init(storePath: String) {
        path = storePath + ".drafts/session.json"
    }

    /// The draft left by an earlier `add`, if any.
    public static func saved(storePath: String) -> SessionDraft? {
        var draft = SessionDraft(storePath: storePath)
        guard let data = FileManager.default.contents(atPath: draft.path),
            let answers = try? JSONSerialization.jsonObject(with: data) as? [String: String]
        else { return nil }
        draft.answers = answers
        return draft
    }

    public mutating func answer(_ field: String, _ value: String) throws {
        answers[field] = value
        try PrivateFile.makeDirectory(PathText.directory(of: path))
        let data = try JSONSerialization.data(withJSONObject: answers, options: [.sortedKeys])
        try PrivateFile.write(String(decoding: data, as: UTF8.self), to: path)
    }

    public func discard() {
        unlink(path)
    }
}
