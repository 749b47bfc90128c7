import Rendering
import ScrollCore
import Testing

@Suite struct PixelComparisonTests {
    @Test func countsPixelsBeyondTheTolerance() throws {
        let a = try ImageSurface(width: 20, height: 20), b = try ImageSurface(width: 20, height: 20)
        defer { withExtendedLifetime(b) {} }
        a.fill(.white)
        b.fill(Color(r: 0.99, g: 0.99, b: 0.99)) // within tolerance everywhere
        #expect(PixelComparison(a, b.surface, channelTolerance: 8).differingPixels == 0)
        b.fill(.black)
        let cmp = PixelComparison(a, b.surface, channelTolerance: 8)
        #expect(cmp.differingPixels == 400)
        #expect(cmp.largestChannelDelta == 255)
        let narrow = try ImageSurface(width: 10, height: 20)
        withExtendedLifetime(narrow) {
            #expect(PixelComparison(a, narrow.surface, channelTolerance: 8).sizeMismatch)
        }
    }
}
