import SwiftData
import SwiftUI

/// The plants watered since midnight, straight from the store.
struct WateredTodayView: View {
    @Query(sort: \PlantRecord.sortOrder) private var records: [PlantRecord]

    var body: some View {
        List(records.filter { Calendar.current.isDateInToday($0.lastWatered) }, id: \.stableID) { record in
            Text(record.name)
        }
    }
}
