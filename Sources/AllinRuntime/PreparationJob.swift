import AllinCore
import Foundation

/// Rendering a session's audio off the loop: the loop keeps reading keys (support stays one key
/// away) and picks up the progress and the result on its ticks.
final class PreparationJob: @unchecked Sendable {
    let slug: String
    private let lock = NSLock()
    private var progress: (fraction: Double, step: String)?
    private var result: Result<Void, PlaybackFailure>?

    /// Where the work runs: a global queue, or inline in tests (so a poll sees it finished).
    typealias Executor = @Sendable (@escaping @Sendable () -> Void) -> Void
    static let background: Executor = { work in DispatchQueue.global(qos: .userInitiated).async(execute: work) }
    static let inline: Executor = { work in work() }

    init(slug: String, client: any SessionPlayerClient, executor: Executor = PreparationJob.background) {
        self.slug = slug
        executor { [self] in
            let outcome: Result<Void, PlaybackFailure>
            do throws(PlaybackFailure) {
                try client.prepare(slug) { [weak self] fraction, step in self?.report(fraction, step) }
                outcome = .success(())
            } catch {
                outcome = .failure(error)
            }
            lock.withLock { result = outcome }
        }
    }

    private func report(_ fraction: Double, _ step: String) {
        lock.withLock { progress = (fraction, step) }
    }

    /// What happened since the last look: new progress (taken once) and the result when it is done.
    func take() -> (progress: (fraction: Double, step: String)?, result: Result<Void, PlaybackFailure>?) {
        lock.withLock {
            defer { progress = nil }
            return (progress, result)
        }
    }
}
