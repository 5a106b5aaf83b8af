import Foundation
import Testing
@testable import AllinCore

/// Catalog validation: every problem is reported, each naming its file and entry.
struct CrisisLexiconDecodeTests {
    /// The shipped files with one file's JSON changed by `edit`.
    func files(editing name: String, _ edit: (inout [String: Any]) -> Void) throws -> [String: Data] {
        var files = try crisisCatalogFiles()
        let data = try #require(files[name])
        let object = try JSONSerialization.jsonObject(with: data)
        var root = try #require(object as? [String: Any])
        edit(&root)
        files[name] = try JSONSerialization.data(withJSONObject: root)
        return files
    }

    func problems(_ files: [String: Data]) -> [String] {
        do {
            _ = try CrisisLexicon.decode(files: files)
            return []
        } catch let p as CatalogProblems {
            return p.issues.map(\.description)
        } catch {
            return ["unexpected error \(error)"]
        }
    }

    func edit(_ root: inout [String: Any], list key: String, at index: Int, field: String, to value: Any) {
        var list = root[key] as? [[String: Any]] ?? []
        list[index][field] = value
        root[key] = list
    }

    @Test("The shipped catalog decodes cleanly")
    func shippedCatalog() throws {
        #expect(problems(try crisisCatalogFiles()).isEmpty)
        #expect(CrisisLexicon.fileNames == ["crisis/normalisation.json", "crisis/layer-a.json", "crisis/layer-b.json", "crisis/concepts.json", "crisis/model.tsv"])
    }

    @Test("An empty idiom pattern names the file and the entry")
    func emptyIdiomPattern() throws {
        let found = problems(try files(editing: "crisis/layer-a.json") { edit(&$0, list: "idioms", at: 3, field: "pattern", to: "") })
        #expect(found.count == 1)
        #expect(found.first?.hasPrefix("crisis/layer-a.json: idioms #3") == true)
        #expect(found.first?.hasSuffix("pattern is empty") == true)
    }

    @Test("Every problem is listed, not just the first")
    func everyProblem() throws {
        let found = problems(try files(editing: "crisis/layer-a.json") { root in
            edit(&root, list: "idioms", at: 0, field: "pattern", to: "(unclosed")
            edit(&root, list: "rules", at: 0, field: "tier", to: "urgent")
            edit(&root, list: "rules", at: 1, field: "patterns", to: ["@noSuchClass die"])
            edit(&root, list: "rules", at: 2, field: "id", to: "A.selfModalDie")
        })
        #expect(found.contains { $0.hasPrefix("crisis/layer-a.json: idioms #0") && $0.contains("missing ')'") })
        #expect(found.contains { $0.hasPrefix("crisis/layer-a.json: rules #0 (A.selfAct)") && $0.contains("tier must be") })
        #expect(found.contains { $0.contains("rules #1") && $0.contains("unknown class '@noSuchClass'") })
        #expect(found.contains { $0.contains("duplicate rule id 'A.selfModalDie'") })
        #expect(found.count >= 4)
    }

    @Test("Layer B weights must be numbers")
    func weightNotNumeric() throws {
        let found = problems(try files(editing: "crisis/layer-b.json") { edit(&$0, list: "features", at: 2, field: "weight", to: "heavy") })
        #expect(found.contains { $0.hasPrefix("crisis/layer-b.json: features #2") && $0.hasSuffix("weight must be a number") })
        let boolean = problems(try files(editing: "crisis/layer-b.json") { edit(&$0, list: "features", at: 0, field: "weight", to: true) })
        #expect(boolean.contains { $0.contains("weight must be a number") })
    }

    @Test("A pattern word the normaliser rewrites can never match and is rejected")
    func unreachableWord() throws {
        let found = problems(try files(editing: "crisis/layer-a.json") { edit(&$0, list: "rules", at: 0, field: "patterns", to: ["i dont want to live"]) })
        #expect(found.contains { $0.contains("rules #0") && $0.contains("word 'dont' never reaches the matcher") })
    }

    @Test("An idiom may never contain a first-person self-object word")
    func idiomForbiddenWord() throws {
        let found = problems(try files(editing: "crisis/layer-a.json") { edit(&$0, list: "idioms", at: 1, field: "pattern", to: "kill myself lol") })
        #expect(found.contains { $0.hasPrefix("crisis/layer-a.json: idioms #1") && $0.contains("must not contain 'myself'") })
    }

    @Test("Short despaced keys are rejected (they collide with ordinary words)")
    func shortDespacedKey() throws {
        let found = problems(try files(editing: "crisis/normalisation.json") { root in
            var list = root["despaced"] as? [[String: Any]] ?? []
            list.append(["key": "killme", "phrase": "kill me"])
            root["despaced"] = list
        })
        #expect(found.contains { $0.hasPrefix("crisis/normalisation.json: despaced #") && $0.contains("8 or more letters") })
    }

    @Test("Duplicates inside lists are reported")
    func duplicates() throws {
        let found = problems(try files(editing: "crisis/normalisation.json") { root in
            var fillers = root["fillers"] as? [String] ?? []
            fillers.append("just")
            root["fillers"] = fillers
        })
        #expect(found.contains { $0.hasPrefix("crisis/normalisation.json: fillers #") && $0.contains("duplicate filler 'just'") })
    }

    @Test("Missing files, broken JSON and unknown fields are reported")
    func missingAndBroken() throws {
        var broken = try crisisCatalogFiles()
        broken["crisis/layer-b.json"] = nil
        broken["crisis/normalisation.json"] = Data("{not json".utf8)
        let found = problems(broken)
        #expect(found.contains("crisis/layer-b.json: file is missing"))
        #expect(found.contains("crisis/normalisation.json: not valid JSON"))
        let typo = problems(try files(editing: "crisis/layer-a.json") { edit(&$0, list: "rules", at: 0, field: "patern", to: "x") })
        #expect(typo.contains { $0.contains("rules #0") && $0.contains("unknown field 'patern'") })
    }

    @Test("Pattern syntax errors are plain sentences")
    func patternSyntax() {
        let cases: [(String, String)] = [("", "pattern is empty"), ("a | b", "'|' outside parentheses"), ("(a b", "missing ')'"),
                                         ("~99", "gap '~99' must be ~1 to ~8"), ("Kill", "word 'Kill' must be lowercase letters or digits"),
                                         ("!..", "'!' needs a word, class or group")]
        for (text, message) in cases {
            switch CrisisPatternParser.parse(text) {
            case .success: Issue.record("\(text) should not parse")
            case .failure(let e): #expect(e.message == message)
            }
        }
        if case .success(let nodes) = CrisisPatternParser.parse("@modal (a b | c)? ~2 $ #num10") {
            #expect(nodes == [.classRef("modal"), .optional(.group([[.word("a"), .word("b")], [.word("c")]])), .gap(2), .clauseEnd, .number(min: 10)])
        } else {
            Issue.record("valid pattern did not parse")
        }
    }
}

/// The crisis files' walker over the one JSON reader: each kind of value is told apart as the
/// catalog contract needs (a boolean is not a number, nor a number a boolean), and a key given
/// twice keeps its first value.
struct CrisisJSONReaderTests {
    @Test func typesAreToldApartAndEveryProblemIsNamed() throws {
        var r = CrisisJSONReader(file: "crisis/x.json")
        let parsed = r.root(Data(#"{"n": true, "b": 1, "s": "a\u0085b", "t": "ok", "k": 1, "k": 2, "z": null}"#.utf8))
        let root = try #require(parsed)
        #expect(r.number(root["n"], "e", "n") == nil)
        #expect(r.bool(root["b"], "e", "b", default: false) == false)
        #expect(r.string(root["s"], "e", "s") == nil)
        #expect(r.string(root["t"], "e", "t") == "ok")
        #expect(r.number(root["k"], "e", "k") == 1)
        #expect(r.string(root["z"], "e", "z", required: false) == nil)
        #expect(r.issues.map(\.description) == [
            "crisis/x.json: e: n must be a number",
            "crisis/x.json: e: b must be true or false",
            "crisis/x.json: e: s contains a control character",
        ])
        var top = CrisisJSONReader(file: "crisis/y.json")
        #expect(top.root(Data("[1]".utf8)) == nil && top.root(Data("{".utf8)) == nil && top.root(nil) == nil)
        #expect(top.issues.map(\.description) == [
            "crisis/y.json: top level must be an object", "crisis/y.json: not valid JSON", "crisis/y.json: file is missing",
        ])
    }

    @Test func controlCharactersAreFoundFromTheBytes() {
        for text in ["a\u{0}b", "tab\there", "del\u{7F}", "c1\u{80}", "c1\u{9F}"] { #expect(CrisisJSONReader.hasControl(text)) }
        for text in ["plain", "é ü ß", "\u{A0}nbsp", "😀", "\u{2028}"] { #expect(!CrisisJSONReader.hasControl(text)) }
    }
}
