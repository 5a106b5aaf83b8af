import AllinCLI
import Foundation
import Testing

@Suite("A JSON key written twice is refused, naming it, wherever a person's JSON is read")
struct DuplicateKeyCLITests {
    static let env = InputLimitTests.env

    @Test func routeAndJournalRecordNameTheKey() async {
        for args in [["route"], ["route", "--json"], ["journal", "record", "--data-dir", "/nonexistent/x"]] {
            let io = BufferIO(input: Data(#"{"intensity":5,"intensity":11}"#.utf8))
            #expect(await CLI(environment: Self.env, io: io).run(args) == 2)
            #expect(io.stderr == "allin \(args[0] == "route" ? "route" : "journal record"): invalid input: 'intensity': appears twice; give each key once\n",
                    "\(args)")
        }
    }

    @Test func aJSONLineNamesItsNumberAndTheKey() async {
        let io = BufferIO(input: Data("{\"intensity\":5}\n{\"emotion\":\"stressed\",\"intensity\":4,\"emotion\":\"calm\"}\n".utf8))
        #expect(await CLI(environment: Self.env, io: io).run(["route", "--jsonl"]) == 2)
        #expect(io.stderr == "allin route: line 2: 'emotion': appears twice; give each key once\n")
        let classify = BufferIO(input: Data("{\"text\":\"fine\",\"text\":\"i want to die\"}\n".utf8))
        #expect(await CLI(environment: Self.env, io: classify).run(["classify", "--jsonl"]) == 2)
        #expect(classify.stderr == "allin classify: line 1: 'text': appears twice; give each key once\n")
        #expect(classify.stdout.contains(#""field":"text""#))
    }

    @Test func aPlanIntakeNamesTheKeyInsideAnArea() async {
        let intake = #"{"areas":[{"area":"work","rating":4,"rating":9,"answers":["a","b","c","d"]}]}"#
        let io = BufferIO(input: Data(intake.utf8))
        #expect(await CLI(environment: Self.env, io: io).run(["plan", "new", "--data-dir", "/nonexistent/x"]) == 2)
        #expect(io.stderr.contains("'rating': appears twice"), "\(io.stderr)")
    }
}
