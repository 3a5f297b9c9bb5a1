import NudgeCore

/// A replacing kind's showings (the dose window's one notification) go to the server one at a
/// time: each waits until the one before it has the server's answer and its id is recorded,
/// so that it replaces that one. Sent together, the second would replace an id the first had
/// not yet been given: after a server restart (the store's id is the old server's) the
/// pre-alarm shown again and the alarm due at that instant became two notifications.
final class WindowQueue {
    /// Sends one showing; calls its argument once the server's answer is handled.
    typealias Send = (_ done: @escaping () -> Void) -> Void

    /// Kinds with a showing on its way, and what waits behind it, in order.
    private var waiting: [ReminderKind: [Send]] = [:]

    /// Sends now, or after the showings of `window` already on their way; without a window
    /// (a kind whose notifications do not replace one another), now.
    func enqueue(_ window: ReminderKind?, _ send: @escaping Send) {
        guard let window else { return send {} }
        if waiting[window] != nil {
            waiting[window]?.append(send)
        } else {
            waiting[window] = []
            send { [unowned self] in next(window) }
        }
    }

    private func next(_ window: ReminderKind) {
        guard var queue = waiting[window], !queue.isEmpty else {
            waiting[window] = nil
            return
        }
        let send = queue.removeFirst()
        waiting[window] = queue
        send { [unowned self] in next(window) }
    }
}
