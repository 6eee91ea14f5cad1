import Foundation

/// The connector of production: a thread of its own connects when asked (a server far away may take
/// long to answer) and then waits for the display's keys, posting each event to `post` (the app's inbox).
public final class BrailleLink: BrailleConnector, @unchecked Sendable {
    private let device: any BrailleDevice
    private let post: @Sendable (BrailleEvent) -> Void
    private let condition = NSCondition()
    private var connectRequested = false
    private var disconnectRequested = false
    private var stopping = false
    private var started = false
    /// How long one read waits before looking whether it should stop.
    static let readSlice: Duration = .milliseconds(250)

    /// - Parameters:
    ///   - device: the display.
    ///   - post: where events go; called on the link's thread.
    public init(device: any BrailleDevice, post: @escaping @Sendable (BrailleEvent) -> Void) {
        self.device = device
        self.post = post
    }

    public func requestConnection() {
        condition.withLock {
            connectRequested = true
            disconnectRequested = false
            condition.signal()
            guard !started else { return }
            started = true
            let thread = Thread { [self] in run() }
            thread.name = "braille"
            thread.start()
        }
    }

    public func disconnect() {
        condition.withLock {
            connectRequested = false
            disconnectRequested = true
            condition.signal()
        }
    }

    /// Ends the thread (the app is stopping); the display is given back.
    public func stop() {
        condition.withLock {
            stopping = true
            condition.signal()
        }
    }

    private func run() {
        while true {
            condition.lock()
            while !connectRequested && !stopping { condition.wait() }
            let stop = stopping
            connectRequested = false
            disconnectRequested = false
            condition.unlock()
            if stop { return }
            let cells: Int
            do {
                cells = try device.connect()
            } catch {
                post(.failed(Self.reason(error)))
                continue
            }
            post(.connected(cells: cells))
            readKeys()
        }
    }

    private func readKeys() {
        while true {
            let leave = condition.withLock { disconnectRequested || stopping }
            if leave {
                device.disconnect()
                return
            }
            do {
                if let key = try device.readKey(timeout: Self.readSlice) { post(.key(key)) }
            } catch {
                device.disconnect()
                post(.lost(Self.reason(error)))
                return
            }
        }
    }

    static func reason(_ error: BrailleError) -> String {
        switch error {
        case .unavailable(let reason), .lost(let reason): reason
        }
    }
}
