import NIOCore
import NIOHTTPTypes

/// Sits behind the HTTP decoder and tells the connection's `ConnectionWatch` where requests and responses begin
/// and end, which the bytes alone do not say.
final class RequestPartWatch: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    private var watch: ConnectionWatch?

    func handlerAdded(context: ChannelHandlerContext) {
        watch = try? context.pipeline.syncOperations.handler(type: ConnectionWatch.self)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head: watch?.headReceived()
        case .body: break
        case .end: watch?.requestEnded()
        }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if case .end = unwrapOutboundIn(data) { watch?.responseEnded() }
        context.write(data, promise: promise)
    }
}
