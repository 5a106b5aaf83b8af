import Foundation
import Testing
@testable import AllinCore

@Suite("Catalog validation")
struct CatalogValidationTests {
    /// The real files with one file's text changed.
    func files(editing name: String, _ edit: (String) -> String) -> [String: Data] {
        var files = realCatalogFiles()
        files[name] = Data(edit(String(decoding: files[name]!, as: UTF8.self)).utf8)
        return files
    }

    func problems(_ files: [String: Data]) -> [String] {
        do {
            _ = try Catalog.decode(files: files)
            return []
        } catch let p as CatalogProblems {
            return p.issues.map(\.description)
        } catch {
            return ["unexpected \(error)"]
        }
    }

    @Test func theRealCatalogMeetsTheRules() {
        let c = realCatalog
        #expect(c.vocabulary.emotions.count >= 60)
        #expect(c.sessions.count >= 36)
        for lane in Lane.allCases {
            #expect(c.sessions.filter { $0.lane == lane }.count >= 6, "lane \(lane)")
            #expect(c.laneDefaults[lane].flatMap { c.session($0) }?.lane == lane)
        }
        #expect(c.sessions.filter { $0.lane == .soothe && $0.needs.contains("sleep") }.count >= 2)
        for family in c.vocabulary.families where family.valence == .unpleasant {
            #expect(c.sessions.contains { $0.lane == .soothe && $0.families.contains(family.id) }, "\(family.id)")
        }
        #expect(Set(c.vocabulary.intents.map(\.lane)) == Set(Lane.allCases))
        #expect(c.affectLexicon.count >= 800)
    }

    @Test func aMissingFileIsNamed() {
        var files = realCatalogFiles()
        files[Catalog.sessionsFile] = nil
        #expect(problems(files).contains("sessions.json: file is missing"))
    }

    @Test func brokenJSONNamesTheFile() {
        let found = problems(files(editing: Catalog.vocabularyFile) { _ in "{ nope" })
        #expect(found.contains { $0.hasPrefix("vocabulary.json: not valid JSON") })
    }

    @Test func everyProblemIsListedWithItsEntry() {
        var all = files(editing: Catalog.sessionsFile) { text in
            text.replacingOccurrences(of: "\"durationSeconds\": 264", with: "\"durationSeconds\": -5")
                .replacingOccurrences(of: "\"lane\": \"embody\"", with: "\"lane\": \"embodied\"")
        }
        all[Catalog.vocabularyFile] = files(editing: Catalog.vocabularyFile) { text in
            text.replacingOccurrences(of: "\"family\": \"angry\"", with: "\"family\": \"furious\"")
        }[Catalog.vocabularyFile]
        let found = problems(all)
        #expect(found.contains { $0.contains("sessions.json: sessions '") && $0.contains("'durationSeconds' is -5") })
        #expect(found.contains { $0.contains("sessions.json: sessions '") && $0.contains("'lane' is 'embodied'") })
        #expect(found.contains { $0.contains("vocabulary.json: emotions '") && $0.contains("family 'furious' is not in 'families'") })
    }

    @Test func crossReferencesAreChecked() throws {
        let vocabulary = realCatalog.vocabulary
        let broken = [
            Session(slug: "x_one", title: "X", lane: .clarity, description: "d", tags: [], families: ["nope"],
                    needs: ["sleep"], cluster: "nowhere", durationSeconds: 300, situational: false),
            Session(slug: "x_one", title: "Y", lane: .soothe, description: "d", tags: [], families: [], needs: [],
                    cluster: nil, durationSeconds: 300, situational: false),
        ]
        let issues = SessionList.crossCheck(sessions: broken, defaults: [.soothe: "x_one", .embody: "missing"],
                                            vocabulary: vocabulary, file: "sessions.json").map(\.description)
        #expect(issues.contains("sessions.json: sessions 'x_one': duplicate slug"))
        #expect(issues.contains("sessions.json: sessions 'x_one': family 'nope' is not in vocabulary.json"))
        #expect(issues.contains("sessions.json: sessions 'x_one': need 'sleep' belongs to lane soothe, not clarity"))
        #expect(issues.contains("sessions.json: sessions 'x_one': cluster 'nowhere' is not in vocabulary.json"))
        #expect(issues.contains("sessions.json: laneDefaults: embody default 'missing' is not a session"))
        #expect(issues.contains { $0.contains("lane unblock: needs at least 6 sessions") })
        #expect(issues.contains { $0.contains("no soothe session covers the unpleasant family") })
    }

    @Test func helplineRowsNeedSourcesAndDates() {
        let found = problems(files(editing: HelplineDirectory.fileName) { text in
            text.replacingOccurrences(of: "\"number\": \"911\"", with: "\"number\": \"9l1\"")
                .replacingOccurrences(of: "\"source\": \"https://www.samaritans.org/how-we-can-help[^\"]*\"", with: "\"source\": \"\"",
                                      options: .regularExpression)
                .replacingOccurrences(of: "\"lastVerified\": \"2026-11-30\"", with: "\"lastVerified\": \"recently\"")
                .replacingOccurrences(of: "\"sourceKind\": \"secondary\"", with: "\"sourceKind\": \"blog\"")
        })
        #expect(found.contains { $0.contains("helplines.json: regions 'US' emergency") && $0.contains("9l1") })
        #expect(found.contains { $0.contains("helplines.json: regions 'GB' lines 'Samaritans': 'source' is empty") })
        #expect(found.contains { $0.contains("'lastVerified' must be a date") })
        #expect(found.contains { $0.contains("'sourceKind' must be primary or secondary, found 'blog'") })
    }

    /// A row backed by reports rather than the service's own page needs two of them.
    @Test func aSecondaryRowNeedsTwoPages() {
        let found = problems(files(editing: HelplineDirectory.fileName) { text in
            text.replacingOccurrences(of: "\"source\": \"https://www.113.nl/schoolopdracht;[^\"]*\"",
                                      with: "\"source\": \"https://www.113.nl/schoolopdracht\"", options: .regularExpression)
        })
        #expect(found.contains { $0.contains("regions 'NL' lines '113 Zelfmoordpreventie': a secondary row needs two web pages") },
                "\(found)")
    }

    @Test func everyHelplineRowCitesAWebPageAndADate() {
        let directory = realCatalog.helplines
        for region in directory.regions {
            for (what, source, date) in [("emergency", region.emergency.source, region.emergency.lastVerified)]
                + region.lines.map({ ($0.name, $0.source, $0.lastVerified) }) {
                let sources = source.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
                #expect(!sources.isEmpty && sources.allSatisfy { $0.hasPrefix("http://") || $0.hasPrefix("https://") },
                        "\(region.code) \(what): \(source)")
                #expect(date.count == 10, "\(region.code) \(what)")
            }
        }
    }

    @Test func theCountryTableCoversISO3166AndTheListedRegions() {
        let table = realCatalog.helplines.countries
        #expect(table.countries.count == 249)
        #expect(table.country("uk")?.code == "GB" && table.country("XK") == nil)
        let withNumber = table.countries.filter { $0.emergency != nil }
        #expect(withNumber.count >= 75)
        for code in ["US", "CA", "GB", "IE", "AU", "NZ", "IN", "DE", "FR", "ES", "IT", "NL", "BR", "MX", "JP", "ZA", "PH", "SG",
                     "NO", "SE", "DK", "FI", "IS"] {
            #expect(table.country(code)?.emergency != nil || realCatalog.helplines.region(code) != nil, "\(code)")
        }
        for region in realCatalog.helplines.regions { #expect(table.country(region.code) != nil, "\(region.code)") }
        // A country with no lines listed but a sourced number gets that number first, then the directory.
        let poland = realCatalog.helplines.resources(for: "PL")
        #expect(poland.emergency?.number == "112" && poland.regionName == "Poland" && poland.lines.count == 1)
        #expect(table.suggestions(for: "germany") == ["DE"])
        #expect(table.suggestions(for: "england").first == "GB" && table.suggestions(for: "usa").first == "US")
    }

    @Test func countryRowsAreValidated() {
        let found = problems(files(editing: CountryTable.fileName) { text in
            text.replacingOccurrences(of: "\"code\": \"PL\"", with: "\"code\": \"pl\"")
                .replacingOccurrences(of: "\"sourceKind\": \"secondary\"", with: "\"sourceKind\": \"blog\"")
        })
        #expect(found.contains { $0.contains("countries.json") && $0.contains("'pl' must be two upper-case letters") })
        #expect(found.contains { $0.contains("countries.json") && $0.contains("sourceKind must be primary or secondary") })
    }

    @Test func unknownKeysAreRejected() {
        let found = problems(files(editing: Catalog.sessionsFile) { text in
            text.replacingOccurrences(of: "\"situational\": false", with: "\"situational\": false, \"colour\": \"red\"")
        })
        #expect(found.contains { $0.contains("unknown key 'colour'") })
    }
}
