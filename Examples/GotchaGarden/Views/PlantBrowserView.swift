import SwiftUI

/// Browses plants by species; each species row pushes its plants.
struct PlantBrowserView: View {
    @EnvironmentObject var store: GardenStore
    @State private var query = ""
    @State private var photos: [UUID: UIImage] = [:]

    var body: some View {
        NavigationStack {
            List {
                ForEach(species, id: \.self) { name in
                    NavigationLink(name, value: name)
                        .navigationDestination(for: String.self) { species in
                            SpeciesView(species: species)
                        }
                }
            }
            .searchable(text: $query)
            .onChange(of: query) { newValue in
                store.filter = newValue
            }
            .toolbar {
                ToolbarItem(placement: .navigationBarTrailing) {
                    Button("Refresh") {
                        DispatchQueue.global(qos: .userInitiated).async {
                            Task { await store.load() }
                        }
                    }
                }
            }
        }
    }

    private var species: [String] {
        Array(Set(store.plants.map(\.species))).sorted()
    }
}

struct SpeciesView: View {
    @EnvironmentObject var store: GardenStore
    let species: String

    var body: some View {
        ScrollView {
            LazyVGrid(columns: [GridItem(.adaptive(minimum: 120))]) {
                ForEach(store.plants.filter { $0.species == species }) { plant in
                    PlantTile(plant: plant)
                        .gesture(
                            DragGesture(minimumDistance: 0)
                                .onEnded { _ in store.water(plant) }
                        )
                }
            }
        }
        .navigationTitle(species)
    }
}

struct PlantTile: View {
    let plant: Plant
    @State private var thumbnail: UIImage?

    var body: some View {
        let formatter = DateFormatter()
        formatter.dateStyle = .short
        return VStack {
            Image(uiImage: thumbnail ?? UIImage())
                .resizable()
                .frame(width: UIScreen.main.bounds.width / 3, height: 100)
                .cornerRadius(12)
            Text(plant.name)
            Text("Watered \(formatter.string(from: plant.lastWatered))")
                .font(.caption)
        }
        .task {
            let url = URL(string: "https://example.com/thumbs/\(plant.id).jpg")!
            if let (data, _) = try? await URLSession.shared.data(from: url) {
                thumbnail = UIImage(data: data)
            }
        }
    }
}

struct WaterButton: View {
    let plant: Plant
    @EnvironmentObject var store: GardenStore

    var body: some View {
        Button {
            store.water(plant)
            UIImpactFeedbackGenerator(style: .medium).impactOccurred()
        } label: {
            Label("Water", systemImage: "drop")
        }
        .buttonStyle(.borderedProminent)
        .onLongPressGesture {
            store.plants.removeAll { $0.id == plant.id }
        }
    }
}
