/// The medications DoseTap knows by id (its `MedicationConfig`), with the formulation it
/// records for each in `medication_events.formulation`: `ir`, `xr` or `liquid`. A name it does
/// not know is recorded as `ir`, as DoseTap records one.
public struct KnownMedication: Sendable, Equatable {
    public var id: String
    public var displayName: String
    public var formulation: String
    public var defaultDoseMg: Int

    public static let all: [KnownMedication] = [
        .init(id: "adderall_ir", displayName: "Adderall", formulation: "ir", defaultDoseMg: 10),
        .init(id: "adderall_xr", displayName: "Adderall XR", formulation: "xr", defaultDoseMg: 20),
        .init(id: "ritalin_ir", displayName: "Ritalin", formulation: "ir", defaultDoseMg: 10),
        .init(id: "ritalin_la", displayName: "Ritalin LA", formulation: "xr", defaultDoseMg: 20),
        .init(id: "concerta", displayName: "Concerta", formulation: "xr", defaultDoseMg: 36),
        .init(id: "vyvanse", displayName: "Vyvanse", formulation: "xr", defaultDoseMg: 30),
        .init(id: "dexedrine", displayName: "Dexedrine", formulation: "ir", defaultDoseMg: 10),
        .init(id: "modafinil", displayName: "Modafinil", formulation: "ir", defaultDoseMg: 200),
        .init(id: "provigil", displayName: "Provigil", formulation: "ir", defaultDoseMg: 200),
        .init(id: "armodafinil", displayName: "Armodafinil", formulation: "ir", defaultDoseMg: 150),
        .init(id: "nuvigil", displayName: "Nuvigil", formulation: "ir", defaultDoseMg: 150),
        .init(id: "sunosi", displayName: "Sunosi", formulation: "ir", defaultDoseMg: 75),
        .init(id: "wakix", displayName: "Wakix", formulation: "ir", defaultDoseMg: 35),
        .init(id: "xywav", displayName: "XYWAV", formulation: "liquid", defaultDoseMg: 4500),
        .init(id: "xyrem", displayName: "Xyrem", formulation: "liquid", defaultDoseMg: 4500),
        .init(id: "lumryz", displayName: "Lumryz", formulation: "xr", defaultDoseMg: 6000),
    ]

    public static func named(_ id: String) -> KnownMedication? { all.first { $0.id == id } }

    /// DoseTap's duplicate guard: a second entry of one medication fewer than this many whole
    /// minutes from another asks before it is recorded (DoseTap asks in one session; nudge
    /// whatever the sessions, which a changed rollover hour can split).
    public static let duplicateGuardMinutes = 5
}
