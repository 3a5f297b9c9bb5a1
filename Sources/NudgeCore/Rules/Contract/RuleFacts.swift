import Foundation

/// A rule's facts: what its kind's store file read from its app's tables for one plan,
/// listing or answer.
public protocol RuleFacts: Sendable {
    /// Facts with nothing in them: what a rule gets when its store file read nothing (the
    /// app's tables are missing, or shaped by another program). A rule given them plans
    /// nothing of its own and refuses nothing it would otherwise take. Called by the store
    /// when a kind's tables could not be read, for a plan, a listing or an answer. No default.
    ///
    /// ```swift
    /// public init() { entries = [] }  // SymptomReminder.Facts: no diary entries
    /// ```
    init()
}

/// What a rule decides from: its facts, the settings and the local clock, read together.
public struct RuleInput<Facts: RuleFacts>: Sendable {
    public var facts: Facts
    public var settings: Settings
    public var clock: WallClock
    /// The machine's sleep clock when the input was read; nil where nothing reads it.
    public var sleep: SleepReading?

    public init(facts: Facts, settings: Settings, clock: WallClock, sleep: SleepReading? = nil) {
        self.facts = facts
        self.settings = settings
        self.clock = clock
        self.sleep = sleep
    }
}
