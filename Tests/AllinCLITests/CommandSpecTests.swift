@testable import AllinCLI
import Foundation
import Testing

/// The command spec is the one list of what each command accepts: these tests hold the parser, the
/// help, the README and the completions to it.
@Suite("Command spec")
struct CommandSpecTests {
    static let runnable = Commands.program.all.filter(\.runnable)

    /// A value the option accepts, and the positional words the command needs.
    static func sample(_ option: OptionSpec) -> [String] {
        guard !option.isFlag else { return [option.name] }
        return [option.name, option.choices?.first ?? "x"]
    }

    static func positionals(_ spec: CommandSpec) -> [String] {
        spec.arguments.filter { !$0.optional }.map { _ in "word" }
    }

    @Test("every documented option of every command is accepted, by the parser and by allin itself",
          arguments: runnable.map(\.name))
    func everyDocumentedOptionParses(name: String) async throws {
        let spec = try #require(Commands.program.all.first { $0.name == name })
        let help = Commands.program.help(spec)
        for option in spec.options {
            for spelling in option.spellings {
                #expect(help.contains(spelling), "\(name) --help does not show \(spelling)")
            }
            var words = Self.sample(option)
            words[0] = option.spellings.first ?? option.name
            #expect(throws: Never.self, "\(name) \(words)") { try Arguments(spec, words + Self.positionals(spec)) }
            // Through the whole command line: parsed, then --help stops before anything runs.
            let io = BufferIO()
            let status = await CLI(environment: [:], io: io).run(spec.path + words + ["--help"])
            #expect(status == 0, "allin \(name) \(words.joined(separator: " ")) --help: \(io.stderr)")
            #expect(io.stdout == help)
        }
    }

    /// The help lists exactly the options the parser takes: no more (the old drift) and no fewer.
    @Test("each --help lists exactly what the command accepts", arguments: Commands.program.all.map(\.name))
    func helpListsExactlyTheOptions(name: String) throws {
        let spec = try #require(Commands.program.all.first { $0.name == name })
        let help = Commands.program.help(spec)
        let sections = help.components(separatedBy: "\nOptions:\n").dropFirst().joined()
            + help.components(separatedBy: "\nCommon options:\n").dropFirst().joined()
        let listed = Set(sections.split(separator: "\n").flatMap { line -> [String] in
            guard line.hasPrefix("  -") else { return [] }
            let column = line.dropFirst(2).components(separatedBy: "  ").first ?? ""
            return column.components(separatedBy: ", ").compactMap { $0.split(separator: " ").first.map(String.init) }
        })
        #expect(listed == Set(spec.options.flatMap(\.spellings)), "\(name)")
    }

    /// Every --help says what the command does, in at least a sentence, and no line of it runs past 100
    /// columns (found from outside: 'safety-plan edit --help' had no description, and a line of
    /// 'journal record --help' ran on unwrapped).
    @Test("each --help says what the command does", arguments: Commands.program.all.map(\.name))
    func helpSaysWhatTheCommandDoes(name: String) throws {
        let spec = try #require(Commands.program.all.first { $0.name == name })
        let help = Commands.program.help(spec)
        let description = help.components(separatedBy: "\n\n").dropFirst().first ?? ""
        #expect(!description.hasPrefix("Common options:") && !description.hasPrefix("Options:") && description.count > 10,
                "\(name): \(help)")
        #expect(help.split(separator: "\n").allSatisfy { $0.count <= 100 }, "\(name)")
    }

    @Test func unknownOptionsAndBadValuesNameTheOptionAndExit2() async {
        for (words, message) in [
            (["export", "--format", "xml"], "--format must be json, csv or md, found 'xml'"),
            (["resources", "--colour"], "unknown option '--colour'"),
            (["play"], "needs SLUG"),
            (["journal", "elsewhere"], "unexpected argument 'elsewhere' (journal has: show, record)"),
            (["journal", "--limit", "3", "elsewhere"], "unexpected argument 'elsewhere' (journal has: show, record)"),
            (["resources", "--region"], "option '--region' needs a value"),
            (["erase", "--yes=please"], "option '--yes' takes no value"),
            // The unknown subcommand is what is wrong, not an option after it.
            (["audio", "bogus", "--catalog", "X"], "allin audio: unknown command 'bogus' (audio has: render, players, check)"),
        ] {
            let io = BufferIO()
            let status = await CLI(environment: [:], io: io).run(words)
            #expect(status == 2, "\(words)")
            #expect(io.stderr.contains(message), "\(words): \(io.stderr)")
        }
    }

    /// An alias with `--data-dir` never keeps crisis lines from showing (found from outside: `allin
    /// --data-dir DIR resources` was refused): a data directory or a player a command has no use for is
    /// set aside with a note.
    /// Options the parent takes may come before its subcommand (found from outside: `allin journal
    /// --data-dir D show 1` was "unexpected argument 'show'"); an option's value is never taken for
    /// the subcommand.
    @Test func optionsBeforeASubcommandGoToIt() throws {
        let (spec, rest) = try #require(Commands.program.resolve(["journal", "--data-dir", "/tmp/d", "show", "1"]))
        #expect(spec.name == "journal show")
        #expect(rest == ["--data-dir", "/tmp/d", "1"])
        let (spec2, rest2) = try #require(Commands.program.resolve(["journal", "--search", "show"]))
        #expect(spec2.name == "journal")
        #expect(rest2 == ["--search", "show"])
        let (spec3, _) = try #require(Commands.program.resolve(["journal", "--data-dir=/tmp/d", "--json", "record"]))
        #expect(spec3.name == "journal record")
    }

    /// A catalog or a region given to a command with no use for them (an alias with `--catalog`) is set
    /// aside with a note, never a refusal (found from outside: `journal --catalog C` was refused).
    @Test func anUnusedCatalogOrRegionIsIgnoredWithANote() async {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("allin-ignored-\(getpid())").path
        defer { try? FileManager.default.removeItem(atPath: dir) }
        for (words, option) in [(["where", "--region", "GB", "--data-dir", dir], "--region"),
                                (["journal", "--catalog", "/tmp/c", "--data-dir", dir], "--catalog")] {
            let io = BufferIO()
            let status = await CLI(environment: [:], io: io).run(words)
            #expect(status == 0, "\(words): \(io.stderr)")
            #expect(io.stderr.contains("\(option) is not used by this command; ignored"), "\(words): \(io.stderr)")
        }
    }

    @Test func anUnusedDataDirIsIgnoredWithANote() async {
        for words in [["--data-dir", "/tmp/x", "resources", "--region", "GB"], ["resources", "--data-dir=/tmp/x", "--region", "GB"],
                      ["--data-dir", "/tmp/x", "resources", "--help"]] {
            let io = BufferIO()
            let status = await CLI(environment: [:], io: io).run(words)
            #expect(status == 0, "\(words): \(io.stderr)")
            #expect(io.stdout.contains(words.contains("--help") ? "Usage: allin resources" : "116 123"), "\(words)")
            #expect(io.stderr.contains("--data-dir is not used by this command; ignored"), "\(words)")
        }
    }

    @Test func helpForEveryCommandIsReachableThreeWays() async {
        for spec in Commands.program.all where !spec.hidden {
            let a = BufferIO(), b = BufferIO()
            #expect(await CLI(environment: [:], io: a).run(spec.path + ["--help"]) == 0)
            #expect(await CLI(environment: [:], io: b).run(["help"] + spec.path) == 0)
            #expect(a.stdout == b.stdout && a.stdout.hasPrefix("Usage: allin \(spec.name)"), "\(spec.name)")
        }
    }

    @Test func helpHasItsOwnHelp() async {
        for words in [["help", "--help"], ["help", "-h"], ["help", "help", "--help"]] {
            let io = BufferIO()
            #expect(await CLI(environment: [:], io: io).run(words) == 0, "\(words): \(io.stderr)")
            #expect(io.stdout.hasPrefix("Usage: allin help [COMMAND...]"), "\(words)")
        }
        let a = BufferIO(), b = BufferIO()
        #expect(await CLI(environment: [:], io: a).run(["help", "journal", "--help"]) == 0)
        #expect(await CLI(environment: [:], io: b).run(["journal", "--help"]) == 0)
        #expect(a.stdout == b.stdout)
    }

    /// The README's command table is the spec's, word for word (regenerate it from the failure message).
    @Test func readmeCommandTableIsGenerated() throws {
        let readme = try String(contentsOf: BinaryRunner.root.appendingPathComponent("README.md"), encoding: .utf8)
        let begin = "<!-- commands: made from Sources/AllinCLI/Spec/Commands.swift -->\n"
        let end = "<!-- end of commands -->"
        let table = readme.components(separatedBy: begin).dropFirst().first?.components(separatedBy: end).first
        #expect(table == Commands.program.readmeTable, "Put this between the markers:\n\(Commands.program.readmeTable)")
        // A newcomer's page, not a lab notebook: figures and history live in docs/.
        let words = readme.split(whereSeparator: { $0.isWhitespace }).count
        #expect(words < 1_500, "the README has \(words) words")
    }

    @Test func frontDoorReadsTheSameSpec() {
        #expect(FrontDoor.decide(["--player", "none", "--data-dir", "d"], interactive: true)
                == .fullScreen(catalog: nil, region: nil, player: "none", dataDir: "d"))
        // Options the front doesn't take go to the command line, which names them.
        #expect(FrontDoor.decide(["--move-aside"], interactive: true) == .command(["--move-aside"]))
        // An alias's data directory does not keep the demo (which saves nothing) from starting.
        #expect(FrontDoor.decide(["demo", "--data-dir", "d"], interactive: true)
                == .fullScreen(catalog: nil, region: nil, player: nil, dataDir: nil, demo: true))
    }
}

/// The completion scripts, run in a real bash; zsh and fish are checked for syntax when installed.
@Suite("Shell completions")
struct CompletionTests {
    func bashComplete(_ words: [String]) throws -> [String] {
        let script = try #require(Completions.script(for: "bash", program: Commands.program))
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("allin-compl-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("allin.bash")
        try script.write(to: file, atomically: true, encoding: .utf8)
        let quoted = words.map { "'\($0)'" }.joined(separator: " ")
        let driver = """
        source '\(file.path)'
        COMP_WORDS=(\(quoted)); COMP_CWORD=\(words.count - 1)
        _allin
        printf '%s\\n' "${COMPREPLY[@]}"
        """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["--norc", "-c", driver]
        process.currentDirectoryURL = dir
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
    }

    @Test func bashCompletesCommandsSubcommandsOptionsAndValues() throws {
        #expect(try bashComplete(["allin", "jo"]) == ["journal"])
        #expect(try bashComplete(["allin", "journal", ""]) == ["show", "record"])
        #expect(try Set(bashComplete(["allin", "journal", "record", "--mo"])) == ["--mood-before", "--mood-after", "--move-aside"])
        #expect(try bashComplete(["allin", "export", "--format", ""]) == ["json", "csv", "md"])
        // An option's value is skipped on the way to the command: "--data-dir x" then "record".
        #expect(try bashComplete(["allin", "route", "diff", "--before", "cat", "--j"]) == ["--journal", "--json"])
        #expect(try bashComplete(["allin", "completions", "--h"]) == ["--help"])
        #expect(try bashComplete(["allin", "--pl"]) == ["--plain", "--player"])
    }

    @Test("each script is valid in its shell", arguments: Completions.shells)
    func syntax(shell: String) throws {
        let script = try #require(Completions.script(for: shell, program: Commands.program))
        #expect(script.contains("journal") && script.contains("--data-dir"))
        let path = ["/bin/\(shell)", "/usr/bin/\(shell)"].first { FileManager.default.isExecutableFile(atPath: $0) }
        guard let path else { return }  // zsh and fish are not on every machine; bash always is.
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = ["-n", "-c", script]
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(shell) -n")
    }

    @Test func unknownShellIsAUsageError() async {
        let io = BufferIO()
        #expect(await CLI(environment: [:], io: io).run(["completions", "tcsh"]) == 2)
        #expect(io.stderr.contains("SHELL must be bash, zsh or fish, found 'tcsh'"))
    }
}
