import SwiftUI

/// The app's tabs, with a bottom bar for quick actions on the garden tab.
struct GardenTabsView: View {
    @EnvironmentObject var store: GardenStore

    var body: some View {
        TabView {
            GardenListView()
                .safeAreaInset(edge: .bottom) {
                    HStack {
                        WaterAllButton()
                        Spacer()
                        Text("\(store.plants.count) plants")
                    }
                    .padding()
                    .background(.bar)
                }
                .tabItem {
                    Label("Garden", systemImage: "leaf")
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
