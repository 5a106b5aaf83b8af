import AllinCore
import Foundation
import Testing
@testable import AllinAudio

/// The duration a screen shows is true: the catalog's length of every session is within 10% of what
/// the read-along estimate gives (what shows before any render), and of real renders with espeak-ng.
@Suite("Session durations are true")
struct DurationTests {
    static let catalog = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("catalog")

    /// slug → the catalog's `durationSeconds`.
    static func catalogDurations() throws -> [(slug: String, seconds: Double)] {
        let value = try JSONValue.parse(try Data(contentsOf: catalog.appendingPathComponent("sessions.json")))
        guard case let .array(items)? = value["sessions"] else { return [] }
        return items.compactMap { item in
            guard case let .string(slug)? = item["slug"], case let .number(seconds)? = item["durationSeconds"] else { return nil }
            return (slug, seconds)
        }
    }

    static func script(_ slug: String) throws -> SessionScript {
        let url = catalog.appendingPathComponent("scripts/\(slug).txt")
        return try ScriptParser.parse(try Data(contentsOf: url), file: "scripts/\(slug).txt")
    }

    @Test func theEstimateIsWithinATenthOfTheCatalogsLength() throws {
        let sessions = try Self.catalogDurations()
        #expect(sessions.count >= 50)
        for (slug, seconds) in sessions {
            let estimate = TimelinePlan.estimated(script: try Self.script(slug),
                                                  wordsPerMinute: Double(RenderSettings().rate)).track.duration
            #expect(abs(estimate - seconds) <= 0.1 * seconds, "\(slug): estimate \(Int(estimate)) s, catalog \(Int(seconds)) s")
        }
    }

    @Test(.enabled(if: renderToolsAvailable, "espeak-ng or sox is not installed"),
          arguments: ["five_senses_anchor", "steady_on_exam_morning"])
    func aRenderIsWithinATenthOfTheCatalogsLength(slug: String) throws {
        let tmp = TempDir()
        let env = ProcessInfo.processInfo.environment
        let renderer = Renderer(tools: try RenderTools.find(environment: env), cacheDirectory: tmp.paths.cacheDirectory,
                                settings: RenderSettings(), environment: env)
        let rendered = try renderer.render(slug: slug, script: try Self.script(slug)) { _ in }.captions.duration
        let seconds = try #require(Self.catalogDurations().first { $0.slug == slug }?.seconds)
        #expect(abs(rendered - seconds) <= 0.1 * seconds, "\(slug): rendered \(Int(rendered)) s, catalog \(Int(seconds)) s")
    }
}
