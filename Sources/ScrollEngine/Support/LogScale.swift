import Foundation

/// A logarithmic scale from `lower` to `upper` (both > 0): where a value sits (0…1) and the
/// value at a position. The tuning panel's sliders for ranges spanning several decades.
public struct LogScale: Sendable, Equatable {
    public let lower: Double
    public let upper: Double
    public init(_ lower: Double, _ upper: Double) { self.lower = lower; self.upper = upper }

    public func fraction(of x: Double) -> Double { log(max(x, lower) / lower) / log(upper / lower) }
    public func value(at fraction: Double) -> Double { lower * pow(upper / lower, fraction) }
}
