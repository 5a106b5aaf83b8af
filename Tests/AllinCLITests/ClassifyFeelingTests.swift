import Foundation
import Testing

@Suite("allin classify: the feeling in own words (spawns the built binary)")
struct ClassifyFeelingTests {
    @Test func ownWordReportsFamilyAndConfidence() throws {
        let r = try BinaryRunner.run(["classify", "--json", "forlorn"])
        #expect(r.status == 0)
        let obj = try #require(r.json as? [String: Any])
        #expect(obj["valence"] as? String == "unpleasant")
        let feeling = try #require(obj["feeling"] as? [String: Any])
        #expect(feeling["family"] as? String == "sad")
        #expect(feeling["familyLabel"] as? String == "Sad")
        #expect((feeling["confidence"] as? Double ?? 0) >= 0.6)
        #expect(feeling["asks"] as? Bool == false)
        #expect((feeling["closest"] as? [[String: Any]])?.count == 3)
    }

    @Test func plainTextNamesTheFamily() throws {
        let r = try BinaryRunner.run(["classify", "frazzled"])
        #expect(r.status == 0)
        #expect(r.stdout.contains("Feeling: Overwhelmed (confidence 0.9, from 'frazzled')"), "\(r.stdout)")
    }

    /// No feeling word says so, never "Feeling: - (confidence 0, from '-')" (found from outside).
    @Test func noFeelingWordSaysSo() throws {
        let r = try BinaryRunner.run(["classify", "-"])
        #expect(r.status == 0)
        #expect(r.stdout.contains("Feeling: no feeling words found"), "\(r.stdout)")
        #expect(!r.stdout.contains("from '-'"), "\(r.stdout)")
    }

    @Test func lowConfidenceAsksWithThreeFamilies() throws {
        let r = try BinaryRunner.run(["classify", "not", "happy"])
        #expect(r.status == 0)
        #expect(r.stdout.contains("Which is closest?"), "\(r.stdout)")
        #expect(r.stdout.contains("Sad / "), "\(r.stdout)")
        let json = try BinaryRunner.run(["classify", "--json", "not", "happy"])
        let feeling = try #require((json.json as? [String: Any])?["feeling"] as? [String: Any])
        #expect(feeling["asks"] as? Bool == true)
        #expect(feeling["basis"] as? String == "opposite")
    }
}
