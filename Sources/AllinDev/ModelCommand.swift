import AllinCLI
import AllinCore
import Foundation

/// `allin-dev model`: train layer B's model from labelled lines, and measure the detector on them.
struct ModelCommand {
    let cli: CLI

    func run(_ args: Arguments) throws -> Int32 {
        let files = args.positional
        switch args.spec.path.last {
        case "train": return try train(files, args)
        case "eval": return try eval(files, args)
        case "features": return try features(files, args)
        default: return try crossValidate(files, args)
        }
    }

    /// One labelled line: its label (crisis, safe or ambiguous) and its text.
    struct Row {
        var label: String
        var text: String
    }

    /// Reads one file of lines to learn from or measure on (`LabelledLines.forModel`).
    func rows(_ path: String) throws -> [Row] {
        try LabelledLines.forModel(path).map { Row(label: $0.label, text: $0.text) }
    }

    /// The trainer with the settings given on the command line.
    private func trainer(_ args: Arguments) throws -> CrisisModelTrainer {
        var trainer = CrisisModelTrainer()
        trainer.l2 = try args.number("--l2", in: 0...10) ?? trainer.l2
        trainer.iterations = try args.wholeNumber("--iterations", in: 1...100_000) ?? trainer.iterations
        trainer.minLines = try args.wholeNumber("--min-lines", in: 1...1000) ?? trainer.minLines
        return trainer
    }

    /// The lines a model learns from: crisis and safe ones (ambiguous lines are left out).
    static func examples(_ rows: [Row]) -> [CrisisModelTrainer.Example] {
        rows.compactMap { $0.label == "ambiguous" ? nil : .init(text: $0.text, crisis: $0.label == "crisis") }
    }

    private func train(_ files: [String], _ args: Arguments) throws -> Int32 {
        guard !files.isEmpty else { throw CLIError.usage(command: "model", message: "train needs at least one labelled TSV file") }
        let trainer = try trainer(args)
        let crisisAt = try args.number("--crisis-at", in: 0.5...0.99) ?? CrisisModelTrainer.defaultCrisisAt
        let askAt = try args.number("--ask-at", in: 0.5...crisisAt) ?? Swift.min(CrisisModelTrainer.defaultAskAt, crisisAt)
        var examples: [CrisisModelTrainer.Example] = []
        var about = ["allin layer B model: logistic regression over words, word pairs, stems and concept classes (rebuild: allin-dev model train).",
                     "Trained on (crisis / safe lines; ambiguous lines are left out):"]
        for path in files {
            let rows = try rows(path)
            let crisis = rows.filter { $0.label == "crisis" }.count, safe = rows.filter { $0.label == "safe" }.count
            about.append("  \((path as NSString).lastPathComponent): \(crisis) / \(safe)")
            examples += Self.examples(rows)
        }
        guard examples.contains(where: \.crisis), examples.contains(where: { !$0.crisis }) else {
            throw CLIError.usage(command: "model", message: "train needs both crisis and safe lines")
        }
        about.append("Features: words, neighbouring word pairs, stems (the first \(CrisisModel.stemLength) letters of longer words), words at most \(CrisisModel.negationReach) after a denial in the same clause ('!die'), concept classes, and class pairs at most \(CrisisModelTrainer.classWindow) words apart.")
        about.append("l2 \(trainer.l2), \(trainer.iterations) iterations of Adam (rate \(trainer.learningRate)), both classes weighted equally;")
        about.append("Single words in \(Int(trainer.commonShare * 100))% of lines or more are left out (they still count in pairs).")
        // Only the concept words and the spelling tables are needed (the model file itself may be
        // missing or stale).
        let scanner = try CatalogLocator.load(option: args["--catalog"], environment: cli.environment,
                                              names: [ConceptScanner.fileName, CrisisLexicon.normalisationFile]) { files in
            guard let data = files[ConceptScanner.fileName] else {
                throw CatalogProblems([CatalogIssue(file: ConceptScanner.fileName, "file is missing")])
            }
            return try ConceptScanner.decode(data).withSpellings(normalisation: files[CrisisLexicon.normalisationFile])
        }
        let result = trainer.train(examples, scanner: scanner)
        let text = CrisisModel.encode(bias: result.bias, crisisAt: crisisAt, askAt: askAt, weights: result.weights, about: about)
        let kept = text.split(separator: "\n").filter { !$0.hasPrefix("#") && !$0.hasPrefix("@") }.count
        if let out = args["--out"] {
            do { try Data(text.utf8).write(to: URL(fileURLWithPath: out), options: .atomic) } catch {
                throw CLIError.usage(command: "model", message: "cannot write '\(Visible.text(out))': \(error.localizedDescription)")
            }
            cli.io.err("Trained on \(examples.count) lines: \(kept) features, training accuracy \(String(format: "%.3f", result.trainingAccuracy)); wrote \(Visible.text(out)).\n")
        } else {
            cli.io.out(text)
        }
        return 0
    }

    /// Leave-one-file-out: for each file, a model trained on all the other files, and the whole
    /// detector with that model measured on the file it never saw. The labelled sets were written
    /// apart, in different voices, so this is the nearest thing to wording from a new person.
    private func crossValidate(_ files: [String], _ args: Arguments) throws -> Int32 {
        guard files.count >= 2 else { throw CLIError.usage(command: "model", message: "cv needs at least two labelled TSV files") }
        let trainer = try trainer(args)
        let crisisAt = try args.number("--crisis-at", in: 0.5...0.99) ?? CrisisModelTrainer.defaultCrisisAt
        let catalog = try cli.loadCatalog(args)
        let lexicon = catalog.crisisLexicon
        let sets = try files.map { try rows($0) }
        struct Fold { var lexicon: CrisisLexicon?; var problem: String? }
        let folds = sets.indices.map { k -> Fold in
            var examples: [CrisisModelTrainer.Example] = []
            for (i, rows) in sets.enumerated() where i != k { examples += Self.examples(rows) }
            guard examples.contains(where: \.crisis), examples.contains(where: { !$0.crisis }) else {
                return Fold(problem: "the files other than \((files[k] as NSString).lastPathComponent) need both crisis and safe lines")
            }
            let result = trainer.train(examples, scanner: lexicon.conceptScanner)
            let text = CrisisModel.encode(bias: result.bias, crisisAt: crisisAt, weights: result.weights, about: [])
            do { return Fold(lexicon: try lexicon.replacingModel(try CrisisModel.decode(Data(text.utf8)))) } catch {
                return Fold(problem: "\(error)")
            }
        }
        if let problem = folds.compactMap(\.problem).first { throw CLIError.usage(command: "model", message: problem) }
        var table = TextTable(header: ["held out", "crisis", "recall", "without model", "safe", "false alarms", "without model"])
        var totals = [0, 0, 0, 0, 0, 0]
        for (k, rows) in sets.enumerated() {
            let detector = CrisisDetector(lexicon: folds[k].lexicon!)
            var c = [0, 0, 0, 0, 0, 0]   // crisis, caught, caught without model, safe, alarms, alarms without model
            for (row, f) in zip(rows, CrisisDetector.layers(rows.map(\.text), workers: [detector])) {
                let fired = f.a.fired || f.b.fired
                let withoutModel = f.a.fired || (f.b.fired && f.b.rule != "B.model")
                switch row.label {
                case "crisis": c[0] += 1; c[1] += fired ? 1 : 0; c[2] += withoutModel ? 1 : 0
                case "safe": c[3] += 1; c[4] += fired ? 1 : 0; c[5] += withoutModel ? 1 : 0
                default: break
                }
            }
            for i in c.indices { totals[i] += c[i] }
            table.rows.append([(files[k] as NSString).lastPathComponent, "\(c[0])", rate(c[1], c[0]), rate(c[2], c[0]),
                               "\(c[3])", rate(c[4], c[3]), rate(c[5], c[3])])
        }
        table.rows.append(["all, each unseen", "\(totals[0])", rate(totals[1], totals[0]), rate(totals[2], totals[0]),
                           "\(totals[3])", rate(totals[4], totals[3]), rate(totals[5], totals[3])])
        cli.io.out("Each file measured with a model trained on the other files only (fired = layer A or B at T2 or above;\n"
                   + "\"without model\": the hand-written rules alone).\n" + table.render() + "\n")
        return 0
    }

    /// Each line's label, file and model features (`CrisisModel.featureNames`), as JSON lines.
    private func features(_ files: [String], _ args: Arguments) throws -> Int32 {
        guard !files.isEmpty else { throw CLIError.usage(command: "model", message: "features needs at least one labelled file") }
        let scanner = try cli.loadCatalog(args).crisisLexicon.conceptScanner
        for path in files {
            let name = JSONValue.string((path as NSString).lastPathComponent)
            var out = ""
            for row in try rows(path) {
                let names = CrisisModel.featureNames(of: row.text, scanner: scanner)
                out += JSONValue.object([("file", name), ("label", .string(row.label)),
                                         ("features", .array(names.map(JSONValue.string)))]).serialized() + "\n"
            }
            cli.io.out(out)
        }
        return 0
    }

    /// A share as "0.950 (19/20)", or "-" when there is nothing to count.
    private func rate(_ k: Int, _ n: Int) -> String {
        n == 0 ? "-" : String(format: "%.3f (%d/%d)", Double(k) / Double(n), k, n)
    }

    private func eval(_ files: [String], _ args: Arguments) throws -> Int32 {
        guard !files.isEmpty else { throw CLIError.usage(command: "model", message: "eval needs at least one labelled TSV file") }
        let catalog = try cli.loadCatalog(args)
        let detector = CrisisDetector(lexicon: catalog.crisisLexicon)
        var table = TextTable(header: ["file", "crisis", "recall", "safe", "false alarms", "decided by the model (right)"])
        for path in files {
            let rows = try rows(path)
            var crisis = 0, caught = 0, safe = 0, alarms = 0, byModel = 0, modelRight = 0
            let found = CrisisDetector.layers(rows.map(\.text), workers: [detector])
            for (row, f) in zip(rows, found) {
                let fired = f.a.fired || f.b.fired
                if !f.a.fired && f.b.fired && f.b.rule == "B.model" {
                    byModel += 1
                    if row.label == "crisis" { modelRight += 1 }
                }
                switch row.label {
                case "crisis": crisis += 1; if fired { caught += 1 }
                case "safe": safe += 1; if fired { alarms += 1 }
                default: break
                }
            }
            table.rows.append([(path as NSString).lastPathComponent, "\(crisis)", rate(caught, crisis), "\(safe)", rate(alarms, safe),
                               "\(byModel) (\(modelRight))"])
        }
        cli.io.out("Fired = layer A or B at T2 or above.\n" + table.render() + "\n")
        return 0
    }
}
