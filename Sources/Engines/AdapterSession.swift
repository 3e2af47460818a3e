import Foundation
import Subprocess

#if canImport(System)
    import System
#else
    import SystemPackage
#endif

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One running adapter process, driven by a detached task that owns the swift-subprocess `Execution`
/// (which must not escape its closure) and answers queued requests one line at a time.
final class AdapterSession: @unchecked Sendable {
    struct Failure: Error {
        var message: String
        /// Whether the request outlived its time limit (the adapter was killed), rather than the adapter failing.
        var timedOut = false
    }

    struct Request: Sendable {
        var line: String
        var reply: @Sendable (Result<String, Failure>) -> Void
    }

    private let requests: AsyncStream<Request>.Continuation
    private let lock = NSLock()
    private var processID: pid_t?
    private var finishedMessage: String?

    init(executablePath: String) {
        _ = Self.ignoreBrokenPipes
        let (stream, continuation) = AsyncStream.makeStream(of: Request.self)
        requests = continuation
        Task.detached(executorPreference: AdapterSessionExecutor.shared) { [self] in
            await drive(executablePath: executablePath, requests: stream)
        }
    }

    /// Writing a request to an adapter that has just exited raises SIGPIPE, whose default action kills this whole
    /// process (the CLI, or the test runner) instead of failing the one request. Ignored once, process-wide, the write
    /// fails with EPIPE and the request fails with the adapter's exit.
    private static let ignoreBrokenPipes: Void = { _ = signal(SIGPIPE, SIG_IGN) }()

    var isFinished: Bool { lock.withLock { finishedMessage != nil } }

    /// Ends the adapter's input; it exits at the end of its read loop.
    func close() { requests.finish() }

    /// Sends one request line and waits for its reply line.
    func send(_ line: String, timeout: Duration) throws(Failure) -> String {
        let semaphore = DispatchSemaphore(value: 0)
        let outcome = OutcomeBox()
        let queued: Bool = lock.withLock {
            guard finishedMessage == nil else { return false }
            requests.yield(
                Request(line: line) { result in
                    outcome.set(result)
                    semaphore.signal()
                })
            return true
        }
        guard queued else { throw Failure(message: lock.withLock { finishedMessage } ?? "adapter exited") }
        let seconds = timeout.inSeconds
        if semaphore.wait(timeout: .now() + seconds) == .timedOut {
            // Kill the adapter: its reader then sees the end of output and fails this request.
            if let pid = lock.withLock({ processID }) { kill(pid, SIGKILL) }
            semaphore.wait()
            throw Failure(message: "no reply within \(timeout); the adapter was killed", timedOut: true)
        }
        return try outcome.get().get()
    }

    private func drive(executablePath: String, requests stream: AsyncStream<Request>) async {
        var message = "adapter exited"
        do {
            let result = try await run(
                .path(FilePath(executablePath)), input: .inputWriter, output: .sequence, error: .discarded
            ) { execution in
                lock.withLock { processID = execution.processIdentifier.value }
                var replies = execution.standardOutput.strings(bufferingPolicy: .unbounded).makeAsyncIterator()
                for await request in stream {
                    do {
                        _ = try await execution.standardInputWriter.write(request.line + "\n")
                        guard let reply = try await replies.next() else {
                            request.reply(.failure(Failure(message: "the adapter exited before replying")))
                            return
                        }
                        request.reply(.success(reply))
                    } catch {
                        request.reply(.failure(Failure(message: "the adapter pipe failed: \(error)")))
                        return
                    }
                }
                try? await execution.standardInputWriter.finish()
            }
            message = "adapter exited (\(result.terminationStatus))"
        } catch {
            message = "could not run \(executablePath): \(error)"
        }
        // Refuse new requests, then fail those queued before the refusal.
        lock.withLock { finishedMessage = message }
        requests.finish()
        for await request in stream { request.reply(.failure(Failure(message: message))) }
    }
}

/// Hands one reply from the driving task to the waiting caller.
private final class OutcomeBox: @unchecked Sendable {
    private let lock = NSLock()
    private var outcome: Result<String, AdapterSession.Failure>?

    func set(_ value: Result<String, AdapterSession.Failure>) { lock.withLock { outcome = value } }

    func get() -> Result<String, AdapterSession.Failure> {
        lock.withLock { outcome ?? .failure(AdapterSession.Failure(message: "no reply")) }
    }
}

/// Runs the adapter sessions' async I/O on a queue of their own instead of the cooperative pool.
/// **Why**: `send` blocks its caller on a semaphore. When the callers occupy every cooperative thread (two
/// synchronous tests on a 2-core machine, each waiting on something), the I/O they wait for could not run, and a
/// linear-5 layout timed out after 60 s.
final class AdapterSessionExecutor: TaskExecutor, @unchecked Sendable {
    static let shared = AdapterSessionExecutor()
    private let queue = DispatchQueue(label: "ristretto.adapter-sessions")

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        queue.async { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}
