import NudgeCore
import Testing

/// `nudge ack` takes a button's label as a person types it at 3 a.m.: any case, no
/// apostrophe, `an` for 1; `ack 3 'im awake'` and `ack 1 'remind me in an hour'` were refused.
struct LooseAnswerTests {
    let offered = OfferedAnswers(
        rule: ["done", "snooze"],
        content: NotificationContent(
            title: "How are you feeling?", body: "",
            actions: [
                NotificationAction(key: "done", label: "Nothing else today"),
                NotificationAction(key: "snooze", label: "Remind me in 1 hour"),
            ], category: "symptom"))

    @Test func aLabelTypedLooselyNamesItsAnswer() {
        #expect(offered.id(named: "remind me in an hour") == "snooze")
        #expect(offered.id(named: "  Remind  me in 1 HOUR ") == "snooze")
        #expect(offered.id(named: "nothing else today") == "done")
        #expect(offered.id(named: "remind me later") == nil)
    }

    @Test func imAwakeIsIAmAwake() {
        #expect(OfferedAnswers.isAwake("im awake"))
        #expect(OfferedAnswers.isAwake("I’m Awake"))
        #expect(!OfferedAnswers.isAwake("awake later"))
    }
}
