import NIOCore

/// Times one connection from the first handler of its pipeline, where every byte passes: a new connection has the
/// header timeout to send a complete request, a request (head and body) has it from its first byte, and a
/// connection waiting between requests has the idle timeout. It registers the connection with `ConnectionLimits`
/// and closes the ones the limits pick. `RequestPartWatch`, behind the HTTP decoder, reports where requests and
/// responses end.
final class ConnectionWatch: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer

    private let limits: ConnectionLimits
    private let headerTimeout: TimeAmount
    private let idleTimeout: TimeAmount

    private var context: ChannelHandlerContext?
    private var registered = false
    /// When the request now being read began (its first byte or its head); nil between requests and once read.
    private var requestStarted: NIODeadline?
    /// Since when the connection has waited for a request; nil until it opened.
    private var waitingSince: NIODeadline?
    /// Whether a response was ever sent: a connection that never sent a request gets the header timeout.
    private var answered = false
    private var heads = 0
    private var responses = 0
    private var timer: Scheduled<Void>?
    private var armedFor: NIODeadline?

    init(limits: ConnectionLimits, headerTimeout: TimeAmount, idleTimeout: TimeAmount) {
        self.limits = limits
        self.headerTimeout = headerTimeout
        self.idleTimeout = idleTimeout
    }

    private var id: ObjectIdentifier { ObjectIdentifier(self) }

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
        if context.channel.isActive { open(context) }
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        disarm()
        if registered { limits.forget(id) }
        self.context = nil
    }

    func channelActive(context: ChannelHandlerContext) {
        open(context)
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        disarm()
        if registered { limits.forget(id) }
        context.fireChannelInactive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        // The first byte of a request starts its clock; bytes of a pipelined request wait for its head.
        if requestStarted == nil, heads == responses {
            requestStarted = .now()
            settle()
        }
        context.fireChannelRead(data)
    }

    /// A request's head was decoded.
    func headReceived() {
        heads += 1
        if requestStarted == nil { requestStarted = .now() }
        settle()
    }

    /// A request was read to its end; the server is answering it.
    func requestEnded() {
        requestStarted = nil
        settle()
    }

    /// A response was sent to its end.
    func responseEnded() {
        responses += 1
        answered = true
        waitingSince = .now()
        settle()
    }

    private func open(_ context: ChannelHandlerContext) {
        guard !registered else { return }
        registered = true
        let now = NIODeadline.now()
        waitingSince = now
        let client = context.channel.remoteAddress?.ipAddress ?? "unknown"
        for channel in limits.admit(id, client: client, channel: context.channel, now: now) {
            channel.close(promise: nil)
        }
        settle()
    }

    /// Sets the timer for the connection's state and tells the limits whether it may be closed for another.
    private func settle() {
        guard registered else { return }
        if let started = requestStarted {
            arm(started + headerTimeout)
            // Ranked by when it began to wait, not by its first byte: a client sending half a request is no more
            // deserving than one sending nothing.
            limits.update(id, waitingSince: waitingSince ?? started)
        } else if heads > responses {
            disarm()
            limits.update(id, waitingSince: nil)
        } else {
            let since = waitingSince ?? .now()
            arm(since + (answered ? idleTimeout : headerTimeout))
            limits.update(id, waitingSince: since)
        }
    }

    private func arm(_ deadline: NIODeadline) {
        guard armedFor != deadline, let context else { return }
        timer?.cancel()
        armedFor = deadline
        timer = context.eventLoop.assumeIsolated().scheduleTask(deadline: deadline) { [weak self] in
            self?.context?.close(promise: nil)
        }
    }

    private func disarm() {
        timer?.cancel()
        timer = nil
        armedFor = nil
    }
}
