import Foundation
import NudgeCore

/// What the foreground of `nudge meditate` draws, and the times a session is told in: the time
/// left as a bar on a terminal or a line a minute elsewhere, and how the session ended.
public enum CountdownText {
    static let barWidth = 30

    /// On a terminal, the bar and the seconds; otherwise one line per whole minute left.
    public static func line(_ session: MeditationSession, now: Date, terminal: Bool) -> String {
        if now < session.startedAt {
            let settling = Int(session.startedAt.timeIntervalSince(now).rounded(.up))
            return terminal ? "settling: the start bell rings in \(settling) s" : "settling before the start bell"
        }
        let left = max(Int(session.endsAt.timeIntervalSince(now).rounded(.up)), 0)
        guard terminal else { return "\(clock((left + 59) / 60 * 60)) left" }
        let done = Double(session.plannedSeconds - left) / Double(session.plannedSeconds)
        let filled = Int((done * Double(barWidth)).rounded(.down))
        return "[" + String(repeating: "#", count: filled) + String(repeating: "-", count: barWidth - filled)
            + "] \(clock(left)) left"
    }

    /// `line` over the one drawn before it: the line cleared by an escape sequence, or, on a
    /// terminal that takes none, written over from its start and blanked past its end.
    public static func redrawn(_ line: String, over previous: String?, escapes: Bool) -> String {
        guard !escapes else { return "\r\u{1B}[K" + line }
        let leftover = (previous?.count ?? 0) - line.count
        return "\r" + line + String(repeating: " ", count: max(leftover, 0))
    }

    public static func ending(_ session: MeditationSession) -> String {
        let meditated = MeditationTimer.minutes(session.actualSeconds ?? 0)
        switch session.outcome {
        case .completed, nil: return "Session complete: \(meditated)"
        case .endedEarly: return "ended early: \(meditated) kept"
        case .interrupted: return "interrupted by the computer's sleep: \(meditated) recorded"
        }
    }

    /// `07:32`, `1:02:03`.
    public static func clock(_ seconds: Int) -> String {
        seconds >= 3600
            ? "\(seconds / 3600):\(pad(seconds / 60 % 60)):\(pad(seconds % 60))"
            : "\(pad(seconds / 60)):\(pad(seconds % 60))"
    }

    /// `21:50:15`: bells are heard to the second.
    public static func timeOfDay(secondsOfDay seconds: Int) -> String {
        "\(pad(seconds / 3600)):\(pad(seconds / 60 % 60)):\(pad(seconds % 60))"
    }

    private static func pad(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
}
