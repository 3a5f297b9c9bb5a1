#if canImport(Glibc)
    import Glibc
#endif

/// A poll(2) loop over named sources, as sd-event has them: each descriptor registers the
/// handler that reads it. Handlers run in registration order when several are ready at once.
final class EventLoop {
    /// What a handler asks of the loop.
    enum Next {
        case `continue`
        case stop
    }

    private struct Source {
        var name: String
        /// Read before each wait: a source may come and go (a child's pidfd); -1 is ignored.
        var descriptor: () -> Int32
        var handle: () throws(DaemonError) -> Next
    }

    private var sources: [Source] = []

    /// Registers a source; its handler runs whenever the descriptor is readable.
    func add(_ name: String, descriptor: Int32, handle: @escaping () throws(DaemonError) -> Next) {
        sources.append(Source(name: name, descriptor: { descriptor }, handle: handle))
    }

    /// Registers a source whose descriptor changes: read before each wait, -1 for none now.
    func add(
        _ name: String, descriptorNow: @escaping () -> Int32, handle: @escaping () throws(DaemonError) -> Next
    ) {
        sources.append(Source(name: name, descriptor: descriptorNow, handle: handle))
    }

    /// Sleeps until a source is readable and runs its handler, until one asks to stop. No
    /// timeout: the timerfd among the sources is the only clock this loop has.
    func run() throws(DaemonError) {
        while true {
            var descriptors = sources.map { pollfd(fd: $0.descriptor(), events: Int16(POLLIN), revents: 0) }
            guard poll(&descriptors, nfds_t(descriptors.count), -1) >= 0 || errno == EINTR else {
                throw .system("poll", errno)
            }
            for (index, source) in sources.enumerated() where descriptors[index].revents != 0 {
                if try source.handle() == .stop { return }
            }
        }
    }
}
