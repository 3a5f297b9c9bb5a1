import NudgeCore
import Testing

/// A line nudge prints for a person to run names the store it acts on and quotes every path
/// (hostile round 18 on issue 39: a restore line without `--store`, run as shown, put another
/// store's backup in place of the default store; `rm` of a backup named `old me.sqlite` would
/// have removed `old` and `me.sqlite`).
struct NudgeLineTests {
    @Test func aRestoreLineNamesItsStoreAndQuotesItsPaths() {
        #expect(
            NudgeLine.restore("/tmp/a b/(copy).sqlite", into: "/home/sam/nudge.sqlite")
                == "nudge --store /home/sam/nudge.sqlite restore '/tmp/a b/(copy).sqlite' --yes")
        #expect(
            NudgeLine.on("/tmp/Sam's store/n.sqlite", "backup") == #"nudge --store "/tmp/Sam's store/n.sqlite" backup"#)
    }
}
