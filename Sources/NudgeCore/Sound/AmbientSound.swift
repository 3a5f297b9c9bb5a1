import Foundation

/// A sound under a span of time, as a setting or `nudge meditate --ambient` names it: a noise
/// made on the fly, or a file played in a loop.
public enum AmbientSound: Sendable, Equatable, CustomStringConvertible {
    case noise(Noise)
    case file(String)

    public enum Noise: String, Sendable, CaseIterable {
        case brown = "brown-noise"
        case pink = "pink-noise"
        case white = "white-noise"
    }

    /// `brown-noise` or `/home/me/rain.ogg`; nil for `none` or empty.
    public init?(setting: String) {
        guard !setting.isEmpty, setting != "none" else { return nil }
        if setting.hasPrefix("/") {
            self = .file(setting)
        } else if let noise = Noise(rawValue: setting) {
            self = .noise(noise)
        } else {
            return nil
        }
    }

    public var description: String {
        switch self {
        case .noise(let noise): noise.rawValue
        case .file(let path): path
        }
    }

    /// What a person may type.
    public static let accepted = "none, brown-noise, pink-noise, white-noise, or a sound file's absolute path"

    /// The canonical stored text for an input, or nil when the input is not accepted.
    public static func canonical(_ input: String) -> String? {
        let text = input.trimmingCharacters(in: .whitespaces)
        if text.hasPrefix("/") {
            return text.unicodeScalars.contains { $0.properties.generalCategory == .control } ? nil : text
        }
        let name = text.lowercased()
        return name == "none" || Noise(rawValue: name) != nil ? name : nil
    }
}

/// An ambient sound playing through a span: from `from` until `until`, fading out over the last
/// `fadeSeconds` so that what ends the span stands clear. `key` names the span: the same key
/// with the same sound is the same playing.
public struct Ambience: Sendable, Equatable {
    public var key: String
    public var sound: AmbientSound
    /// 1 to 100.
    public var volume: Int
    public var from: Date
    public var until: Date

    public static let fadeSeconds: TimeInterval = 10

    public init(key: String, sound: AmbientSound, volume: Int, from: Date, until: Date) {
        self.key = key
        self.sound = sound
        self.volume = volume
        self.from = from
        self.until = until
    }
}
