// swift-tools-version:6.0
import PackageDescription
import Foundation

/// Overscroll: iOS-style scroll interactions on SDL2 + cairo, with a headless recorder.
/// Layout: C system libraries (C*), a pure scroll engine (ScrollEngine) and the scenes built on it
/// (Scenes), drawing (Rendering),
/// image codec and diff (Imaging), scenarios and the headless driver (Recording), the test runner
/// (Suite), the file-system
/// safety layer, process plumbing and text escaping every command shares (Support),
/// the SDL window (Desktop), and the `overscroll` command.
let package = Package(
    name: "Overscroll",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "overscroll", targets: ["overscroll"]),
        .executable(name: "overscroll-app", targets: ["overscroll-app"])
    ],
    targets: [
        .systemLibrary(name: "CSDL2", pkgConfig: "sdl2", providers: [.apt(["libsdl2-dev"])]),
        .systemLibrary(name: "CCairo", pkgConfig: "cairo", providers: [.apt(["libcairo2-dev"])]),
        .systemLibrary(name: "CPangoCairo", pkgConfig: "pangocairo", providers: [.apt(["libpango1.0-dev"])]),
        .systemLibrary(name: "CRlottie", pkgConfig: "rlottie", providers: [.apt(["librlottie-dev"])]),
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        .systemLibrary(name: "CPlatform"),
        .systemLibrary(name: "CXInput2", pkgConfig: "xi", providers: [.apt(["libx11-dev", "libxi-dev"])]),
        // A second wl_pointer on SDL's Wayland connection (axis_stop, axis_source, value120, hold
        // gestures): a C file, the listeners and the hand-written hold-gesture interface.
        .target(name: "CWayland", linkerSettings: [.linkedLibrary("wayland-client")]),
        .systemLibrary(name: "CDeflate", pkgConfig: "libdeflate", providers: [.apt(["libdeflate-dev"])]),
        // The run-time versions of cairo, pixman, pango, harfbuzz, freetype, fontconfig and rlottie,
        // and the font files fontconfig resolves (pangocairo's flags find every header).
        .systemLibrary(name: "CLibraryVersions", pkgConfig: "pangocairo", providers: [.apt(["libpango1.0-dev", "librlottie-dev"])]),

        // The scroll engine (pure: physics, input, scroll view, refresh machines, display list).
        // It cannot import Scenes: the compiler keeps the engine out of the scenes.
        .target(name: "ScrollEngine"),
        // The six scenes, one folder each, and the app shell (Session, catalog, overlay).
        .target(name: "Scenes", dependencies: ["ScrollEngine"]),
        // What every command shares and none of it is imaging or drawing: the file-system safety
        // layer (Files/: safe names, exclusive and atomic writes, locks, all-or-nothing result
        // folders, input checks), the process (Process/: standard streams, signals, platform calls),
        // text escaping and JSON output (Text/), and small concurrency helpers (Concurrency/).
        .target(name: "Support", dependencies: ["CPlatform"]),
        // Optimised in debug builds too: its pixel loops (PNG filters, pixelmatch) run 10–50× slower
        // at -Onone, which made every test that records, compares or writes a PNG slow (a 13-frame
        // recording took 3.5 s of CPU, nearly all of it the plot's adaptive PNG filters).
        .target(
            name: "Imaging", dependencies: ["CZlib", "CDeflate", "Support"],
            swiftSettings: [.unsafeFlags(["-O"], .when(configuration: .debug))]),
        .target(
            name: "Rendering", dependencies: ["ScrollEngine", "CCairo", "CPangoCairo", "CRlottie", "CLibraryVersions", "Imaging", "Support"]
        ),
        .target(name: "Recording", dependencies: ["ScrollEngine", "Scenes", "Rendering", "Imaging", "Support", "CommandLineKit"]),
        // `overscroll test`, `accept` and `merge-reports`: the suite runner over Recording's scenarios
        // and stepping loop (Recording never imports it).
        .target(name: "Suite", dependencies: ["Recording", "ScrollEngine", "Scenes", "Rendering", "Imaging", "Support", "CommandLineKit"]),
        // The version and the git commit, written into the build by a plugin (`overscroll --version`).
        .plugin(name: "BuildInfoPlugin", capability: .buildTool()),
        .target(name: "BuildInfo", plugins: ["BuildInfoPlugin"]),
        // One declarative command-line parser for every command and the bench: standard library only.
        .target(name: "CommandLineKit"),
        // `compare`'s command line, linked by the small front and by overscroll-app.
        .target(name: "CompareCommand", dependencies: ["Imaging", "Support", "CommandLineKit"]),
        // The presenters blit cairo surfaces into SDL: the one place outside Rendering that touches cairo.
        .target(
            name: "Desktop", dependencies: ["ScrollEngine", "Scenes", "Rendering", "Support", "CCairo", "CSDL2", "CXInput2", "CWayland"]),
        // `overscroll`: the small front (compare runs here); everything else execs `overscroll-app`.
        // Linked with the Swift runtime statically: it starts in ~3 ms instead of ~6 ms.
        .executableTarget(
            name: "overscroll", dependencies: ["CompareCommand", "Support"],
            linkerSettings: [
                .unsafeFlags(["-static-stdlib"]), .linkedLibrary("_FoundationCollections"), .linkedLibrary("_FoundationCShims")
            ]),
        .executableTarget(
            name: "overscroll-app",
            dependencies: [
                "ScrollEngine", "Scenes", "Rendering", "Recording", "Suite", "Desktop", "Imaging", "Support",
                "CommandLineKit", "CompareCommand", "BuildInfo"
            ]),
        .executableTarget(
            name: "overscroll-bench",
            dependencies: ["ScrollEngine", "Scenes", "Rendering", "Recording", "Imaging", "Support", "CommandLineKit"]),

        .testTarget(name: "ScrollEngineTests", dependencies: ["ScrollEngine"]),
        .testTarget(name: "ScenesTests", dependencies: ["Scenes", "ScrollEngine", "Support"]),
        .testTarget(name: "SupportTests", dependencies: ["Support"]),
        .testTarget(name: "ImagingTests", dependencies: ["Imaging", "Support", "CompareCommand", "CommandLineKit", "CZlib", "CDeflate"]),
        .testTarget(name: "CommandLineKitTests", dependencies: ["CommandLineKit"]),
        .testTarget(
            name: "RenderingTests",
            dependencies: ["Rendering", "Imaging", "Support", "ScrollEngine", "Scenes", "CCairo", "CPangoCairo", "CLibraryVersions"],
            resources: [.copy("Goldens")]),
        .testTarget(
            name: "RecordingTests",
            dependencies: ["Recording", "Suite", "Imaging", "Support", "ScrollEngine", "Scenes", "Rendering", "Desktop", "CSDL2"]),
        .testTarget(name: "DesktopTests", dependencies: ["Desktop", "ScrollEngine", "Scenes", "Rendering", "CCairo", "CSDL2"]),
        .testTarget(name: "ConformanceTests", dependencies: ["Imaging", "Rendering", "ScrollEngine"])
    ],
    swiftLanguageModes: [.v6]
)

// libFuzzer targets (Fuzz/, `make fuzz`): only in the package when OVERSCROLL_FUZZ is set, because
// they are built with `-sanitize=fuzzer -parse-as-library` and have no `main` of their own.
if ProcessInfo.processInfo.environment["OVERSCROLL_FUZZ"] != nil {
    package.targets += [
        .target(name: "FuzzDriver", path: "Fuzz/Targets/FuzzDriver"),
        .executableTarget(name: "fuzz-scenario", dependencies: ["Recording", "FuzzDriver"], path: "Fuzz/Targets/fuzz-scenario"),
        .executableTarget(name: "fuzz-png", dependencies: ["Imaging", "FuzzDriver"], path: "Fuzz/Targets/fuzz-png"),
        .executableTarget(name: "fuzz-compare", dependencies: ["Imaging", "FuzzDriver"], path: "Fuzz/Targets/fuzz-compare")
    ]
    package.products += ["fuzz-scenario", "fuzz-png", "fuzz-compare"].map { .executable(name: $0, targets: [$0]) }
}
