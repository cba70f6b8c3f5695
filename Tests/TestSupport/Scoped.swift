/// Something a test starts and must stop before it ends: a sandbox, a server, a harness.
public protocol Stoppable {
    func stop() async
}

/// Runs `body` with `resource`, then stops the resource, awaited, whether `body` returned or
/// threw: nothing a test starts outlives it, and its folders are gone when the test ends.
public func using<Resource: Stoppable, Result>(_ resource: Resource, _ body: (Resource) async throws -> Result) async throws -> Result {
    let result: Result
    do {
        result = try await body(resource)
    } catch {
        await resource.stop()
        throw error
    }
    await resource.stop()
    return result
}
