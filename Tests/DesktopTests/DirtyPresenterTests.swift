import CCairo
import CSDL2
import Testing
@testable import Desktop
import Rendering
import ScrollEngine

/// A presenter over an in-memory image that records what was presented.
@MainActor
final class MemoryPresenter: FramePresenter {
    func describe(driver: String?) -> String { "memory" }
    let image: ImageSurface
    var presented: [[PixelRect]] = []
    init(width: Int, height: Int) throws { image = try ImageSurface(width: width, height: height) }
    var width: Int { image.width }
    var height: Int { image.height }
    var context: OpaquePointer? { image.context }
    var pixels: UnsafeMutableRawPointer? { image.withPixels { UnsafeMutableRawPointer(mutating: $0.baseAddress) } }
    var stride: Int { image.stride }
    func resize() -> Bool { true }
    func present(_ rects: [PixelRect]) { presented.append(rects) }
    func destroy() {}
}

@MainActor
@Suite struct DirtyPresenterTests {
    func frame(arcStart: Double, extra: [DrawCommand] = []) -> FrameModel {
        let rows: [DrawCommand] = (0..<10).map {
            .text("Row \($0)", Rect(x: 16, y: 80 + Double($0) * 50, width: 250, height: 30), TextStyle(size: 17))
        }
        let arc = DrawCommand.arc(
            ArcStroke(
                center: Point(150, 40), radius: 11, lineWidth: 3,
                startAngle: arcStart, endAngle: arcStart + 2, color: .black))
        return FrameModel(size: Size(300, 600), background: .white, commands: rows + [arc] + extra)
    }

    func whole(_ f: FrameModel, renderer: CairoRenderer) throws -> [UInt8] {
        let s = try ImageSurface(width: 300, height: 600)
        renderer.render(f, into: s.context, scale: 1)
        return s.pixelBytes()
    }

    @Test func presentsTheWholeFrameFirstThenOnlyWhatChanged() throws {
        let renderer = CairoRenderer()
        let memory = try MemoryPresenter(width: 300, height: 600)
        let dirty = DirtyPresenter(presenter: memory)
        let a = frame(arcStart: 0), b = frame(arcStart: 0.3)
        #expect(dirty.show(a, renderer: renderer, scale: 1))
        #expect(memory.presented.last == [PixelRect(x: 0, y: 0, width: 300, height: 600)])
        #expect(!dirty.show(a, renderer: renderer, scale: 1))
        #expect(memory.presented.count == 1)
        #expect(dirty.show(b, renderer: renderer, scale: 1))
        let rects = memory.presented.last ?? []
        #expect(rects.count == 1 && rects[0].area < 40 * 40)
        #expect(memory.image.pixelBytes() == (try whole(b, renderer: renderer)))
        #expect(dirty.shown == b)
    }

    @Test func aChangeThatLeavesThePixelsAloneIsNotPresented() throws {
        let renderer = CairoRenderer()
        let memory = try MemoryPresenter(width: 300, height: 600)
        let dirty = DirtyPresenter(presenter: memory)
        let a = frame(arcStart: 0)
        // A transparent fill: a different display list, the same pixels.
        let b = frame(arcStart: 0, extra: [.fill(Rect(x: 200, y: 300, width: 20, height: 20), Color.black.withAlpha(0), cornerRadius: 0)])
        #expect(dirty.show(a, renderer: renderer, scale: 1))
        #expect(!dirty.show(b, renderer: renderer, scale: 1))
        #expect(memory.presented.count == 1)
        #expect(dirty.shown == b)
        // The next real change is still presented, and the kept frame is right.
        let c = frame(arcStart: 1)
        #expect(dirty.show(c, renderer: renderer, scale: 1))
        #expect(memory.image.pixelBytes() == (try whole(c, renderer: renderer)))
    }

    @Test func afterInvalidateTheWholeFrameIsPresentedAgain() throws {
        let renderer = CairoRenderer()
        let memory = try MemoryPresenter(width: 300, height: 600)
        let dirty = DirtyPresenter(presenter: memory)
        let a = frame(arcStart: 0)
        #expect(dirty.show(a, renderer: renderer, scale: 1))
        dirty.invalidate()
        #expect(dirty.show(a, renderer: renderer, scale: 1))
        #expect(memory.presented.last == [PixelRect(x: 0, y: 0, width: 300, height: 600)])
    }
}

/// Runs `body` with a 300×600 window of SDL's dummy driver, SDL started and quit around it.
@MainActor
func withDummyWindow(_ body: (OpaquePointer) throws -> Void) throws {
    setenv("SDL_VIDEODRIVER", "dummy", 1)
    #expect(SDL_Init(UInt32(SDL_INIT_VIDEO)) == 0)
    defer { SDL_Quit() }
    // Created outside #require: inside it, the title string's C pointer would not outlive the call.
    let created = SDL_CreateWindow("test", 0, 0, 300, 600, 0)
    let window = try #require(created)
    defer { SDL_DestroyWindow(window) }
    try body(window)
}

/// The window surface presenter on SDL's dummy driver (an RGB888 framebuffer drawn as cairo RGB24).
@MainActor
@Suite(.serialized) struct SurfacePresenterTests {
    @Test func dirtyRepaintsOnTheWindowSurfaceEqualAWholeRedraw() throws {
        try withDummyWindow { window in
            let surface = try #require(SurfacePresenter(window: window))
            defer { surface.destroy() }
            #expect(surface.width == 300 && surface.height == 600)
            let renderer = CairoRenderer()
            let dirty = DirtyPresenter(presenter: surface)
            let tests = DirtyPresenterTests()
            let frames = (0..<12).map { tests.frame(arcStart: Double($0) * 0.37) }
            for f in frames { _ = dirty.show(f, renderer: renderer, scale: 1) }
            // A whole redraw of the last frame into a fresh RGB24 image of the same layout.
            let rowBytes = surface.stride
            let whole = cairo_image_surface_create(CAIRO_FORMAT_RGB24, 300, 600)!
            defer { cairo_surface_destroy(whole) }
            #expect(Int(cairo_image_surface_get_stride(whole)) == rowBytes)
            let cr = cairo_create(whole)!
            renderer.render(frames.last!, into: cr, scale: 1)
            cairo_destroy(cr)
            cairo_surface_flush(whole)
            let expected = UnsafeRawBufferPointer(start: cairo_image_surface_get_data(whole), count: rowBytes * 600)
            let actual = UnsafeRawBufferPointer(start: surface.pixels, count: rowBytes * 600)
            // Compare the colour bytes (the X byte of RGB24 is undefined).
            var differing = 0
            for i in stride(from: 0, to: rowBytes * 600, by: 4)
            where expected[i] != actual[i] || expected[i + 1] != actual[i + 1] || expected[i + 2] != actual[i + 2] {
                differing += 1
            }
            #expect(differing == 0)
        }
    }
}

@MainActor
@Suite struct DirtyPresenterSkipTests {
    @Test func whileMovingASubPixelChangeIsSkippedAndAFrameAtRestIsExact() throws {
        let renderer = CairoRenderer()
        let memory = try MemoryPresenter(width: 300, height: 600)
        let dirty = DirtyPresenter(presenter: memory)
        let tests = DirtyPresenterTests()
        let a = tests.frame(arcStart: 0), nudged = tests.frame(arcStart: 0.005)
        #expect(dirty.show(a, renderer: renderer, scale: 1, atRest: false))
        // Ends move by 0.005 rad × 12.5 pt ≈ 0.06 px: skipped while moving, the old list stays shown.
        #expect(!dirty.show(nudged, renderer: renderer, scale: 1, atRest: false))
        #expect(dirty.shown == a)
        // Settled: drawn exactly (its pixels differ from a's).
        #expect(dirty.show(nudged, renderer: renderer, scale: 1, atRest: true))
        #expect(dirty.shown == nudged)
        #expect(memory.image.pixelBytes() == (try tests.whole(nudged, renderer: renderer)))
    }

    @Test func wholeFramesModeRepaintsAndPresentsTheCanvas() throws {
        let renderer = CairoRenderer()
        let memory = try MemoryPresenter(width: 300, height: 600)
        let dirty = DirtyPresenter(presenter: memory)
        dirty.wholeFrames = true
        let tests = DirtyPresenterTests()
        #expect(dirty.show(tests.frame(arcStart: 0), renderer: renderer, scale: 1))
        #expect(dirty.show(tests.frame(arcStart: 1), renderer: renderer, scale: 1))
        #expect(memory.presented.allSatisfy { $0 == [PixelRect(x: 0, y: 0, width: 300, height: 600)] })
    }
}

/// The streaming-texture presenter (HiDPI, no window surface, `OVERSCROLL_PRESENTER=texture`) on
/// SDL's dummy driver: its kept frame after dirty repaints equals a whole redraw.
@MainActor
@Suite(.serialized) struct TexturePresenterTests {
    @Test func dirtyRepaintsIntoTheKeptImageEqualAWholeRedraw() throws {
        try withDummyWindow { window in
            let presenter = try #require(PresenterChoice.make(window: window, preference: .texture))
            defer { presenter.destroy() }
            #expect(presenter is TexturePresenter)
            #expect(presenter.width == 300 && presenter.height == 600)
            let renderer = CairoRenderer()
            let dirty = DirtyPresenter(presenter: presenter)
            let tests = DirtyPresenterTests()
            let frames = (0..<8).map { tests.frame(arcStart: Double($0) * 0.41) }
            var presented = 0
            for f in frames where dirty.show(f, renderer: renderer, scale: 1) { presented += 1 }
            #expect(presented == frames.count)
            let kept = UnsafeRawBufferPointer(start: presenter.pixels, count: presenter.stride * presenter.height)
            #expect(Array(kept) == (try tests.whole(frames.last!, renderer: renderer)))
        }
    }
}
