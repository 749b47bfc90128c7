/// What one list row shows.
public struct RowContent: Sendable, Equatable {
    public var title: String
    public var subtitle: String
    public init(title: String, subtitle: String) { self.title = title; self.subtitle = subtitle }
}

/// Supplies rows by index on demand; a list never holds its rows in memory, so 10,000,000 rows
/// cost what 100 do.
public protocol RowDataSource: AnyObject {
    var count: Int { get }
    func row(at index: Int) -> RowContent
}

/// The default data: numbered rows with mixed English, Korean and Japanese text, computed from
/// the index. `prepended` rows (added by a successful refresh) come first.
public final class SampleRows: RowDataSource {
    public private(set) var baseCount: Int
    public private(set) var prepended = 0

    public init(count: Int) { self.baseCount = max(0, count) }

    public var count: Int { baseCount + prepended }

    /// Adds `n` new rows at the top (a refresh that found new items).
    public func prepend(_ n: Int) { prepended += max(0, n) }

    private static let phrases = [
        ("Morning notes", "아침 메모 · 朝のメモ"),
        ("Shopping list", "장보기 목록 · 買い物リスト"),
        ("Travel plans", "여행 계획 · 旅行の計画"),
        ("Reading log", "독서 기록 · 読書記録"),
        ("Weekly review", "주간 회고 · 週次レビュー"),
        ("Recipe ideas", "요리 아이디어 · レシピのアイデア"),
        ("Meeting minutes", "회의록 · 議事録"),
        ("Photo album", "사진첩 · フォトアルバム")
    ]

    public func row(at index: Int) -> RowContent {
        if index < prepended {
            let n = prepended - index
            return RowContent(title: "New item \(n) · 새 항목 \(n)", subtitle: "Just refreshed · 방금 새로고침 · 更新しました")
        }
        let i = index - prepended
        let p = Self.phrases[i % Self.phrases.count]
        return RowContent(title: "\(i + 1). \(p.0)", subtitle: p.1)
    }
}
