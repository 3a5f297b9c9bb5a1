import Foundation
import GRDB

/// A row's content as a number (FNV-1a, 32 bits, over each value's type and bytes), summed over
/// the rows a restore's account counts: 32 bits, so that a sum over any table stays within
/// SQLite's integers. A fingerprint, not a proof: it tells an edit made while a person was
/// asked from none.
enum RowHash {
    static let name = "nudge_row_hash"

    static let function = DatabaseFunction(name, argumentCount: nil, pure: true) { values in
        var hash: UInt32 = 2_166_136_261
        func mix(_ byte: UInt8) { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
        for value in values {
            switch value.storage {
            case .null: mix(0)
            case .int64(let number):
                mix(1)
                withUnsafeBytes(of: number.littleEndian) { $0.forEach(mix) }
            case .double(let number):
                mix(2)
                withUnsafeBytes(of: number.bitPattern.littleEndian) { $0.forEach(mix) }
            case .string(let text):
                mix(3)
                text.utf8.forEach(mix)
            case .blob(let data):
                mix(4)
                data.forEach(mix)
            }
            // Between values: ("ab", "c") is not ("a", "bc").
            mix(0xFF)
        }
        return Int64(hash)
    }
}
