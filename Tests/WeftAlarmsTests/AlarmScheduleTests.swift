import Foundation
import Testing
import WeftPrimitives

@testable import WeftAlarms

@Suite struct AlarmScheduleTests {
    @Test func placeholder() {}
}
