import Hummingbird
import NIOCore

/// The request context: Hummingbird's core storage plus the connection's channel.
///
/// The channel is what lets the `reset` fault close a connection without answering and the
/// `hang` fault notice that the client gave up.
struct EmulatorContext: RequestContext {
    var coreContext: CoreRequestContextStorage
    let channel: any Channel

    init(source: ApplicationRequestContextSource) {
        self.coreContext = .init(source: source)
        self.channel = source.channel
    }
}
