#!/usr/bin/python3
"""A freedesktop notification server for tests (Sources/WeftTestSupport/TestNotificationServer.swift runs it).

It owns org.freedesktop.Notifications on the bus given by --address, appends every Notify and CloseNotification
call as one JSON line to --record (all arguments; each hint as {"type": D-Bus signature, "value": ...}), answers
GetCapabilities with the comma-separated --capabilities, answers every Notify with the D-Bus error
--reject-notify NAME MESSAGE when given, prints "ready <unique name>" once it owns the name, and
reads commands on its standard input, one a line:
    action ID KEY      emit ActionInvoked(ID, KEY)
    closed ID REASON   emit NotificationClosed(ID, REASON)
It exits when its standard input closes, so a test that dies takes it along.
Run it with Debian's python3 (/usr/bin/python3): python3-dbus and python3-gi come from `make deps`.
"""
import argparse
import json
import os
import sys

try:
    import dbus
    import dbus.mainloop.glib
    import dbus.service
    from gi.repository import GLib
except ImportError as missing:
    print("error: %s: run `make deps` (it installs python3-dbus and python3-gi)" % missing, flush=True)
    sys.exit(1)

INTERFACE = "org.freedesktop.Notifications"
PATH = "/org/freedesktop/Notifications"


def hint_json(value):
    # dbus.Boolean and dbus.Byte are ints in Python: test them before the integer types.
    for kind, signature in ((dbus.Boolean, "b"), (dbus.Byte, "y"), (dbus.Int16, "n"), (dbus.UInt16, "q"),
                            (dbus.Int32, "i"), (dbus.UInt32, "u"), (dbus.Int64, "x"), (dbus.UInt64, "t"),
                            (dbus.Double, "d"), (dbus.String, "s"), (dbus.ObjectPath, "o")):
        if isinstance(value, kind):
            if signature == "b":
                return {"type": "b", "value": bool(value)}
            if signature == "d":
                return {"type": "d", "value": float(value)}
            if signature in ("s", "o"):
                return {"type": signature, "value": str(value)}
            return {"type": signature, "value": int(value)}
    return {"type": "?", "value": repr(value)}


class Rejected(dbus.DBusException):
    def __init__(self, name, message):
        super().__init__(message, name=name)


class Server(dbus.service.Object):
    def __init__(self, bus, record, capabilities, reject):
        super().__init__(bus, PATH)
        self.reject = reject
        self.record = record
        self.capabilities = capabilities
        self.last_id = 0
        self.open = set()

    def write(self, entry):
        with open(self.record, "a", encoding="utf-8") as out:
            out.write(json.dumps(entry, ensure_ascii=False) + "\n")

    @dbus.service.method(INTERFACE, in_signature="", out_signature="as")
    def GetCapabilities(self):
        return dbus.Array(self.capabilities, signature="s")

    @dbus.service.method(INTERFACE, in_signature="", out_signature="ssss")
    def GetServerInformation(self):
        return ("weft-test-server", "weft", "1.0", "1.2")

    @dbus.service.method(INTERFACE, in_signature="susssasa{sv}i", out_signature="u")
    def Notify(self, app_name, replaces_id, app_icon, summary, body, actions, hints, expire_timeout):
        if self.reject:
            raise Rejected(*self.reject)
        if replaces_id != 0 and replaces_id in self.open:
            notification_id = int(replaces_id)
        else:
            self.last_id += 1
            notification_id = self.last_id
        self.open.add(notification_id)
        self.write({
            "method": "Notify", "id": notification_id, "app_name": str(app_name), "replaces_id": int(replaces_id),
            "app_icon": str(app_icon), "summary": str(summary), "body": str(body),
            "actions": [str(a) for a in actions],
            "hints": {str(k): hint_json(v) for k, v in hints.items()},
            "expire_timeout": int(expire_timeout),
        })
        return dbus.UInt32(notification_id)

    @dbus.service.method(INTERFACE, in_signature="u", out_signature="")
    def CloseNotification(self, notification_id):
        self.write({"method": "CloseNotification", "id": int(notification_id)})
        if notification_id in self.open:
            self.open.discard(notification_id)
            self.NotificationClosed(notification_id, 3)

    @dbus.service.signal(INTERFACE, signature="us")
    def ActionInvoked(self, notification_id, action_key):
        pass

    @dbus.service.signal(INTERFACE, signature="uu")
    def NotificationClosed(self, notification_id, reason):
        pass


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--address", required=True)
    parser.add_argument("--record", required=True)
    parser.add_argument("--capabilities", default="actions,body,body-markup,persistence")
    parser.add_argument("--reject-notify", nargs=2, metavar=("NAME", "MESSAGE"))
    options = parser.parse_args()
    capabilities = [c for c in options.capabilities.split(",") if c]

    dbus.mainloop.glib.DBusGMainLoop(set_as_default=True)
    bus = dbus.bus.BusConnection(options.address)
    server = Server(bus, options.record, capabilities, options.reject_notify)
    reply = bus.request_name(INTERFACE, dbus.bus.NAME_FLAG_DO_NOT_QUEUE)
    if reply != dbus.bus.REQUEST_NAME_REPLY_PRIMARY_OWNER:
        print("error: %s is already owned" % INTERFACE, flush=True)
        return 1
    loop = GLib.MainLoop()

    pending = bytearray()

    def command(source, condition):
        # Raw reads: a buffered readline could hold a second line the watch would never report.
        data = os.read(sys.stdin.fileno(), 4096)
        if not data:
            loop.quit()
            return False
        pending.extend(data)
        while b"\n" in pending:
            line, _, rest = bytes(pending).partition(b"\n")
            pending[:] = rest
            words = line.decode("utf-8").split()
            if len(words) == 3 and words[0] == "action":
                server.ActionInvoked(dbus.UInt32(int(words[1])), words[2])
            elif len(words) == 3 and words[0] == "closed":
                server.open.discard(int(words[1]))
                server.NotificationClosed(dbus.UInt32(int(words[1])), dbus.UInt32(int(words[2])))
            else:
                print("error: unknown command %r" % line, flush=True)
        return True

    GLib.io_add_watch(sys.stdin.fileno(), GLib.IO_IN | GLib.IO_HUP, command)
    print("ready " + bus.get_unique_name(), flush=True)
    loop.run()
    return 0


if __name__ == "__main__":
    sys.exit(main())
