import Synchronization

/// A library loaded by its first user and unloaded by its last: what only a sound needs is
/// resident only while one plays, not for the rest of a daemon's run after its first sound.
final class LoadedWhileUsed<Library: Sendable>: Sendable {
    private let load: @Sendable () -> Result<Library, SoundOutputProblem>
    private let unload: @Sendable (Library) -> Void
    private let users = Mutex<(count: Int, library: Library?)>((0, nil))

    init(
        load: @escaping @Sendable () -> Result<Library, SoundOutputProblem>,
        unload: @escaping @Sendable (Library) -> Void
    ) {
        self.load = load
        self.unload = unload
    }

    /// The library for one more user, loaded by the first; why not, when it cannot be loaded.
    /// Each success is paired with one `release()`.
    func acquire() -> Result<Library, SoundOutputProblem> {
        users.withLock { users in
            if let library = users.library {
                users.count += 1
                return .success(library)
            }
            let loaded = load()
            if case .success(let library) = loaded { users = (1, library) }
            return loaded
        }
    }

    /// One user is done with the library; the last one unloads it (and is told so).
    @discardableResult
    func release() -> Bool {
        users.withLock { users in
            users.count -= 1
            guard users.count == 0, let library = users.library else { return false }
            users.library = nil
            unload(library)
            return true
        }
    }

    /// The library while a user holds it: between an `acquire()` and its `release()`.
    var held: Library? { users.withLock { $0.library } }
}
