import Foundation
import Testing
import WeftCore

@testable import WeftStore

/// What a refresh stores about itself is bounded for every provider: repeated warnings become a count, long text is
/// cut, and the summaries still count every warning.
@Suite struct StoredTextTests {
    static func exdate(_ index: Int) -> String {
        "/cal/work.ics: event e1: libical could not parse EXDATE and dropped it: Can't parse: bad-\(index)"
    }

    @Test func repeatedWarningsCollapseIntoTheFirstAndACount() {
        let warnings = (0..<16_400).map(Self.exdate) + ["/cal/work.ics: skipped, x"]
        let collapsed = ProviderHealth.collapsed(warnings)
        #expect(
            collapsed == [
                Self.exdate(0), "/cal/work.ics: … and 16,399 more: libical could not parse EXDATE and dropped it",
                "/cal/work.ics: skipped, x",
            ])
        #expect(ProviderHealth.count(of: collapsed) == 16_401)
        #expect(ProviderHealth.summary(of: collapsed) == ProviderHealth.summary(of: warnings))
        // Collapsing what is already collapsed adds to the count, nothing else.
        #expect(ProviderHealth.collapsed(collapsed + [Self.exdate(1)]).count == 3)
        #expect(ProviderHealth.count(of: ProviderHealth.collapsed(collapsed + [Self.exdate(1)])) == 16_402)
    }

    @Test func storedTextIsCapped() {
        let error = String(repeating: "e", count: 300_000)
        let cut = StoredText.capped(error)
        #expect(cut.count < StoredText.longestError + 40 && cut.hasSuffix("… (298000 more characters cut)"))
        #expect(StoredText.capped("short") == "short")
        let distinct = (0..<500).map { "/v/f\($0).ics: skipped, it is broken" } + ["/v/x.ics: odd, " + error]
        let stored = StoredText.warnings(distinct)
        #expect(stored.count <= StoredText.mostWarnings, "\(stored.count)")
        #expect(stored.allSatisfy { $0.count <= StoredText.longestWarning + 40 })
        #expect(ProviderHealth.count(of: stored) == 501)
        #expect(ProviderHealth.summary(of: stored)?.hasPrefix("500 skipped: f0.ics, f1.ics, f2.ics, …") == true)
    }

    @Test func theStoreKeepsBoundedTextForEveryProvider() throws {
        let temp = try TempCache()
        let store = try CacheStore.openForWriting(directory: temp.directory)
        let item = snapshot("cal", value: "1", at: 1, validFor: 600, prefix: "__cal_")
        try store.recordSuccess(
            instance: "cal", prefix: "__cal_",
            outcome: RefreshOutcome(.updated(item), problems: (0..<10_000).map(Self.exdate)),
            at: Date(timeIntervalSince1970: 1))
        #expect(try store.lastAttempt("cal")?.warnings.count == 2)
        try store.recordFailure(
            RefreshAttempt(
                instance: "cal", prefix: "__cal_", attemptedAt: Date(timeIntervalSince1970: 2), outcome: .failed,
                error: String(repeating: "x", count: 100_000)))
        #expect(try (store.lastAttempt("cal")?.error?.count ?? 0) < 2_100)
    }
}
