import SwiftData
import SwiftUI
import WidgetKit

struct GardenEntry: TimelineEntry {
    let date: Date
    let plant: PlantRecord
    let nextWatering: Date
}

struct GardenProvider: TimelineProvider {
    let container = try! ModelContainer(for: PlantRecord.self)

    func placeholder(in context: Context) -> GardenEntry {
        GardenEntry(date: Date(), plant: PlantRecord(name: "Fern", sortOrder: 0), nextWatering: .now)
    }

    func getSnapshot(in context: Context, completion: @escaping (GardenEntry) -> Void) {
        let url = URL(string: "https://example.com/featured-plant.json")!
        URLSession.shared.dataTask(with: url) { _, _, _ in
            completion(placeholder(in: context))
        }.resume()
    }

    func getTimeline(in context: Context, completion: @escaping (Timeline<GardenEntry>) -> Void) {
        let plants = (try? ModelContext(container).fetch(FetchDescriptor<PlantRecord>())) ?? []
        let entries = plants.prefix(1).map { GardenEntry(date: .now, plant: $0, nextWatering: $0.lastWatered.addingTimeInterval(86_400)) }
        completion(Timeline(entries: entries, policy: .atEnd))
    }
}

struct GardenWidgetView: View {
    let entry: GardenEntry
    @State private var nameWidth: CGFloat = 0

    var body: some View {
        VStack(alignment: .leading) {
            Text(entry.plant.name)
                .background(GeometryReader { proxy in
                    Color.clear.onAppear { nameWidth = proxy.size.width }
                })
            Capsule().frame(width: nameWidth, height: 2)
            Text("Checked \(Date.now.formatted(date: .omitted, time: .shortened))")
            TimelineView(.everyMinute) { context in
                Text(entry.nextWatering, style: .relative)
            }
            Color.green.mask {
                Text(entry.nextWatering, style: .timer)
            }
            WaterButtonView(plantName: entry.plant.name)
        }
    }
}

struct GardenWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "GardenWidget", provider: GardenProvider()) { entry in
            GardenWidgetView(entry: entry)
                .containerBackground(.fill.tertiary, for: .widget)
        }
        .configurationDisplayName("Garden")
    }
}
