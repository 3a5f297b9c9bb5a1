/// The medication a person names: one of DoseTap's ids (in any case, or by its name: `Adderall
/// XR` is `adderall_xr`), or with `--custom` any name under the rules of a symptom's name.
public enum MedicationName {
    public static let maximumLength = 100

    public static func resolve(_ typed: String, custom: Bool) throws(InputError) -> String {
        let name = TextInput.canonical(typed)
        let folded = name.lowercased()
        if let known = KnownMedication.all.first(where: { $0.id == folded || $0.displayName.lowercased() == folded }) {
            return known.id
        }
        guard custom else {
            throw InputError(
                "'\(TextInput.oneLine(name))' is not a medication DoseTap knows (\(KnownMedication.all.map(\.id).joined(separator: ", "))); to record it under this name: --custom"
            )
        }
        try TextInput.validateName(name, what: "medication name", example: "ibuprofen", limit: maximumLength)
        return name
    }
}

extension MedicationName {
    /// The name a medication taken by day is stored under: DoseTap's id for one it knows (by id
    /// or name, in any case), else the name as typed.
    public static func stored(_ name: String) -> String {
        (try? resolve(name, custom: false)) ?? TextInput.canonical(name)
    }
}
