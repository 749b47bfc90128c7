/// The momentum a drag that caught a running fling may carry into its own release (iOS: flick
/// again in the same direction during a deceleration and the speeds add up). The physics says how
/// much of the caught velocity is carried (`ScrollPhysics.carriedMomentum`, 0 for most); the rules
/// for keeping it are Flutter's `ScrollDragController`'s (docs/BEHAVIOUR.md, "iOS physics"): the
/// finger must not rest for more than `stationaryLimit`, and the release must go the same way at
/// more than `velocityFactor` of the carried velocity.
struct MomentumCarry: Sendable, Equatable {
    /// A finger still for longer than this (s) while dragging loses the momentum
    /// (`momentumRetainStationaryDurationThreshold`, 20 ms).
    static let stationaryLimit = 0.020
    /// The release must be faster than this fraction of the carried velocity
    /// (`momentumRetainVelocityThresholdFactor`, 0.5).
    static let velocityFactor = 0.5

    /// The velocity carried (offset points/s); 0 when none is.
    private(set) var carried: Double
    private var lastPointer: Double
    private var lastMoved: Double

    /// A drag that starts at `t` with the finger at `pointer`, carrying `carried`.
    init(carried: Double, pointer: Double, at t: Double) {
        self.carried = carried.isFinite ? carried : 0
        lastPointer = pointer
        lastMoved = t
    }

    /// The finger is at `pointer` at `t`: a rest longer than the limit drops the momentum.
    mutating func note(pointer: Double, at t: Double) {
        guard carried != 0 else { return }
        if pointer != lastPointer {
            lastPointer = pointer
            lastMoved = t
        } else if t - lastMoved > Self.stationaryLimit {
            carried = 0
        }
    }

    /// The release velocity `v` at `t`, with the momentum added when it is kept.
    func release(_ v: Double, at t: Double) -> Double {
        guard carried != 0, t - lastMoved <= Self.stationaryLimit,
            v.sign == carried.sign, v != 0, abs(v) > abs(carried) * Self.velocityFactor
        else { return v }
        return v + carried
    }
}
