import Foundation

struct Forecast: Codable {
    var rainChance: Double
}

/// Fetches the local forecast so the app can skip watering on rainy days.
@MainActor
final class WeatherService {
    private let baseURL = URL(string: "https://api.example.com/forecast")!

    func forecast(for location: String) async throws -> Forecast {
        let (data, _) = try await URLSession.shared.data(from: baseURL.appending(queryItems: [.init(name: "q", value: location)]))
        return try JSONDecoder().decode(Forecast.self, from: data)
    }
}

/// Reminds the user to water, refreshing the forecast as soon as it exists.
final class WateringReminder {
    private let weather: WeatherService
    private(set) var skipToday = false

    init(weather: WeatherService) {
        self.weather = weather
        // `Task` is a model type in this module, so the concurrency one is spelled out.
        _Concurrency.Task {
            let forecast = try? await weather.forecast(for: "home")
            self.skipToday = (forecast?.rainChance ?? 0) > 0.7
        }
    }
}
