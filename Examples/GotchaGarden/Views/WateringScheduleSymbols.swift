import SwiftUI

/// Next-watering countdown and the week strip of watering days.
struct NextWateringView: View {
    let plant: Plant
    let interval: TimeInterval

    private var nextWatering: Date { plant.lastWatered.addingTimeInterval(interval) }

    var body: some View {
        TimelineView(.periodic(from: .now, by: 60)) { context in
            let remaining = nextWatering.timeIntervalSince(context.date)
            Label {
                Text("Water in \(Int(remaining / 3600))h \(Int(remaining.truncatingRemainder(dividingBy: 3600) / 60))m")
            } icon: {
                Image(systemName: "clock")
            }
        }
    }
}

struct WeekStripView: View {
    let days: [WateringDay]
    @Binding var selectedDay: WateringDay.ID?

    var body: some View {
        HStack {
            ForEach(days) { day in
                VStack {
                    Image(systemName: day.isDone ? "checkmark.circle" : "circle")
                        .contentTransition(.symbolEffect(.replace.byLayer))
                    Text(day.date, format: .dateTime.weekday(.narrow))
                        .font(.caption2)
                    Image(systemName: "calendar.badge.clock")
                        .font(.caption)
                        .opacity(0.4)
                }
                .onTapGesture { selectedDay = day.id }
            }
        }
    }
}

struct WateringDay: Identifiable {
    let id: Int
    var date: Date
    var isDone: Bool
}

#Preview {
    NextWateringView(plant: Plant(id: UUID(), name: "Fern", species: "Nephrolepis", lastWatered: .now, isFavorite: true),
                     interval: 86_400)
}
