import ScrollEngine

/// The fields of the feel file, one declaration each, in the order the printed file, the README
/// and the tuning panel list them. A field's default is `Feel()`'s value: the scenes' numbers.
public enum FeelFields {
    /// The spinner style and Lottie value that keeps the scene's own choice.
    public static let sceneDefault = "scene"

    public static let all: [FeelField] = [
        .name(
            "physics.profile", choices: PhysicsRegistry.names,
            help: "scroll physics: iOS's, Android's or GNOME's feel, or none", \.physicsName),
        .number(
            "physics.decelerationRate", unit: "per ms", in: 0.5...0.99999, exclusive: true, step: 0.0005,
            help: "velocity kept per millisecond after release", profiles: ["ios"], \.ios.decelerationRate),
        .number(
            "physics.rubberBand", unit: "", in: 0.01...2, step: 0.05,
            help: "rubber-band coefficient past an edge", profiles: ["ios"], \.ios.rubberBand.coefficient),
        .number(
            "physics.springMass", unit: "", in: 0.001...1000, step: 0.1,
            help: "mass of the spring back to an edge", profiles: ["ios"], \.ios.bounce.mass),
        .number(
            "physics.springStiffness", unit: "", in: 0.001...100_000, step: 10,
            help: "stiffness of the spring back to an edge", profiles: ["ios"], \.ios.bounce.stiffness),
        .number(
            "physics.springDamping", unit: "ratio", in: 0.01...100, step: 0.05,
            help: "damping ratio of the spring (1: critically damped)", profiles: ["ios"], \.ios.bounce.dampingRatio),
        FeelField(
            "physics.minimumFlingVelocity", unit: "pt/s", kind: .number(0...10_000, exclusive: false, step: 5),
            help: "a slower release inside the bounds just stops", profiles: ["ios", "android"],
            get: { .number($0.physicsName == "android" ? $0.android.minimumFlingVelocity : $0.ios.minimumFlingVelocity) },
            set: { feel, value in
                guard case let .number(x) = value else { return }
                if feel.physicsName == "android" { feel.android.minimumFlingVelocity = x } else { feel.ios.minimumFlingVelocity = x }
            }),
        .number(
            "physics.maximumOvershoot", unit: "pt", in: 0...10_000, step: 10,
            help: "how far a drag may pull past an edge", profiles: ["gnome"], \.gnome.maximumOvershoot),
        .number(
            "physics.wheelStep", unit: "pt", in: 0.1...1000, step: 5,
            help: "points scrolled per wheel notch", \.input.pointsPerNotch),
        .number(
            "refresh.timeout", unit: "s", in: 0.001...3600, step: 1,
            help: "a running refresh is cancelled after this", \.refreshTimeout),
        .number(
            "refresh.doneSeconds", unit: "s", in: 0...60, step: 0.1,
            help: "minimum time the done state (a check mark, the Lottie's finish) shows before the content returns; 0: no done state",
            \.refreshDone),
        .number(
            "refresh.triggerFraction", unit: "fraction", in: 0.01...1, step: 0.01,
            help: "trigger distance of both refresh scenes as this fraction of the scroll view's height; 0: off, the trigger distances"
                + " in points",
            off: 0, \.triggerFraction),
        .number(
            "coordinator.triggerDistance", unit: "pt", in: 1...2000, step: 5,
            help: "pull that triggers a refresh in the coordinator", \.coordinator.threshold),
        FeelField(
            "coordinator.lockHeight", unit: "pt", kind: .number(1...2000, exclusive: false, step: 5),
            help: "gap the content is held at while the coordinator refreshes",
            get: { .number($0.coordinator.effectiveLockHeight) },
            set: { feel, value in if case let .number(x) = value { feel.coordinator.lockHeight = x } }),
        .number(
            "coordinator.hysteresis", unit: "fraction", in: 0...1, step: 0.05,
            help: "once triggered, stays triggered until the pull falls below this fraction of the trigger distance",
            \.coordinator.hysteresis),
        .number(
            "refreshable.triggerDistance", unit: "pt", in: 1...2000, step: 5,
            help: "pull that triggers a refresh in the refreshable view", \.refreshable.defaultThreshold),
        .name(
            "spinner.style", choices: [sceneDefault] + SpinnerStyle.names,
            help: "vector spinner style; scene: the scene's own (a Lottie in the coordinator)", \.spinnerStyle),
        .number(
            "spinner.size", unit: "pt", in: 4...400, step: 1,
            help: "diameter of the vector spinner", \.spinner.diameter),
        .number(
            "spinner.lineWidth", unit: "pt", in: 0.25...50, step: 0.25,
            help: "stroke width of the vector spinner", \.spinner.lineWidth),
        .number(
            "spinner.rotationPeriod", unit: "s", in: 0.05...20, step: 0.05,
            help: "seconds per turn of the seed style", \.seed.rotationSeconds),
        .number(
            "spinner.trim", unit: "turns", in: 0...1, step: 0.05,
            help: "arc length of the seed style when its loop starts", \.seed.trimFrom),
        .name(
            "lottie.file", choices: nil, help: "Lottie file as the indicator, relative to the feel file; empty: the scene's default",
            \.lottie),
        .segment(
            "lottie.pull", help: "segment the pull scrubs, 0 to the trigger distance; empty: the whole file",
            \.lottieSegments.pull),
        .segment("lottie.loop", help: "segment repeated while refreshing; empty: the whole file", \.lottieSegments.loop),
        .segment(
            "lottie.finish", help: "segment played once in the done state; empty: the vector check mark",
            \.lottieSegments.finish),
        .name("theme", choices: Theme.all.map(\.name), help: "colours", \.theme)
    ]

    /// The field named `name` (`coordinator.triggerDistance`).
    public static func field(named name: String) -> FeelField? { all.first { $0.name == name } }

    /// The fields that belong to the profile `physics`, in table order.
    public static func fields(for physics: String) -> [FeelField] { all.filter { $0.applies(to: physics) } }
}
