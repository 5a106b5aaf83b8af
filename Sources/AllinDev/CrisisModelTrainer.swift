import AllinCore
import Foundation

/// Trains layer B's model: L2-regularised logistic regression over each line's words, word
/// pairs, stems, concept classes and class pairs (see `CrisisModel.forEachFeature`), with the two classes
/// weighted equally, fitted by full-batch gradient descent (Adam).
///
/// Deterministic: the same lines, in the same order, with the same settings give the same weights,
/// so the committed model can be rebuilt and checked (`allin-dev model train`).
public struct CrisisModelTrainer: Sendable {
    public struct Example: Sendable {
        public var text: String
        public var crisis: Bool
        public init(text: String, crisis: Bool) {
            self.text = text
            self.crisis = crisis
        }
    }

    /// The regularisation strength per example (larger: smaller weights, a smoother model).
    ///
    /// Chosen by leaving one labelled file out at a time (`allin-dev model cv`, 30 files): at 0.0003
    /// the model caught 0.892 of the unseen crisis lines at 0.044 false alarms; at 0.000003, with
    /// the crisis band from 0.95, it caught 0.937 at 0.051. The weaker pull lets the words that only
    /// ever came in crisis lines speak up on a new line, and the stopping point after `iterations`
    /// steps still keeps the weights finite.
    public var l2 = 0.000003

    /// The probability from which the trained model's finding is a crisis (the file's `@crisisAt`).
    ///
    /// A miss is the worse error, so the band is the lowest multiple of 0.05 at which the whole
    /// detector, with each labelled file left out in turn (`allin-dev model cv`, 105 files), still raises
    /// no more than 0.05 false alarms: from 0.70 it caught 0.975 of the unseen crisis lines at 0.047;
    /// from 0.65, 0.978 at 0.0503. (Over 101 files the same; over 97, 0.70: 0.974 at 0.048; over 94, 0.65: 0.976 at
    /// 0.051. Over 88 files, 0.70: 0.971 at 0.0495, and 0.968 at
    /// 0.046 from 0.75; over 85 files the same rule gave 0.75:
    /// 0.966 at 0.047, and 0.0505 from 0.70; over 78 files, 0.75; over 69, 0.80; over 58, 0.85; over
    /// 53, 0.90.) No mixed rule did better than a single band: a lower band for short lines only, or
    /// a lower band where the weighted score or layer A's concern agrees, each caught fewer crisis
    /// lines for the same false alarms.
    public static let defaultCrisisAt = 0.70
    /// The probability from which, below `defaultCrisisAt`, the model's finding is a concern (the
    /// file's `@askAt`): the crisis check asks "are you safe right now?" instead of saying nothing.
    /// Chosen on lines and check-ins the model never trained on (`docs/crisis-check.md`: 0.65 in the
    /// eighteenth session; 0.60 in the nineteenth, once the model had read check-in answers and asked
    /// far less on everyday ones).
    public static let defaultAskAt = 0.60
    public var iterations = 400
    public var learningRate = 0.05
    /// The share of lines from which a single word counts as common and is left out on its own.
    public var commonShare = 0.04
    /// A feature must come in at least this many lines to be weighed at all: one seen in a single
    /// line can only memorise that line, and with a weak pull towards 0 it would say a lot.
    public var minLines = 1

    public init() {}

    /// How far apart two classed words may be for their class pair to be a feature.
    public static var classWindow: Int { CrisisModel.classWindow }

    public struct Result: Sendable {
        public var bias: Double
        public var weights: [String: Double]
        /// Share of training lines the model puts on the right side of 0.5.
        public var trainingAccuracy: Double
        /// Words found in at least `commonShare` of the lines ("i", "it", "my"), left out as single
        /// words (they still count inside pairs), so a short line is never scored on them alone.
        public var common: Set<String>
    }

    public func train(_ examples: [Example], scanner: ConceptScanner) -> Result {
        // Single words found in many lines ("i", "it") carry the writers' style more than meaning:
        // "I avoid it" must not look like "I want to end it". They are left out on their own.
        var lines = examples.map { CrisisModel.featureNames(of: $0.text, scanner: scanner) }
        var lineCount: [String: Int] = [:]
        for line in lines { for f in line { lineCount[f, default: 0] += 1 } }
        let total = Double(max(examples.count, 1))
        // (A small set has no common words: a word must also be in 50 lines or more.)
        let common = Set(lineCount.filter { !$0.key.contains(" ") && Double($0.value) >= max(commonShare * total, 50) }.map(\.key))
        lines = lines.map { $0.filter { !common.contains($0) && lineCount[$0, default: 0] >= minLines } }
        // Features by index, in name order, so the result never depends on hashing order.
        let names = Set(lines.joined()).sorted()
        var indexOf: [String: Int] = [:]
        for (i, n) in names.enumerated() { indexOf[n] = i }
        let rows = lines.map { $0.map { indexOf[$0]! } }
        let labels = examples.map(\.crisis)
        let (w, b) = LogisticFit(l2: l2, iterations: iterations, learningRate: learningRate)
            .fit(rows: rows, targets: labels.map { $0 ? 1 : 0 }, featureCount: names.count)
        var right = 0
        for (row, y) in zip(rows, labels) {
            let z = row.reduce(b) { $0 + w[$1] }
            if (z >= 0) == y { right += 1 }
        }
        var weights: [String: Double] = [:]
        for (i, n) in names.enumerated() { weights[n] = w[i] }
        return Result(bias: b, weights: weights, trainingAccuracy: Double(right) / total, common: common)
    }
}
