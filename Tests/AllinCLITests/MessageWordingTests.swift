import AllinCLI
import AllinCore
import Foundation
import Testing

/// Small messages that named the wrong thing, or named nothing.
@Suite("Messages name the command, the value and the way out")
struct MessageWordingTests {
    static let env = InputLimitTests.env

    /// Runs allin in-process: the status, standard output and standard error.
    static func run(_ args: [String], input: String = "", env extra: [String: String] = [:]) async -> (Int32, String, String) {
        let io = BufferIO(input: Data(input.utf8))
        let status = await CLI(environment: env.merging(extra) { $1 }, io: io).run(args)
        return (status, io.stdout, io.stderr)
    }

    @Test("bad input names the command it was given to", arguments: [
        (["route"], #"{"intensity":"high"}"#, "allin route: invalid input: 'intensity'"),
        (["plan", "new", "--data-dir", "/nonexistent/x"], #"{"areas":[]}"#, "allin plan new: invalid input: 'areas'"),
        (["play", "no_such_session", "--text"], "", "allin play: invalid input: 'SLUG'"),
    ])
    func badInputNamesTheCommand(args: [String], input: String, start: String) async {
        let (status, _, err) = await Self.run(args, input: input)
        #expect(status == 2 && err.hasPrefix(start), "\(err)")
    }

    /// 1e400 reads as infinity, which JSON writes as null: "found null" named the wrong thing.
    @Test func aNumberTooLargeIsSaidToBeOne() async {
        for (json, field) in [(#"{"emotion":"stressed","intensity":1e400}"#, "intensity"),
                              (#"{"emotion":"stressed","intensity":5,"localHour":-1e999}"#, "localHour")] {
            let (status, _, err) = await Self.run(["route"], input: json)
            #expect(status == 2 && err.contains("'\(field)'") && err.contains("found a number too large to read"), "\(err)")
            #expect(!err.contains("null"))
        }
    }

    /// A config line whose problem ends with a question gets no full stop after the question mark.
    @Test func aBadConfigRegionEndsItsQuestionOnce() async throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("allin-words-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir + "/allin", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Data("region = ZZ\n".utf8).write(to: URL(fileURLWithPath: dir + "/allin/config"))
        let (status, out, err) = await Self.run(["resources"], env: ["XDG_CONFIG_HOME": dir, "LANG": "en_GB.UTF-8"])
        #expect(status == 0 && out.contains("United Kingdom"))
        #expect(err.hasPrefix("allin resources: ") && err.contains("(Czechia)? That line is left out until it is fixed.\n"), "\(err)")
        #expect(!err.contains("?."))
    }

    /// docs/helplines.md promises "did you mean" for near misses; a three-letter code is one.
    @Test("a three-letter country code suggests its two-letter one", arguments: [("gbr", "GB (United Kingdom)"), ("USA", "US (United States)"), ("deu", "DE (Germany)")])
    func alpha3Suggests(typed: String, suggestion: String) async {
        let (status, out, err) = await Self.run(["resources", "--region", typed])
        #expect(status == 2 && err.contains("did you mean \(suggestion)"), "\(err)")
        #expect(out.contains("findahelpline.com"), "the lines that work anywhere are still shown")
    }

    @Test func playNamesTheLibraryAndANearMiss() async {
        let (status, _, err) = await Self.run(["play", "five_senses", "--text"])
        #expect(status == 2)
        #expect(err.contains("did you mean five_senses_anchor (Five Senses Anchor)?") && err.contains("'allin library' lists them all"), "\(err)")
        #expect(!err.contains("allin catalog"))
        let (_, _, none) = await Self.run(["play", "xyzzy", "--text"])
        #expect(none.contains("no session 'xyzzy' in the catalog; 'allin library' lists them all"), "\(none)")
    }

    @Test("a date in the right form that names no day says so", arguments: [
        (["journal", "--since", "2026-02-30"], "--since: there is no day 2026-02-30: February 2026 has 28 days"),
        (["journal", "--since", "2024-13-01"], "--since: there is no month 13 in 2024-13-01"),
        (["journal", "record", "--at", "2023-02-29"], "--at: there is no day 2023-02-29: February 2023 has 28 days"),
    ])
    func aDayThatDoesNotExist(args: [String], message: String) async {
        let (status, _, err) = await Self.run(args + ["--data-dir", "/nonexistent/x"])
        #expect(status == 2 && err.contains(message) && !err.contains("must be a date as"), "\(err)")
    }

    /// The full screen's "as chosen when allin started" is wrong for one command given --region.
    @Test func resourcesGivenARegionSaysItWasChosen() async {
        let (status, out, _) = await Self.run(["resources", "--region", "GB"])
        #expect(status == 0 && out.contains("Lines for United Kingdom, as you chose."), "\(out)")
        #expect(!out.contains("when allin started"))
    }

    /// The usage said TEXT was optional, yet none exited 2 and an empty one exited 0: now TEXT is
    /// needed (but for --jsonl) and an empty one is refused the same way.
    @Test func classifyNeedsTextAndSaysSo() async {
        let help = await Self.run(["classify", "--help"])
        #expect(help.1.hasPrefix("Usage: allin classify TEXT... [options]"))
        for args in [["classify"], ["classify", ""], ["classify", " ", "  "]] {
            let (status, _, err) = await Self.run(args)
            #expect(status == 2 && err.hasPrefix("allin classify: "), "\(args)")
        }
        let lines = await Self.run(["classify", "--jsonl"], input: #"{"text":"hello"}"# + "\n")
        #expect(lines.0 == 0 && lines.1.contains("crisisA"))
    }
}
