import Foundation
import NudgeCore
import Testing

@testable import NudgeStore

/// The link from each kind to its store side.
@Suite struct StoredRulesTests {
    /// Every kind has its store file: a kind added to `ReminderRules` alone fails here instead
    /// of planning from empty facts.
    @Test func everyKindHasItsStoreSide() {
        #expect(StoredRules.all.map(\.kind) == ReminderRules.all.map(\.kind))
    }
}
