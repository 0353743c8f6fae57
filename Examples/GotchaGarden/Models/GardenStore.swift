import Foundation
import SwiftUI

struct Plant: Identifiable, Hashable, Codable {
    let id: UUID
    var name: String
    var species: String
    var lastWatered: Date
    var isFavorite: Bool
}

final class GardenStore: ObservableObject {
    @Published var plants: [Plant] = []
    @Published var isLoading = false

    func load() async {
        isLoading = true
        defer { isLoading = false }
        let url = URL(string: "https://example.com/plants.json")!
        guard let (data, _) = try? await URLSession.shared.data(from: url) else { return }
        plants = (try? JSONDecoder().decode([Plant].self, from: data)) ?? []
    }

    func water(_ plant: Plant) {
        guard let index = plants.firstIndex(of: plant) else { return }
        plants[index].lastWatered = .now
    }
}

/// Shadows Swift Concurrency's `Task` for the whole module.
struct Task: Identifiable {
    let id = UUID()
    var title: String
    var due: Date
}
