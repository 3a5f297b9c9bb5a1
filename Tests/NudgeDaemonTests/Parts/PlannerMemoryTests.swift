import Foundation
import NudgeCore
import NudgeSystem
import Testing

@testable import NudgeDaemon

/// The planner's memory alone: what it says once, not at every plan.
struct PlannerMemoryTests {
    /// A setting another program changed is said at the first plan after, key by key, once.
    @Test func aChangedSettingIsSaidOnceKeyByKey() {
        let log = RecordedLog()
        var planner = PlannerMemory(
            timeZone: .system("UTC"), personClock: .current(environment: ["LC_ALL": "C"]), startedAt: Date(),
            logger: log.logger)
        planner.reportChanged(Settings())
        planner.reportChanged(Settings(rows: ["sound.enabled": "false"]))
        planner.reportChanged(Settings(rows: ["sound.enabled": "false"]))
        planner.reportChanged(Settings())
        #expect(
            log.all.filter { $0.contains("the setting") } == [
                "info: the setting sound.enabled is now false (was true)",
                "info: the setting sound.enabled is now true (was false)",
            ])
    }

    /// An empty value is said "empty" (hostile round 17: "(was )").
    @Test func anEmptyValueIsSaidEmpty() {
        let log = RecordedLog()
        var planner = PlannerMemory(
            timeZone: .system("UTC"), personClock: .current(environment: ["LC_ALL": "C"]), startedAt: Date(),
            logger: log.logger)
        planner.reportChanged(Settings())
        planner.reportChanged(Settings(rows: ["backup.directory": "/media/usb/backups"]))
        #expect(
            log.all.filter { $0.contains("the setting") } == [
                "info: the setting backup.directory is now /media/usb/backups (was empty)"
            ])
    }
}
