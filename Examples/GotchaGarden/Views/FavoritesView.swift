import SwiftUI

struct FavoritesView: View {
    @EnvironmentObject var store: GardenStore
    @State private var editing: Plant?

    var body: some View {
        List {
            ForEach(store.plants, id: \.self) { plant in
                Button(plant.name) { editing = plant }
            }
        }
    }

    func rename(_ plant: Plant, to name: String) {
        guard let index = store.plants.firstIndex(of: plant) else { return }
        store.plants[index].name = name
    }
}

/// Migrated to the Observation reads, but the app still injects the store with `.environmentObject`.
struct WateringSummaryView: View {
    @Environment(GardenStore.self) private var store

    var body: some View {
        Text("\(store.plants.count) plants")
    }
}

/// Gives the first bed column more room.
struct BedColumnWeight: LayoutValueKey {
    static let defaultValue: Double = 1
}

/// Reads each bed's weight while laying out, off the main actor like SwiftUI's own layout pass.
nonisolated struct BedColumns {
    func weight(of subview: LayoutSubview) -> Double { subview[BedColumnWeight.self] }
}
