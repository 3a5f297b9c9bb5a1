import Foundation

/// Sizes as file managers show them: SI units (1 kB = 1,000 bytes), one decimal above a kB.
public enum ByteCountText {
    public static func describe(_ bytes: Int) -> String {
        guard bytes >= 1000 else { return "\(bytes) B" }
        let units = ["kB", "MB", "GB", "TB"]
        var value = Double(bytes) / 1000
        var unit = 0
        while value >= 1000, unit < units.count - 1 {
            value /= 1000
            unit += 1
        }
        return String(format: "%.1f %@", value, units[unit])
    }
}
