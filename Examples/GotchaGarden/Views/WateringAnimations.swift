import SwiftUI

/// The watering screen: a pulsing drop while the plant drinks, a "watered" badge that
/// flies into the toolbar, and a checkmark that fills in when done.
struct WateringView: View {
    let plant: Plant
    @State private var isWatered = false
    @State private var showSplash = false
    @Namespace private var badgeSpace

    var body: some View {
        VStack(spacing: 24) {
            TimelineView(.animation) { context in
                let t = context.date.timeIntervalSinceReferenceDate
                ZStack {
                    Image(systemName: "drop.fill")
                        .font(.system(size: 64))
                        .scaleEffect(1 + 0.08 * sin(t * 3))
                    if showSplash {
                        SplashView()
                            .transition(.scale.combined(with: .opacity))
                    }
                }
            }

            Image(systemName: "checkmark.circle")
                .font(.largeTitle)
                .foregroundStyle(isWatered ? AnyShapeStyle(.tint) : AnyShapeStyle(.tint.tertiary))
                .animation(.bouncy, value: isWatered)

            Button("Water \(plant.name)") {
                withAnimation(.spring(response: 0.4, dampingFraction: 0.6)) {
                    isWatered = true
                    showSplash.toggle()
                }
            }
            .buttonStyle(.borderedProminent)
        }
        .navigationTitle(plant.name)
        .toolbar {
            ToolbarItem(placement: .topBarTrailing) {
                if isWatered {
                    Image(systemName: "drop.circle.fill")
                        .matchedGeometryEffect(id: "watered-badge", in: badgeSpace)
                }
            }
        }
    }
}

private struct SplashView: View {
    var body: some View {
        Circle()
            .stroke(.blue.opacity(0.4), lineWidth: 4)
            .frame(width: 120, height: 120)
    }
}

#Preview {
    NavigationStack {
        WateringView(plant: Plant(id: UUID(), name: "Fern", species: "Nephrolepis", lastWatered: .now, isFavorite: false))
    }
}
