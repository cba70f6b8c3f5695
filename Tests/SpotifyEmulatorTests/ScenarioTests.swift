import Foundation
import SpotifyEmulator
import Testing

@Suite("Scenario JSON")
struct ScenarioTests {
    @Test("an empty object decodes to the documented defaults")
    func defaults() throws {
        let scenario = try JSONDecoder().decode(Scenario.self, from: Data("{}".utf8))
        #expect(scenario == Scenario())
        #expect(scenario.clientID == nil)
        #expect(scenario.refreshMode == .nonRotating)
        #expect(scenario.accessTokenLifetime == 3600)
        #expect(scenario.user.product == .premium)
        #expect(scenario.devices == [.kitchenSpeaker])
        #expect(scenario.playback == Scenario.Playback(kind: .episode, id: "512ojhOuo1ktJprKbVcKyQ", progressMs: 754_000, isPlaying: true))
    }

    @Test("null product is kept apart from a missing one")
    func nullProduct() throws {
        let omitted = try JSONDecoder().decode(Scenario.self, from: Data(#"{"user":{"product":null}}"#.utf8))
        #expect(omitted.user.product == nil)
        #expect(omitted.user.id == "margin-listener")
        let missing = try JSONDecoder().decode(Scenario.self, from: Data(#"{"user":{"id":"x"}}"#.utf8))
        #expect(missing.user.product == .premium)
    }

    @Test("the doc's full example round-trips")
    func roundTrip() throws {
        let json = """
        {"client_id":"abc","refresh_mode":"rotating","access_token_lifetime":60,"authorize":"deny",
         "user":{"id":"u","display_name":"U","product":"free"},
         "devices":[{"id":"d1","name":"Desk","type":"Computer","is_active":true,"volume_percent":40}],
         "playback":{"kind":"track","id":"SsCvVfASeDQjBKYSTL3Snb","progress_ms":5,"is_playing":false}}
        """
        let scenario = try JSONDecoder().decode(Scenario.self, from: Data(json.utf8))
        #expect(scenario.refreshMode == .rotating && scenario.authorize == .deny && scenario.clientID == "abc")
        let again = try JSONDecoder().decode(Scenario.self, from: try JSONEncoder().encode(scenario))
        #expect(again == scenario)
        try scenario.validate()
    }

    @Test("playback defaults depend on the kind")
    func playbackDefaults() throws {
        let track = Scenario.Playback(kind: .track)
        #expect(track.id == nil && track.progressMs == 0 && track.isPlaying)
        try Scenario(playback: track).validate()
        #expect(Scenario.Playback.nothing.isPlaying == false)
        let json = #"{"kind":"episode","id":"jKhXScw0HeNK2DRf3vAwOi"}"#
        let decoded = try JSONDecoder().decode(Scenario.Playback.self, from: Data(json.utf8))
        #expect(decoded.progressMs == 0 && decoded.isPlaying)
    }

    @Test("unknown enum values and catalog ids of the wrong kind are refused")
    func refusals() throws {
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(Scenario.self, from: Data(#"{"refresh_mode":"sometimes"}"#.utf8))
        }
        let wrongKind = Scenario(playback: .init(kind: .track, id: "512ojhOuo1ktJprKbVcKyQ"))
        #expect(throws: ScenarioError.self) { try wrongKind.validate() }
    }
}
