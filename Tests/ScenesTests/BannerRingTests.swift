import Testing
@testable import ScrollEngine
@testable import Scenes

/// The message of a failed refresh never slides in over the indicator: in both refreshing
/// scenes no frame shows the banner and a ring at once (the ring would be cut at its edge).
@Suite struct BannerRingTests {
    func indicatorDrawn(_ f: FrameModel) -> Bool {
        f.flattened.contains { item in
            guard item.opacity > 0 else { return false }
            switch item.command {
            case .arc, .capsule, .lottie: return true
            default: return false
            }
        }
    }

    func bannerShown(_ f: FrameModel) -> Bool {
        placed(f).contains { ($0.text?.hasPrefix("Couldn't refresh") ?? false) && ($0.visible?.height ?? 0) > 0 }
    }

    func barMaterialShown(_ f: FrameModel) -> Bool {
        placed(f).contains { p in
            if case let .fill(r, c, _) = p.command {
                r.y == 0 && r.height == NavigationBar.barHeight && c == Theme.light.barBackground && p.opacity == 1
            } else {
                false
            }
        }
    }

    @Test(arguments: ["coordinator", "refreshable"], ["seed", "ios"])
    func noFrameShowsTheBannerOverTheRing(_ sceneName: String, _ spinner: String) async throws {
        for release in [true, false] {  // let go before the failure, or hold the content through it
            let d = try SessionDriver(sceneName) {
                $0.refresh.outcome = .failure
                $0.refresh.duration = 0.5
                $0.indicator.style = spinner
            }
            await d.drag(fromY: 100, toY: 400, duration: 0.4, hold: 0.1, release: false)
            if release { d.send(.pointerUp(Point(200, 400))) }
            var banner = 0, ring = 0
            for _ in 0..<150 {
                await d.wait(1 / 60)
                if !release && d.t > 1.2 && d.t < 1.3 { d.send(.pointerUp(Point(200, 400))) }
                let f = d.frame()
                let b = bannerShown(f), r = indicatorDrawn(f)
                if b { banner += 1 }
                if r { ring += 1 }
                #expect(!(b && r), "\(sceneName) \(spinner) release \(release): banner over the ring at t=\(d.t)")
                // It slides in from under the bar, which has its material meanwhile (the slide is not cut in mid-air).
                if b { #expect(barMaterialShown(f), "\(sceneName): transparent bar over a sliding banner at t=\(d.t)") }
            }
            #expect(banner > 10 && ring > 10, "\(sceneName): banner \(banner) frames, ring \(ring) frames")
        }
    }
}
