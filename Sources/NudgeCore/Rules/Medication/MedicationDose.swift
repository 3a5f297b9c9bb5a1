/// A dose as `--dose` takes it: a whole number of milligrams with its unit (`100mg`, `100 mg`),
/// or grams that make whole milligrams (`4.5g`), since DoseTap records `dose_mg` as a whole
/// number with the unit `mg`.
public struct MedicationDose: Sendable, Equatable {
    public var milligrams: Int

    public init(milligrams: Int) { self.milligrams = milligrams }

    /// A dose as a person says it: `200 mg`, and in grams where it is whole tenths of a gram
    /// from 1 g on (`4.5 g`, as `--dose 4.5g` is typed; not `4500 mg`).
    public static func text(_ milligrams: Int) -> String {
        guard milligrams >= 1000, milligrams % 100 == 0 else { return "\(milligrams) mg" }
        let (grams, tenths) = milligrams.quotientAndRemainder(dividingBy: 1000)
        return tenths == 0 ? "\(grams) g" : "\(grams).\(tenths / 100) g"
    }

    /// DoseTap's largest dose is 9 g (sodium oxybate); ten times that is no dose of anything.
    public static let largest = 100_000

    public static func parse(_ text: String) throws(InputError) -> MedicationDose {
        let compact = text.filter { $0 != " " }.lowercased()
        let refusal = InputError(
            "--dose '\(text)' is not a dose; give a positive amount with its unit: 100mg, 4.5g")
        let unit: (suffix: String, milligrams: Double)? =
            compact.hasSuffix("mg") ? ("mg", 1) : compact.hasSuffix("g") ? ("g", 1000) : nil
        guard let unit, let amount = Double(compact.dropLast(unit.suffix.count)),
            compact.dropLast(unit.suffix.count).allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") })
        else { throw refusal }
        let milligrams = amount * unit.milligrams
        guard milligrams > 0, milligrams <= Double(largest), milligrams.rounded() == milligrams else {
            throw InputError(
                "--dose '\(text)' is not a dose; give a positive whole number of milligrams up to 100g: 100mg, 4.5g")
        }
        return MedicationDose(milligrams: Int(milligrams))
    }
}
