import Foundation
import Testing
@testable import ScrollEngine

/// The `ios` spinner style: UIActivityIndicatorView's eight rounded spokes.
@Suite struct ActivityIndicatorTests {
    var indicator: RefreshIndicator {
        var c = SpinnerConfig()
        c.style = .ios()
        return RefreshIndicator(config: c)
    }
    let center = Point(100, 50)

    func spokes(_ cmds: [DrawCommand]) -> [(from: Point, to: Point, alpha: Double)] {
        var out: [(Point, Point, Double)] = []
        func walk(_ c: [DrawCommand]) {
            for x in c {
                if case let .capsule(a, b, color, _) = x { out.append((a, b, color.a)) }
                if case let .group(_, _, _, _, _, ch) = x { walk(ch) }
            }
        }
        walk(cmds)
        return out
    }

    @Test func spokesAppearOneByOneWithThePull() {
        var counts: [Int] = []
        for i in 1...16 {
            let p = Double(i) / 16
            let s = spokes(indicator.commands(.pulling(progress: p, pullDistance: p * 80, threshold: 80), center: center, at: 0))
            counts.append(s.count)
            #expect(s.allSatisfy { $0.alpha == 1 })
        }
        #expect(counts.first == 1 && counts.last == 8)
        #expect(zip(counts, counts.dropFirst()).allSatisfy { $1 >= $0 && $1 - $0 <= 1 })
        // The first spoke is at 12 o'clock (straight up from the centre).
        let first = spokes(indicator.commands(.pulling(progress: 0.01, pullDistance: 1, threshold: 80), center: center, at: 0))
        #expect(first.count == 1 && abs(first[0].from.x - center.x) < 1e-9 && first[0].to.y < first[0].from.y)
    }

    @Test func refreshingStepsAroundWithGradedOpacity() {
        let loop = RefreshLoop(since: 0)
        let a = spokes(indicator.commands(.refreshing(loop), center: center, at: 0.01))
        #expect(a.count == 8)
        let alphas = a.map(\.alpha)
        #expect(Set(alphas).count == 8 && alphas.max() == 1 && abs(alphas.min()! - 0.25) < 1e-9)
        // Within one step nothing moves; one step later the brightest spoke moved one place clockwise.
        let same = spokes(indicator.commands(.refreshing(loop), center: center, at: 0.1))
        #expect(same.map(\.alpha) == alphas)
        let next = spokes(indicator.commands(.refreshing(loop), center: center, at: 0.13)).map(\.alpha)
        let lead = alphas.firstIndex(of: 1)!, nextLead = next.firstIndex(of: 1)!
        #expect(nextLead == (lead + 1) % 8)
    }

    @Test func theSeedSpinnerIsVisibleFromTheFirstPointOfPull() {
        let seed = RefreshIndicator()
        for o in [0.5, 2, 10, 30] {
            let look = seed.appearance(.pulling(progress: o / 75, pullDistance: o, threshold: 75), at: 0)
            #expect(look.opacity >= 0.5, "opacity \(look.opacity) at \(o) pt")
            #expect(!seed.commands(.pulling(progress: o / 75, pullDistance: o, threshold: 75), center: center, at: 0).isEmpty)
        }
    }
}
