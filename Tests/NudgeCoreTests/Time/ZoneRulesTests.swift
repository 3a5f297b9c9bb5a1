import Foundation
import NudgeTestSupport
import Testing

@testable import NudgeCore

struct ZoneRulesTests {
    private func at(_ text: String) -> Int { Int(Timestamp.parse(text)!.timeIntervalSince1970) }

    @Test func posixRuleChangesAtTheLocalTimesItNames() throws {
        let paris = try #require(PosixZoneRule("CET-1CEST,M3.5.0,M10.5.0/3"))
        #expect(paris.kind(at: at("2026-03-29T00:59:59Z")) == .init(offset: 3600, abbreviation: "CET"))
        #expect(paris.kind(at: at("2026-03-29T01:00:00Z")) == .init(offset: 7200, abbreviation: "CEST"))
        #expect(paris.kind(at: at("2026-10-25T00:59:59Z")).abbreviation == "CEST")
        #expect(paris.kind(at: at("2026-10-25T01:00:00Z")).abbreviation == "CET")
        // Southern summer: daylight time spans the turn of the year.
        let sydney = try #require(PosixZoneRule("AEST-10AEDT,M10.1.0,M4.1.0/3"))
        #expect(sydney.kind(at: at("2026-01-15T00:00:00Z")).offset == 11 * 3600)
        #expect(sydney.kind(at: at("2026-06-15T00:00:00Z")).offset == 10 * 3600)
        #expect(sydney.kind(at: at("2026-04-04T15:59:59Z")).offset == 11 * 3600)
        #expect(sydney.kind(at: at("2026-04-04T16:00:00Z")).offset == 10 * 3600)
    }

    @Test func posixRuleExtensionsOfRFC8536() throws {
        let kathmandu = try #require(PosixZoneRule("<+0545>-5:45"))
        #expect(kathmandu.kind(at: 0) == .init(offset: 20700, abbreviation: "+0545"))
        // Daylight time all year: the end (Dec 31, 25:00 daylight) meets the next start.
        let always = try #require(PosixZoneRule("EST5EDT,0/0,J365/25"))
        for instant in [at("2026-01-01T05:00:00Z"), at("2026-07-01T00:00:00Z"), at("2026-12-31T23:59:59Z")] {
            #expect(always.kind(at: instant).abbreviation == "EDT")
        }
        // Greenland: changes at -1:00 and 0:00 local.
        let nuuk = try #require(PosixZoneRule("<-02>2<-01>,M3.5.0/-1,M10.5.0/0"))
        #expect(nuuk.kind(at: at("2026-03-29T00:59:59Z")).offset == -7200)
        #expect(nuuk.kind(at: at("2026-03-29T01:00:00Z")).offset == -3600)
        // No rules: the US rules, as tzcode and glibc assume.
        let us = try #require(PosixZoneRule("EST5EDT"))
        #expect(us.kind(at: at("2026-03-08T06:59:59Z")).abbreviation == "EST")
        #expect(us.kind(at: at("2026-03-08T07:00:00Z")).abbreviation == "EDT")
    }

    @Test(arguments: [
        "", "ES5", "EST", "EST5EDT,M13.1.0,M11.1.0", "EST5EDT,M3.2.0", "EST5EDT,M3.6.0,M11.1.0", "<AB>5", "EST25",
        "EST5 ",
    ])
    func refusesMalformedRules(_ text: String) {
        #expect(PosixZoneRule(text) == nil)
    }

    @Test func refusesWhatIsNotTZif() {
        #expect(throws: ZoneRulesError.self) { try ZoneRules(identifier: "x", tzif: Array("not a zone".utf8)) }
        let london = [UInt8](FileManager.default.contents(atPath: "/usr/share/zoneinfo/Europe/London")!)
        #expect(throws: ZoneRulesError.self) { try ZoneRules(identifier: "x", tzif: Array(london.prefix(300))) }
        // A whole, well-formed file that is not TZif is refused for that, not for its length.
        var renamed = london
        renamed.replaceSubrange(0..<4, with: Array("TZix".utf8))
        #expect(throws: ZoneRulesError.malformed("it does not begin with TZif")) {
            try ZoneRules(identifier: "x", tzif: renamed)
        }
    }

    /// A TZif file has both the transitions zic computed and the rule it computed them from: for
    /// every zone of the system's database, the rule gives the same offsets at every transition
    /// from 2027 to 2037 (past the rule's start in every zone), to the second either side.
    /// Morocco's and Palestine's changes follow Ramadan and may be listed one by one for decades
    /// (tzdata 2025b does; 2026f no longer for Morocco); their rule is only for what comes after.
    @Test func footerRulesAgreeWithTheTransitionsOfEveryZone() throws {
        let table = try String(contentsOfFile: "/usr/share/zoneinfo/tzdata.zi", encoding: .utf8)
        let names = table.split(separator: "\n").compactMap { line -> String? in
            let words = line.split(separator: " ")
            return words.first == "Z" && words.count > 1 ? String(words[1]) : nil
        }
        #expect(names.count > 300)
        var compared = 0
        var disagreeing: Set<String> = []
        for name in names {
            let zone = ZoneRules.system(name)
            guard let rule = zone.footer else { continue }
            let fromRule = ZoneRules(identifier: name, rule: rule)
            for transition in zone.transitionInstants where transition >= at("2027-01-01T00:00:00Z") {
                for instant in [transition - 1, transition, transition + 86400 * 30] {
                    if zone.offset(at: instant) != fromRule.offset(at: instant) { disagreeing.insert(name) }
                    compared += 1
                }
            }
        }
        #expect(compared > 1000)
        #expect(
            disagreeing.subtracting(["Africa/Casablanca", "Africa/El_Aaiun", "Asia/Gaza", "Asia/Hebron"]).sorted() == []
        )
    }
}
