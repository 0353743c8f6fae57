import SwiftUI

/// The app's tabs (the garden tab's list has a bottom bar for quick actions).
struct GardenTabsView: View {
    @EnvironmentObject var store: GardenStore

    var body: some View {
        TabView {
            GardenListView()
                .tabItem {
                    Label("Garden", systemImage: "leaf")
                }
            GardenGridView(store: store)
                .tabItem {
                    Label("Grid", systemImage: "square.grid.2x2")
                }
            PlantBrowserView()
                .tabItem {
                    Label("Browse", systemImage: "magnifyingglass")
                }
            GardenSettingsView()
                .tabItem {
                    Label("Settings", systemImage: "gear")
                }
        }
    }
}

struct WaterAllButton: View {
    @EnvironmentObject var store: GardenStore

    var body: some View {
        Button("Water all") {
            for plant in store.plants { store.water(plant) }
        }
    }
}
