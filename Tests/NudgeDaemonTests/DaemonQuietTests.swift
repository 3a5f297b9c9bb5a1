import Foundation
import NudgeCore
import NudgeNotifier
import NudgeStore
import NudgeSystem
import NudgeTestSupport
import Testing

@testable import NudgeDaemon

/// A meditation quiets the desktop (`meditation.do_not_disturb`), in process, with KDE Plasma's
/// `Inhibit`/`UnInhibit` and dunst's `paused` on python-dbusmock's server: on from the start
/// bell to the end bell, then put back; never over the person's own.
extension DaemonTests {
    /// A 20-minute session from 18:00 UTC; its span's key.
    func quietSession(_ clock: DaemonClock) throws -> String {
        try sessionWithAmbience(clock, ambient: "none")
        return "meditation:\(try #require(try Store(path: store).runningMeditation()).id)"
    }

    func plasmaBus(inhibited: Bool) throws -> NotificationBus {
        let bus = try NotificationBus()
        try bus.addInhibited(inhibited)
        try bus.addInhibitMethods()
        return bus
    }

    /// Inhibited at the start (recorded first), uninhibited at the end, before "Session complete"
    /// is shown: the session's own end is not held by the quiet it asked for.
    @Test(.hangBound(minutes: 2)) func aSessionInhibitsPlasmaFromItsStartToItsEnd() throws {
        let bus = try plasmaBus(inhibited: false)
        defer { bus.shutdown() }
        let clock = DaemonClock(startingAt: Timestamp.parse("2026-11-22T18:00:00Z"))
        let span = try quietSession(clock)
        let notifier = FakeNotifier()
        let log = RecordedLog()
        try withDaemon(clock: clock, notifier: notifier, log: log, kinds: [.meditation], sessionBus: bus.address) {
            daemon, clock in
            #expect(log.waitFor("Do Not Disturb is on (the notification server is inhibited)"), "\(log.all)")
            let recorded = try Store(path: store).quietedDesktop()
            #expect(recorded == Store.QuietedDesktop(span: span, change: "plasma"))
            clock.set(to: Timestamp.parse("2026-11-22T18:20:00Z")!)
            daemon.clockWasSet()
            #expect(log.waitFor("Do Not Disturb is off"), "\(log.all)")
            #expect(notifier.showed.wait(timeout: .now() + 10) == .success)
        }
        // The switch in words (hostile round on issue 41: "(inhibited)", the case's name).
        for said in ["turned the desktop's Do Not Disturb on (", "put the desktop's Do Not Disturb back ("] {
            let line = log.all.first { $0.contains(said) }
            #expect(line?.contains(said + "the notification server's Inhibit)") == true, "\(log.all)")
        }
        let calls = bus.inhibitCalls()
        #expect(calls.count == 2 && calls[0].hasPrefix("Inhibit \"nudge\"") && calls[1] == "UnInhibit 41", "\(calls)")
        #expect(notifier.shown.withLock { $0.map(\.title) } == [MeditationTimer.completeTitle])
        #expect(try Store(path: store).quietedDesktop() == nil)
    }

    /// Plasma's Inhibit answered after nudge's call was said unanswered (5 s) inhibits all the
    /// same (hostile round on issue 41: nudge logged it as failed, never ended it, and reminders
    /// that hold were held with no end). It is taken as nudge's from the call on, its late
    /// answer is heard, and it is ended at the end bell with the cookie that answer brought;
    /// doctor's record of the unanswered call goes with the answer.
    @Test(.hangBound(minutes: 2)) func anInhibitAnsweredTooLateIsEndedAtTheEndBell() throws {
        let bus = try NotificationBus()
        defer { bus.shutdown() }
        try bus.addInhibited(false)
        try bus.addInhibitMethodsTrackingCallers(answeringAfter: 7)
        let clock = DaemonClock(startingAt: Timestamp.parse("2026-11-22T18:00:00Z"))
        _ = try quietSession(clock)
        let log = RecordedLog()
        try withDaemon(clock: clock, notifier: FakeNotifier(), log: log, kinds: [.meditation], sessionBus: bus.address)
        {
            daemon, clock in
            #expect(
                log.waitFor("did not answer the call to turn Do Not Disturb on (the notification server's Inhibit)"),
                "\(log.all)")
            #expect(log.waitFor("Do Not Disturb is on (the notification server is inhibited)"), "\(log.all)")
            // The answer comes on nudge's asking connection, the property's change on the
            // watch's: heard in either order, so the end bell waits for the answer it ends.
            #expect(log.waitFor("(the notification server's Inhibit) late: on until "), "\(log.all)")
            clock.set(to: Timestamp.parse("2026-11-22T18:20:00Z")!)
            daemon.clockWasSet()
            #expect(bus.waitForInhibited(false), "\(bus.diagnostics)\n\(log.all)")
            #expect(log.waitFor("Do Not Disturb is off"), "\(log.all)")
            // Plasma said it ended after nudge left the bus: no warning that it stays (hostile
            // round on issue 41: the end bell judged the state heard before the server's word).
            #expect(!log.all.contains { $0.contains("nudge cannot end an inhibition") }, "\(log.all)")
        }
        #expect(log.all.contains { $0.contains("(the notification server's Inhibit) late: on until ") }, "\(log.all)")
        #expect(bus.inhibitCalls().last == "UnInhibit 42", "\(bus.inhibitCalls())")
        #expect(try Store(path: store).quietFailure() == nil)
        #expect(try Store(path: store).quietedDesktop() == nil)
    }

    /// A quiet session from 19:58 on `bus`'s server, the symptom check held at 20:00 and the
    /// session's end at 20:18: once the end bell and the check are shown, `afterTheEnd` runs
    /// with the daemon still up. Returns what was shown.
    private func symptomCheckHeldThroughASession(
        on bus: NotificationBus, inhibitLateAnswer: TimeInterval = 25, afterTheEnd: (RecordedLog) -> Void
    ) throws -> [NotificationContent] {
        let clock = DaemonClock(startingAt: Timestamp.parse("2026-11-21T19:58:00Z"))
        _ = try quietSession(clock)
        let notifier = FakeNotifier()
        let log = RecordedLog()
        try withDaemon(
            clock: clock, notifier: notifier, log: log, kinds: [.meditation, .symptom], sessionBus: bus.address,
            inhibitLateAnswer: inhibitLateAnswer
        ) { daemon, clock in
            #expect(log.waitFor("Do Not Disturb is on (the notification server is inhibited)"), "\(log.all)")
            clock.set(to: Timestamp.parse("2026-11-21T20:00:30Z")!)
            daemon.clockWasSet()
            #expect(log.waitFor("held symptom:2026-11-21 during Do Not Disturb"), "\(log.all)")
            clock.set(to: Timestamp.parse("2026-11-21T20:18:00Z")!)
            daemon.clockWasSet()
            for _ in 0..<2 { #expect(notifier.showed.wait(timeout: .now() + 10) == .success, "\(log.all)") }
            afterTheEnd(log)
        }
        return notifier.shown.withLock { $0 }
    }

    /// An answer that never comes (listened for 6 s here, 25 s by default; the server inhibits
    /// at 7 s) on a server that keeps a gone connection's inhibitions (not Plasma): closing
    /// the connection that asked does not end it; nudge cannot, says so, and holds nothing for
    /// it: the symptom check held during the session is shown at its end though the server
    /// stays inhibited.
    @Test(.hangBound(minutes: 2)) func anInhibitionNudgeCouldNotEndHoldsNothing() throws {
        let bus = try NotificationBus()
        defer { bus.shutdown() }
        try bus.addInhibited(false)
        try bus.addInhibitMethods(answeringAfter: 7)
        let shown = try symptomCheckHeldThroughASession(on: bus, inhibitLateAnswer: 6) { log in
            #expect(log.waitFor("nudge cannot end an inhibition whose answer never came"), "\(log.all)")
        }
        #expect(Set(shown.map(\.title)) == [MeditationTimer.completeTitle, "Daily symptom check"], "\(shown)")
        // Released, it is sent as any time without Do Not Disturb: the stray inhibition is not
        // counted, and a kind that holds never breaks through (hostile round on issue 41).
        let check = shown.first { $0.title == "Daily symptom check" }
        #expect(check?.urgency == .normal, "\(String(describing: check))")
        #expect(!bus.waitForInhibited(false, timeout: 0.5), "the mock keeps it: \(bus.diagnostics)")
    }

    /// What a session held is released at its end bell with its own urgency, though Plasma says
    /// the inhibition ended only after nudge left the bus with the connection that asked (its
    /// Inhibit answered after nudge stopped listening, 6 s here): hostile round on issue 41, a
    /// released `hold` reminder was once sent critical.
    @Test(.hangBound(minutes: 2)) func whatASessionHeldIsReleasedWithItsOwnUrgency() throws {
        let bus = try NotificationBus()
        defer { bus.shutdown() }
        try bus.addInhibited(false)
        try bus.addInhibitMethodsTrackingCallers(answeringAfter: 7)
        let shown = try symptomCheckHeldThroughASession(on: bus, inhibitLateAnswer: 6) { log in
            #expect(bus.waitForInhibited(false), "\(bus.diagnostics)\n\(log.all)")
        }
        let check = shown.first { $0.title == "Daily symptom check" }
        #expect(check?.urgency == .normal, "\(String(describing: check))")
    }

    /// The person's own Do Not Disturb, on at the start, is left on after the end; one they
    /// turn off during the session stays off.
    @Test(.hangBound(minutes: 2)) func thePersonsOwnDoNotDisturbIsNeverUndone() throws {
        let own = try plasmaBus(inhibited: true)
        defer { own.shutdown() }
        let clock = DaemonClock(startingAt: Timestamp.parse("2026-11-22T18:00:00Z"))
        _ = try quietSession(clock)
        let log = RecordedLog()
        let notifier = FakeNotifier()
        try withDaemon(clock: clock, notifier: notifier, log: log, kinds: [.meditation], sessionBus: own.address) {
            daemon, clock in
            #expect(log.waitFor("Do Not Disturb was on already"), "\(log.all)")
            clock.set(to: Timestamp.parse("2026-11-22T18:20:00Z")!)
            daemon.clockWasSet()
            // The end the person's timer rings is never held by their own Do Not Disturb.
            #expect(notifier.showed.wait(timeout: .now() + 10) == .success, "\(log.all)")
        }
        #expect(notifier.shown.withLock { $0.map(\.title) } == [MeditationTimer.completeTitle])
        #expect(try Store(path: store).runningMeditation() == nil)
        #expect(own.inhibitCalls().isEmpty)

        let turnedOff = try plasmaBus(inhibited: false)
        defer { turnedOff.shutdown() }
        let later = DaemonClock(startingAt: Timestamp.parse("2026-11-22T19:00:00Z"))
        _ = try quietSession(later)
        let offLog = RecordedLog()
        try withDaemon(
            clock: later, notifier: FakeNotifier(), log: offLog, kinds: [.meditation], sessionBus: turnedOff.address
        ) { daemon, clock in
            #expect(offLog.waitFor("Do Not Disturb is on"), "\(offLog.all)")
            try turnedOff.setInhibited(false)
            #expect(offLog.waitFor("left off"), "\(offLog.all)")
            clock.set(to: Timestamp.parse("2026-11-22T19:20:00Z")!)
            daemon.clockWasSet()
            #expect(offLog.waitFor("rescheduled (clock changed)"))
        }
        let calls = turnedOff.inhibitCalls()
        #expect(calls.count == 1 && calls[0].hasPrefix("Inhibit "), "\(calls)")
    }

    /// logind's word of a sleep puts it back at once.
    @Test(.hangBound(minutes: 2)) func aSleepPutsItBack() throws {
        let bus = try plasmaBus(inhibited: false)
        defer { bus.shutdown() }
        let clock = DaemonClock(startingAt: Timestamp.parse("2026-11-22T18:00:00Z"))
        _ = try quietSession(clock)
        let log = RecordedLog()
        try withDaemon(clock: clock, notifier: FakeNotifier(), log: log, kinds: [.meditation], sessionBus: bus.address)
        {
            daemon, _ in
            #expect(log.waitFor("Do Not Disturb is on"), "\(log.all)")
            daemon.events.push(.preparingForSleep(true))
            #expect(log.waitFor("Do Not Disturb is off"), "\(log.all)")
        }
        #expect(bus.inhibitCalls().last == "UnInhibit 41", "\(bus.inhibitCalls())")
    }

    /// A daemon killed during a session left dunst paused and its record: the next one unpauses
    /// it once the span is over, and only once (a pause the person makes later is theirs).
    @Test(.hangBound(minutes: 2)) func aKilledDaemonsPauseIsPutBackOnceByTheNext() throws {
        let bus = try NotificationBus()
        defer { bus.shutdown() }
        try bus.addDunstPaused(true)
        let clock = DaemonClock(startingAt: Timestamp.parse("2026-11-22T18:30:00Z"))
        try Store(path: store, now: clock.now()).recordQuietedDesktop(
            .init(span: "meditation:0e2248cb-killed", change: "dunst"))
        let log = RecordedLog()
        try withDaemon(clock: clock, notifier: FakeNotifier(), log: log, kinds: [.meditation], sessionBus: bus.address)
        {
            _, _ in
            #expect(log.waitFor("Do Not Disturb is off"), "\(log.all)")
        }
        // The switch in words (hostile round on issue 41: "(dunstPaused)", the case's name).
        #expect(
            log.all.contains { $0.contains("put the desktop's Do Not Disturb back (dunst's pause): ") }, "\(log.all)")
        #expect(try bus.dunstPaused() == false)
        #expect(try Store(path: store).quietedDesktop() == nil)

        try bus.setDunstPaused(true)
        let next = RecordedLog()
        try withDaemon(clock: clock, notifier: FakeNotifier(), log: next, kinds: [.meditation], sessionBus: bus.address)
        {
            _, _ in
            #expect(next.waitFor("rescheduled (start)"), "\(next.all)")
        }
        #expect(try bus.dunstPaused())
    }

    /// A daemon restarted during a session: Plasma dropped the killed one's inhibition with its
    /// connection, so the next asks again; a dunst pause the person lifted meanwhile stays off.
    @Test(.hangBound(minutes: 2)) func aDaemonRestartedDuringASessionTakesOverItsSwitch() throws {
        let plasma = try plasmaBus(inhibited: false)
        defer { plasma.shutdown() }
        let clock = DaemonClock(startingAt: Timestamp.parse("2026-11-22T18:00:00Z"))
        let span = try quietSession(clock)
        try Store(path: store).recordQuietedDesktop(.init(span: span, change: "plasma"))
        clock.set(to: Timestamp.parse("2026-11-22T18:05:00Z")!)
        let log = RecordedLog()
        try withDaemon(
            clock: clock, notifier: FakeNotifier(), log: log, kinds: [.meditation], sessionBus: plasma.address
        ) { _, _ in
            #expect(log.waitFor("Do Not Disturb is on (the notification server is inhibited)"), "\(log.all)")
        }
        #expect(plasma.inhibitCalls().first?.hasPrefix("Inhibit ") == true, "\(plasma.inhibitCalls())")

        let dunst = try NotificationBus()
        defer { dunst.shutdown() }
        try dunst.addDunstPaused(false)
        try Store(path: store).recordQuietedDesktop(.init(span: span, change: "dunst"))
        let next = RecordedLog()
        try withDaemon(
            clock: clock, notifier: FakeNotifier(), log: next, kinds: [.meditation], sessionBus: dunst.address
        ) { _, _ in
            #expect(next.waitFor("while no daemon ran: left off"), "\(next.all)")
        }
        #expect(try dunst.dunstPaused() == false)
        #expect(try Store(path: store).quietedDesktop() == .init(span: span, change: "left"))
    }

    /// The dose alarm due during a session's quiet breaks through it: sent, critical.
    @Test(.hangBound(minutes: 2)) func theDoseAlarmBreaksThroughASessionsQuiet() throws {
        let bus = try plasmaBus(inhibited: false)
        defer { bus.shutdown() }
        let clock = DaemonClock(startingAt: Timestamp.parse("2026-11-22T18:00:00Z"))
        _ = try quietSession(clock)
        let setup = try Store(path: store)
        _ = try setup.startDoseSession(
            at: clock.now().addingTimeInterval(-165 * 60 + 30), newSession: true, settings: setup.settings(),
            clock: WallClock(zone: zone.resolve().rules)
        ).get()
        let notifier = FakeNotifier()
        let log = RecordedLog()
        try withDaemon(
            clock: clock, notifier: notifier, log: log, player: FakePlayer(), kinds: [.meditation, .dose2],
            sessionBus: bus.address
        ) { daemon, clock in
            #expect(log.waitFor("Do Not Disturb is on (the notification server is inhibited)"), "\(log.all)")
            clock.set(to: Timestamp.parse("2026-11-22T18:00:31Z")!)
            daemon.clockWasSet()
            #expect(log.waitFor("shown dose2:"), "\(log.all)")
        }
        let alarm = notifier.shown.withLock { $0.first { $0.title == "Time for dose 2" } }
        #expect(alarm?.urgency == .critical, "\(notifier.shown.withLock { $0.map(\.title) })")
    }
}
