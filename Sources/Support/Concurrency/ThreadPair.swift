#if canImport(Glibc)
import Glibc
#endif

/// Runs two jobs at once: the second on a thread of its own started for it, the first on the
/// calling thread; returns when both have ended.
///
/// For two jobs that must start together (two images decoded side by side, each waiting at
/// times for the other's progress), a thread of our own starts in about 0.1 ms, where a
/// dispatch worker woke up 1–3 ms after the first job had started (measured in `compare`).
/// When no thread can be started, the jobs run one after the other on the calling thread, so a
/// job must not wait for the other to begin.
public enum ThreadPair {
    public static func run(_ first: () -> Void, _ second: @escaping @Sendable () -> Void) {
        final class Job: Sendable {
            let body: @Sendable () -> Void
            init(_ body: @escaping @Sendable () -> Void) { self.body = body }
        }
        let job = Unmanaged.passRetained(Job(second))
        var thread = pthread_t()
        let started = pthread_create(
            &thread, nil,
            { context in
                let job = Unmanaged<Job>.fromOpaque(context!).takeRetainedValue()
                job.body()
                return nil
            }, job.toOpaque())
        guard started == 0 else {
            job.release()
            first()
            second()
            return
        }
        first()
        pthread_join(thread, nil)
    }
}
