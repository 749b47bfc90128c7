/// The rows of the `refreshable` scene, newest first: the `initial` messages ("Message 0" the
/// newest, each next one a minute older), and above them the messages that refreshes brought,
/// numbered on from there with the newest at the top ("Message 202, 201, 200" after a refresh
/// of three on 200 rows). Computed from the index, like `SampleRows`.
public struct MessageRows: Sendable, Equatable {
    /// Messages the list started with.
    public let initial: Int
    /// Messages added by refreshes since.
    public private(set) var added = 0

    public init(initial: Int) { self.initial = max(0, initial) }

    public var count: Int { initial + added }

    /// Adds `n` new messages at the top (a refresh that found new items).
    public mutating func prepend(_ n: Int) { added += max(0, n) }

    /// The message number shown in row `index` (0 = top).
    public func number(at index: Int) -> Int {
        index < added ? initial + added - 1 - index : index - added
    }

    /// Minutes since message `index` arrived: 0 for the new ones and for the newest initial one.
    public func minutesAgo(at index: Int) -> Int { index < added ? 0 : index - added }

    /// The row's age in Korean and Japanese, as iOS writes it: "지금 · たった今" (now) under a
    /// minute, then "n분 전 · n分前".
    public func age(at index: Int) -> String {
        let m = minutesAgo(at: index)
        return m == 0 ? "지금 · たった今" : "\(m)분 전 · \(m)分前"
    }
}
