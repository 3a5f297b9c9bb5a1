import Foundation
import NudgeSystem
import Testing

@testable import NudgeDaemon

/// In-process daemons come and go side by side in one test process: a signal pipe closes its own
/// two ends and nothing else, and a signal reaches the newest. One test at a time: a pipe made
/// by the other would be the newest, and get the signal.
@Suite(.serialized) struct SignalPipeTests {
    @Test func aPipeThatGoesClosesOnlyItsOwnEnds() throws {
        var older: SignalPipe? = try SignalPipe()
        var newer: SignalPipe? = try SignalPipe()
        raise(SIGHUP)
        #expect(newer?.consume() == [SignalPipe.Received(number: SIGHUP, value: nil)])
        older = nil
        // The lowest free numbers: the older pipe's, unless its deinit closed one of the newer's.
        let files = (0..<2).map { _ in open("/dev/null", O_RDONLY | O_CLOEXEC) }
        defer { for file in files { close(file) } }
        newer = nil
        #expect(older == nil && newer == nil)
        for file in files {
            #expect(fcntl(file, F_GETFD) != -1, "descriptor \(file) was closed by a signal pipe that did not own it")
        }
    }

    /// `nudge ack ID awake` sends SIGUSR1 with the delivery's id (sigqueue): the pipe carries the
    /// id with the signal; one sent by kill carries none.
    @Test func aQueuedSignalCarriesItsNumber() throws {
        let pipe = try SignalPipe()
        #expect(DaemonLock.sendAwake(to: getpid(), deliveryID: 4321))
        var ready = pollfd(fd: pipe.descriptor, events: Int16(POLLIN), revents: 0)
        #expect(poll(&ready, 1, 10_000) == 1)
        #expect(pipe.consume() == [SignalPipe.Received(number: SIGUSR1, value: 4321)])
        raise(SIGUSR1)
        #expect(pipe.consume() == [SignalPipe.Received(number: SIGUSR1, value: nil)])
    }
}
