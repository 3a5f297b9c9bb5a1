import Foundation

/// A record already there that a new one would repeat: `call log` of the same contact, `log
/// symptom` of the same symptom, within ``window`` of it, whoever wrote it (nudge, the Monica
/// client, Symptomly). Refused unless confirmed, as `meds taken` refuses DoseTap's duplicate
/// (hostile round of issue 40: `call log Joanna --at '2h ago'` twice recorded two calls).
public struct DuplicateRecord: Error, Sendable, Equatable {
    public var id: String
    public var at: Date

    public init(id: String, at: Date) {
        (self.id, self.at) = (id, at)
    }

    /// DoseTap's own guard, 5 minutes: a command typed again from the shell's history a few
    /// minutes later (`--at '2h ago'` is then a few minutes later too) lands within it, while
    /// two calls or two episodes of one symptom are rarely that close.
    public static let window = TimeInterval(KnownMedication.duplicateGuardMinutes * 60)

    /// The record of `recorded` nearest `instant`, if it is within the window.
    public static func nearest(_ recorded: [DuplicateRecord], to instant: Date) -> DuplicateRecord? {
        recorded.filter { abs($0.at.timeIntervalSince(instant)) < window }
            .min { abs($0.at.timeIntervalSince(instant)) < abs($1.at.timeIntervalSince(instant)) }
    }

    /// The refusal's end: how to correct the one there, or record a second all the same.
    public func refusal(_ what: String, at when: String, correct: String) -> InputError {
        let id = String(id.prefix(8))
        return InputError(
            "\(what) is logged already \(when), id \(id); nothing logged; correct it with nudge \(correct) \(id), or log a second with --confirm-duplicate"
        )
    }

    /// An edit's refusal: the record corrected would repeat this one (hostile round of issue
    /// 40: `symptoms edit --at` made the duplicate `log symptom` refuses).
    public func editRefusal(_ what: String, at when: String) -> InputError {
        InputError(
            "\(what) is logged already \(when), id \(id.prefix(8)); nothing changed; give another time, or keep both with --confirm-duplicate"
        )
    }
}
