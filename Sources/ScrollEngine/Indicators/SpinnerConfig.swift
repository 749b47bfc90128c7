/// Size, stroke, colour and timings of the refresh indicator. Lengths in points, times in seconds.
public struct SpinnerConfig: Sendable, Equatable {
    /// Circle diameter of the vector spinner (the refreshable view: 25 pt).
    public var diameter: Double = 25
    /// Stroke width (the refreshable view: 3 pt), round caps.
    public var lineWidth: Double = 3
    /// Stroke colour of the vector spinner (`--indicator-color`).
    public var color: Color = .black
    public var style: SpinnerStyle = .seedDefault
    /// Reduced motion: the loop turns slowly with a fixed arc.
    public var reduceMotion: Bool = false
    /// Seconds per turn under reduced motion; never below `minimumReducedTurnSeconds`.
    public var reducedTurnSeconds: Double = 12
    /// The floor of `reducedTurnSeconds` (docs/BEHAVIOUR.md, "Refresh indicators": at least 10 s per turn).
    public static let minimumReducedTurnSeconds: Double = 10
    /// Fixed arc length under reduced motion, in turns.
    public var reducedArc: Double = 0.3
    /// Seconds over which the reduced-motion loop blends out of the pull arc (long, so the arc
    /// changes no faster than the slow loop turns).
    public var reducedBlendSeconds: Double = 8
    /// Lowest opacity of the vector spinner once there is any pull, so it is visible from the
    /// first point of the pull (the pull opacity curve starts near 0).
    public var pullOpacityFloor: Double = 0.5
    /// Seconds over which the loop's opacity goes from the last pull frame's to 1.
    public var handoffFadeSeconds: Double = 0.3
    /// Seconds of the trigger pulse (the desktop stand-in for the haptic tick).
    public var pulseSeconds: Double = 0.18
    /// Peak scale of the trigger pulse (1 = none).
    public var pulseScale: Double = 1.2
    /// Scale reached at the end of completing (the indicator shrinks while it fades out).
    public var completingEndScale: Double = 0.5
    /// A pull that will not refresh (the view is not ready, or a finished refresh waits for the
    /// finger to lift) is drawn "disarmed": the arc never closes past this fraction of a turn…
    public var disarmedReach: Double = 0.85
    /// …its stroke (and the spokes) are this fraction of the armed width, and a Lottie is drawn at
    /// this opacity, so it never looks like an armed pull at the same depth.
    public var disarmedWidthFraction: Double = 0.4
    public var disarmedLottieOpacity: Double = 0.45
    /// Side of the square a Lottie indicator is fitted into.
    public var lottieSide: Double = 40
    /// Position in the Lottie animation (0…1) per unit of pull progress (the coordinator scrubs to p/2).
    public var lottieScrubPerProgress: Double = 0.5

    public init() {}

    /// Environment variable that turns reduced motion on when set to `1`.
    public static let reduceMotionEnvironmentKey = "OVERSCROLL_REDUCE_MOTION"

    /// True when `environment` asks for reduced motion (the caller passes the process environment).
    public static func reduceMotionRequested(in environment: [String: String]) -> Bool {
        environment[reduceMotionEnvironmentKey] == "1"
    }

    /// Seconds per turn actually used under reduced motion.
    public var effectiveReducedTurnSeconds: Double {
        max(reducedTurnSeconds, Self.minimumReducedTurnSeconds)
    }

    /// Seconds over which the loop blends out of the pull arc.
    public var blendSeconds: Double {
        reduceMotion ? reducedBlendSeconds : style.firstCycleSeconds
    }
}
