/// The one confirm-twice mechanism (the thesis's two-finger confirm): the first press arms for a
/// subject, a second press for the same subject confirms; anything else in between disarms it.
///
/// A two-step button arms for itself; a screen arms for the thing the press is about (the post
/// to delete, the account to unfollow), so moving to another post and pressing again arms anew.
public struct ConfirmTwice<Subject: Equatable & Sendable>: Sendable, Equatable {
    /// What the first press was about, until confirmed or disarmed.
    public private(set) var armed: Subject?

    public init() {}

    /// Presses once for `subject`.
    ///
    /// - Returns: true when this press confirms (the previous one armed the same subject); false when it arms.
    public mutating func press(_ subject: Subject) -> Bool {
        if armed == subject {
            armed = nil
            return true
        }
        armed = subject
        return false
    }

    /// Forgets the first press (focus left, another action came between).
    public mutating func disarm() { armed = nil }

    /// Whether a first press waits for its second.
    public var isArmed: Bool { armed != nil }
}
