import Foundation
import Testing

@testable import WeftRender

/// When a live render derives its variables again: the wall-clock minute, and whole minutes after every instant a
/// read provider counts from; every second only for templates that read the time to the second.
@Suite struct RenderBoundaryTests {
    private func at(_ seconds: Double) -> Date { Date(timeIntervalSince1970: seconds) }

    @Test func withNothingElseTheNextWallClockMinute() {
        let boundary = RenderBoundary()
        #expect(boundary.next(after: at(600)) == at(660))
        #expect(boundary.next(after: at(600.5)) == at(660))
        #expect(boundary.next(after: at(659.999)) == at(660))
    }

    @Test func aCountdownTurnsWholeMinutesAfterItsInstant() {
        var boundary = RenderBoundary()
        // An event starting at 12:00:30 turns its countdown at every :30.
        boundary.add(at(43_230))
        #expect(boundary.next(after: at(600)) == at(630))
        #expect(boundary.next(after: at(630)) == at(660))
        #expect(boundary.next(after: at(661)) == at(690))
        boundary.add(variables: ["__x_updated_iso": "1970-01-01T00:00:12Z", "__x_title": "1970-01-01T00:00:45Z"])
        // Only `_iso` variables count: 12 s is a phase, 45 s is not.
        #expect(boundary.next(after: at(600)) == at(612))
        #expect(boundary.next(after: at(631)) == at(660))
    }

    @Test func templatesThatReadSecondsTurnEverySecond() {
        #expect(RenderBoundary.readsSeconds(["{{__now_unix}}"]))
        #expect(RenderBoundary.readsSeconds(["a {{ __NOW }} b"]))
        #expect(RenderBoundary.readsSeconds(["{{=now()-__x_start}}"]))
        #expect(RenderBoundary.readsSeconds(["{{__calendar_next_start_iso|date:HH:mm:ss}}"]))
        #expect(!RenderBoundary.readsSeconds(["{{__weather_nowcast}} {{__time}} now"]))
        #expect(!RenderBoundary.readsSeconds(["{{__calendar_next_start_iso|date:HH:mm}} {{__steps_today}}"]))
        var boundary = RenderBoundary()
        boundary.addSeconds()
        #expect(boundary.next(after: at(600)) == at(601))
        #expect(boundary.next(after: at(600.25)) == at(601))
    }
}
