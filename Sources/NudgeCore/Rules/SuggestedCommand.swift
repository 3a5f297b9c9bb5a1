import Foundation

/// A command line a rule names in its words ("record it with: nudge dose 2 --at HH:MM") or runs
/// in a terminal for an answer, in one place: the command line's tests parse every one of
/// `examples` with the real parser, so a renamed command or option fails there, not in a
/// person's notification. Words in capitals are for the person to fill in.
public struct SuggestedCommand: Sendable, Equatable, CustomStringConvertible {
    /// The arguments after `nudge`.
    public let arguments: [String]

    init(_ arguments: [String]) { self.arguments = arguments }

    /// `nudge journal reflect 3f2a9c1e`.
    public var description: String { (["nudge"] + arguments).joined(separator: " ") }

    public static func journalReflect(session: String) -> Self { Self(["journal", "reflect", session]) }
    public static func journalMoodAfter(session: String) -> Self {
        Self(["journal", "edit", session, "--mood-after", "N"])
    }
    public static func ack(_ deliveryID: Int64, _ answer: String) -> Self { Self(["ack", String(deliveryID), answer]) }
    public static let doseFirst = Self(["dose", "1"])
    public static let doseSecondAt = Self(["dose", "2", "--at", "HH:MM"])
    public static let doseSecondExtra = Self(["dose", "2", "--extra"])
    public static let logSymptom = Self(["log", "symptom", "NAME", "--severity", "N"])
    public static let meditate = Self(["meditate"])
    public static let meditateStop = Self(["meditate", "stop"])
    public static let callLog = Self(["call", "log", "NAME"])
    public static let callRemindTomorrow = Self(["call", "remind", "NAME", "--in", "1"])
    public static func medsTaken(_ name: String) -> Self { Self(["meds", "taken", name]) }
    public static let doctor = Self(["doctor"])
    public static let history = Self(["history"])

    /// Every command line above, with an example for each value it takes.
    public static let examples: [Self] = [
        .journalReflect(session: "3f2a9c1e"), .journalMoodAfter(session: "3f2a9c1e"), .ack(12, "snooze"), .doseFirst,
        .doseSecondAt, .doseSecondExtra, .logSymptom, .meditate, .meditateStop, .callLog, .callRemindTomorrow,
        .medsTaken("modafinil"), .doctor, .history,
    ]
}
