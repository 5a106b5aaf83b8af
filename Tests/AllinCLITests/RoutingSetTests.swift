import Foundation
import Testing

/// Where realistic check-ins land, judged from the sessions' own content by helpers who never saw the
/// router (docs/routing.md). Each line holds the check-in, the person's local hour, the sessions a
/// clinician would accept and the best one. The blind set (route9) was measured once with this
/// router; its floor holds that figure, so a change that loses ground fails. route6, route7 and
/// route8 were tuned on and are training: their figures are printed, not held.
@Suite("Routing on realistic check-ins (spawns the built binary)")
struct RoutingSetTests {
    struct Figures {
        var acceptable = 0, best = 0, count = 0, handoffs = 0
    }

    static func measure(_ file: String) throws -> Figures {
        let url = BinaryRunner.root.appendingPathComponent("Tests/AllinCoreTests/Fixtures/\(file)")
        let lines = try String(contentsOf: url, encoding: .utf8).split(separator: "\n")
        var inputs: [String] = []
        var judged: [(acceptable: Set<String>, best: String)] = []
        for line in lines {
            var object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            let acceptable = try #require(object.removeValue(forKey: "acceptable") as? [String])
            let best = try #require(object.removeValue(forKey: "best") as? String)
            object.removeValue(forKey: "id")
            judged.append((Set(acceptable), best))
            inputs.append(String(decoding: try JSONSerialization.data(withJSONObject: object), as: UTF8.self))
        }
        let r = try BinaryRunner.run(["route", "--jsonl"], stdin: Data((inputs.joined(separator: "\n") + "\n").utf8))
        #expect(r.status == 0, "\(r.stderr)")
        let results = r.stdout.split(separator: "\n")
        #expect(results.count == judged.count)
        var f = Figures()
        for (result, judge) in zip(results, judged) {
            let json = try #require(try JSONSerialization.jsonObject(with: Data(result.utf8)) as? [String: Any])
            f.count += 1
            guard let slug = (json["session"] as? [String: Any])?["slug"] as? String else { f.handoffs += 1; continue }
            if judge.acceptable.contains(slug) { f.acceptable += 1 }
            if slug == judge.best { f.best += 1 }
        }
        print("ROUTING \(file): acceptable \(f.acceptable)/\(f.count), best \(f.best)/\(f.count), crisis support \(f.handoffs)")
        return f
    }

    @Test func blindRoutingSetHoldsItsFirstContactFigure() throws {
        let f = try Self.measure("blind/route9.jsonl")
        #expect(f.count == 120)
        // First contact 103/120 and 68/120. The sentence reading (2026-12-05) reads more situations as
        // unpleasant, so at intensity 7 or more more check-ins go soothe first: one route9 check-in
        // (not read) left an acceptable session, and two in route6 ("torn" about a parent's care or
        // a job offer, clarity asked) now get Box Breath Reset first.
        #expect(f.acceptable >= 103, "first contact 103/120; 102 with the first sentence reading, 103 again with the second")
        #expect(f.best >= 68, "first contact 68/120; 67 with the first sentence reading, 68 again with the second")
    }

    @Test("training routing sets are printed", arguments: ["train/route6.jsonl", "train/route7.jsonl", "train/route8.jsonl"])
    func trainingRoutingSetIsPrinted(file: String) throws {
        let f = try Self.measure(file)
        #expect(f.count == 120)
    }
}
