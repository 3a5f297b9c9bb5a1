import Synchronization
import Testing

@testable import NudgeSound

/// What only a sound needs is loaded by its first user and unloaded by its last, and loaded
/// again by the next sound.
struct LoadedWhileUsedTests {
    /// Counts loads and unloads of a library that is a number (which load it was).
    final class Loads: Sendable {
        let loaded = Atomic(0)
        let unloaded = Atomic(0)
        let fails: Bool

        init(fails: Bool = false) { self.fails = fails }

        func library() -> LoadedWhileUsed<Int> {
            LoadedWhileUsed(
                load: { [self] in
                    if fails { return .failure(SoundOutputProblem(description: "not installed")) }
                    return .success(loaded.add(1, ordering: .relaxed).newValue)
                },
                unload: { [self] _ in unloaded.add(1, ordering: .relaxed) })
        }
    }

    @Test func theLastUserUnloadsItAndTheNextLoadsItAgain() throws {
        let loads = Loads()
        let library = loads.library()
        #expect(library.held == nil)
        #expect(try library.acquire().get() == 1)
        #expect(try library.acquire().get() == 1, "a second user shares the first load")
        library.release()
        #expect(library.held == 1 && loads.unloaded.load(ordering: .relaxed) == 0, "one user still holds it")
        library.release()
        #expect(library.held == nil && loads.unloaded.load(ordering: .relaxed) == 1)
        #expect(try library.acquire().get() == 2, "loaded again")
        library.release()
        #expect(loads.loaded.load(ordering: .relaxed) == 2 && loads.unloaded.load(ordering: .relaxed) == 2)
    }

    @Test func aLibraryThatCannotBeLoadedIsHeldByNobody() {
        let loads = Loads(fails: true)
        let library = loads.library()
        #expect(throws: SoundOutputProblem(description: "not installed")) { try library.acquire().get() }
        #expect(library.held == nil && loads.unloaded.load(ordering: .relaxed) == 0)
    }
}
