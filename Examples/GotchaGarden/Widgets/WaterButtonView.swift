import AppIntents
import SwiftUI

struct WaterButtonView: View {
    let plantName: String

    var body: some View {
        Button(intent: WaterPlantIntent(plantName: plantName)) {
            Label("Water \(plantName)", systemImage: "drop.fill")
        }
    }
}
