import Foundation
import GRDB
import NudgeCore

/// A rule's side in the store: how its facts are read from its app's tables, and its changes
/// written (`Change` must be a `StoredChange`: a kind whose store file does not write its change
/// type does not compile). Each kind's store file conforms its rule; `StoredRules.all` lists them.
protocol StoredRule: ReminderRule where Change: StoredChange {
    /// The facts a plan or an answer at `instant` on `clock` needs, and a listing of the
    /// `listing` soonest occurrences (0 for a plan). Read in the caller's transaction.
    func facts(_ db: Database, at instant: Date, clock: WallClock, listing: Int) throws -> Facts
    /// Whether its settled delivery rows of the last days are read into the plan's input
    /// (default: yes). A kind whose own rows say what was shown leaves them out.
    var plansFromSettledDeliveries: Bool { get }
}

extension StoredRule {
    var plansFromSettledDeliveries: Bool { true }

    /// The rule with its facts, typed together, read in the caller's transaction.
    func kindInput(_ db: Database, at instant: Date, clock: WallClock, listing: Int) throws -> any PlannedKind {
        KindInput(self, facts: try facts(db, at: instant, clock: clock, listing: listing))
    }
}

/// Every kind nudge plans, shows and answers, with its store side (only a rule with a store
/// file, a `StoredRule`, compiles here): the one registry. Each `Store` carries it (or the kinds
/// a caller chose) into every schedule input; `ReminderRules.all` (NudgeCore) names the same
/// kinds for the settings contract and help text only, and a test holds the two to the same kinds.
enum StoredRules {
    static let all: [any StoredRule] = [
        SymptomReminder(), DoseReminder(), CallReminder(), MeditationTimer(), TherapyJournalReminder(), TestAlarm(),
        MedicationReminder(), OwnReminder(),
    ]

    static func rule(for kind: ReminderKind) -> (any StoredRule)? { all.first { $0.kind == kind } }
}

/// How one `AppChange` is written, by its kind's store file.
protocol StoredChange: AppChange {
    /// Writes the rows; returns why nothing was written when the change no longer applies.
    func write(_ db: Database) throws -> InputError?
}

extension NoChange: StoredChange {
    func write(_ db: Database) throws -> InputError? {
        switch self {}
    }
}

/// A change that no longer applies, to roll back the transaction it was written in.
struct ChangeRefused: Error {
    var refusal: InputError
}

extension Store {
    /// Its kinds, each with its facts, read in one transaction.
    func plannedKinds(_ db: Database, at instant: Date, clock: WallClock, listing: Int = 0) throws
        -> [any PlannedKind]
    {
        try rules.map { try $0.kindInput(db, at: instant, clock: clock, listing: listing) }
    }

    /// The rule of a kind this store knows.
    func rule(for kind: ReminderKind) -> (any StoredRule)? { rules.first { $0.kind == kind } }

    /// Writes the changes a rule decided with "shown" or "missed", in the caller's transaction.
    /// One that no longer applies (its session was deleted) is dropped: the occurrence was
    /// shown, or missed, all the same.
    static func writeSideEffects<Change: StoredChange>(_ changes: [Change], _ db: Database) throws {
        for change in changes { _ = try change.write(db) }
    }

    /// Writes an answer's changes all or none: the first that no longer applies rolls the
    /// transaction back with its reason.
    static func writeAll<Change: StoredChange>(_ changes: [Change], _ db: Database) throws {
        for change in changes {
            if let refusal = try change.write(db) { throw ChangeRefused(refusal: refusal) }
        }
    }

}
