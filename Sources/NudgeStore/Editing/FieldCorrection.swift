/// A field a person corrects, or leaves as stored: a correction writes only the columns it
/// names, so a value another program wrote in a shape nudge would not accept survives an edit of
/// the row's other fields.
public enum FieldCorrection<Value: Sendable>: Sendable {
    case keep
    case set(Value)
}

extension FieldCorrection where Value == String? {
    /// Text as an option gives it: absent keeps what is stored, empty removes it.
    public init(option text: String?) {
        guard let text else {
            self = .keep
            return
        }
        self = .set(text.isEmpty ? nil : text)
    }
}
