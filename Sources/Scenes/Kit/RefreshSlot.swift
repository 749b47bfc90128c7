import ScrollEngine

/// A refresh scene's one `RefreshController`, of the style the feel brings: the scene's own
/// UIKit-style controller, or a Material refresh made for it. A retune that changes the style
/// (the tuning panel's profile, a reloaded feel file) replaces the controller as soon as the
/// current one is idle, so a refresh in progress ends in the style it started in and the next
/// pull refreshes in the new one. The scene's callbacks follow every controller it holds.
final class RefreshSlot {
    private(set) var current: any RefreshController
    private let uikit: any RefreshController
    /// Makes the Material controller, with the scene's look and behaviour at that moment (set by
    /// the scene once it can refer to itself, before its first `want`).
    var makeMaterial: (MaterialRefreshConfig) -> MaterialRefresh = { _ in fatalError("RefreshSlot.makeMaterial is not set") }
    /// The style the feel asks for (the current one's, unless a switch waits for idle).
    private(set) var wanted: RefreshStyle = .uikit

    var onStart: () -> Void = {} { didSet { current.onStart = onStart } }
    var onFinish: (Result<Int, RefreshFailure>) -> Void = { _ in } { didSet { current.onFinish = onFinish } }
    var onChange: () -> Void = {} { didSet { current.onChange = onChange } }

    /// Starts with the scene's own controller; the scene then asks for the feel's style (`want`).
    init(uikit: any RefreshController) {
        self.uikit = uikit
        current = uikit
    }

    /// A scene's Material refresh: over `host`'s stretch and input, its actions on `runner`, in
    /// `theme`'s colours (the circle is the cells' surface raised, the arc the accent).
    static func material(
        _ config: MaterialRefreshConfig, host: ScrollHost, runner: RefreshActionRunner, behaviour: RefreshBehaviour, theme: Theme
    ) -> MaterialRefresh {
        MaterialRefresh(
            config: config, behaviour: behaviour, stretch: host.stretch, input: host.input, runner: runner,
            surface: theme.cellBackground, ring: theme.accent)
    }

    /// Asks for `style`; the controller changes now if the current one is idle, else later.
    func want(_ style: RefreshStyle) {
        wanted = style
        switchIfIdle()
    }

    /// Replaces the controller by one of the wanted style once the current one is idle.
    func switchIfIdle() {
        guard wanted != current.style, current.isIdle else { return }
        current.detach()
        if case let .material(config) = wanted { current = makeMaterial(config) } else { current = uikit }
        current.onStart = onStart
        current.onFinish = onFinish
        current.onChange = onChange
    }
}
