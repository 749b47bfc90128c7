import Testing

@testable import Imaging

/// The one image-comparison fragment `compare --report`, the suite's report and the trace viewer
/// all write.
struct ImageComparisonHTMLTests {
    typealias P = ImageComparisonHTML.Picture

    func count(_ needle: String, in text: String) -> Int { text.components(separatedBy: needle).count - 1 }

    @Test func allThreeImagesGiveFourViewsAndTheirButtons() {
        let html = ImageComparisonHTML.element(
            expected: P(file: "e.png", width: 10, height: 20), actual: P(file: "a.png", width: 10, height: 20),
            diff: P(file: "d.png", width: 10, height: 20))
        #expect(html.hasPrefix("<div class=\"comparison\" data-mode=\"side\">"))
        for mode in ["side", "slider", "diff", "flicker"] { #expect(html.contains("data-mode=\"\(mode)\">"), "\(mode) button") }
        for view in ["side", "slider", "diffonly", "flicker"] {
            #expect(count("<div class=\"view \(view)\">", in: html) == 1, "\(view) view")
        }
        // Same sizes: no size label in the captions; the flicker knows both sizes.
        #expect(!html.contains("class=\"dim\""))
        #expect(html.contains("data-ew=\"10\" data-eh=\"20\" data-aw=\"10\" data-ah=\"20\""))
    }

    @Test func withoutADiffThereIsNoDiffViewOrButton() {
        let html = ImageComparisonHTML.element(expected: P(file: "e.png"), actual: P(file: "a.png"), diff: nil)
        #expect(!html.contains("data-mode=\"diff\""))
        #expect(!html.contains("diffonly"))
        #expect(html.contains("data-mode=\"flicker\""))
        // No sizes known: none written (the script then leaves the images to the page's CSS).
        #expect(!html.contains("data-w="))
    }

    @Test func oneImageIsShownAloneWithNoButtons() {
        let html = ImageComparisonHTML.element(expected: nil, actual: P(file: "a.png"), diff: nil)
        #expect(!html.contains("class=\"modes\""))
        #expect(count("<figure", in: html) == 1)
        #expect(html.contains("src=\"a.png\""))
    }

    @Test func differentSizesAreNamedInTheCaptions() {
        let html = ImageComparisonHTML.element(
            expected: P(file: "e.png", width: 10, height: 20), actual: P(file: "a.png", width: 12, height: 20), diff: nil,
            names: .init(expected: "old", actual: "new"))
        #expect(html.contains("old <span class=\"dim\">10×20</span>"))
        #expect(html.contains("new <span class=\"dim\">12×20</span>"))
        #expect(html.contains("old ◀ slide ▶ new"))
    }

    @Test func addressesAndNamesAreEscaped() {
        let html = ImageComparisonHTML.element(
            expected: P(file: "a\"b<c>&.png"), actual: P(file: "x.png"), diff: nil,
            names: .init(expected: "<run 1>", actual: "run \"2\""))
        #expect(!html.contains("a\"b"))
        #expect(!html.contains("<run 1>"))
        #expect(html.contains("a&quot;b&lt;c&gt;&amp;.png"))
        #expect(html.contains("&lt;run 1&gt;"))
    }
}
