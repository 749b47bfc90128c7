import Testing
@testable import Desktop

/// The buffer size at a fractional scale (wp_fractional_scale_v1: the scale in 120ths, the size
/// rounded half away from zero).
struct FractionalScaleTests {
    @Test func theWindowAtOneAndAHalf() {
        #expect(FractionalScale.pixels(390, scale120: 180) == 585)
        #expect(FractionalScale.pixels(844, scale120: 180) == 1266)
        #expect(FractionalScale.scale(180) == 1.5)
    }

    @Test func halvesRoundAwayFromZero() {
        // 391 × 1.5 = 586.5 and 3 × 1.25 = 3.75; 5 × 1.1 = 5.5 (a sum on whole 120ths: exact).
        #expect(FractionalScale.pixels(391, scale120: 180) == 587)
        #expect(FractionalScale.pixels(3, scale120: 150) == 4)
        #expect(FractionalScale.pixels(5, scale120: 132) == 6)
    }

    @Test func wholeScalesAreWholeMultiples() {
        #expect(FractionalScale.pixels(390, scale120: 120) == 390)
        #expect(FractionalScale.pixels(390, scale120: 240) == 780)
    }
}
