import Foundation
import Imaging
import Rendering
import Support

/// The PNG half of `overscroll record`: the thread that renders hands each frame's pixels to
/// encoder threads (one per core) through a bounded set of frame slots, and goes on rendering
/// while they encode and write.
///
/// Memory stays bounded: `slots` frame buffers (plus one the renderer keeps as the previous
/// frame) are allocated once and reused, and each encoder reuses one `PNGEncodeWorkspace`; when
/// every slot is taken, `submit` waits for an encoder to finish one. Every file is written
/// whole (temp file + rename) by the encoder that made it, in the recording's staging folder,
/// which is only renamed into place when the whole run has succeeded, so the order in which the
/// files appear inside it is never seen. The bytes of each file are what
/// `PixelBuffer.writePNG` writes for the same pixels.
final class FrameEncodePipeline: @unchecked Sendable {
    // @unchecked: the slot memory is raw. A slot is written only by the renderer while it is
    // `free`, and read only by the one encoder it is handed to while `queued`/`encoding`; every
    // change of a slot's state is made under `state`'s lock, which orders those accesses.

    private enum SlotState { case free, queued, encoding }

    private struct Job {
        var slot: Int
        var path: String
        var knownOpaque: Bool
    }

    private struct State {
        var slots: [SlotState]
        var queue: [Job] = []
        var failure: (any Error)?
        var closed = false
        var running = 0
    }

    private let width: Int, height: Int, stride: Int
    private let encoder: PNGEncoder
    private let buffers: [UnsafeMutableRawBufferPointer]
    private let state: WaitableState<State>
    /// The slot holding the last submitted frame's pixels (renderer only): not reused while it
    /// is the frame the next one is compared with.
    private var previous: Int?

    /// `slots` ≥ 1 frames wait or encode at once; `workers` encoder threads.
    init(width: Int, height: Int, stride: Int, slots: Int, workers: Int, encoder: PNGEncoder = .fast) {
        self.width = width; self.height = height; self.stride = stride
        self.encoder = encoder
        // One more buffer than frames in flight: the previous frame's slot is kept for comparing.
        let count = max(1, slots) + 1
        buffers = (0..<count).map { _ in .allocate(byteCount: stride * height, alignment: 64) }
        state = WaitableState(State(slots: Array(repeating: .free, count: count)))
        let threads = max(1, workers)
        state.change { $0.running = threads }
        for n in 0..<threads {
            let thread = Thread { [self] in work() }
            thread.name = "png-encoder-\(n)"
            thread.start()
        }
    }

    deinit {
        for b in buffers { b.deallocate() }
    }

    /// True when the pipeline takes frames of this surface's size.
    func accepts(_ surface: ImageSurface) -> Bool {
        surface.width == width && surface.height == height && surface.stride == stride
    }

    /// The next frame is not compared with the last one submitted (a frame between them was
    /// written another way).
    func forgetPrevious() { previous = nil }

    /// True when `surface` holds the same pixels as the last frame submitted (its file can be a
    /// copy of that frame's).
    func isSameAsPrevious(_ surface: ImageSurface) -> Bool {
        guard let previous, accepts(surface) else { return false }
        return surface.withPixels { memcmp($0.baseAddress!, buffers[previous].baseAddress!, $0.count) == 0 }
    }

    /// Copies the surface's pixels (which `accepts`) into a free slot, waiting for one, and
    /// queues the frame to be written at `path`. Throws the first encoder failure.
    func submit(_ surface: ImageSurface, path: String) throws {
        precondition(accepts(surface))
        let keep = previous
        let slot: Int? = state.wait(
            for: { s in
                s.failure != nil || s.slots.indices.contains { $0 != keep && s.slots[$0] == .free }
            },
            then: { s in
                s.failure == nil ? s.slots.indices.first { $0 != keep && s.slots[$0] == .free } : nil
            })
        guard let slot else { try throwFailure(); return }
        surface.withPixels { pixels in
            buffers[slot].baseAddress!.copyMemory(from: pixels.baseAddress!, byteCount: min(pixels.count, buffers[slot].count))
        }
        previous = slot
        state.change { s in
            s.slots[slot] = .queued
            s.queue.append(Job(slot: slot, path: path, knownOpaque: surface.knownOpaque))
        }
    }

    /// Waits until every queued frame is written and the encoders have stopped; throws the first
    /// failure. Called once, also when the recording fails (then the files are discarded).
    func finish() throws {
        state.change { $0.closed = true }
        state.wait(for: { $0.running == 0 }, then: { _ in })
        try throwFailure()
    }

    /// Stops the encoders without waiting for queued frames (the recording has failed).
    func cancel() {
        state.change { s in
            s.closed = true
            if s.failure == nil { s.failure = CancellationError() }
            s.queue.removeAll()
        }
        state.wait(for: { $0.running == 0 }, then: { _ in })
    }

    private func throwFailure() throws {
        if let failure = state.change({ $0.failure }) { throw failure }
    }

    private func work() {
        let workspace = PNGEncodeWorkspace()
        while true {
            let job: Job? = state.wait(
                for: { s in !s.queue.isEmpty || s.closed || s.failure != nil },
                then: { s in
                    guard s.failure == nil, !s.queue.isEmpty else { s.running -= 1; return nil }
                    let job = s.queue.removeFirst()
                    s.slots[job.slot] = .encoding
                    return job
                })
            guard let job else { return }
            var failure: (any Error)?
            do {
                let png = try encoder.encodePremultipliedARGB32(
                    buffers[job.slot].baseAddress!, width: width, height: height,
                    stride: stride, ignoreAlpha: job.knownOpaque, workspace: workspace)
                try AtomicFileWriter.write(png, toPath: job.path)
            } catch {
                failure = error
            }
            state.change { s in
                s.slots[job.slot] = .free
                if let failure, s.failure == nil { s.failure = failure }
            }
        }
    }
}
