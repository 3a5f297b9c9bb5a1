/// The UTC offset and abbreviation a time zone has in force at any instant, from the system's
/// own time-zone database (a TZif file, RFC 8536) or a POSIX TZ rule.
///
/// nudge reads /usr/share/zoneinfo itself rather than through Foundation's `TimeZone`: that
/// one answers from the ICU data compiled into the toolchain, which does not follow the
/// system's tzdata updates when a country changes its clocks, and costs 2 MB resident.
public struct ZoneRules: Sendable, Equatable {
    /// The zone's name (`Europe/Paris`), or what TZ said.
    public let identifier: String
    /// Instants (seconds since the epoch, ascending) at which `kinds[kindAfter[i]]` begins.
    private let transitions: [Int64]
    private let kindAfter: [UInt8]
    private let kinds: [PosixZoneRule.Kind]
    /// What is in force after the last transition, when the file says.
    let footer: PosixZoneRule?

    public static let utc = ZoneRules(identifier: "UTC", rule: PosixZoneRule("UTC0")!)

    public init(identifier: String, rule: PosixZoneRule) {
        self.identifier = identifier
        transitions = []
        kindAfter = []
        kinds = [rule.standard]
        footer = rule.daylight == nil ? nil : rule
    }

    /// Parses a TZif file (any version; the 64-bit data of version 2 and later when present).
    public init(identifier: String, tzif bytes: [UInt8]) throws(ZoneRulesError) {
        self.identifier = identifier
        var reader = TZifReader(bytes: bytes)
        var header = try reader.header()
        if header.version >= 2 {
            // Skip the 32-bit block: the 64-bit one that follows covers all of time.
            try reader.skip(header.blockSize(timeSize: 4))
            header = try reader.header()
            guard header.version >= 2 else { throw .malformed("the second header is not version 2 or later") }
        }
        let timeSize = header.version >= 2 ? 8 : 4
        let transitions = try reader.transitions(header.transitions, timeSize: timeSize)
        let kindAfter = try reader.bytes(header.transitions)
        let rawKinds = try reader.kinds(header.kinds)
        let characters = try reader.bytes(header.abbreviationBytes)
        try reader.skip(header.leapSeconds * (timeSize + 4) + header.standardIndicators + header.utIndicators)
        guard kindAfter.allSatisfy({ Int($0) < rawKinds.count }), !rawKinds.isEmpty else {
            throw .malformed("a transition names a local time type the file does not have")
        }
        guard zip(transitions, transitions.dropFirst()).allSatisfy({ $0 < $1 }) else {
            throw .malformed("its transitions are not in ascending order")
        }
        kinds = rawKinds.map { kind in
            let tail = characters.dropFirst(kind.abbreviationIndex)
            let name = tail.prefix { $0 != 0 }
            return PosixZoneRule.Kind(offset: kind.offset, abbreviation: String(decoding: name, as: UTF8.self))
        }
        self.transitions = transitions
        self.kindAfter = kindAfter
        if header.version >= 2, let text = reader.footer(), !text.isEmpty {
            guard let rule = PosixZoneRule(text) else { throw .malformed("its footer '\(text)' is not a TZ rule") }
            footer = rule
        } else {
            footer = nil
        }
    }

    /// The file's transitions, for checking its footer rule against them.
    var transitionInstants: [Int] { transitions.map(Int.init) }

    /// Seconds east of UTC in force at an instant (seconds since the epoch).
    public func offset(at instant: Int) -> Int { kind(at: instant).offset }

    /// What a clock in this zone calls its time at an instant: CET, EDT, +0545.
    public func abbreviation(at instant: Int) -> String { kind(at: instant).abbreviation }

    private func kind(at instant: Int) -> PosixZoneRule.Kind {
        guard let last = transitions.last else { return footer?.kind(at: instant) ?? kinds[0] }
        if Int64(instant) >= last, let footer { return footer.kind(at: instant) }
        // The last transition at or before the instant; before the first, the first kind.
        var low = 0
        var high = transitions.count
        while low < high {
            let middle = (low + high) / 2
            if transitions[middle] <= Int64(instant) { low = middle + 1 } else { high = middle }
        }
        return low == 0 ? kinds[0] : kinds[Int(kindAfter[low - 1])]
    }
}

public enum ZoneRulesError: Error, Equatable, CustomStringConvertible {
    case malformed(String)

    public var description: String {
        switch self {
        case .malformed(let reason): "not a usable TZif file: \(reason)"
        }
    }
}

/// Big-endian fields of a TZif file, read front to back.
private struct TZifReader {
    struct Header {
        var version: Int
        var utIndicators: Int
        var standardIndicators: Int
        var leapSeconds: Int
        var transitions: Int
        var kinds: Int
        var abbreviationBytes: Int

        func blockSize(timeSize: Int) -> Int {
            transitions * (timeSize + 1) + kinds * 6 + abbreviationBytes + leapSeconds * (timeSize + 4)
                + standardIndicators
                + utIndicators
        }
    }

    let bytes: [UInt8]
    var index = 0

    mutating func header() throws(ZoneRulesError) -> Header {
        guard try self.bytes(4) == Array("TZif".utf8) else { throw .malformed("it does not begin with TZif") }
        let versionByte = try self.bytes(1)[0]
        let version = versionByte == 0 ? 1 : Int(versionByte) - Int(UInt8(ascii: "0"))
        guard (1...9).contains(version) else { throw .malformed("unknown version byte \(versionByte)") }
        try skip(15)
        var counts: [Int] = []
        for _ in 0..<6 {
            let count = try signed(size: 4)
            guard count >= 0, count < 1 << 20 else { throw .malformed("a count of \(count)") }
            counts.append(Int(count))
        }
        return Header(
            version: version, utIndicators: counts[0], standardIndicators: counts[1], leapSeconds: counts[2],
            transitions: counts[3],
            kinds: counts[4], abbreviationBytes: counts[5])
    }

    mutating func bytes(_ count: Int) throws(ZoneRulesError) -> [UInt8] {
        guard count <= bytes.count - index else { throw .malformed("it ends early") }
        defer { index += count }
        return Array(bytes[index..<index + count])
    }

    mutating func skip(_ count: Int) throws(ZoneRulesError) {
        guard count <= bytes.count - index else { throw .malformed("it ends early") }
        index += count
    }

    mutating func signed(size: Int) throws(ZoneRulesError) -> Int64 {
        let field = try bytes(size)
        let unsigned = field.reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        return size == 8 ? Int64(bitPattern: unsigned) : Int64(Int32(bitPattern: UInt32(truncatingIfNeeded: unsigned)))
    }

    /// The transition instants (seconds since the epoch), in the file's order.
    mutating func transitions(_ count: Int, timeSize: Int) throws(ZoneRulesError) -> [Int64] {
        var transitions: [Int64] = []
        transitions.reserveCapacity(count)
        for _ in 0..<count { transitions.append(try signed(size: timeSize)) }
        return transitions
    }

    /// The local time types: each one's offset from UTC, and where its abbreviation starts.
    mutating func kinds(_ count: Int) throws(ZoneRulesError) -> [(offset: Int, abbreviationIndex: Int)] {
        var kinds: [(offset: Int, abbreviationIndex: Int)] = []
        for _ in 0..<count {
            let offset = Int(try signed(size: 4))
            _ = try bytes(1)  // is DST: the offset says all a wall clock needs
            let index = Int(try bytes(1)[0])
            kinds.append((offset, index))
        }
        return kinds
    }

    /// The text between the two newlines that end a version 2+ file.
    mutating func footer() -> String? {
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\n") else { return nil }
        let rest = bytes[(index + 1)...]
        guard let end = rest.firstIndex(of: UInt8(ascii: "\n")) else { return nil }
        return String(decoding: rest[..<end], as: UTF8.self)
    }
}
