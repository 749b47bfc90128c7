import ScrollEngine

/// Wayland with the compositor's `wl_shm` buffers (`WaylandShmPresenter`): the loop waits on the
/// Wayland connection (`EventWait`, which dispatches the frame callbacks' private queue), Wayland's
/// own pointer reports the pointer's input with compositor times, and the compositor's frame
/// callback is the clock: after a commit nothing is drawn until the callback comes, an early
/// callback's frame is held about a refresh after the last one (`FramePacing`), and the frame's
/// animation time is the refresh on the compositor's grid (`wp_presentation`) or the callback's
/// time. Only a frame that changed nothing (no commit, so no callback) is paced by the frame interval.
@MainActor
final class WaylandShmBackend: DisplayBackend {
    let presenter: any FramePresenter
    let eventWait: EventWait?
    /// The frame clock (the pointer's connection, in tests a fake).
    private let frames: any FrameCallbackSource
    /// The pointer's input (nil in tests).
    private var pointer: WaylandPointerConnection?

    /// A frame drawn waits for the compositor's frame callback.
    private(set) var framePending = false
    /// `framesDone` when the last frame was drawn.
    private var callbacksAtDraw: UInt64 = 0
    /// The real time an early frame callback's frame waits for (`FramePacing`).
    private(set) var heldUntil: Double?
    /// Of the frame `mayDraw` allowed: whether a callback came, whether it was held, the
    /// presentation feedback and the period paced with.
    private var callbackCame = false
    private var held = false
    private var shown: (age: Double, refresh: Double)?
    private var pacing = FramePacing(period: 1.0 / 60)

    init(presenter: any FramePresenter, frames: any FrameCallbackSource, pointer: WaylandPointerConnection?, eventWait: EventWait?) {
        self.presenter = presenter
        self.frames = frames
        self.pointer = pointer
        self.eventWait = eventWait
    }

    static func open(_ context: DisplayContext) -> WaylandShmBackend? {
        // Before any SDL renderer exists: one would give the window an EGL surface.
        guard let pointer = context.waylandPointer, context.preference == .automatic,
            let wait = EventWait(wayland: pointer), let presenter = WaylandShmPresenter(window: context.window, connection: pointer)
        else { return nil }
        return WaylandShmBackend(presenter: presenter, frames: pointer, pointer: pointer, eventWait: wait)
    }

    func waitLimit(for plan: FramePlan) -> WaitLimit {
        if let until = heldUntil {
            // An early frame callback: the frame is drawn about a refresh after the last one.
            let remaining = until - plan.now
            return remaining > 0.0005 ? .milliseconds(Int32((remaining * 1000).rounded(.up))) : .poll
        }
        if frames.frameOutstanding || framePending {
            // Sleeps until the frame callback (or input); a deadline still ahead ends the wait
            // (one already passed is met by the next frame's advance: no spin while hidden).
            guard let delay = plan.deadlineDelay, delay > 0 else { return .forever }
            return .milliseconds(Int32(min(1000, delay * 1000).rounded(.up)))
        }
        return plan.limit(framePending: framePending)
    }

    func drain(pump: Double, notBefore: Double) -> DrainedInput {
        let timed = pointer?.drain(pump: pump, notBefore: notBefore) ?? []
        // A new fractional scale from the compositor: buffers and drawing at the new scale.
        return DrainedInput(timed: timed, rescaled: pointer?.takeScaleChange() == true)
    }

    func mayDraw(_ plan: FramePlan) -> Bool {
        callbackCame = frames.framesDone != callbacksAtDraw
        // Nothing is drawn until the compositor asks for the next frame.
        if frames.frameOutstanding || framePending {
            framePending = frames.presentPending()
            return false
        }
        if !callbackCame && !plan.intervalPassed { return false }
        shown = frames.presentation
        pacing = FramePacing(period: FramePacing.period(presented: shown?.refresh, mode: plan.frameInterval))
        if callbackCame {
            // From the last commit (a slow draw commits well after it started).
            let lastCommit = frames.commitAge.map { plan.now - $0 }
            let at = pacing.drawTime(now: plan.now, lastDraw: max(plan.frameStart, lastCommit ?? plan.frameStart))
            if at > plan.now + 0.0005 {
                heldUntil = at
                return false
            }
        }
        held = heldUntil != nil
        heldUntil = nil
        return true
    }

    func frameTime(drawnAt t: Double, session: Double, scale: Double, notBefore: Double) -> Double {
        var time = session
        if callbackCame, let shown, shown.refresh > 0, let at = pacing.animationTime(drawnAt: t, presented: t - shown.age) {
            // wp_presentation with a known refresh: the animation's time is the refresh on the
            // compositor's grid (refresh 0, headless sway: no grid, the frame's own time).
            time = max(session - (t - at) * scale, notBefore)
        } else if callbackCame, !held, let age = frames.frameCallbackAge, age >= 0, age < 0.25 {
            // The animation's time is the callback's (the compositor's frame time).
            time = max(session - age * scale, notBefore)
        }
        callbacksAtDraw = frames.framesDone
        framePending = frames.presentPending()
        return time
    }

    func drew() { framePending = frames.presentPending() }
    var presentedAge: Double? { pointer?.presentedAge }
    func keeps(_ event: InputEvent, at t: Double) -> Bool { pointer?.keeps(event) ?? true }
    func setUnitsPerPoint(_ u: Double) { pointer?.setUnitsPerPoint(u) }
    func describe() -> String { presenter.describe(driver: "wayland") }

    func close() {
        presenter.destroy()
        pointer?.close()
        pointer = nil
    }
}
