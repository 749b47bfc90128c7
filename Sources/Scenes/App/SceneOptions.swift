import ScrollEngine

/// Settings shared by every scene; the CLI flags and scenario fields fill it.
public struct SceneOptions: Sendable {
    /// Viewport size in points.
    public var size = Size(390, 844)
    /// Number of rows in list scenes.
    public var rows = 200
    public var theme = Theme.light
    /// The feel every scene's scroll view has (one of `PhysicsRegistry`'s, perhaps with its
    /// numbers changed): its physics, overscroll, refresh style and velocity estimator.
    public var profile: FeelProfile = PhysicsRegistry.defaultProfile
    /// The feel's physics. Setting it picks the feel it belongs to (`PhysicsRegistry.profile(for:)`):
    /// the registered profile of its name, with its numbers.
    public var physics: any ScrollPhysics {
        get { profile.physics }
        set { profile = PhysicsRegistry.profile(for: newValue) }
    }
    /// The input's numbers.
    public var input = InputSettings()
    /// Draw the debug overlay (D key toggles it in the window).
    public var overlay = false
    public var refresh = RefreshBehaviour()
    public var indicator = IndicatorOptions()
    /// `--compare NAME`: the same scene under this second physics in a pane to the right of the
    /// first (`Session`; `size` is then the whole window, each pane half its width).
    public var compare: (any ScrollPhysics)?
    /// The numbers of the two refresh scenes (a feel file's `coordinator` and `refreshable`).
    public var coordinator = RefreshCoordinatorConfig()
    public var refreshable = RefreshableConfig()

    public init() {}
}
