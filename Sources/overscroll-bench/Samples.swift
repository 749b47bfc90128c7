/// A set of timings in milliseconds with the order statistics the bench reports.
struct Samples: Sendable {
    var values: [Double]

    init(_ values: [Double] = []) { self.values = values }

    mutating func add(_ v: Double) { values.append(v) }

    var count: Int { values.count }

    /// The p-quantile (0…1), linear interpolation between order statistics; NaN when empty.
    func quantile(_ p: Double) -> Double {
        guard !values.isEmpty else { return .nan }
        let s = values.sorted()
        let pos = Swift.min(Swift.max(p, 0), 1) * Double(s.count - 1)
        let lo = Int(pos.rounded(.down)), hi = Int(pos.rounded(.up))
        return s[lo] + (s[hi] - s[lo]) * (pos - Double(lo))
    }

    var median: Double { quantile(0.5) }
    var p99: Double { quantile(0.99) }
    var minimum: Double { values.min() ?? .nan }
}
