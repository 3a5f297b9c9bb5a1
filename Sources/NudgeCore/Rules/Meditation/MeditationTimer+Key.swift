import Foundation

extension MeditationTimer {
    /// What one of its keys is about.
    enum Key: Equatable {
        case start(session: String)
        case bell(session: String, number: Int)
        case end(session: String)
        case interrupted(session: String)
        case practice(day: CivilDate)

        init?(_ key: String) {
            let parts = key.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
            guard parts.count >= 3, parts[0] == "meditation" else { return nil }
            if parts[1] == "practice", parts.count == 3, let day = CivilDate(iso: parts[2]) {
                self = .practice(day: day)
                return
            }
            switch (parts[2], parts.count) {
            case ("start", 3): self = .start(session: parts[1])
            case ("end", 3): self = .end(session: parts[1])
            case ("interrupted", 3): self = .interrupted(session: parts[1])
            case ("bell", 4):
                guard let number = Int(parts[3]) else { return nil }
                self = .bell(session: parts[1], number: number)
            default: return nil
            }
        }

        var text: String {
            switch self {
            case .start(let session): "meditation:\(session):start"
            case .bell(let session, let number): "meditation:\(session):bell:\(number)"
            case .end(let session): "meditation:\(session):end"
            case .interrupted(let session): "meditation:\(session):interrupted"
            case .practice(let day): "meditation:practice:\(day)"
            }
        }

        var session: String? {
            switch self {
            case .start(let session), .bell(let session, _), .end(let session), .interrupted(let session): session
            case .practice: nil
            }
        }

        var title: String {
            switch self {
            case .start: "Start bell"
            case .bell: "Interval bell"
            case .end: MeditationTimer.completeTitle
            case .interrupted: MeditationTimer.interruptedTitle
            case .practice: MeditationTimer.practiceTitle
            }
        }
    }
}
