/// A row a rule writes in its own app's tables (a dose event, a call log), as data: the rule
/// decides it without I/O, and its kind's store file knows how to write it. Each rule has one
/// type of change (`ReminderRule.Change`), so that the store writes it without a cast, and a
/// kind whose store file cannot write its change does not compile.
public protocol AppChange: Sendable, Equatable {}

/// The change of a rule that writes nothing in app tables (the symptom check, the test alarm).
public enum NoChange: AppChange {}
