import Foundation
import GRDB
import Logging
import NudgeCore
import NudgeNotifier
import NudgeSound
import NudgeStore
import NudgeSystem
import NudgeTestSupport
import Synchronization
import Testing

@testable import NudgeDaemon

/// The daemon in process, with a notifier that records what it was asked to show.
@Suite(.serialized, .ownThread)
struct DaemonTests {
    final class FakeNotifier: Notifier, @unchecked Sendable {
        let shown = Mutex<[NotificationContent]>([])
        let failing = Mutex(false)
        let showed = DispatchSemaphore(value: 0)
        var onEvent: (@Sendable (NotifierEvent) -> Void)?
        var bodyText: BodyText { .markup }
        /// A server with the `actions` capability (buttons).
        let showsActions: Bool
        /// A server with the `sound` capability.
        let playsSounds: Bool

        init(playsSounds: Bool = false, showsActions: Bool = true) {
            self.playsSounds = playsSounds
            self.showsActions = showsActions
        }

        /// What each of `shown` replaced in place, in the same order.
        let replaced = Mutex<[UInt32?]>([])

        func show(_ content: NotificationContent, replacing: UInt32?) throws(NotifierError) -> UInt32 {
            guard !failing.withLock({ $0 }) else { throw NotifierError("no server") }
            replaced.withLock { $0.append(replacing) }
            let id = shown.withLock { shown in
                shown.append(content)
                return UInt32(shown.count)
            }
            showed.signal()
            return id
        }

        /// The notifications the daemon asked to close, in order.
        let closed = Mutex<[UInt32]>([])
        let closing = DispatchSemaphore(value: 0)

        func close(_ notificationID: UInt32) {
            closed.withLock { $0.append(notificationID) }
            closing.signal()
        }

        /// A hung server: what is shown while holding gets no answer.
        let holding = Mutex(false)
        let held = Mutex<[@Sendable (Result<UInt32, NotifierError>) -> Void]>([])

        func show(
            _ content: NotificationContent, replacing: UInt32?,
            done: @escaping @Sendable (Result<UInt32, NotifierError>) -> Void
        ) {
            guard !holding.withLock({ $0 }) else {
                heldShows.withLock { $0.append((content, replacing)) }
                return held.withLock { $0.append(done) }
            }
            done(Result { () throws(NotifierError) in try show(content, replacing: replacing) })
        }

        /// What `held` were asked to show, in the same order.
        let heldShows = Mutex<[(NotificationContent, UInt32?)]>([])

        /// The hung server answers at last: it shows what it held, in order, and holds no more.
        func releaseHeld() {
            holding.withLock { $0 = false }
            let (answers, shows) = (held.withLock { $0 }, heldShows.withLock { $0 })
            held.withLock { $0.removeAll() }
            heldShows.withLock { $0.removeAll() }
            for (done, (content, replacing)) in zip(answers, shows) {
                done(Result { () throws(NotifierError) in try show(content, replacing: replacing) })
            }
        }

        /// Answers as a server on the bus would: reachable unless failing.
        func learnServer() {
            onEvent?(failing.withLock { $0 } ? .serverUnreachable("no answer") : .serverReachable)
        }
    }

    /// What the daemon asked of the sound, in order: the seam `Daemon(player:)` gives.
    final class FakePlayer: SoundPlayer, @unchecked Sendable {
        let calls = Mutex<[String]>([])
        let called = DispatchSemaphore(value: 0)

        func play(_ sound: SoundSource, finished: @escaping @Sendable () -> Void) {
            record("play \(sound)")
            finished()
        }

        func ring(_ sound: SoundSource, limit: TimeInterval, ended: @escaping @Sendable () -> Void) {
            record("ring \(sound) for \(Int(limit)) s")
        }

        func stopRinging() { record("stop") }

        private func record(_ call: String) {
            calls.withLock { $0.append(call) }
            called.signal()
        }

        /// Waits until a call starting with `prefix` was made; false after 10 s.
        func waitFor(_ prefix: String) -> Bool {
            let deadline = DispatchTime.now() + 10
            while !calls.withLock({ $0.contains { $0.hasPrefix(prefix) } }) {
                guard called.wait(timeout: deadline) == .success else { return false }
            }
            return true
        }
    }

    let directory = TemporaryDirectory()
    var store: String { directory.file("nudge.sqlite") }
    let zone = SystemTimeZone(environment: ["TZ": "Europe/London"])

    /// Runs a daemon whose clock reads `fakeNow` at start, until `body` returns.
    /// `kinds`: the kinds the daemon plans, shows and answers (every kind if nil).
    func withDaemon(
        at fakeNow: String, notifier: FakeNotifier, kinds: [ReminderKind]? = nil, _ body: (Daemon) throws -> Void
    ) throws {
        try withDaemon(clock: DaemonClock(startingAt: Timestamp.parse(fakeNow)), notifier: notifier, kinds: kinds) {
            daemon, _ in
            try body(daemon)
        }
    }

    func withDaemon(
        clock: DaemonClock, notifier: FakeNotifier, log: RecordedLog? = nil, player: FakePlayer? = nil,
        ambientPlayer: (any AmbientPlayer)? = nil, serviceEnvironment: [String: String] = [:],
        serverRetry: TimeInterval = 30, kinds: [ReminderKind]? = nil, escalationLimit: TimeInterval = 30,
        logind: (bus: String, session: String?)? = nil, sessionBus: String? = nil, inhibitLateAnswer: TimeInterval = 25,
        _ body: (Daemon, DaemonClock) throws -> Void
    ) throws {
        var logger = log?.logger ?? Logger(label: "test")
        if log == nil { logger.logLevel = .critical }
        let daemon = try Daemon(
            .init(
                storePath: store, clock: clock, timeZone: zone, serviceEnvironment: serviceEnvironment,
                serverRetry: serverRetry, kinds: kinds, escalationLimit: escalationLimit,
                inhibitLateAnswer: inhibitLateAnswer, sessionID: logind?.session ?? nil,
                systemBus: logind?.bus ?? "unix:path=/nonexistent/nudge-test-system-bus", sessionBus: sessionBus,
                readsDesktopSettings: false),
            logger: logger,
            makeNotifier: { onEvent in
                notifier.onEvent = onEvent
                return notifier
            }, player: player, ambientPlayer: ambientPlayer)
        let finished = DispatchSemaphore(value: 0)
        nonisolated(unsafe) let running = daemon
        Thread {
            try? running.run()
            finished.signal()
        }.start()
        defer {
            daemon.stop()
            finished.wait()
        }
        try body(daemon, clock)
    }

    /// To a server that plays sounds, a reminder that must be silent says so (suppress-sound),
    /// or the server may play its default; one with its sound names it.
    @Test(arguments: [
        ("sound.enabled", "false", SoundHint.suppress), ("sound.reminder", "none", .suppress),
        ("sound.reminder", "bell", .name("bell")),
    ])
    func aSilentReminderTellsAServerThatPlaysSoundsToStaySilent(key: String, value: String, hint: SoundHint) throws {
        let setup = try Store(path: store)
        try setup.setSetting(try SettingKey.named(key), to: value, at: Timestamp.parse("2026-11-21T12:00:00Z")!)
        let notifier = FakeNotifier(playsSounds: true)
        try withDaemon(at: "2026-11-21T20:00:00Z", notifier: notifier, kinds: [.symptom]) { _ in
            #expect(notifier.showed.wait(timeout: .now() + 10) == .success)
        }
        #expect(notifier.shown.withLock { $0.first?.soundHint } == hint)
    }

    @Test func anOccurrenceTheServerRefusedIsShownWhenAServerAppears() throws {
        let notifier = FakeNotifier()
        notifier.failing.withLock { $0 = true }
        try withDaemon(at: "2026-11-21T20:00:00Z", notifier: notifier, kinds: [.symptom]) { _ in
            let owed = FileEvents.waitUntil(watching: [directory.path], timeout: 10) {
                (try? Store(path: store).delivery(key: "symptom:2026-11-21"))??.isOwed == true
            }
            #expect(owed)
            notifier.failing.withLock { $0 = false }
            notifier.onEvent?(.serverAppeared(owner: nil))
            #expect(notifier.showed.wait(timeout: .now() + 10) == .success)
        }
        #expect(notifier.shown.withLock { $0.map(\.title) } == ["Daily symptom check"])
        #expect(try Store(path: store).delivery(key: "symptom:2026-11-21")?.shownAt != nil)
    }

    /// A server that owns the name but let the call time out announces nothing when it answers
    /// again: the daemon asks it again, and what waited is shown.
    @Test func aServerThatDidNotAnswerIsAskedAgainAndShowsWhatWaited() throws {
        let notifier = FakeNotifier()
        notifier.failing.withLock { $0 = true }
        let clock = DaemonClock(startingAt: Timestamp.parse("2026-11-21T20:00:00Z"))
        try withDaemon(clock: clock, notifier: notifier, serverRetry: 0.2, kinds: [.symptom]) { _, _ in
            let owed = FileEvents.waitUntil(watching: [directory.path], timeout: 10) {
                (try? Store(path: store).delivery(key: "symptom:2026-11-21"))??.isOwed == true
            }
            #expect(owed)
            notifier.failing.withLock { $0 = false }
            #expect(notifier.showed.wait(timeout: .now() + 10) == .success, "not asked again")
        }
        #expect(notifier.shown.withLock { $0.map(\.title) } == ["Daily symptom check"])
    }

    /// The clock set forward past a due instant shows it at once; set back across it, nothing
    /// shows twice; the daemon re-plans each time. Events are handled in order, so the stop at
    /// the end of `withDaemon` comes after every re-plan.
    @Test func aClockSetForwardOrBackIsFollowed() throws {
        let notifier = FakeNotifier()
        let clock = DaemonClock(startingAt: Timestamp.parse("2026-11-21T12:00:00Z"))
        try withDaemon(clock: clock, notifier: notifier, kinds: [.symptom]) { daemon, clock in
            clock.set(to: Timestamp.parse("2026-11-21T20:00:01Z")!)
            daemon.clockWasSet()
            #expect(notifier.showed.wait(timeout: .now() + 10) == .success)
            clock.set(to: Timestamp.parse("2026-11-21T19:59:00Z")!)
            daemon.clockWasSet()
            clock.set(to: Timestamp.parse("2026-11-21T20:00:30Z")!)
            daemon.clockWasSet()
        }
        #expect(notifier.shown.withLock { $0.count } == 1)
    }

    /// Each daemon plans before it reads its first event, so stopping it at once still lets it
    /// do everything a start does.
    @Test func twentyRestartsAfterTheDueInstantShowItOnce() throws {
        let notifier = FakeNotifier()
        for _ in 0..<20 {
            try withDaemon(at: "2026-11-21T20:00:30Z", notifier: notifier, kinds: [.symptom]) { _ in }
        }
        #expect(notifier.shown.withLock { $0.count } == 1)
    }

    /// A click that reached a daemon killed before recording it is in the ledger: the next
    /// daemon records it, with the time it was clicked, and empties the ledger.
    @Test func answersInTheLedgerAreRecordedOnStart() throws {
        let notifier = FakeNotifier()
        try withDaemon(at: "2026-11-21T20:00:00Z", notifier: notifier, kinds: [.symptom]) { _ in
            #expect(notifier.showed.wait(timeout: .now() + 10) == .success)
        }
        #expect(try Store(path: store).delivery(notificationID: 1)?.key == "symptom:2026-11-21")
        let clicked = try #require(Timestamp.parse("2026-11-21T20:00:07Z"))
        try "\(clicked.timeIntervalSince1970) action 1 snooze\n".write(
            toFile: store + ".answers", atomically: false, encoding: .utf8)
        try withDaemon(at: "2026-11-21T20:05:00Z", notifier: notifier, kinds: [.symptom]) { _ in }
        let answered = try #require(try Store(path: store).delivery(key: "symptom:2026-11-21"))
        #expect(answered.action == "snooze" && answered.acknowledgedAt == clicked)
        // An hour after the click, at the nearest whole minute.
        #expect(
            try Store(path: store).delivery(key: "symptom:2026-11-21:snooze:1")?.dueAt
                == Timestamp.parse("2026-11-21T21:00:00Z"))
        #expect(try String(contentsOfFile: store + ".answers", encoding: .utf8).isEmpty)
    }

    /// A click can be written to the ledger a moment before the "shown" of the notification it answers (two
    /// threads append); a daemon killed before recording either still records both, and the
    /// occurrence is not shown again.
    @Test func aClickInTheLedgerBeforeItsShownIsRecordedOnStart() throws {
        let due = try #require(Timestamp.parse("2026-11-21T20:00:00Z"))
        let claimed = try #require(
            try Store(path: store).claim(
                Occurrence(kind: .symptom, key: "symptom:2026-11-21", dueAt: due, title: "Daily symptom check")))
        let clicked = due.addingTimeInterval(7)
        try """
        \(clicked.timeIntervalSince1970) action 41 done
        \(due.addingTimeInterval(1).timeIntervalSince1970) shown \(claimed.id) 41

        """.write(toFile: store + ".answers", atomically: false, encoding: .utf8)
        let notifier = FakeNotifier()
        try withDaemon(at: "2026-11-21T20:05:00Z", notifier: notifier, kinds: [.symptom]) { _ in }
        let answered = try #require(try Store(path: store).delivery(key: "symptom:2026-11-21"))
        #expect(answered.notificationID == 41 && answered.action == "done" && answered.acknowledgedAt == clicked)
        #expect(notifier.shown.withLock { $0.isEmpty })
        #expect(try String(contentsOfFile: store + ".answers", encoding: .utf8).isEmpty)
    }

    @Test func anAnswerToAnUnknownNotificationChangesNothing() throws {
        _ = try Store(path: store, now: Timestamp.parse("2026-11-19T00:00:00Z")!)
        let notifier = FakeNotifier()
        try withDaemon(at: "2026-11-21T20:00:00Z", notifier: notifier, kinds: [.symptom]) { _ in
            #expect(notifier.showed.wait(timeout: .now() + 10) == .success)
            #expect(
                FileEvents.waitUntil(watching: [directory.path], timeout: 10) {
                    (try? Store(path: store).delivery(notificationID: 1)) != nil
                })
            notifier.onEvent?(.actionInvoked(notificationID: 99, action: "done"))
            notifier.onEvent?(.actionInvoked(notificationID: 1, action: "launch-rockets"))
            notifier.onEvent?(.actionInvoked(notificationID: 1, action: "done"))
            #expect(
                FileEvents.waitUntil(watching: [directory.path], timeout: 10) {
                    (try? Store(path: store).delivery(key: "symptom:2026-11-21"))??.action == "done"
                })
        }
        let rows = try StoreQuery.rows(store, "SELECT reminder_key, action FROM reminder_deliveries ORDER BY id")
        #expect(rows.map { $0["action"] } == ["NULL", "done"])
    }

    /// The injected clock pair: four minutes into a 20-minute session with a bell every five,
    /// the machine sleeps an hour. On the wake the session ends where it slept, one quiet
    /// notification says what was recorded, and none of the bells due during the sleep rings.
    @Test func aSleepDuringASessionEndsItThereAndNoLateBellRings() throws {
        let clock = DaemonClock(startingAt: Timestamp.parse("2026-11-22T18:00:00Z"))
        let setup = try Store(path: store, now: clock.now())
        guard
            case .started(let session) = try setup.startMeditation(
                plannedSeconds: 1200, intervalSeconds: 300, delaySeconds: 0, now: clock.now(), utcOffsetMinutes: 0,
                sleep: clock.sleepReading())
        else {
            Issue.record("not started")
            return
        }
        let notifier = FakeNotifier()
        try withDaemon(clock: clock, notifier: notifier, kinds: [.meditation]) { daemon, clock in
            #expect(
                FileEvents.waitUntil(watching: [directory.path], timeout: 10) {
                    (try? Store(path: store).delivery(key: "meditation:\(session.id):start"))??.shownAt != nil
                })
            clock.set(to: Timestamp.parse("2026-11-22T18:04:00Z")!)
            daemon.clockWasSet()
            clock.sleep(for: 3600)
            daemon.clockWasSet()
            #expect(notifier.showed.wait(timeout: .now() + 10) == .success)
        }
        let shown = notifier.shown.withLock { $0 }
        #expect(shown.map(\.title) == ["Meditation interrupted"] && shown[0].urgency == .low && shown[0].sound == nil)
        #expect(shown[0].body.contains("4 minutes recorded as interrupted"), "\(shown[0].body)")
        let row = try StoreQuery.rows(store, "SELECT outcome, actual_seconds, ended_at FROM meditation_sessions")
        #expect(row == [["outcome": "interrupted", "actual_seconds": "240", "ended_at": "2026-11-22T18:04:00Z"]])
        let rung = try StoreQuery.rows(
            store,
            "SELECT reminder_key FROM reminder_deliveries WHERE kind = 'meditation' AND shown_at IS NOT NULL ORDER BY id"
        )
        #expect(
            rung.compactMap { $0["reminder_key"]?.split(separator: ":").last.map(String.init) } == [
                "start", "interrupted",
            ])
    }

    /// A session whose end passed while no daemon ran is completed at its end instant when one
    /// starts: shown without its chime up to five minutes late, recorded quietly after that.
    @Test(arguments: [(240, true), (900, false)])
    func aSessionThatEndedWhileNoDaemonRanIsCompletedAtItsEnd(lateSeconds: Int, shown: Bool) throws {
        let start = try #require(Timestamp.parse("2026-11-22T18:00:00Z"))
        let setup = try Store(path: store, now: start)
        _ = try setup.startMeditation(
            plannedSeconds: 600, intervalSeconds: 0, delaySeconds: 0, now: start, utcOffsetMinutes: 0, sleep: nil)
        let notifier = FakeNotifier()
        try withDaemon(
            at: Timestamp.format(start.addingTimeInterval(600 + TimeInterval(lateSeconds))), notifier: notifier,
            kinds: [.meditation]
        ) { _ in
            if shown { #expect(notifier.showed.wait(timeout: .now() + 10) == .success) }
        }
        let titles = notifier.shown.withLock { $0.map(\.title) }
        #expect(titles == (shown ? ["Session complete"] : []))
        #expect(notifier.shown.withLock { $0.map { $0.sound == nil } } == (shown ? [true] : []), "no late chime")
        // Too late to show, the end is recorded as missed, not left owed for a later wake.
        let end = try StoreQuery.rows(
            store,
            "SELECT shown_at IS NOT NULL AS shown, missed_at IS NOT NULL AS missed FROM reminder_deliveries WHERE reminder_key LIKE '%:end'"
        )
        #expect(end == [["shown": shown ? "1" : "0", "missed": shown ? "0" : "1"]], "\(end)")
        let row = try StoreQuery.rows(store, "SELECT outcome, actual_seconds, ended_at FROM meditation_sessions")
        #expect(row == [["outcome": "completed", "actual_seconds": "600", "ended_at": "2026-11-22T18:10:00Z"]])
    }

    enum StoreProblem: String, CaseIterable { case damagedPage, unusableBackupDirectory }

    /// The daily check finds damage in another app's table (one the daemon never reads), or
    /// the backup directory became unusable: one notification says so, naming the newest sound
    /// backup and the command, and the next night's check that finds the same says nothing.
    @Test(arguments: StoreProblem.allCases) func aStoreProblemIsShownOnceAcrossNights(_ problem: StoreProblem) throws {
        let taken = try #require(Timestamp.parse("2026-11-20T12:00:00Z"))
        let backups = store + ".backups"
        do {
            let setup = try Store(path: store, now: taken)
            try DatabaseQueue(path: store).write { db in
                try db.execute(sql: "CREATE TABLE other_app_notes (id INTEGER PRIMARY KEY, body TEXT)")
                for index in 0..<300 {
                    try db.execute(
                        sql: "INSERT INTO other_app_notes (body) VALUES (?)",
                        arguments: [String(repeating: "n\(index)", count: 60)])
                }
            }
            _ = try setup.backUp(into: backups, at: taken)
        }
        switch problem {
        case .damagedPage:
            try overwriteRootPage(of: "other_app_notes", with: Data(count: 4096))
        case .unusableBackupDirectory:
            #expect(FileManager.default.createFile(atPath: directory.file("a-file"), contents: Data()))
            try Store(path: store).setSetting(
                BackupPolicy.directory, to: directory.file("a-file") + "/backups", at: taken)
        }
        let notifier = FakeNotifier()
        let log = RecordedLog()
        let clock = DaemonClock(startingAt: Timestamp.parse("2026-11-22T12:00:00Z"))
        let expected = problem == .damagedPage ? "the store is damaged" : "the backup failed"
        try withDaemon(clock: clock, notifier: notifier, log: log, kinds: []) { daemon, clock in
            #expect(notifier.showed.wait(timeout: .now() + 30) == .success, "\(log.all)")
            #expect(log.waitFor(expected), "\(log.all)")
            clock.set(to: Timestamp.parse("2026-11-23T04:00:00Z")!)
            daemon.clockWasSet()
            #expect(log.waitFor(expected, count: 2), "\(log.all)")
            #expect(log.waitFor("rescheduled (backed up)", count: 2), "\(log.all)")
        }
        let shown = notifier.shown.withLock { $0 }
        #expect(shown.count == 1, "\(shown.map(\.title))")
        switch problem {
        case .damagedPage:
            #expect(shown.first?.title == "The store is damaged" && shown.first?.urgency == .critical)
            #expect(
                shown.first?.body.contains(
                    "Restore the backup of 2026-11-20 12:00 with: nudge --store \(store) restore --latest") == true,
                "\(shown)")
            #expect(
                BackupDirectory.list(in: backups, now: Date()).count == 1, "a backup of a damaged store is not kept")
        case .unusableBackupDirectory:
            #expect(
                shown.first?.title == "Today's backup failed"
                    && shown.first?.body.contains("Cannot make the backup directory") == true, "\(shown)")
            // None was taken in the new folder; the one in the folder named before is still the
            // store's, and is kept (issue 39, fourth round).
            #expect(shown.first?.body.contains("The earlier backup is kept;") == true, "\(shown)")
        }
    }

    enum RingingAlarm: String, CaseIterable { case doseTwo, testAlarm }

    /// An alarm rings from its instant, and an answer another process records (`nudge ack`)
    /// stops it: the daemon follows the store, not only its buttons. The dose alarm is snoozed
    /// (the night stays open); the test alarm, which replaces nothing on screen, is stopped:
    /// for it only the recorded answer can end the ring.
    @Test(arguments: RingingAlarm.allCases) func anAnswerRecordedElsewhereStopsTheRingingAlarm(
        _ alarm: RingingAlarm
    ) throws {
        let start = try #require(Timestamp.parse("2026-11-22T02:45:00Z"))
        let clock = WallClock(zone: zone.resolve().rules)
        do {
            let setup = try Store(path: store, now: start.addingTimeInterval(-3 * 3600))
            switch alarm {
            case .doseTwo:
                _ = try setup.startDoseSession(
                    at: start.addingTimeInterval(-165 * 60), newSession: true, settings: setup.settings(), clock: clock
                ).get()
            case .testAlarm:
                _ = try setup.claim(
                    Occurrence(kind: .alarmTest, key: TestAlarm.key("t1"), dueAt: start, title: TestAlarm.title))
            }
        }
        let notifier = FakeNotifier()
        let player = FakePlayer()
        let (kind, answer) = alarm == .doseTwo ? ("dose2", "snooze") : ("alarm_test", TestAlarm.stopAction)
        try withDaemon(
            clock: DaemonClock(startingAt: start), notifier: notifier, player: player, kinds: [.dose2, .alarmTest]
        ) { _, daemonClock in
            #expect(player.waitFor("ring"), "\(player.calls.withLock { $0 })")
            // The ring starts as the alarm is handed to the server; recorded once it accepted.
            var shownID: Int64?
            FileEvents.waitUntil(watching: [directory.path], timeout: 10) {
                shownID =
                    (try? StoreQuery.rows(
                        store, "SELECT id FROM reminder_deliveries WHERE kind = '\(kind)' AND shown_at IS NOT NULL"))?
                    .last?["id"].flatMap { Int64($0) }
                return shownID != nil
            }
            let shown = try #require(shownID)
            let outcome = try Store(path: store).answer(shown, action: answer, at: daemonClock.now(), clock: clock)
            guard case .recorded = outcome else {
                Issue.record("not recorded: \(outcome)")
                return
            }
            #expect(player.waitFor("stop"), "\(player.calls.withLock { $0 })")
        }
        let calls = player.calls.withLock { $0 }
        #expect(calls.first?.hasPrefix("ring ") == true && calls.last == "stop", "\(calls)")
    }

    /// The held plan is not used across a sleep: the machine sleeps through a session's end
    /// and the due timer fires on resume with no clock event first. The end is not rung from
    /// the plan held before the sleep; the session is recorded as interrupted where the sleep
    /// began, as a fresh plan decides.
    @Test func theHeldPlanIsNotUsedAfterASleep() throws {
        let clock = DaemonClock(startingAt: Timestamp.parse("2026-11-22T18:09:54Z"))
        let started = try #require(Timestamp.parse("2026-11-22T18:00:00Z"))
        let setup = try Store(path: store, now: started)
        // No backup at the start: its end would plan afresh before the timer fires.
        try setup.setSetting(BackupPolicy.enabled, to: "false", at: started)
        guard
            case .started = try setup.startMeditation(
                plannedSeconds: 600, intervalSeconds: 0, delaySeconds: 0, now: started, utcOffsetMinutes: 0,
                sleep: clock.sleepReading())
        else {
            Issue.record("not started")
            return
        }
        let notifier = FakeNotifier()
        let log = RecordedLog()
        try withDaemon(clock: clock, notifier: notifier, log: log, player: FakePlayer(), kinds: [.meditation]) {
            _, clock in
            // The plan is held for the end at 18:10:00, 6 s away. Then a minute of sleep that
            // began 10 s before the end: the timer fires at 18:10:50, with the end 50 s late,
            // which the held plan would still ring.
            #expect(log.waitFor("rescheduled (start)"), "\(log.all)")
            let before = clock.now()
            clock.sleep(for: 60)
            clock.set(to: before.addingTimeInterval(50))
            #expect(notifier.showed.wait(timeout: .now() + 20) == .success, "\(log.all)")
            #expect(log.waitFor("rescheduled (due)"), "\(log.all)")
        }
        #expect(notifier.shown.withLock { $0.map(\.title) } == ["Meditation interrupted"])
        let row = try StoreQuery.rows(store, "SELECT outcome, ended_at FROM meditation_sessions")
        #expect(row == [["outcome": "interrupted", "ended_at": "2026-11-22T18:09:50Z"]], "\(row)")
    }
}
