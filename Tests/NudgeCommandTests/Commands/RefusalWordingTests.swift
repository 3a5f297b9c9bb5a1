import Foundation
import NudgeTestSupport
import Testing

/// Refusals in one clean sentence that names what was given where it was given: a path said
/// once, and a store named by the variable it came from.
@Suite struct RefusalWordingTests: CommandScenario {
    let directory = TemporaryDirectory()

    @Test func aSoundThatIsNoRegularFileIsNamedOnce() throws {
        let fifo = directory.file("rain.ogg")
        #expect(mkfifo(fifo, 0o600) == 0)
        try expectRefusal(
            ["meditate", "30s", "--ambient", fifo, "--detach"],
            mentioning: "nudge: --ambient '\(fifo)' is not a regular file (it is a FIFO); give a sound file\n")
    }

    /// NUDGE_STORE is set once and forgotten: a refusal of its store names it, and the fix
    /// changes it; `--store` was just typed, and its refusal stays as it was.
    @Test func aStoreFromNudgeStoreIsNamedSo() throws {
        var environment = environment
        environment["NUDGE_STORE"] = directory.path
        let fromVariable = InProcessNudge.run(["settings"], environment: environment)
        #expect(
            fromVariable.status == 66
                && fromVariable.stderr
                    == "nudge: cannot open the store \(directory.path) (from NUDGE_STORE): it is a directory; set NUDGE_STORE to another store's path, or choose one with --store PATH\n",
            "\(fromVariable)")
        let fromOption = InProcessNudge.run(["settings", "--store", directory.path], environment: environment)
        #expect(
            fromOption.status == 66
                && fromOption.stderr
                    == "nudge: cannot open the store \(directory.path): it is a directory; choose another store with --store PATH\n",
            "\(fromOption)")
    }
}
