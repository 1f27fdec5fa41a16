/// An edit of the user's own data refused because of what it would change as it stands now (an alarm that stopped
/// ringing, a timer already paused), not because anything broke: a consumer that cannot name the provider's own error
/// (the server answers 409 with it) still tells it from a failure. The description is the message for the user.
public protocol EditRefusal: Error, CustomStringConvertible {}
