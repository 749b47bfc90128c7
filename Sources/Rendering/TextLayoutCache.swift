import CCairo
import CPangoCairo
import ScrollEngine

/// Caches pango layouts by text, style and box width, so a row that stays on screen is shaped
/// once, not every frame. Bounded: the oldest generation is dropped when full.
final class TextLayoutCache {
    struct Key: Hashable {
        var text: String
        var size: Double
        var weight: ScrollEngine.FontWeight
        var alignment: ScrollEngine.TextAlignment
        var width: Double
        var height: Double
    }
    struct Entry {
        let layout: OpaquePointer
        let width: Double
        let height: Double
    }

    private let context: OpaquePointer
    private var current: [Key: Entry] = [:]
    private var previous: [Key: Entry] = [:]
    /// Entries per generation; two generations are kept.
    let capacity: Int

    init(context: OpaquePointer, capacity: Int = 1024) {
        self.context = context
        self.capacity = capacity
    }

    deinit {
        for e in current.values { g_object_unref(UnsafeMutableRawPointer(e.layout)) }
        for e in previous.values { g_object_unref(UnsafeMutableRawPointer(e.layout)) }
    }

    func layout(_ key: Key) -> Entry {
        if let e = current[key] { return e }
        if let e = previous.removeValue(forKey: key) {
            insert(key, e)
            return e
        }
        let e = make(key)
        insert(key, e)
        return e
    }

    private func insert(_ key: Key, _ e: Entry) {
        if current.count >= capacity {
            for old in previous.values { g_object_unref(UnsafeMutableRawPointer(old.layout)) }
            previous = current
            current = [:]
        }
        current[key] = e
    }

    /// Korean wraps between words, not between syllables (CSS `word-break: keep-all`, as iOS
    /// does), but Unicode line breaking allows a break after every Hangul syllable. A WORD JOINER
    /// (U+2060, invisible, no glyph) between adjacent syllables removes those break points.
    static func keepingKoreanWordsTogether(_ text: String) -> String {
        func isHangul(_ u: Unicode.Scalar) -> Bool { (0xAC00...0xD7A3).contains(u.value) }
        var out = String.UnicodeScalarView()
        var previousHangul = false
        var changed = false
        for u in text.unicodeScalars {
            let hangul = isHangul(u)
            if hangul && previousHangul { out.append("\u{2060}"); changed = true }
            out.append(u)
            previousHangul = hangul
        }
        return changed ? String(out) : text
    }

    private func make(_ key: Key) -> Entry {
        let layout = required(pango_layout_new(context), "pango_layout_new")
        let desc = required(pango_font_description_new(), "pango_font_description_new")
        pango_font_description_set_family(desc, TextFont.family)
        pango_font_description_set_absolute_size(desc, key.size * Double(PANGO_SCALE))
        let weight: PangoWeight
        switch key.weight {
        case .regular: weight = PANGO_WEIGHT_NORMAL
        case .semibold: weight = PANGO_WEIGHT_SEMIBOLD
        case .bold: weight = PANGO_WEIGHT_BOLD
        }
        pango_font_description_set_weight(desc, weight)
        pango_layout_set_font_description(layout, desc)
        pango_font_description_free(desc)
        pango_layout_set_width(layout, Int32(max(0, key.width) * Double(PANGO_SCALE)))
        pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
        if key.height > 0 {
            pango_layout_set_height(layout, Int32(key.height * Double(PANGO_SCALE)))
            pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_END)
        }
        switch key.alignment {
        case .left: pango_layout_set_alignment(layout, PANGO_ALIGN_LEFT)
        case .center: pango_layout_set_alignment(layout, PANGO_ALIGN_CENTER)
        case .right: pango_layout_set_alignment(layout, PANGO_ALIGN_RIGHT)
        }
        pango_layout_set_text(layout, Self.keepingKoreanWordsTogether(key.text), -1)
        var ink = PangoRectangle(), logical = PangoRectangle()
        pango_layout_get_extents(layout, &ink, &logical)
        let scale = Double(PANGO_SCALE)
        return Entry(layout: layout, width: Double(logical.width) / scale, height: Double(logical.height) / scale)
    }
}
