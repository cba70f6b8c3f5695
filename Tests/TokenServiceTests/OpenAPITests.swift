import Foundation
import TestSupport
import Testing

@Suite("openapi/token-service.yaml")
struct OpenAPITests {
    static let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("openapi/token-service.yaml").path

    /// Validates the file with openapi-spec-validator (OpenAPI 3.1) and prints its operations.
    static let script = """
        import json, sys
        from openapi_spec_validator import validate
        from openapi_spec_validator.readers import read_from_filename
        spec, _ = read_from_filename(sys.argv[1])
        validate(spec)
        print(json.dumps(sorted(f"{method.upper()} {path}" for path, item in spec["paths"].items() for method in item)))
        """

    @Test("is valid OpenAPI 3.1, and every operation it describes is served")
    func validAndServed() async throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", Self.script, Self.file]
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let problems = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "openapi-spec-validator (pip install openapi-spec-validator): \(problems)")
        let operations = try #require(try JSONSerialization.jsonObject(with: data) as? [String])
        #expect(operations == ["GET /config", "GET /healthz", "POST /refresh", "POST /swap"])

        try await using(try await ServiceHarness.start()) { harness in
            for operation in operations {
                let parts = operation.split(separator: " ").map(String.init)
                let reply = parts[0] == "GET" ? try await harness.get(parts[1]) : try await harness.post(parts[1], [])
                #expect(reply.status != 404 && reply.status != 405, "\(operation) is not served")
            }
        }
    }
}
