import SwiftUI

final class WateringSchedule: ObservableObject {
    @Published var days: [Date] = []
}

struct PlantDetailView: View {
    let plant: Plant
    @ObservedObject private var schedule = WateringSchedule()
    @State private var showsHistory = false

    var body: some View {
        VStack(spacing: 12) {
            Image(systemName: showsHistory ? "leaf.fill" : "leaf")
                .font(.largeTitle)
            Text(plant.name)
                .foregroundColor(.green)
            history
        }
        .animation(.easeInOut)
    }

    @ViewBuilder
    private var history: some View {
        if showsHistory {
            ForEach(schedule.days.sorted(), id: \.self) { day in
                Text(day, style: .date)
            }
        }
    }
}
