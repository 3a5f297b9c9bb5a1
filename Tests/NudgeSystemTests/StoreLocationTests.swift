import NudgeSystem
import Testing

/// Where the store is, as every command and the daemon find it.
struct StoreLocationTests {
    @Test func locationFollowsOptionThenEnvironmentThenXDG() {
        #expect(StoreLocation.resolve(option: "/a.sqlite", environment: ["NUDGE_STORE": "/b.sqlite"]) == "/a.sqlite")
        #expect(
            StoreLocation.resolve(option: nil, environment: ["NUDGE_STORE": "/b.sqlite", "XDG_DATA_HOME": "/x"])
                == "/b.sqlite")
        #expect(
            StoreLocation.resolve(option: nil, environment: ["XDG_DATA_HOME": "/x", "HOME": "/h"])
                == "/x/nudge/nudge.sqlite")
        #expect(StoreLocation.resolve(option: nil, environment: ["HOME": "/h"]) == "/h/.local/share/nudge/nudge.sqlite")
    }
}
