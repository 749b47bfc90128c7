/// Every number of the Material pull-to-refresh (`MaterialRefreshMachine`), from AndroidX's
/// `SwipeRefreshLayout` and `CircularProgressDrawable`, one dp taken as one point
/// (docs/BEHAVIOUR.md, "Android physics").
public struct MaterialRefreshConfig: Sendable, Equatable {
    /// The circle's diameter (`CIRCLE_DIAMETER`, 40 dp); hidden, its top sits this far above the list.
    public var circleDiameter = 40.0
    /// How far the circle travels from hidden to its resting place, and the pull that triggers
    /// (`DEFAULT_CIRCLE_TARGET`, 64 dp: `mSpinnerOffsetEnd` and `mTotalDragDistance`).
    public var target = 64.0
    /// The circle's move onto its resting place after a release past the trigger
    /// (`ANIMATE_TO_TRIGGER_DURATION`, 200 ms) and its move back up after one short of it
    /// (`ANIMATE_TO_START_DURATION`, 200 ms), both decelerating (factor 2: 1 − (1 − p)⁴).
    public var slideDuration = 0.2
    public var returnDuration = 0.2
    /// The circle shrinks away when the refresh ends (`SCALE_DOWN_DURATION`, 150 ms).
    public var scaleDownDuration = 0.15
    /// A refresh started with no pull (F5): the circle grows in place (`config_mediumAnimTime`, 400 ms).
    public var scaleUpDuration = 0.4
    /// The ring (`CircularProgressDrawable`'s default size): radius 7.5, stroke 2.5, arrow 10 × 5.
    public var ringRadius = 7.5
    public var strokeWidth = 2.5
    public var arrowWidth = 10.0
    public var arrowHeight = 5.0
    /// The longest arc drawn while pulling, in turns (`MAX_PROGRESS_ANGLE`).
    public var maxTrim = 0.8
    /// The ring's opacity while the pull is short of the trigger (`STARTING_PROGRESS_ALPHA`, 0.3).
    public var startingAlpha = 0.3

    public init() {}

    /// The circle's top when hidden (pt below the list's top: above it).
    public var hiddenTop: Double { -circleDiameter }
    /// The circle's top while refreshing.
    public var restTop: Double { hiddenTop + target }
}
