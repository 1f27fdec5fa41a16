import Foundation
import Testing
import WeftCore

@testable import WeftNotify

@Suite struct NotifyFileTests {
    @Test func aMissingFileIsEveryDefault() {
        let file = NotifyFile(contentsOf: "/nonexistent/notify.toml")
        #expect(file.problems.isEmpty && !file.exists)
        #expect(file.sections[.alarm]?.common.enabled == true && file.sections[.rain]?.common.enabled == false)
        #expect(file.late == .seconds(600))
    }
}
