import WeftAirQuality
import WeftAlarms
import WeftCalendar
import WeftCommandProvider
import WeftCore
import WeftHabits
import WeftSteps
import WeftWeather

/// The provider kinds this build of weft ships.
public enum BuiltinProviders {
    /// The registry of every built-in kind.
    public static let registry = ProviderRegistry(
        [
            CommandKind.self, CalendarKind.self, StepsKind.self, HabitsKind.self, AlarmsKind.self, TimersKind.self,
        ] + WeatherKinds.all + [AirQualityKind.self])
}
