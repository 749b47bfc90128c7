import CommandLineKit
import Desktop
import Recording
import Rendering
import Scenes
import Support
import Synchronization

/// The feel of an open window (`run --feel FILE`): the file is watched (`FileWatcher`), and a
/// save is applied at the next frame through `Session.retune`, so the scroll position and a
/// refresh in progress stay. A save that cannot be used keeps the last good feel and shows its
/// one-line error as a banner in the window and on standard error until a good save.
@MainActor
final class LiveFeel {
    /// Set by the watcher's thread, taken by the event loop.
    final class Pending: Sendable {
        let flag = Atomic<Bool>(false)
    }

    let path: String?
    let arguments: ParsedArguments
    let renderer: CairoRenderer
    /// The feel in use (the last good one).
    private(set) var current: Feel
    private let pending = Pending()
    private var watcher: FileWatcher?

    init(path: String?, feel: Feel, arguments: ParsedArguments, renderer: CairoRenderer) {
        self.path = path
        current = feel
        self.arguments = arguments
        self.renderer = renderer
    }

    /// Starts watching the file (nothing without `--feel`).
    func watch() {
        guard let path else { return }
        watcher = FileWatcher(file: path, onChange: { [pending] in
            pending.flag.store(true, ordering: .releasing)
            WindowApp.wakeEventLoop()
        }, reason: { Platform.printError("overscroll run: --feel: \($0); saving it will not reload it") })
    }

    func stop() {
        watcher?.stop()
        watcher = nil
    }

    /// Called before each frame: reads the file again when it was saved.
    func beforeFrame(_ session: Session) {
        guard let path, pending.flag.exchange(false, ordering: .acquiringAndReleasing) else { return }
        do {
            let feel = try FeelFile.load(path)
            apply(feel, to: session)
            session.notice = nil
            Platform.printError("overscroll run: --feel: applied \(path)")
        } catch {
            Platform.printError("overscroll run: --feel: \(error) (the last good feel stays)")
            session.notice = "\(error)"
        }
    }

    /// Makes `feel` the session's, under the flags given (they still win).
    func apply(_ feel: Feel, to session: Session) {
        var o = RunCommand.sceneOptions(arguments, feel: feel)
        IndicatorSetup.resolve(&o.indicator, prefersLottie: SceneCatalog.prefersLottie(session.scene.name), renderer: renderer) {
            Platform.printError("overscroll: \($0)")
        }
        session.retune(o)
        current = feel
    }
}
