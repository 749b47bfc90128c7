/// The pull past an edge a scroll view did not show, kept by its host and drawn as a stretch when
/// the feel's overscroll model is one (`OverscrollModel.stretch`; Android 12; docs/BEHAVIOUR.md,
/// "Android physics"). It hears the view's one overscroll call (`OverscrollObserver`), lets the
/// pull recoil after the release and absorbs a fling that meets an edge. With an offset model it
/// keeps nothing: the offset showed everything.
public final class EdgeStretch: OverscrollObserver {
    /// How the feel shows a pull past an edge.
    public var model: OverscrollModel
    /// The pull past an edge the offset does not show (points; negative past the top); 0 with an
    /// offset model.
    public private(set) var pull: Double = 0
    /// The pull's recoil after a release, from its start time.
    private var recoil: (start: Double, simulation: any Simulation)?
    /// The pull past the top belongs to the scene (a Material refresh shows it instead): it is
    /// still measured (`pull`), but not drawn as a stretch and dropped at the release.
    public var claimsTopPull = false

    public init(model: OverscrollModel) {
        self.model = model
    }

    /// Whether the pull is recoiling (the scene still has frames to draw).
    public var isRecoiling: Bool { recoil != nil }

    /// The vertical scale the content is drawn with in a viewport `height` high (1 without a
    /// pull) and the edge it is anchored at (true: the top).
    public func scale(height: Double) -> (scale: Double, atTop: Bool) {
        guard pull != 0, !(claimsTopPull && pull < 0 && recoil == nil), let s = model.stretch else { return (1, true) }
        return (s.stretchScale(pull: pull, height: height), pull < 0)
    }

    /// Evaluates the recoil at `t`; ends it when done.
    private func advance(to t: Double) {
        guard let (start, sim) = recoil else { return }
        if sim.isDone(at: t - start) {
            pull = 0
            recoil = nil
        } else {
            pull = sim.position(at: max(0, t - start))
        }
    }

    public func scrollView(_ scrollView: ScrollView, overscroll: Overscroll) -> OverscrollReply {
        switch overscroll {
        case let .tick(t):
            advance(to: t)
        case let .grab(t):
            advance(to: t)
            recoil = nil
            return OverscrollReply(held: pull)
        case let .drag(unshown):
            if model.stretch != nil { pull = unshown }
        case let .release(v, t):
            if claimsTopPull && pull < 0 {
                pull = 0
            } else if pull != 0, let s = model.stretch {
                let after = s.stretchRelease(pull: pull, velocity: v)
                recoil = (t, after.motion)
                return OverscrollReply(flings: after.flings)
            }
        case let .edge(v, impact, t):
            guard let s = model.stretch else { break }
            recoil = (impact, s.stretchAbsorb(velocity: v))
            advance(to: t)
        }
        return OverscrollReply()
    }
}
