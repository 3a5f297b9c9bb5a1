import Foundation
import GRDB
import NudgeCore

/// The test alarm reads nothing: it is only ever queued by `nudge dose test-alarm`.
extension TestAlarm: StoredRule {
    func facts(_ db: Database, at instant: Date, clock: WallClock, listing: Int) throws -> Facts { Facts() }
}
