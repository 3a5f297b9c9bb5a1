/// The medication a person names: one of DoseTap's ids (in any case, or by its name: `Adderall
/// XR` is `adderall_xr`), or with `--custom` any name under the rules of a symptom's name.
public enum MedicationName {
    public static let maximumLength = 100

    public static func resolve(_ typed: String, custom: Bool) throws(InputError) -> String {
        // Spaces at the ends are no part of a name, as a contact's are not: `'LITHIUM '` was a
        // second medication beside `Lithium`, with its own reminders (hostile round on issue 40
        // after A15/D15, High 2).
        let name = TextInput.singleSpaced(TextInput.canonical(typed))
        let folded = name.lowercased()
        if let known = KnownMedication.all.first(where: { $0.id == folded || $0.displayName.lowercased() == folded }) {
            return known.id
        }
        guard custom else { throw unknown(name) }
        try TextInput.validateName(name, what: "medication name", example: "ibuprofen", limit: maximumLength)
        return name
    }

    /// The refusal of a name DoseTap does not know: the ids a slip away from it, else all.
    private static func unknown(_ name: String) -> InputError {
        let shown = "'\(TextInput.oneLine(name))' is not a medication DoseTap knows"
        let near = nearest(name)
        guard let last = near.last else {
            let all = KnownMedication.all.map(\.id).joined(separator: ", ")
            return InputError("\(shown) (\(all)); to record it under this name: --custom")
        }
        let ids = near.count == 1 ? last : near.dropLast().joined(separator: ", ") + " or " + last
        return InputError("\(shown); did you mean \(ids)? (another medication under this name: --custom)")
    }

    /// The ids DoseTap knows a slip away from `typed`, by id or name in any case, with every
    /// other the slip begins (`adderal` is one letter from Adderall and begins Adderall XR too:
    /// a suggestion never picks one formulation for another); none past three, which is no slip.
    static func nearest(_ typed: String) -> [String] {
        let folded = TextInput.canonical(typed).lowercased()
        let words = KnownMedication.all.flatMap { known in
            Set([known.id, known.displayName.lowercased()]).map { ($0, known.id) }
        }
        let near = Set(NearestWords.to(folded, among: words.map(\.0)))
        guard !near.isEmpty else { return [] }
        let ids = KnownMedication.all.map(\.id).filter { id in
            words.contains { $0.1 == id && (near.contains($0.0) || $0.0.hasPrefix(folded)) }
        }
        return ids.count <= 3 ? ids : []
    }
}

extension MedicationName {
    /// Whether two names are one medication's: in any case, and their words one space apart
    /// (`TextInput.singleSpaced`), so that DoseTap's `Sleep  aid` is the `Sleep aid` typed.
    public static func same(_ name: String, _ other: String) -> Bool { folded(name) == folded(other) }

    /// A name as `same` compares it.
    public static func folded(_ name: String) -> String {
        TextInput.singleSpaced(TextInput.canonical(name)).lowercased()
    }

    /// The name a medication taken by day is stored under: DoseTap's id for one it knows (by id
    /// or name, in any case), else the name as typed, single-spaced.
    public static func stored(_ name: String) -> String {
        (try? resolve(name, custom: false)) ?? TextInput.singleSpaced(TextInput.canonical(name))
    }
}
