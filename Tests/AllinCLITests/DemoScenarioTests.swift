import AllinCLI
import AllinCore
import Foundation
import Testing

@Suite("The demo's scripted check-ins")
struct DemoScenarioTests {
    /// Every scenario in catalog/demo.json, routed by the real router, lands where it says it shows.
    @Test func everyScenarioGetsTheOutcomeItDemonstrates() async throws {
        let root = BinaryRunner.root.appendingPathComponent("catalog")
        let catalog = try CatalogLocator.load(option: root.path, environment: [:])
        let scenarios = try DemoScenarios.load(catalogDirectory: root, vocabulary: catalog.vocabulary)
        #expect(scenarios.count >= 10)
        let outcomes = Set(scenarios.map(\.expect))
        #expect(outcomes.isSuperset(of: ["handoff", "question", "audio:soothe", "audio:clarity", "audio:embody", "audio:unblock"]))
        let router = Router(catalog: catalog)
        let gates = FlowGates(catalog: catalog)
        #expect(scenarios.contains { $0.filter != nil }, "one scenario types into a list filter")
        for s in scenarios {
            if let filter = s.filter {
                // Words in the situation list's filter: the same one crisis check reads them on Enter.
                let verdict = gates.check.check(field: "triggerText", text: filter).verdict
                let got: String
                switch verdict {
                case .handoff, .askedForHelp: got = "handoff"
                case .concern: got = "question"
                case .clear: got = "clear"
                }
                #expect(got == s.expect, "\(s.id)")
                continue
            }
            let r = await router.route(s.checkIn)
            let rule = r.trace.first { $0.gate == "crisisRule" }?.decision
            let got = r.kind != .audio ? "handoff" : rule == "askSafe" ? "question" : "audio:\(r.lane?.rawValue ?? "-")"
            #expect(got == s.expect, "\(s.id)")
        }
    }

    @Test func aBadScenarioIsNamedWithItsFile() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("allin-demo-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let json = #"{"scenarios":[{"id":"x","title":"t","shows":"s","expect":"maybe","checkIn":{"intensity":11}}]}"#
        try Data(json.utf8).write(to: dir.appendingPathComponent("demo.json"))
        let vocabulary = try CatalogLocator.load(option: BinaryRunner.root.appendingPathComponent("catalog").path,
                                                 environment: [:]).vocabulary
        #expect {
            try DemoScenarios.load(catalogDirectory: dir, vocabulary: vocabulary)
        } throws: { error in
            guard case let CLIError.catalog(problems) = error else { return false }
            return problems.contains { $0.contains("demo.json: scenarios 'x': 'expect' must be") }
                && problems.contains { $0.contains("demo.json: scenarios 'x': checkIn 'intensity'") }
        }
    }
}
