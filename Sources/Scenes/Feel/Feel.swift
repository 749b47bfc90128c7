import ScrollEngine

/// Every number of the feel in one value: the physics profile and its numbers, the wheel step,
/// the refresh numbers, the spinner's, the Lottie file and the theme (a feel file, `run --feel`,
/// the scenario field `feel`). Its defaults are the numbers the scenes use with no feel file, so
/// a `Feel()` applied changes nothing. The fields a file may set, with their units and ranges,
/// are `FeelFields.all`; this type only holds the values and applies them.
public struct Feel: Sendable, Equatable {
    /// The physics profile's registered name (`PhysicsRegistry`).
    public var physicsName = PhysicsRegistry.defaultName
    /// The iOS profile's numbers (used when `physicsName` is `ios`).
    public var ios = PhysicsProfile.iOS
    /// Android's numbers (used when `physicsName` is `android`).
    public var android = AndroidPhysics()
    /// GNOME's numbers (used when `physicsName` is `gnome`).
    public var gnome = GnomePhysics()
    /// The input's numbers (the wheel step).
    public var input = InputSettings()
    /// The coordinator's refresh numbers (trigger distance, lock height, hysteresis).
    public var coordinator = RefreshCoordinatorConfig()
    /// The refreshable view's refresh numbers (trigger distance).
    public var refreshable = RefreshableConfig()
    /// Seconds after which a running refresh is cancelled.
    public var refreshTimeout = RefreshBehaviour().timeout
    /// Minimum seconds the "done" state (the finish) shows after a successful refresh; 0 skips it.
    public var refreshDone = RefreshBehaviour().doneSeconds
    /// The trigger distance of both refresh scenes as this fraction of the scroll view's height;
    /// 0 (the default): off, the fixed trigger distances.
    public var triggerFraction = RefreshBehaviour().triggerFraction ?? 0
    /// The vector spinner's style name, or `FeelFields.sceneDefault` for the scene's own.
    public var spinnerStyle = FeelFields.sceneDefault
    /// Size and stroke of the vector spinner.
    public var spinner = SpinnerConfig()
    /// The `seed` style's numbers (rotation period, trim).
    public var seed = SeedSpinnerStyle()
    /// A Lottie file as the indicator; empty = the scene's default.
    public var lottie = ""
    /// The Lottie's pull, loop and finish segments; none: the whole file.
    public var lottieSegments = IndicatorOptions().lottieSegments
    /// The theme's name.
    public var theme = Theme.light.name

    public init() {
        // Written out, so a file that changes the trigger distance keeps the lock where it was.
        coordinator.lockHeight = coordinator.effectiveLockHeight
    }

    /// The default feel with the profile `physics` chosen.
    public init(physics: String) {
        self.init()
        physicsName = physics
    }

    /// The physics the feel names, with its numbers.
    public var physics: any ScrollPhysics {
        switch physicsName {
        case ios.name: return ios
        case android.name: return android
        case gnome.name: return gnome
        default: return PhysicsRegistry.physics(named: physicsName) ?? ios
        }
    }

    /// Sets every field of `options` the feel holds (physics, input's wheel step, refresh
    /// numbers, spinner, Lottie file and segments, theme). Fields the feel leaves at their defaults set the
    /// defaults: apply a feel first, then the flags or scenario fields that win over it.
    public func apply(to options: inout SceneOptions) {
        options.physics = physics
        options.input.pointsPerNotch = input.pointsPerNotch
        options.coordinator = coordinator
        options.refreshable = refreshable
        options.refresh.timeout = refreshTimeout
        options.refresh.doneSeconds = refreshDone
        options.refresh.triggerFraction = triggerFraction > 0 ? triggerFraction : nil
        options.indicator.style = spinnerStyle == FeelFields.sceneDefault ? nil : spinnerStyle
        options.indicator.spinner.diameter = spinner.diameter
        options.indicator.spinner.lineWidth = spinner.lineWidth
        options.indicator.seed = seed
        options.indicator.lottiePath = lottie.isEmpty ? nil : lottie
        options.indicator.lottieSegments = lottieSegments
        if let t = Theme.named(theme) { options.theme = t }
    }
}
