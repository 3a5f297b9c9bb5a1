/// How a call went, as Monica's call log stores it (`call_logs.mood`).
public enum CallMood: String, Sendable, CaseIterable {
    case happy, neutral, sad, frustrated, excited

    /// `happy, neutral, sad, frustrated or excited`.
    public static var accepted: String {
        allCases.dropLast().map(\.rawValue).joined(separator: ", ") + " or " + allCases.last!.rawValue
    }
}
