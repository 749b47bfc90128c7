/// Where a released page swipe goes (docs/BEHAVIOUR.md, "Vertical pager"). Pure: displacement and velocity in,
/// page step out.
///
/// `displacement` is how far the content moved from the current page's rest offset (points,
/// positive towards the next page); `velocity` is the release velocity of the offset (points/s,
/// same sign convention). A flick faster than `flickVelocity` goes to the neighbour in its
/// direction, unless the content sits on the other side (a flick back cancels the swipe);
/// otherwise a swipe past `distanceFraction` of a page goes to that neighbour, and anything less
/// springs back.
public struct PagingPolicy: Sendable, Equatable {
    /// Fraction of a page the content must pass to change page without a flick.
    public var distanceFraction: Double = 0.5
    /// Release speed (points/s) above which a swipe changes page regardless of distance.
    public var flickVelocity: Double = 300

    public init(distanceFraction: Double = 0.5, flickVelocity: Double = 300) {
        self.distanceFraction = distanceFraction
        self.flickVelocity = flickVelocity
    }

    /// −1 (previous page), 0 (stay), or +1 (next page).
    public func step(displacement d: Double, velocity v: Double, pageHeight h: Double) -> Int {
        guard d.isFinite, v.isFinite, h > 0 else { return 0 }
        if v > flickVelocity { return d >= 0 ? 1 : 0 }
        if v < -flickVelocity { return d <= 0 ? -1 : 0 }
        let limit = h * distanceFraction
        if d > limit { return 1 }
        if d < -limit { return -1 }
        return 0
    }
}
