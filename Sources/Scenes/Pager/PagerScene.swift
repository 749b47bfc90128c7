import ScrollEngine

/// The `pager` scene (docs/BEHAVIOUR.md, "Vertical pager"): full-viewport vertical pages that snap, wrapping around
/// both ways, with `currentPage` changing only when a transition completes.
///
/// No second scroll implementation: one `ScrollView` holds a window of three page-tall slots —
/// the previous page, the current page and the next page (wrapped) — and rests on the middle one
/// (offset = one page height). Drags and touchpad gestures go through the ordinary
/// `ScrollInputController`, so they move the content 1:1 and rubber-band past the neighbours.
/// A mouse wheel's notches do not move the content: each notch gesture (notches less than the
/// wheel idle timeout apart) turns exactly one page in its direction, like a key. The
/// scroll view's physics (`PageScrollPhysics`) asks `PagingPolicy` for the step and makes the release
/// a spring onto that slot, carrying the release velocity; the scene, as the view's delegate, notes
/// the slot. When the
/// snap ends on a neighbour, that page becomes current, the slots are refilled around it and the
/// offset is recentred (the same picture, so nothing moves on screen). A snap back onto the
/// middle slot is a cancelled swipe and changes nothing. A new gesture that catches a snap
/// already past half-way onto a neighbour completes that transition first, so quick successive
/// swipes keep paging.
///
/// Programmatic changes (`InputEvent.setPage`, PageUp/PageDown, Up/Down/Space, Home/End) put the
/// requested page in the neighbour slot of their direction and spring to it; a request that
/// arrives while a swipe or transition runs waits for it to finish (latest request wins).
public final class PagerScene: Scene, ScrollViewDelegate {
    public static let descriptor = SceneDescriptor(name: "pager", key: 4) { PagerScene(context: $0) }
    public let host: ScrollHost
    public let config: PagerConfig
    public var theme: Theme
    /// The page shown at rest (0-based).
    public private(set) var currentPage = 0
    /// Number of completed transitions that changed the page.
    public private(set) var pageChanges = 0
    /// Pages in the previous, current and next slots.
    public private(set) var slots: [Int]
    /// Slot (0, 1, 2) the running snap goes to; nil at rest or while dragging.
    public private(set) var targetSlot: Int?
    /// A programmatic page request waiting for the running swipe or transition to end.
    public private(set) var pendingPage: Int?
    /// When the running notch gesture ends (its last notch plus the wheel idle timeout).
    private var notchGestureEnd: Double?

    public init(context: SceneContext, config: PagerConfig = PagerConfig()) {
        let options = context.options
        self.config = config
        theme = options.theme
        let h = ScrollHost.viewportHeight(options.size, topInset: 0)
        // Notches never reach the input controller (see `notch`); touchpad deltas track.
        host = ScrollHost(
            size: options.size, contentHeight: 3 * h,
            feel: Self.feel(options, config), input: options.input)
        host.scrollView.setContentOffset(h)
        slots = [0, 0, 0]
        slots = neighbours(of: 0)
        scrollView.delegate = self
    }

    public var pageCount: Int { max(1, config.pageColors.count) }
    /// Page height = viewport height (points).
    public var pageHeight: Double { scrollView.viewportHeight }
    /// Offset of the middle slot, where the current page rests.
    public var restOffset: Double { pageHeight }

    public func wrap(_ i: Int) -> Int { ((i % pageCount) + pageCount) % pageCount }
    private func neighbours(of p: Int) -> [Int] { [wrap(p - 1), p, wrap(p + 1)] }

    /// The page the pager is heading to: a waiting request, the running transition's page, or
    /// the current page. Relative keys step from it.
    public var destinationPage: Int { pendingPage ?? targetSlot.map { slots[$0] } ?? currentPage }

    // MARK: Scene

    public func handle(_ event: InputEvent, at t: Double) {
        advance(to: t)
        switch event {
        case let .resize(s):
            resize(to: s, at: t)
        case let .setPage(n):
            request(page: n, at: t)
        case let .key(key, mods):
            switch key {
            case .space where mods.contains(.shift): request(page: wrap(destinationPage - 1), at: t)
            case .pageDown, .down, .space: request(page: wrap(destinationPage + 1), at: t)
            case .pageUp, .up: request(page: wrap(destinationPage - 1), at: t)
            case .home: request(page: 0, at: t)
            case .end: request(page: pageCount - 1, at: t)
            default: break
            }
        case let .wheel(dy, precise, source) where input.rules.steps(source: source, precise: precise):
            notch(dy, at: t)
        case .pointerDown, .wheel:
            completeCaughtTransition()
            host.handle(event, at: t)
        default:
            host.handle(event, at: t)
        }
    }

    public func advance(to t: Double) {
        host.advance(to: t)
        cameToRest(at: t)
    }

    private var needsRestWork: Bool {
        !scrollView.isDragging && !scrollView.isMoving
            && (abs(scrollView.contentOffset - restOffset) > config.restTolerance || targetSlot != nil || pendingPage != nil)
    }

    public var isAnimating: Bool { host.isMoving || needsRestWork }

    public func trace() -> TraceFields {
        [
            ("page", .int(currentPage)),
            ("pageChanges", .int(pageChanges)),
            ("pageTarget", targetSlot.map { .int(slots[$0]) } ?? .null)
        ]
    }

    // MARK: paging

    /// Called once the scroll view is at rest: completes a transition, or snaps a stray offset onto a page.
    private func cameToRest(at t: Double) {
        guard !scrollView.isDragging, !scrollView.isMoving else { return }
        let h = pageHeight
        let offset = scrollView.contentOffset
        let nearest = min(2, max(0, Int((offset / h).rounded())))
        if abs(offset - Double(nearest) * h) > config.restTolerance {
            let slot = targetSlot ?? nearest
            targetSlot = slot
            scrollView.spring(to: Double(slot) * h, velocity: 0, parameters: config.snapSpring, at: t)
            return
        }
        if nearest != 1 {
            let page = slots[nearest]
            if page != currentPage {
                currentPage = page
                pageChanges += 1
            }
            scrollView.scroll(to: restOffset, animated: false, at: t)
        }
        slots = neighbours(of: currentPage)
        targetSlot = nil
        if let p = pendingPage {
            pendingPage = nil
            start(page: p, at: t)
        }
    }

    /// A finger (or a wheel gesture) catches a transition that is still springing towards a
    /// neighbour. Past half-way the neighbour is the page on screen, as when UIKit's paging scroll
    /// view recentres on reaching it: the transition completes now and the window of slots moves
    /// by one page under the catch (the same picture), so the new gesture can go on to the next
    /// page instead of rubber-banding at the end of the three slots. Short of half-way the
    /// transition is simply interrupted and the new gesture decides.
    private func completeCaughtTransition() {
        guard !scrollView.isDragging, scrollView.isMoving, let slot = targetSlot, slot != 1 else { return }
        let h = pageHeight
        let offset = scrollView.contentOffset
        guard abs(offset - Double(slot) * h) < h / 2 else { return }
        scrollView.stopMotion()
        currentPage = slots[slot]
        pageChanges += 1
        slots = neighbours(of: currentPage)
        targetSlot = nil
        scrollView.setContentOffset(offset - Double(slot - 1) * h)
    }

    /// A wheel notch at `t`: the first of a gesture turns one page in its direction (a transition
    /// past half-way completes first, as a caught swipe does); the rest of the gesture does nothing.
    private func notch(_ dy: Double, at t: Double) {
        let began = notchGestureEnd.map { t >= $0 } ?? true
        notchGestureEnd = t + input.settings.wheelIdleTimeout
        guard began, dy != 0 else { return }
        completeCaughtTransition()
        request(page: wrap(destinationPage + (dy < 0 ? 1 : -1)), at: t)
    }

    /// Shows `page` with an animated transition (now, or after the running one).
    public func request(page: Int, at t: Double) {
        guard page >= 0, page < pageCount else { return }
        if scrollView.isDragging || scrollView.isMoving || targetSlot != nil {
            pendingPage = page
            return
        }
        start(page: page, at: t)
    }

    private func start(page: Int, at t: Double) {
        guard page != currentPage else { return }
        let backward = page == wrap(currentPage - 1) && page != wrap(currentPage + 1)
        let slot = backward ? 0 : 2
        slots[slot] = page
        targetSlot = slot
        scrollView.spring(to: Double(slot) * pageHeight, velocity: 0, parameters: config.snapSpring, at: t)
    }

    /// A resize goes through the host like every event the pager does not take as its own; the
    /// three slots take the new page height first, and the offset keeps its place in them.
    private func resize(to s: Size, at t: Double) {
        let oldHeight = pageHeight
        let fraction = scrollView.contentOffset / oldHeight
        scrollView.setContentHeight(3 * ScrollHost.viewportHeight(s, topInset: 0))
        host.handle(.resize(s), at: t)
        guard !scrollView.isDragging else { return }
        scrollView.stopMotion()
        scrollView.setContentOffset(fraction * pageHeight)
        cameToRest(at: t)
    }

    // MARK: ScrollViewDelegate

    public func scrollViewWillBeginDragging(_ scrollView: ScrollView, at t: Double) {
        targetSlot = nil
    }

    /// The release: the scroll view's physics (`PageScrollPhysics`) has chosen the slot and
    /// started the snap; remember which slot it is heading to.
    public func scrollViewDidEndDragging(_ scrollView: ScrollView, willDecelerate: Bool, at t: Double) {
        targetSlot = min(2, max(0, Int((scrollView.targetOffset / pageHeight).rounded())))
    }

    // MARK: drawing

    /// The options' feel with the paging physics around its physics.
    static func feel(_ options: SceneOptions, _ config: PagerConfig) -> FeelProfile {
        options.profile.with(physics: PageScrollPhysics(parent: options.physics, policy: config.policy, spring: config.snapSpring))
    }

    /// New numbers of the feel: the paging physics around the new parent, input and theme.
    public func retune(_ options: SceneOptions) {
        host.retune(feel: Self.feel(options, config), input: options.input)
        theme = options.theme
    }

    public func frame() -> FrameModel {
        let h = pageHeight
        let w = size.width
        let viewport = Rect(x: 0, y: 0, width: w, height: size.height)
        var out: [DrawCommand] = []
        for slot in 0..<3 {
            let r = Rect(x: 0, y: Double(slot) * h - scrollView.contentOffset, width: w, height: h)
            guard r.intersects(viewport) else { continue }
            let page = slots[slot]
            let colours = theme.name == "dark" ? config.darkPageColors : config.pageColors
            let colour = colours.isEmpty ? theme.rowBackground : colours[page % colours.count]
            out.append(.fill(r, colour, cornerRadius: 0))
            let box = Rect(x: 0, y: r.y + (h - config.numberHeight) / 2, width: w, height: config.numberHeight)
            out.append(
                .text("\(page + 1)", box, TextStyle(size: config.numberSize, weight: .bold, color: config.numberColor, alignment: .center)))
            // A caption card at the bottom of the page, as a shorts-style player has.
            let card = Rect(x: 16, y: r.maxY - 16 - config.captionHeight, width: max(1, w - 32), height: config.captionHeight)
            out.append(.fill(card, theme.cellBackground, cornerRadius: 14))
            out.append(
                .text(
                    config.captionTitles.isEmpty ? "" : config.captionTitles[page % config.captionTitles.count],
                    Rect(x: card.x + 16, y: card.y + 12, width: card.width - 32, height: 24),
                    TextStyle(size: 17, weight: .semibold, color: theme.title)))
            out.append(
                .text(
                    "\(page + 1) / \(pageCount) · 페이지 \(page + 1) · \(page + 1)ページ",
                    Rect(x: card.x + 16, y: card.y + 38, width: card.width - 32, height: 20),
                    TextStyle(size: 15, color: theme.subtitle)))
        }
        return FrameModel(size: size, background: theme.background, commands: out)
    }
}
