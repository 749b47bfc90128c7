import Testing
@testable import ScrollEngine
@testable import Scenes

/// A refresh that fails shows one message, wrapped, never cut, covering no
/// row text, gone after a few seconds or at the next pull; a cancel is neutral, never red.
@Suite struct RefreshMessageTests {
    static let scenes = ["coordinator", "refreshable"]

    func failing(_ scene: String, width: Double = 390, theme: Theme = .light) async throws -> SessionDriver {
        let d = try SessionDriver(scene) {
            $0.size = Size(width, 700)
            $0.theme = theme
            $0.refresh.outcome = .failure
            $0.refresh.duration = 0.5
        }
        await d.drag(fromY: 100, toY: 400, duration: 0.4, hold: 0.1)
        return d
    }

    func messages(_ f: FrameModel) -> [PlacedCommand] {
        placed(f).filter { ($0.text?.contains("network error") ?? false) || ($0.text?.contains("새로고침 실패") ?? false) }
    }

    @Test(arguments: scenes) func aFailureShowsOneMessageNeverInRedText(_ scene: String) async throws {
        let d = try await failing(scene)
        var shown = 0
        for _ in 0..<120 {
            await d.wait(1 / 60)
            let f = d.frame()
            let m = messages(f).filter { $0.visible != nil }
            #expect(m.count <= 1, "\(scene) at \(d.t): \(m.count) messages")
            if !m.isEmpty { shown += 1 }
            for p in placed(f) where p.text != nil {
                #expect(p.textStyle?.color != Theme.light.errorTint && p.textStyle?.color != Color(hex: 0xFF3B30), "red text '\(p.text!)'")
            }
        }
        #expect(shown > 30, "\(scene): the message was shown in \(shown) frames")
    }

    @Test(arguments: scenes, [240.0, 280, 320, 390, 430, 600]) func theMessageWrapsAndIsNeverCut(_ scene: String, width: Double)
        async throws
    {
        let d = try await failing(scene, width: width)
        await d.wait(1.0)
        let m = messages(d.frame())
        try #require(m.count == 1)
        guard case let .text(s, r, style) = m[0].command else { return }
        let needed = ApproximateTextMeasurer().measure(s, style: style, width: r.width)
        #expect(r.height >= needed.height, "\(scene) at \(width) pt: box \(r.height) pt for \(needed.height) pt of text")
        #expect(r.maxX <= width && r.x >= 0)
    }

    @Test(arguments: scenes) func theMessageCoversNoRowText(_ scene: String) async throws {
        let d = try await failing(scene)
        for _ in 0..<90 {
            await d.wait(1 / 60)
            let all = placed(d.frame())
            guard let message = messages(d.frame()).first, let mv = message.visible else { continue }
            // The strip: from under the bar to the bottom of the message's padding.
            let strip = Rect(
                x: 0, y: NavigationBar.barHeight, width: 390,
                height: mv.maxY + RefreshMessageBanner.verticalPadding - NavigationBar.barHeight)
            for p in all where p.text != nil && p.text != message.text && p.text != "Inbox · 받은편지함" && p.text != "Refreshable" {
                if let v = p.visible, v.height > 0.5, p.opacity > 0 {
                    #expect(intersection(v, strip) == nil, "\(scene) at \(d.t): '\(p.text!)' under the message")
                }
            }
        }
    }

    @Test(arguments: scenes) func theMessageGoesAfterAFewSeconds(_ scene: String) async throws {
        let d = try await failing(scene)
        await d.wait(1.0)
        #expect(messages(d.frame()).count == 1)
        await d.wait(2.0)
        #expect(messages(d.frame()).count == 1, "still there a few seconds later")
        await d.wait(3.0)
        #expect(messages(d.frame()).isEmpty, "gone after a few seconds")
        #expect(!d.session.isAnimating)
    }

    @Test(arguments: scenes) func theNextPullDismissesTheMessage(_ scene: String) async throws {
        let d = try await failing(scene)
        await d.wait(1.2)
        #expect(messages(d.frame()).count == 1)
        await d.drag(fromY: 100, toY: 140, duration: 0.2, release: false)
        await d.wait(RefreshMessageBanner.slideSeconds + 0.05)
        #expect(messages(d.frame()).isEmpty)
        d.send(.pointerUp(Point(200, 140)))
    }

    @Test func escOnTheCoordinatorIsANeutralCancelNotAnError() async throws {
        let d = try SessionDriver("coordinator") { $0.refresh.outcome = .hang }
        d.send(.key(.f5, []))
        await d.wait(0.6)
        d.send(.key(.escape, []))
        for _ in 0..<60 {
            await d.wait(1 / 60)
            let all = placed(d.frame())
            #expect(messages(d.frame()).isEmpty)
            for p in all {
                if case let .fill(_, c, _) = p.command { #expect(c != Theme.light.errorTint, "a red mark after Esc") }
                if let st = p.textStyle { #expect(st.color != Theme.light.errorTint) }
            }
        }
        let cancelled = placed(d.frame()).filter { $0.text?.hasPrefix("Cancelled") ?? false }
        #expect(cancelled.count == 1)
        #expect(cancelled.first?.textStyle?.color == Theme.light.subtitle)
    }

    @Test func escOnTheRefreshableViewShowsNothing() async throws {
        let d = try SessionDriver("refreshable") { $0.refresh.outcome = .hang }
        d.send(.key(.f5, []))
        await d.wait(0.6)
        d.send(.key(.escape, []))
        for _ in 0..<60 {
            await d.wait(1 / 60)
            #expect(messages(d.frame()).isEmpty)
        }
    }
}
