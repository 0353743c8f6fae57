import SwiftUI
import UIKit

/// Plant cards, the species grid and the notes editor.
struct PlantNote: Identifiable {
    var text: String
    var id: UUID { UUID() }
}

struct PlantNotesEditor: View {
    @State private var draft: String
    let onSave: (String) -> Void

    init(note: String, onSave: @escaping (String) -> Void) {
        _draft = State(initialValue: note)
        self.onSave = onSave
    }

    var body: some View {
        TextEditor(text: $draft)
            .toolbar {
                Button("Save") { onSave(draft) }
            }
    }
}

/// The plant's nickname; the garden list renames plants in place.
struct PlantNicknameLabel: View {
    @State private var nickname: String

    init(nickname: String) {
        _nickname = State(initialValue: nickname)
    }

    var body: some View {
        Text(nickname)
    }
}

struct PlantCard: View {
    let plant: Plant
    var isThirsty: Bool
    var isWide: Bool
    @State private var isPressed = false

    init(plant: Plant, isThirsty: Bool, isWide: Bool) {
        self.plant = plant
        self.isThirsty = isThirsty
        self.isWide = isWide
        // `Task` is a model type in this module, so the concurrency one is spelled out.
        _Concurrency.Task { await PlantPhotos.shared.prefetch(plant) }
    }

    var body: some View {
        Group {
            if isPressed {
                CardBackground(plant: plant)
                    .scaleEffect(0.95)
            } else {
                CardBackground(plant: plant)
            }
        }
        .overlay(alignment: .topTrailing) { Image(systemName: isThirsty ? "drop" : "leaf") }
        .onLongPressGesture(minimumDuration: 0.5) {} onPressingChanged: { isPressed = $0 }
    }
}

struct CardBackground: View {
    let plant: Plant
    var body: some View {
        RoundedRectangle(cornerRadius: 12).fill(.green.gradient)
            .overlay { Text(plant.name) }
    }
}

struct SpeciesHeader: View {
    let plant: Plant
    var isWide: Bool

    var body: some View {
        if isWide {
            HStack {
                Image(systemName: "leaf")
                Text(plant.species)
            }
        } else {
            VStack {
                Image(systemName: "leaf")
                Text(plant.species)
            }
        }
    }
}

struct GardenGridView: View {
    @ObservedObject var store: GardenStore
    let columns = [GridItem(.adaptive(minimum: 160))]

    var body: some View {
        ScrollView {
            LazyVGrid(columns: columns) {
                ForEach(store.plants) { plant in
                    PlantCard(plant: plant, isThirsty: plant.lastWatered < .now.addingTimeInterval(-86_400), isWide: false)
                        .aspectRatio(nil, contentMode: .fit)
                }
            }
            .id(UUID())
        }
        .environment(\.waterAction, WaterAction { plant in
            store.water(plant)
        })
    }
}

struct FavoritesList: View {
    @ObservedObject var store: GardenStore
    @Environment(\.horizontalSizeClass) private var sizeClass

    var body: some View {
        List {
            ForEach(store.plants) { plant in
                if plant.isFavorite {
                    SpeciesHeader(plant: plant, isWide: sizeClass == .regular)
                        .layoutPriority(1)
                        .equatable()
                }
            }
        }
    }
}

extension SpeciesHeader: Equatable {
    static func == (lhs: Self, rhs: Self) -> Bool { lhs.plant.id == rhs.plant.id }
}

struct WaterAction {
    var perform: (Plant) -> Void
    init(_ perform: @escaping (Plant) -> Void) { self.perform = perform }
}

private struct WaterActionKey: EnvironmentKey {
    static let defaultValue = WaterAction { _ in }
}

extension EnvironmentValues {
    var waterAction: WaterAction {
        get { self[WaterActionKey.self] }
        set { self[WaterActionKey.self] = newValue }
    }
}

/// The UIKit plant list in the widget configuration screen.
final class PlantCellRegistration {
    func configure(_ cell: UICollectionViewListCell, with plant: Plant) {
        cell.contentConfiguration = UIHostingConfiguration {
            PlantCard(plant: plant, isThirsty: false, isWide: true)
        }
        .margins(.all, 8)
    }
}

#Preview {
    GardenGridView(store: GardenStore())
}
