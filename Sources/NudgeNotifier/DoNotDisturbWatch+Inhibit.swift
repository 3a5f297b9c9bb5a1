import CLibnotify
import Foundation

/// Plasma's `Inhibit`, asked on a connection of its own (`inhibiting`) without waiting for
/// the answer on the watch's thread: a server under load that answers after `callTimeout` is
/// said unanswered then (taken as on), and its answer is still heard when it comes, up to
/// `lateAnswerLimit`. One that comes after nudge no longer wants the quiet (the span ended
/// meanwhile) is ended at once with the cookie it brought (hostile round on issue 41 after
/// B15, High 3: answered 8 s late, after nudge's asking connection had left, the inhibition
/// stayed, and the daemon held reminders for it with no end).
extension DoNotDisturbWatch {
    /// One call to `Inhibit`; touched only on `glib`.
    final class InhibitCall {
        let connection: OpaquePointer
        /// Whose span's `turnOn` gets the answer: the span that began meanwhile, once it kept
        /// the call (`keep`).
        var done: @Sendable (QuietSwitchOutcome) -> Void
        /// Said unanswered at `callTimeout`: what comes later is a late answer.
        var saidUnanswered = false
        /// Still wanted: false once the switch was turned back off meanwhile.
        var wanted = true
        /// Whose `turnOff` waits for the answer, to end what it made.
        var putBack: (@Sendable (QuietSwitchPutBack) -> Void)?
        var timer: UnsafeMutablePointer<GSource>?

        init(connection: OpaquePointer, done: @escaping @Sendable (QuietSwitchOutcome) -> Void) {
            (self.connection, self.done) = (connection, done)
            g_object_ref(UnsafeMutableRawPointer(connection))
        }

        deinit { g_object_unref(UnsafeMutableRawPointer(connection)) }

        func stopTimer() {
            guard let timer else { return }
            g_source_destroy(timer)
            g_source_unref(timer)
            self.timer = nil
        }
    }

    /// What a reply callback finds: the call, and the watch unless it is being let go.
    private final class Reply {
        weak var watch: DoNotDisturbWatch?
        let call: InhibitCall
        init(_ watch: DoNotDisturbWatch, _ call: InhibitCall) { (self.watch, self.call) = (watch, call) }
    }

    /// Asks on `inhibiting`; `done` gets the answer, or `unanswered` at `callTimeout` and the
    /// late answer after it (`answeredLate`).
    func inhibit(reason: String, done: @escaping @Sendable (QuietSwitchOutcome) -> Void) {
        if let call = inhibitCall, !call.wanted { return keep(call, for: done) }
        guard inhibiting == nil else { return done(.turnedOn) }
        guard let sessionBus, let connection = Self.connect(to: sessionBus) else {
            return done(.failed("Inhibit: cannot connect to the session bus"))
        }
        inhibiting = connection
        let call = InhibitCall(connection: connection, done: done)
        inhibitCall = call
        let entry = g_variant_type_new("{sv}")
        defer { g_variant_type_free(entry) }
        let children: [OpaquePointer?] = [
            g_variant_new_string("nudge"), g_variant_new_string(reason), g_variant_new_array(entry, nil, 0),
        ]
        let tuple = children.withUnsafeBufferPointer { g_variant_new_tuple($0.baseAddress, gsize($0.count)) }
        let type = g_variant_type_new("(u)")
        defer { g_variant_type_free(type) }
        let reply = Unmanaged.passRetained(Reply(self, call)).toOpaque()
        g_dbus_connection_call(
            connection, Self.serverName, Self.serverPath, Self.serverName, "Inhibit", tuple, type,
            G_DBUS_CALL_FLAGS_NONE, lateAnswerLimit, nil,
            { _, result, reply in
                let answer = Unmanaged<Reply>.fromOpaque(reply!).takeRetainedValue()
                var error: UnsafeMutablePointer<GError>?
                let values = g_dbus_connection_call_finish(answer.call.connection, result, &error)
                answer.watch?.inhibitAnswered(answer.call, values: values, error: error)
                if let values { g_variant_unref(values) }
                if let error { g_error_free(error) }
            }, reply)
        sayUnansweredAtTimeout(call)
    }

    /// Tells `call`'s span it went unanswered once `callTimeout` passed without its answer.
    private func sayUnansweredAtTimeout(_ call: InhibitCall) {
        call.timer = g_timeout_source_new(guint(Self.callTimeout))
        g_source_set_callback(
            call.timer,
            { call in
                let call = Unmanaged<InhibitCall>.fromOpaque(call!).takeUnretainedValue()
                call.saidUnanswered = true
                // Turned back off meanwhile: its answer, when it comes, is what is said.
                if call.wanted { call.done(.unanswered("Inhibit: Timeout was reached")) }
                return 0  // G_SOURCE_REMOVE
            }, Unmanaged.passRetained(call).toOpaque(), { call in Unmanaged<InhibitCall>.fromOpaque(call!).release() })
        g_source_attach(call.timer, g_main_context_get_thread_default())
    }

    /// A call still unanswered, no longer wanted by the span that asked (it ended meanwhile), is
    /// kept for the span that asks now: its answer is this span's, not ended at once (hostile
    /// round on issue 41 after B16, High 1: a second meditation begun before Plasma answered
    /// the first's `Inhibit` asked nothing, the late answer was ended at once, and the desktop's
    /// going quiet and back was taken for the person turning Do Not Disturb off). The ended
    /// span's put-back is done: nothing it asked for was on.
    private func keep(_ call: InhibitCall, for done: @escaping @Sendable (QuietSwitchOutcome) -> Void) {
        let putBack = call.putBack
        (call.wanted, call.done, call.putBack) = (true, done, nil)
        putBack?(.keptForNextSpan)
        if call.saidUnanswered { done(.unanswered("Inhibit: Timeout was reached")) }
    }

    /// The server answered `call` (or GDBus gave up on it at `lateAnswerLimit`).
    private func inhibitAnswered(
        _ call: InhibitCall, values: OpaquePointer?, error: UnsafeMutablePointer<GError>?
    ) {
        call.stopTimer()
        let current = inhibitCall === call
        if current { inhibitCall = nil }
        let cookie = values.map { values in
            let child = g_variant_get_child_value(values, 0)!
            defer { g_variant_unref(child) }
            return g_variant_get_uint32(child)
        }
        guard current, call.wanted else { return endUnwanted(call, cookie: cookie) }
        // No answer even now: what the server may still do ends with the connection, at the end.
        if cookie == nil, let error, Self.timedOut(error) { return }
        if let cookie { inhibition = cookie } else { closeInhibiting() }
        let failure = error.map { "Inhibit: \(Self.oneLine($0))" }
        let late: QuietSwitchOutcome = call.saidUnanswered ? .answeredLate(wanted: true) : .turnedOn
        call.done(failure.map(QuietSwitchOutcome.failed) ?? late)
    }

    /// An answer that came after the switch was turned back off: what it made is ended with
    /// its cookie, and the connection that asked leaves the bus.
    private func endUnwanted(_ call: InhibitCall, cookie: UInt32?) {
        var putBack = QuietSwitchPutBack.neverOn
        if let cookie {
            let reply = self.call(
                Self.serverName, "UnInhibit", [g_variant_new_uint32(cookie)!], replyType: nil, on: call.connection)
            if case .success(let values) = reply, let values { g_variant_unref(values) }
            putBack = QuietSwitchPutBack(failure: reply.failure)
        }
        if inhibiting == call.connection { closeInhibiting() }
        if call.saidUnanswered, cookie != nil { call.done(.answeredLate(wanted: false)) }
        call.putBack?(putBack)
    }

    /// Turns Plasma's switch back off; a call still unanswered is not cut short: its answer,
    /// when it comes, is ended with its cookie, and `done` is called then.
    func uninhibit(done: @escaping @Sendable (QuietSwitchPutBack) -> Void) {
        if let call = inhibitCall {
            call.wanted = false
            call.putBack = done
            return
        }
        done(uninhibitNow())
    }

    /// Turns Plasma's switch back off now: by its cookie, else by leaving the bus with the
    /// connection that asked (Plasma ends its inhibitions then): `neverOn` when no answer had
    /// come (hostile round on issue 41 after B16, Low 4: "put back" said of what was never on).
    func uninhibitNow() -> QuietSwitchPutBack {
        inhibitCall?.wanted = false
        // None held: a killed daemon's died with its connection.
        guard let connection = inhibiting else { return .neverOn }
        defer { closeInhibiting() }
        guard let cookie = inhibition else { return .neverOn }
        let reply = call(Self.serverName, "UnInhibit", [g_variant_new_uint32(cookie)!], replyType: nil, on: connection)
        if case .success(let values) = reply, let values { g_variant_unref(values) }
        return QuietSwitchPutBack(failure: reply.failure)
    }
}
