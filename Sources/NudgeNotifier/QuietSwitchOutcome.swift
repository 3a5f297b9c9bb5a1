/// What the desktop answered nudge's call to turn its Do Not Disturb on.
public enum QuietSwitchOutcome: Sendable, Equatable {
    /// Turned on.
    case turnedOn
    /// Refused or impossible (the desktop's error): nothing was turned on.
    case failed(String)
    /// No answer within the call's timeout: the server may still do it (Plasma's `Inhibit`
    /// answered late inhibits all the same), so it counts as turned on, and is ended at the end
    /// by closing the connection that asked, which ends its inhibitions on Plasma.
    case unanswered(String)
    /// The desktop turned it on after all, answering a call said `unanswered`: kept, and put
    /// back with its cookie, while nudge still `wanted` it; one no longer wanted (the span
    /// ended meanwhile) was ended at once with its cookie. A late refusal comes as `failed`.
    case answeredLate(wanted: Bool)

    /// Said with an unanswered call where it is recorded (`nudge doctor` tells it from a
    /// refusal by it).
    public static let unansweredNote = "no answer in time: taken as on, ended at the span's end by leaving the bus"
}
