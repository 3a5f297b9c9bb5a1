import Dispatch
import Foundation
import NudgeCore
import NudgeReports
import NudgeStore
import Synchronization

/// The foreground of `nudge meditate`: the time left until the daemon records the end, redrawn
/// each second on a terminal (by a carriage return alone on one that takes no escape sequence),
/// a plain line a minute otherwise. It only shows: the daemon keeps
/// the time. Ctrl-C ends the session early; a closed terminal or SIGTERM ends only the display.
public struct Countdown {
    public var session: MeditationSession
    public var store: Store
    public var context: CommandContext

    public init(session: MeditationSession, store: Store, context: CommandContext) {
        (self.session, self.store, self.context) = (session, store, context)
    }

    /// How long after the end instant it waits for the daemon to record it.
    public static let recordingGrace: TimeInterval = 30

    public func run() throws {
        let signals = SignalWatch([SIGINT, SIGTERM, SIGHUP])
        var lastLine: String?
        while true {
            let now = context.now
            if let signal = signals.received {
                if context.environment.isTerminal { context.environment.output("\n") }
                guard signal == SIGINT else {
                    return context.environment.errors(
                        "nudge: the display ended; the daemon keeps the session's time (nudge meditate status)\n")
                }
                return try MeditationSessions.stop(store, context)
            }
            guard let current = try current() else {
                if context.environment.isTerminal { context.environment.output("\n") }
                return context.print("the session was ended elsewhere")
            }
            if !current.isRunning {
                if context.environment.isTerminal { context.environment.output("\n") }
                return context.print(CountdownText.ending(current))
            }
            if now > current.endsAt.addingTimeInterval(Self.recordingGrace) {
                if context.environment.isTerminal { context.environment.output("\n") }
                throw CommandFailure(
                    "the session's time is up but no daemon recorded it; it is recorded as completed when one runs (nudge daemon)",
                    exitCode: 1)
            }
            let line = CountdownText.line(current, now: now, terminal: context.environment.isTerminal)
            if context.environment.isTerminal {
                context.environment.output(
                    CountdownText.redrawn(line, over: lastLine, escapes: context.environment.takesEscapes))
            } else if line != lastLine {
                context.print(line)
            }
            lastLine = line
            // Wakes at the next whole second of the session, or at once for a signal.
            let untilTick = 1 - now.timeIntervalSince(current.startedAt).truncatingRemainder(dividingBy: 1)
            signals.wait(seconds: untilTick > 0 ? untilTick : 1)
        }
    }

    private func current() throws -> MeditationSession? {
        switch try store.run({ try $0.meditation(matching: session.id) }) {
        case .found(let found): found
        case .none, .ambiguous: nil
        }
    }
}

/// Signals taken from their default action (which would end the process) and reported instead.
/// The sources are only kept alive after `init`.
final class SignalWatch: @unchecked Sendable {
    private let semaphore = DispatchSemaphore(value: 0)
    private let got = Atomic<Int32>(0)
    private let sources: [any DispatchSourceSignal]

    init(_ signals: [Int32]) {
        var sources: [any DispatchSourceSignal] = []
        for number in signals {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            sources.append(source)
        }
        self.sources = sources
        for (source, number) in zip(sources, signals) {
            source.setEventHandler { [self] in
                got.store(number, ordering: .releasing)
                semaphore.signal()
            }
            source.resume()
        }
    }

    /// The first signal received, if any.
    var received: Int32? {
        let number = got.load(ordering: .acquiring)
        return number == 0 ? nil : number
    }

    func wait(seconds: TimeInterval) {
        _ = semaphore.wait(timeout: .now() + seconds)
    }
}
