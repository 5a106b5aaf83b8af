import Foundation
import AllinCore
import Testing

@Suite("CLI contract (spawns the built binary)")
struct CLIContractTests {
    @Test("every developer command has --help, in allin-dev", arguments: ["bench", "model"])
    func devHelp(command: String) throws {
        let r = try BinaryRunner.dev([command, "--help"])
        #expect(r.status == 0)
        #expect(r.stdout.contains("Usage: allin-dev \(command)"))
        #expect(try BinaryRunner.dev(["help", command]).stdout == r.stdout)
        // The program people use doesn't carry them, and says where they went.
        let moved = try BinaryRunner.run([command])
        #expect(moved.status == 2 && moved.stderr.contains("allin-dev \(command)"))
        #expect(!(try BinaryRunner.run(["--help"])).stdout.contains(command + " "))
        let unknown = try BinaryRunner.dev(["route"])
        #expect(unknown.status == 2 && unknown.stderr.contains("allin-dev: unknown command 'route'"))
    }

    @Test func theSentenceTrainerHasHelpAndNamesABadLine() throws {
        let help = try BinaryRunner.dev(["valence", "train", "--help"])
        #expect(help.status == 0 && help.stdout.contains("Usage: allin-dev valence train"))
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("valence-\(UUID().uuidString).tsv")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data("sign\ttext\n+\tgot the keys\nmaybe\tthe bus\n".utf8).write(to: file)
        let bad = try BinaryRunner.dev(["valence", "cv", file.path, file.path])
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("line 3: the sign must be +, - or 0"))
        let noFiles = try BinaryRunner.dev(["valence", "eval"])
        #expect(noFiles.status == 2 && noFiles.stderr.contains("allin-dev valence eval: needs TSV"))
    }

    @Test("every command has --help", arguments: ["route", "classify", "resources", "catalog"])
    func help(command: String) throws {
        let r = try BinaryRunner.run([command, "--help"])
        #expect(r.status == 0)
        #expect(r.stdout.contains("Usage: allin \(command)"))
        let viaHelp = try BinaryRunner.run(["help", command])
        #expect(viaHelp.stdout == r.stdout)
    }

    /// With no terminal the full screen can't be drawn: say so and point to --plain (as 'allin demo'
    /// does), rather than print the whole help and exit 0.
    @Test func noArgumentsOffATerminalPointsToPlain() throws {
        for args in [[], ["--region", "GB"]] {
            let r = try BinaryRunner.run(args, stdin: Data("3\n".utf8))
            #expect(r.status == 2 && r.stdout.isEmpty)
            #expect(r.stderr.hasPrefix("allin: the full-screen check-in needs a terminal; for numbered prompts (screen readers, pipes) use 'allin --plain'\n"))
        }
        let help = try BinaryRunner.run(["--help"])
        #expect(help.status == 0 && help.stdout.contains("Commands:") && help.stdout.contains("route"))
    }

    @Test func unknownCommandAndOptionExit2() throws {
        let a = try BinaryRunner.run(["frobnicate"])
        #expect(a.status == 2 && a.stderr.contains("unknown command 'frobnicate'"))
        let b = try BinaryRunner.run(["resources", "--colour"])
        #expect(b.status == 2 && b.stderr.contains("--colour"))
    }

    @Test func theFrontsOptionsMayComeBeforeTheCommand() throws {
        let data = FileManager.default.temporaryDirectory.appendingPathComponent("allin-lead-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: data) }
        let help = try BinaryRunner.run(["--catalog", BinaryRunner.root.appendingPathComponent("catalog").path, "--help"])
        #expect(help.status == 0 && help.stdout.contains("Commands:"))
        let journal = try BinaryRunner.run(["--data-dir", data, "journal", "--help"])
        #expect(journal.status == 0 && journal.stdout.contains("Usage: allin journal"))
        let resources = try BinaryRunner.run(["--region=GB", "resources"])
        #expect(resources.status == 0 && resources.stdout.contains("United Kingdom"))
        // An option that is no command's is named as an option, not as an unknown command.
        let bad = try BinaryRunner.run(["--catalog", BinaryRunner.root.appendingPathComponent("catalog").path, "--colour"])
        #expect(bad.status == 2 && bad.stderr.contains("unknown option '--colour'"))
        let missing = try BinaryRunner.run(["--catalog"])
        #expect(missing.status == 2 && missing.stderr.contains("'--catalog' needs a value"))
    }

    @Test func routeJSONShape() throws {
        let r = try BinaryRunner.route(#"{"emotion":"happy","triggerText":"finished my thesis draft","intensity":4,"intent":"clarity","claritySubTap":"torn_between_two"}"#, ["--json"])
        #expect(r.status == 0)
        let obj = try #require(r.json as? [String: Any])
        for key in ["kind", "lane", "intentLane", "valence", "sootheFirst", "session", "crisis", "resources", "trace"] {
            #expect(obj.keys.contains(key), "missing \(key)")
        }
        #expect(obj["kind"] as? String == "audio")
        let session = try #require(obj["session"] as? [String: Any])
        #expect(Set(session.keys).isSuperset(of: ["slug", "title", "lane", "durationSeconds"]))
        let trace = try #require(obj["trace"] as? [[String: Any]])
        #expect(trace.map { $0["gate"] as? String } == ["crisisA", "crisisB", "affect", "crisisRule", "sootheGate", "candidates", "choice"])
        let choice = trace.last?["decision"] as? String
        #expect(["single", "laneDefault", "picker", "bestFit"].contains(choice ?? ""))
    }

    @Test func routeHumanFormPrintsTheTraceTable() throws {
        let r = try BinaryRunner.route(#"{"emotion":"happy","triggerText":"a good day","intensity":4,"intent":"soothe"}"#)
        #expect(r.status == 0)
        #expect(r.stdout.contains("Session:"))
        for gate in ["crisisA", "crisisB", "affect", "sootheGate", "candidates", "choice"] { #expect(r.stdout.contains(gate)) }
    }

    /// The question's reason reads as one sentence (found from outside: "…is safe.. The app would ask…").
    @Test func routeHumanFormSaysTheQuestionInOneSentence() throws {
        let r = try BinaryRunner.route(#"{"triggerText":"i feel hopeless about everything lately","intensity":5}"#)
        #expect(r.status == 0)
        #expect(r.stdout.contains("The app would ask one gentle question here."), "\(r.stdout)")
        #expect(!r.stdout.contains(".."), "\(r.stdout)")
    }

    @Test func routeReadsAFile() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("checkin-\(UUID().uuidString).json")
        try Data(#"{"intensity":3}"#.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let r = try BinaryRunner.run(["route", "--file", url.path, "--json"])
        #expect(r.status == 0)
        let missing = try BinaryRunner.run(["route", "--file", "/nonexistent/x.json"])
        #expect(missing.status == 2 && missing.stderr.contains("/nonexistent/x.json"))
    }

    @Test("bad input names the key and exits 2", arguments: [
        (#"{"intensity":11}"#, "intensity"),
        (#"{"intensity":0}"#, "intensity"),
        (#"{"intensity":6.5}"#, "intensity"),
        (#"{"intensity":"7"}"#, "intensity"),
        (#"{"emotion":"happy"}"#, "intensity"),
        (#"{"intensity":5,"mood":3}"#, "mood"),
        (#"{"intensity":5,"emotion":"ecstatic_banana"}"#, "emotion"),
        (#"{"intensity":5,"situation":"mars"}"#, "situation"),
        (#"{"intensity":5,"body":["tail"]}"#, "body"),
        (#"{"intensity":5,"body":"chest"}"#, "body"),
        (#"{"intensity":5,"intent":"relax"}"#, "intent"),
        (#"{"intensity":5,"claritySubTap":"nope"}"#, "claritySubTap"),
        (#"{"intensity":5,"confidenceSubTap":"nope"}"#, "confidenceSubTap"),
        (#"{"intensity":5,"belief":"nope"}"#, "belief"),
        (#"{"intensity":5,"consent":"yes"}"#, "consent"),
        (#"{"intensity":5,"triggerText":42}"#, "triggerText"),
        (#"[1,2]"#, "(input)"),
        (#"{"intensity":5"#, "(input)"),
    ])
    func badInput(json: String, key: String) throws {
        let r = try BinaryRunner.route(json)
        #expect(r.status == 2)
        #expect(r.stderr.contains("'\(key)'"), "stderr: \(r.stderr)")
        #expect(r.stdout.isEmpty)
    }

    @Test func benchRejectsAnUnknownPart() throws {
        let r = try BinaryRunner.dev(["bench", "--only", "route,speed"])
        #expect(r.status == 2)
        #expect(r.stderr.contains("--only: expected one or more of route, detect, frames"), "stderr: \(r.stderr)")
        #expect(r.stdout.isEmpty)
    }

    @Test("bench refuses a run count that is not a whole number from 1 to 100", arguments: ["0", "101", "two", "1.5"])
    func benchRejectsABadRunCount(_ value: String) throws {
        let r = try BinaryRunner.dev(["bench", "--only", "detect", "--runs", value])
        #expect(r.status == 2)
        #expect(r.stderr.contains("--runs: expected a whole number from 1 to 100"), "stderr: \(r.stderr)")
        #expect(r.stdout.isEmpty)
    }

    @Test func jsonlOneLineOutPerLineIn() throws {
        let input = """
        {"emotion":"happy","triggerText":"sunny walk","intensity":3,"intent":"soothe"}
        {"emotion":"worried","triggerText":"i want to kill myself","intensity":9}

        {"intensity":42}
        {"emotion":"frazzled","triggerText":"","intensity":8,"intent":"clarity"}
        """
        let r = try BinaryRunner.run(["route", "--jsonl", "--region", "GB"], stdin: Data(input.utf8))
        #expect(r.status == 2)
        let lines = r.stdout.split(separator: "\n").map { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        #expect(lines.count == 4)
        #expect(lines[0]?["kind"] as? String == "audio")
        #expect(lines[1]?["kind"] as? String == "safety_handoff")
        let error = lines[2]?["error"] as? [String: Any]
        #expect(error?["field"] as? String == "intensity" && lines[2]?["line"] as? Int == 4)
        #expect(lines[3]?["sootheFirst"] as? Bool == true)
        #expect(r.stderr.contains("line 4") && r.stderr.contains("'intensity'"))
    }

    @Test func handoffCarriesRegionResources() throws {
        let r = try BinaryRunner.route(#"{"customEmotion":"i want to end my life","intensity":6}"#, ["--json"],
                                       env: ["LANG": "en_GB.UTF-8"])
        #expect(r.status == 0)
        let obj = try #require(r.json as? [String: Any])
        #expect(obj["kind"] as? String == "safety_handoff")
        #expect(obj["session"] is NSNull)
        let crisis = try #require(obj["crisis"] as? [String: Any])
        #expect(crisis["layer"] as? String == "A")
        #expect((crisis["matched"] as? String)?.isEmpty == false)
        let resources = try #require(obj["resources"] as? [String: Any])
        #expect(resources["region"] as? String == "GB")
        #expect(r.stdout.contains("116 123") && r.stdout.contains("85258") && r.stdout.contains("999"))
    }

    @Test func classifyJSONShape() throws {
        let r = try BinaryRunner.run(["classify", "--json", "I", "feel", "great", "today"])
        #expect(r.status == 0)
        let obj = try #require(r.json as? [String: Any])
        let a = try #require(obj["crisisA"] as? [String: Any]), b = try #require(obj["crisisB"] as? [String: Any])
        #expect(Set(a.keys).isSuperset(of: ["fired", "tier", "matched"]))
        #expect(Set(b.keys).isSuperset(of: ["fired", "tier", "score", "reason"]))
        #expect(obj["valence"] as? String == "pleasant")
        #expect((obj["explanation"] as? String)?.isEmpty == false)
    }

    /// `classify` says what the crisis check decides, as the route does for the same words in a field
    /// (found from outside: a model score of 0.74 read "FIRED (T2) … the crisis band" where the check
    /// only asks the gentle question, and nothing said which).
    @Test("classify names the check's verdict, as the route decides it", arguments: [
        "I feel great today", "help", "i want to die tonight", "the rope arrived today lol",
    ])
    func classifyNamesTheVerdict(_ text: String) throws {
        let r = try BinaryRunner.run(["classify", "--json", text])
        let check = try #require((r.json as? [String: Any])?["check"] as? String)
        let input = try JSONSerialization.data(withJSONObject: ["triggerText": text, "intensity": 5])
        let route = try BinaryRunner.run(["route", "--json"], stdin: input)
        let trace = try #require((route.json as? [String: Any])?["trace"] as? [[String: Any]])
        #expect(trace.first { $0["gate"] as? String == "crisisRule" }?["decision"] as? String == check, "\(text)")
        let plain = try BinaryRunner.run(["classify", text])
        #expect(plain.stdout.contains("The check: "), "\(text)")
    }

    /// When layer B's trained model makes the finding, the score shown is the model's probability,
    /// the number its reason names (it was the weighted scorer's, 0.005 beside "scored 0.78").
    @Test func aModelFindingShowsTheModelsScore() throws {
        // A line only the model reads as a statement (no written rule catches it).
        let text = "the tall one near the station would do it"
        let r = try BinaryRunner.run(["classify", "--json", text])
        let b = try #require((r.json as? [String: Any])?["crisisB"] as? [String: Any])
        let reason = try #require(b["reason"] as? String), score = try #require(b["score"] as? Double)
        try #require(reason.contains("trained model scored"))
        #expect(reason.contains("scored \(String(format: "%.2f", score))"), "\(score) beside: \(reason)")
        let route = try BinaryRunner.run(["route", "--json"], stdin: Data(#"{"triggerText": "\#(text)", "intensity": 5}"#.utf8))
        let trace = try #require((route.json as? [String: Any])?["trace"] as? [[String: Any]])
        #expect(trace.first { $0["gate"] as? String == "crisisB" }?["score"] as? Double == score)
    }

    /// `allin model train` writes a model the catalog accepts; `eval` reports on labelled lines;
    /// a bad line names the file and the line, with exit 2.
    @Test func modelTrainAndEval() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("allin-model-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let lines = """
        label\tcategory\ttext
        crisis\tdirect\ti want to end it tonight
        crisis\tmethod\tthe rope is ready in the garage
        safe\tordinary\tlovely walk by the sea
        safe\tordinary\tthe exam went fine
        ambiguous\tpassive\tso tired of everything

        """
        let tsv = dir.appendingPathComponent("set.tsv")
        try Data(lines.utf8).write(to: tsv)
        let out = dir.appendingPathComponent("model.tsv")
        let trained = try BinaryRunner.dev(["model", "train", "--out", out.path, tsv.path])
        #expect(trained.status == 0, "\(trained.stderr)")
        #expect(trained.stderr.contains("Trained on 4 lines"))
        let text = try String(contentsOf: out, encoding: .utf8)
        #expect(text.contains("#   set.tsv: 2 / 2") && text.contains("@crisisAt\t0.7000") && text.contains("\nrope\t"))
        // The same files give the same model.
        let again = try BinaryRunner.dev(["model", "train", tsv.path])
        #expect(again.status == 0 && again.stdout == text)
        // Features from fewer lines than --min-lines are left out (every word here is in one line).
        let sparse = try BinaryRunner.dev(["model", "train", "--min-lines", "2", tsv.path])
        #expect(sparse.status == 0 && !sparse.stdout.contains("\nrope\t"))
        let badMin = try BinaryRunner.dev(["model", "train", "--min-lines", "1.5", tsv.path])
        #expect(badMin.status == 2 && badMin.stderr.contains("--min-lines"))

        // Each line as the model reads it: one JSON object a line (ambiguous lines too, labelled).
        let features = try BinaryRunner.dev(["model", "features", tsv.path])
        #expect(features.status == 0, "\(features.stderr)")
        let read = features.stdout.split(separator: "\n").map { try? JSONValue.parse(Data($0.utf8)) }
        #expect(read.count == 5 && read.allSatisfy { $0?["file"] == .string("set.tsv") })
        #expect(read.first??["label"] == .string("crisis"))
        if case let .array(names)? = read.first??["features"] { #expect(names.contains(.string("end it"))) } else { Issue.record("no features") }
        let none = try BinaryRunner.dev(["model", "features"])
        #expect(none.status == 2 && none.stderr.contains("needs TSV"))

        let eval = try BinaryRunner.dev(["model", "eval", tsv.path])
        #expect(eval.status == 0)
        #expect(eval.stdout.contains("set.tsv") && eval.stdout.contains("recall"))

        // Leave-one-file-out: each file measured with a model trained on the others only.
        let second = dir.appendingPathComponent("other.tsv")
        try Data("crisis\tdirect\ti have the pills saved for tonight\nsafe\tordinary\tdinner with friends tonight\n".utf8).write(to: second)
        let cv = try BinaryRunner.dev(["model", "cv", tsv.path, second.path])
        #expect(cv.status == 0, "\(cv.stderr)")
        #expect(cv.stdout.contains("held out") && cv.stdout.contains("set.tsv") && cv.stdout.contains("other.tsv")
                && cv.stdout.contains("all, each unseen"))
        // The pooled row counts every crisis line of both files once (2 + 1).
        #expect(cv.stdout.split(separator: "\n").contains { $0.contains("all, each unseen") && $0.contains("/3)") })
        let lonely = try BinaryRunner.dev(["model", "cv", tsv.path])
        #expect(lonely.status == 2 && lonely.stderr.contains("at least two"))

        try Data("crisis\tfine\nmaybe\tsomething\n".utf8).write(to: tsv)
        let bad = try BinaryRunner.dev(["model", "train", tsv.path])
        #expect(bad.status == 2 && bad.stderr.contains("set.tsv line 2"))
        let odd = try BinaryRunner.dev(["model", "train", "--crisis-at", "0.2", tsv.path])
        #expect(odd.status == 2 && odd.stderr.contains("--crisis-at"))
        let half = try BinaryRunner.dev(["model", "train", "--iterations", "1.5", tsv.path])
        #expect(half.status == 2 && half.stderr.contains("--iterations"))
        let unknown = try BinaryRunner.dev(["model", "fit"])
        #expect(unknown.status == 2 && unknown.stderr.contains("fit"))
    }

    @Test func classifyJSONLinesAndErrors() throws {
        let input = "{\"text\":\"i want to die\"}\n{\"text\":\"lovely lunch with friends\"}\n{\"txt\":1}\nnot json\n"
        let r = try BinaryRunner.run(["classify", "--jsonl"], stdin: Data(input.utf8))
        #expect(r.status == 2)
        let lines = r.stdout.split(separator: "\n").map { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        #expect(lines.count == 4)
        #expect((lines[0]?["crisisA"] as? [String: Any])?["fired"] as? Bool == true)
        #expect((lines[1]?["crisisA"] as? [String: Any])?["fired"] as? Bool == false)
        #expect(lines[2]?["error"] != nil && lines[3]?["error"] != nil)
        #expect(r.stderr.contains("'text'"))
        let missing = try BinaryRunner.run(["classify"])
        #expect(missing.status == 2 && missing.stderr.contains("TEXT"))
    }

    /// Tens of thousands of lines are classified in blocks on every core: answers still come back one per
    /// line, in input order, with errors in their place, and each equals the answer for that text alone.
    @Test func classifyJSONLinesKeepOrderAcrossBlocks() throws {
        // Over 20,000 lines: each thread gets its own catalog load (ClassifyCommand.linesForOwnCatalogs).
        let texts = (0..<20_500).map { i in
            i % 997 == 0 ? "i want to die" : i % 1001 == 0 ? "" : "day \(i): the meeting ran late and I was tired"
        }
        var input = ""
        for (i, text) in texts.enumerated() {
            input += i % 1001 == 0 ? "{\"txt\":\(i)}\n" : "{\"text\":\"\(text)\"}\n"
        }
        let r = try BinaryRunner.run(["classify", "--jsonl"], stdin: Data(input.utf8))
        #expect(r.status == 2)
        let lines = r.stdout.split(separator: "\n").map { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        try #require(lines.count == texts.count, "one answer per line: \(r.stderr.prefix(300))")
        for (i, line) in lines.enumerated() {
            if i % 1001 == 0 {
                #expect(line?["line"] as? Int == i + 1, "line \(i + 1)")
            } else {
                let fired = (line?["crisisA"] as? [String: Any])?["fired"] as? Bool
                #expect(fired == (i % 997 == 0), "line \(i + 1)")
            }
        }
        let single = try BinaryRunner.run(["classify", "--jsonl"], stdin: Data("{\"text\":\"\(texts[5000])\"}\n".utf8))
        #expect(r.stdout.split(separator: "\n")[5000] == single.stdout.split(separator: "\n").first)
    }

    @Test("resources by region", arguments: [
        ("GB", ["116 123", "85258", "999"]), ("US", ["988", "911"]), ("CA", ["988", "911"]),
        ("IE", ["116 123", "112"]), ("AU", ["13 11 14", "000"]), ("NZ", ["1737", "111"]),
        ("uk", ["116 123"]), ("DE", ["0800 111 0 111", "112"]), ("FR", ["3114", "112"]), ("PL", ["112"]), ("JP", ["119"]),
    ])
    func resources(region: String, numbers: [String]) throws {
        let r = try BinaryRunner.run(["resources", "--region", region, "--json"])
        #expect(r.status == 0)
        let obj = try #require(r.json as? [String: Any])
        #expect(Set(obj.keys).isSuperset(of: ["region", "resources", "emergency"]))
        let rows = try #require(obj["resources"] as? [[String: Any]])
        for row in rows {
            for key in ["name", "phone", "sms", "url", "hours", "source", "lastVerified"] { #expect(row.keys.contains(key)) }
            #expect((row["source"] as? String)?.isEmpty == false)
        }
        for n in numbers { #expect(r.stdout.contains(n), "\(region) lacks \(n)") }
    }

    /// Showing helplines or the catalog never builds the detector: with the crisis files gone, `resources`
    /// and `catalog` still answer, while anything that reads a person's words refuses, naming the file.
    @Test func lightCommandsNeverLoadTheDetector() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("allin-light-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        try FileManager.default.copyItem(at: BinaryRunner.root.appendingPathComponent("catalog"), to: dir)
        try FileManager.default.removeItem(at: dir.appendingPathComponent("crisis"))
        let resources = try BinaryRunner.run(["resources", "--region", "GB", "--catalog", dir.path])
        #expect(resources.status == 0 && resources.stdout.contains("116 123"))
        let catalog = try BinaryRunner.run(["catalog", "--json", "--catalog", dir.path])
        #expect(catalog.status == 0 && catalog.json != nil)
        let classify = try BinaryRunner.run(["classify", "hello", "--catalog", dir.path])
        #expect(classify.status == 1 && classify.stderr.contains("crisis/"))
        let check = try BinaryRunner.run(["catalog", "--check", "--catalog", dir.path])
        #expect(check.status == 1 && check.stderr.contains("crisis/"))
    }

    @Test func aRegionMustBeACountryCode() throws {
        let unknown = try BinaryRunner.run(["resources", "--region", "XK"])
        #expect(unknown.status == 2 && unknown.stderr.contains("'XK' is not an ISO 3166-1 country code"))
        let name = try BinaryRunner.run(["resources", "--region", "germany"])
        #expect(name.status == 2 && name.stderr.contains("did you mean DE (Germany)?"))
    }

    /// Someone asking for help always sees numbers: an unknown code is said to be unknown, the advice
    /// that works anywhere (112 and 911, with their sources) follows, and it still ends as a usage error.
    @Test(arguments: ["ZZ", "XK", "Great Britain", "germany"])
    func anUnknownRegionStillShowsTheNumbersThatWorkAnywhere(_ code: String) throws {
        let r = try BinaryRunner.run(["resources", "--region", code])
        #expect(r.status == 2 && r.stderr.contains("--region"))
        #expect(r.stdout.contains("'\(code)' is not a country allin knows"), "\(r.stdout)")
        for shown in ["112", "911", "findahelpline.com", "source:"] { #expect(r.stdout.contains(shown), "\(code) lacks \(shown)") }
        #expect(!r.stdout.contains("settings don't name a country"))
        let json = try BinaryRunner.run(["resources", "--region", code, "--json"])
        #expect(json.status == 2 && json.stdout.contains("findahelpline.com"))
    }

    @Test func aCountryTheTableKnowsIsNamedThoughItHasNoLines() throws {
        let r = try BinaryRunner.run(["resources", "--region", "TV"])
        let said = r.stdout.replacingOccurrences(of: "\n", with: " ")
        #expect(r.status == 0 && said.contains("allin doesn't know the crisis lines for Tuvalu."))
        #expect(r.stdout.contains("112") && r.stdout.contains("findahelpline.com"))
        #expect(!r.stdout.contains("Crisis lines for") && !r.stdout.contains("Lines for Tuvalu"), "\(r.stdout)")
    }

    /// With no lines to list (no country known, or one with only an emergency number), `resources`
    /// says so first with the way to choose a country, then the number, and never "Crisis lines for".
    @Test func resourcesWithNoLinesSaysSo() throws {
        let none = try BinaryRunner.run(["resources"], env: ["LANG": "C.UTF-8"])
        #expect(none.status == 0 && none.stdout.replacingOccurrences(of: "\n", with: " ")
            .contains("settings don't name a country, so allin doesn't know"))
        let austria = try BinaryRunner.run(["resources", "--region", "AT"])
        #expect(austria.status == 0 && austria.stdout.contains("allin doesn't know the crisis lines for Austria"))
        #expect(austria.stdout.contains("call 112"))
        #expect(austria.stdout.contains("source: https://findahelpline.com;") && !austria.stdout.contains("findahelpline.com/AU"))
        for r in [none, austria] {
            #expect(r.stdout.contains("--region XX") && r.stdout.contains("findahelpline.com"), "\(r.stdout)")
            #expect(r.stdout.range(of: "--region XX")!.lowerBound < r.stdout.range(of: "112")!.lowerBound)
            for words in ["Crisis lines for", "Lines for", "these lines"] { #expect(!r.stdout.contains(words), "\(r.stdout)") }
        }
    }

    /// Support printed after a person's words shows the lines even when --region names no country.
    @Test func supportAfterWordsShowsLinesWithAnUnknownRegion() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("allin-region-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let plan = try BinaryRunner.run(["safety-plan", "edit", "--data-dir", dir, "--region", "ZZ"],
                                        stdin: Data("i took all my pills\n".utf8))
        #expect(plan.status == 2 && plan.stdout.contains("112") && plan.stdout.contains("findahelpline.com"))
        let search = try BinaryRunner.run(["library", "--search", "i want to kill myself", "--region", "ZZ", "--data-dir", dir])
        #expect(search.status == 2 && search.stdout.contains("112") && search.stdout.contains("findahelpline.com"))
    }

    @Test func regionFromTheLocaleEnvironment() throws {
        let gb = try BinaryRunner.run(["resources", "--json"], env: ["LANG": "en_GB.UTF-8"])
        #expect((gb.json as? [String: Any])?["region"] as? String == "GB")
        let overridden = try BinaryRunner.run(["resources", "--json"], env: ["LANG": "en_GB.UTF-8", "LC_ALL": "en_AU.UTF-8"])
        #expect((overridden.json as? [String: Any])?["region"] as? String == "AU")
        let messages = try BinaryRunner.run(["resources", "--json"], env: ["LANG": "en_US.UTF-8", "LC_MESSAGES": "en_NZ.UTF-8"])
        #expect((messages.json as? [String: Any])?["region"] as? String == "NZ")
        let flag = try BinaryRunner.run(["resources", "--json", "--region", "IE"], env: ["LANG": "en_GB.UTF-8"])
        #expect((flag.json as? [String: Any])?["region"] as? String == "IE")
    }

    /// `region = XX` in the config file: after --region, before the locale; a bad value names the file
    /// and line with a suggestion, and the locale's region is used (crisis lines always show).
    @Test func theConfigFileSetsTheRegion() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("allin-region-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        let config = dir.appendingPathComponent("allin")
        try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
        let env = ["XDG_CONFIG_HOME": dir.path, "LANG": "en_GB.UTF-8"]
        try Data("rest_days = 1\nregion = de   # Germany\n".utf8).write(to: config.appendingPathComponent("config"))
        let set = try BinaryRunner.run(["resources"], env: env)
        #expect(set.status == 0 && set.stdout.contains("TelefonSeelsorge"), "\(set.stderr)")
        #expect(set.stdout.contains("Lines for Germany, as set in your allin settings."))
        let flag = try BinaryRunner.run(["resources", "--json", "--region", "IE"], env: env)
        #expect((flag.json as? [String: Any])?["region"] as? String == "IE")
        try Data("region = germany\n".utf8).write(to: config.appendingPathComponent("config"))
        // A bad line is named, and never keeps the lines from showing: the locale's region instead.
        let bad = try BinaryRunner.run(["resources"], env: env)
        #expect(bad.status == 0 && bad.stderr.contains("line 1: region must be a two-letter ISO 3166-1 country code"),
                "\(bad.stderr)")
        #expect(bad.stderr.contains("did you mean DE (Germany)?") && bad.stdout.contains("call 116 123"))
        try Data("region = XK\n".utf8).write(to: config.appendingPathComponent("config"))
        let unknown = try BinaryRunner.run(["route", "--region", "GB"], stdin: Data("{}".utf8), env: env)
        #expect(unknown.status != 2 || !unknown.stderr.contains("region must"), "--region wins over the file")
        let plain = try BinaryRunner.run(["resources"], env: env)
        #expect(plain.status == 0 && plain.stderr.contains("found 'XK'") && plain.stdout.contains("call 999"))
    }

    /// `resources` reads only the lines and the country table: a broken file elsewhere in the catalog
    /// never keeps crisis lines from showing.
    @Test func resourcesShowWhateverElseInTheCatalogIsBroken() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("allin-cat-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        try FileManager.default.copyItem(at: BinaryRunner.root.appendingPathComponent("catalog"), to: dir)
        try Data("{".utf8).write(to: dir.appendingPathComponent("sessions.json"))
        let r = try BinaryRunner.run(["resources", "--region", "GB", "--catalog", dir.path])
        #expect(r.status == 0 && r.stdout.contains("call 999") && r.stdout.contains("116 123"), "\(r.stderr)")
    }

    /// With the lines themselves unreadable (found from outside: nothing was printed but the error),
    /// `resources` still gives the numbers that work in most places and the directory, then the error.
    @Test func resourcesWithABrokenListStillGivesNumbers() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("allin-cat-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        try FileManager.default.copyItem(at: BinaryRunner.root.appendingPathComponent("catalog"), to: dir)
        try Data("{".utf8).write(to: dir.appendingPathComponent("helplines.json"))
        let r = try BinaryRunner.run(["resources", "--region", "GB", "--catalog", dir.path])
        #expect(r.status != 0 && r.stderr.contains("helplines.json"), "\(r.stderr)")
        for number in ["112", "911", "999", "findahelpline.com"] { #expect(r.stdout.contains(number), "\(r.stdout)") }
        let none = try BinaryRunner.run(["resources", "--catalog", dir.appendingPathComponent("nowhere").path])
        #expect(none.status != 0 && none.stdout.contains("112"), "\(none.stdout)")
    }

    /// The library's search words are read by the crisis rule first, as the full-screen search's are.
    @Test func libraryTextSearchedIsReadByTheCrisisRule() throws {
        let r = try BinaryRunner.run(["library", "--search", "I want to die", "--region", "GB"])
        #expect(r.status == 0 && r.stdout.contains("call 116 123") && r.stdout.contains("999"), "\(r.stderr)")
        #expect(!r.stdout.contains("No session matches"))
        let plain = try BinaryRunner.run(["library", "--search", "exam nerves", "--region", "GB"])
        #expect(!plain.stdout.contains("116 123") && plain.stdout.contains("1. "))
    }

    /// `journal record` says support was shown only when it shows it; a flagged note is not kept.
    @Test func journalRecordShowsTheLinesItSaysItShowed() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("allin-rec-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        let handoff = try BinaryRunner.run(["journal", "record", "--data-dir", dir.path, "--region", "GB"],
                                           stdin: Data(#"{"emotion":"down","triggerText":"I want to kill myself","intensity":5,"intent":"soothe"}"#.utf8))
        #expect(handoff.status == 0 && handoff.stdout.contains("call 116 123") && handoff.stdout.contains("Crisis support was shown"),
                "\(handoff.stderr)")
        let note = try BinaryRunner.run(["journal", "record", "--data-dir", dir.path, "--region", "GB", "--json",
                                         "--note", "I am going to kill myself tonight"],
                                        stdin: Data(#"{"emotion":"down","triggerText":"long day","intensity":5,"intent":"soothe"}"#.utf8))
        #expect(note.status == 0 && note.stderr.contains("116 123") && note.stderr.contains("The note was not kept"))
        #expect((note.json as? [String: Any])?["note"] is NSNull)
        // An act under way: the emergency number first, as the entry says (it was printed last).
        let act = try BinaryRunner.run(["journal", "record", "--data-dir", dir.path, "--region", "GB"],
                                       stdin: Data(#"{"emotion":"down","triggerText":"i took an overdose this morning","intensity":5,"intent":"soothe"}"#.utf8))
        #expect(act.status == 0 && act.stdout.contains("emergency number first"), "\(act.stdout)")
        let emergency = act.stdout.range(of: "999")?.lowerBound, line = act.stdout.range(of: "116 123")?.lowerBound
        #expect(emergency != nil && line != nil && emergency! < line!, "\(act.stdout)")
        // Words the app would ask about are kept, with a kind word and the lines (it was silent).
        let asks = try BinaryRunner.run(["journal", "record", "--data-dir", dir.path, "--region", "GB"],
                                        stdin: Data(#"{"emotion":"down","triggerText":"i hate myself","intensity":5,"intent":"soothe"}"#.utf8))
        #expect(asks.status == 0 && asks.stdout.contains("sounds heavy") && asks.stdout.contains("call 116 123")
                && asks.stdout.contains("Recorded check-in"), "\(asks.stdout)\(asks.stderr)")
        // An ordinary one names its session and what it is for, never the lane's key; so does the table.
        let plain = try BinaryRunner.run(["journal", "record", "--data-dir", dir.path, "--region", "GB"],
                                         stdin: Data(#"{"emotion":"down","triggerText":"long day","intensity":5,"intent":"soothe"}"#.utf8))
        #expect(plain.status == 0 && plain.stdout.contains(", to calm your body and mind.") && !plain.stdout.contains("lane"), "\(plain.stdout)")
        let table = try BinaryRunner.run(["journal", "--data-dir", dir.path])
        #expect(table.status == 0 && table.stdout.contains("session") && !table.stdout.contains("lane") && !table.stdout.contains("soothe"),
                "\(table.stdout)")
    }

    /// A check-in `route` refuses still has its words read: danger is never left behind an input error.
    @Test func routeReadsTheWordsOfACheckInItRefuses() throws {
        let r = try BinaryRunner.run(["route", "--region", "GB"],
                                     stdin: Data(#"{"emotion":"down","intensity":11,"triggerText":"I am going to kill myself tonight"}"#.utf8))
        #expect(r.status == 2 && r.stderr.contains("'intensity'") && r.stderr.contains("call 116 123"))
        let calm = try BinaryRunner.run(["route", "--region", "GB"], stdin: Data(#"{"emotion":"down","intensity":11}"#.utf8))
        #expect(calm.status == 2 && !calm.stderr.contains("116 123"))
    }

    @Test func unknownRegionGetsTheDirectory() throws {
        // A country with no sourced number yet (Andorra): the directory and the advice, never a guess.
        let r = try BinaryRunner.run(["resources", "--region", "AD", "--json"])
        #expect(r.status == 0)
        #expect(r.stdout.contains("findahelpline.com"))
        #expect(r.stdout.contains("local emergency number"))
        let human = try BinaryRunner.run(["resources"], env: ["LANG": "C.UTF-8"])
        #expect(human.status == 0 && human.stdout.contains("findahelpline.com"))
        let bad = try BinaryRunner.run(["resources", "--region", "Great Britain"])
        #expect(bad.status == 2 && bad.stderr.contains("--region"))
    }

    @Test func catalogJSONShape() throws {
        let r = try BinaryRunner.run(["catalog", "--json"])
        #expect(r.status == 0)
        let obj = try #require(r.json as? [String: Any])
        for key in ["emotions", "situations", "body", "intents", "claritySubTaps", "confidenceSubTaps", "sessions", "laneDefaults"] {
            #expect(obj.keys.contains(key))
        }
        let emotions = try #require(obj["emotions"] as? [[String: Any]])
        #expect(emotions.count >= 60)
        #expect(Set(emotions[0].keys) == ["id", "label", "family", "valence", "energy"])
        let sessions = try #require(obj["sessions"] as? [[String: Any]])
        #expect(sessions.count >= 36)
        #expect(Set(sessions[0].keys) == ["slug", "title", "lane", "description", "tags", "families", "needs", "cluster",
                                          "durationSeconds", "situational"])
        let defaults = try #require(obj["laneDefaults"] as? [String: String])
        #expect(Set(defaults.keys) == ["soothe", "clarity", "embody", "unblock"])
        let check = try BinaryRunner.run(["catalog", "--check"])
        #expect(check.status == 0)
    }

    @Test func catalogCheckListsEveryProblemWithFileAndEntry() throws {
        let fm = FileManager.default
        let dir = fm.temporaryDirectory.appendingPathComponent("allin-broken-\(UUID().uuidString)")
        try fm.copyItem(at: BinaryRunner.root.appendingPathComponent("catalog"), to: dir)
        defer { try? fm.removeItem(at: dir) }
        let sessionsURL = dir.appendingPathComponent("sessions.json")
        var sessions = try String(contentsOf: sessionsURL, encoding: .utf8)
        sessions = sessions.replacingOccurrences(of: #""lane": "soothe""#, with: #""lane": "sooth""#)
        try sessions.write(to: sessionsURL, atomically: true, encoding: .utf8)
        try "{ not json".write(to: dir.appendingPathComponent("helplines.json"), atomically: true, encoding: .utf8)
        let r = try BinaryRunner.run(["catalog", "--check", "--catalog", dir.path])
        #expect(r.status != 0)
        #expect(r.stderr.contains("sessions.json: sessions '"))
        #expect(r.stderr.contains("'lane' is 'sooth'"))
        #expect(r.stderr.contains("helplines.json"))
        let route = try BinaryRunner.run(["route", "--catalog", dir.path], stdin: Data(#"{"intensity":3}"#.utf8))
        #expect(route.status == 1 && route.stderr.contains("sessions.json"))
    }
}
