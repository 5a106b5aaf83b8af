import Foundation

/// L2-regularised logistic regression, fitted by full-batch gradient descent (Adam) with each
/// class weighted equally, whatever their sizes. A target is 0 or 1, or in between for a soft one
/// (the sentence reading trains neutral sentences towards 0.5, an even chance). Deterministic: the same rows in the same order
/// give the same weights. Layer B's model (`CrisisModelTrainer`) and the sentence reading
/// (`ValenceCommand`) are both fitted by it.
struct LogisticFit {
    var l2: Double
    var iterations: Int
    var learningRate: Double

    /// `rows[i]` lists example i's feature indices (below `featureCount`); `values[i]`, when given,
    /// their values in the same order (otherwise every value is 1). Each distinct target is a class.
    func fit(rows: [[Int]], values: [[Double]]? = nil, targets: [Double], featureCount: Int) -> (weights: [Double], bias: Double) {
        var classSize: [Double: Double] = [:]
        for y in targets { classSize[y, default: 0] += 1 }
        let share = 1 / Double(max(classSize.count, 2))
        let rowWeight = targets.map { share / classSize[$0]! }
        var w = [Double](repeating: 0, count: featureCount)
        var b = 0.0
        var m = w, v = w
        var mb = 0.0, vb = 0.0
        let beta1 = 0.9, beta2 = 0.999, epsilon = 1e-8
        var grad = w
        for step in 1...max(iterations, 1) {
            for i in grad.indices { grad[i] = l2 * w[i] }
            var gb = 0.0
            for (n, row) in rows.enumerated() {
                let y = targets[n]
                var z = b
                if let values {
                    for (f, x) in zip(row, values[n]) { z += w[f] * x }
                } else {
                    for f in row { z += w[f] }
                }
                let p = 1 / (1 + exp(-z))
                let g = (p - y) * rowWeight[n]
                gb += g
                if let values {
                    for (f, x) in zip(row, values[n]) { grad[f] += g * x }
                } else {
                    for f in row { grad[f] += g }
                }
            }
            let c1 = 1 - pow(beta1, Double(step)), c2 = 1 - pow(beta2, Double(step))
            for i in w.indices {
                m[i] = beta1 * m[i] + (1 - beta1) * grad[i]
                v[i] = beta2 * v[i] + (1 - beta2) * grad[i] * grad[i]
                w[i] -= learningRate * (m[i] / c1) / ((v[i] / c2).squareRoot() + epsilon)
            }
            mb = beta1 * mb + (1 - beta1) * gb
            vb = beta2 * vb + (1 - beta2) * gb * gb
            b -= learningRate * (mb / c1) / ((vb / c2).squareRoot() + epsilon)
        }
        return (w, b)
    }
}
