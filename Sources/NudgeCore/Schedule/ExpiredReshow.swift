/// A notification the server let expire (close reason 1) without an answer is no answer: it is
/// shown again after `notify.reshow_minutes`, at most `limit` times, and then recorded as missed.
public enum ExpiredReshow {
    public static let limit = 3

    public static let minutes = SettingKey("notify.reshow_minutes", .integer(1...1440), default: "30")
}
