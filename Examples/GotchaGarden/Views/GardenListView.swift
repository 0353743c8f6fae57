import SwiftUI

struct GardenListView: View {
    @EnvironmentObject var store: GardenStore
    @State var searchText = ""
    @State private var showFavoritesOnly = false

    var body: some View {
        NavigationView {
            List {
                ForEach(0..<store.plants.count, id: \.self) { index in
                    PlantRow(plant: store.plants[index])
                }
                .onDelete { store.plants.remove(atOffsets: $0) }
                ForEach(store.plants.filter { $0.isFavorite || !showFavoritesOnly }) { plant in
                    AnyView(PlantRow(plant: plant))
                }
            }
            .searchable(text: $searchText)
            .safeAreaInset(edge: .bottom) {
                HStack {
                    WaterAllButton()
                    Spacer()
                    Text("\(store.plants.count) plants")
                }
                .padding()
                .background(.bar)
            }
            .toolbar {
                Button {
                    showFavoritesOnly.toggle()
                } label: {
                    Image(systemName: showFavoritesOnly ? "star.fill" : "star")
                }
            }
            .onAppear {
                Task {
                    await store.load()
                }
            }
        }
    }
}

struct PlantRow: View {
    let plant: Plant
    @State private var isExpanded = false

    var body: some View {
        let _ = Self._printChanges()
        VStack(alignment: .leading) {
            Text(plant.name)
                .font(.headline)
            if isExpanded {
                Text(plant.species)
                    .foregroundColor(.secondary)
            }
        }
        .animation(.spring(), value: isExpanded)
        .onTapGesture {
            // Sorting here runs once per tap, not per render: fine.
            _ = [3, 1, 2].sorted()
            isExpanded.toggle()
        }
    }
}
