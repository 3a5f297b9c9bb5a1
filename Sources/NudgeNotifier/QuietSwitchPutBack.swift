/// What became of nudge's call to turn the desktop's Do Not Disturb back off.
public enum QuietSwitchPutBack: Sendable, Equatable {
    /// Turned back off.
    case putBack
    /// Nothing nudge asked for was on: its call to turn it on was never answered, and ends with
    /// the connection that asked.
    case neverOn
    /// The call to turn it on, still unanswered, was kept for the span that began meanwhile:
    /// its answer is that span's.
    case keptForNextSpan
    /// The desktop's error.
    case failed(String)

    init(failure: String?) { self = failure.map(Self.failed) ?? .putBack }
}
