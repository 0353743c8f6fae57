import SwiftUI

/// Says whether today's watering can be skipped.
struct ForecastView: View {
    @State private var forecast = ForecastModel()

    var body: some View {
        Text(forecast.skipToday ? "Rain expected: skip watering" : "Water today")
    }
}

/// Reads the cached forecast from disk as soon as it is created.
@Observable
final class ForecastModel {
    var skipToday = false

    init() {
        let url = URL.documentsDirectory.appending(path: "forecast.json")
        let cached = (try? Data(contentsOf: url)).flatMap { try? JSONDecoder().decode(Forecast.self, from: $0) }
        skipToday = (cached?.rainChance ?? 0) > 0.7
    }
}
