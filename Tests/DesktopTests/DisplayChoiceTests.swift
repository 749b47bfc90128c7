import Testing
@testable import Desktop

/// Issue 19 item 6: `run` takes only a video driver that shows the window (SDL 2 falls back to
/// its offscreen driver when no server answers), and names the display it could not open.
@Suite struct DisplayChoiceTests {
    @Test func onlyX11AndWaylandUnlessAsked() {
        #expect(WindowError.accepts(driver: "x11", requested: ""))
        #expect(WindowError.accepts(driver: "wayland", requested: ""))
        #expect(!WindowError.accepts(driver: "offscreen", requested: ""))
        #expect(!WindowError.accepts(driver: "dummy", requested: ""))
        #expect(!WindowError.accepts(driver: nil, requested: ""))
        #expect(!WindowError.accepts(driver: "offscreen", requested: "x11"))
        #expect(WindowError.accepts(driver: "dummy", requested: "dummy"))
        #expect(WindowError.accepts(driver: "offscreen", requested: "offscreen"))
    }

    @Test func theErrorNamesTheDisplayInOneLine() {
        let x = WindowError.unreachable(display: ":99", wayland: nil).description
        #expect(x == "cannot open X display ':99' (DISPLAY): no display server answers there")
        let both = WindowError.unreachable(display: ":99", wayland: "wayland-7").description
        #expect(both.contains("':99'") && both.contains("'wayland-7' (WAYLAND_DISPLAY)") && !both.contains("\n"))
    }
}
