/// `n` and the noun, plural unless `n` is 1 ("1 scenario", "0 missing goldens"): the counts in
/// the summaries `test` and `merge-reports` print. Nouns whose plural is not "+s" are not used.
public func counted(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }
