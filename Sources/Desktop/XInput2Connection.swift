import CXInput2
import Dispatch
import Foundation
import ScrollEngine
import Support

/// Our own Xlib connection for XInput 2 smooth scrolling, beside SDL's (SDL 2 reads only core
/// wheel buttons on X11). It makes every Xlib call and hands decoded `XI2Event`s to the pure
/// `XInput2ScrollTranslator`. Main thread only; a small thread waits on the connection's socket
/// and wakes the window's event wait, since SDL does not wait on our socket.
///
/// Opens on the SDL window's X11 id, selects XI_Motion, XI_Enter/XI_Leave and XI_DeviceChanged for
/// all master devices, and reads every slave pointer's scroll classes. With no XInput 2.1+ the
/// connection does not open; with no scroll class it stays open (a device may appear) and SDL's
/// wheel events are used. `log` writes what it sees to standard error.
final class XInput2Connection {
    private let display: OpaquePointer
    private let window: Window
    private let opcode: Int32
    private(set) var translator: XInput2ScrollTranslator
    private let log: Bool
    private let waiter: SocketWaiter

    /// Opens the connection for the SDL window `sdlWindow`; nil (and a log line) when there is no
    /// X11 window, no X display or no XInput 2.1.
    init?(sdlWindow: OpaquePointer, settings: InputSettings, log: Bool, wake: @escaping @Sendable () -> Void) {
        self.log = log
        func say(_ s: String) { if log { XInput2Connection.write(s) } }
        let window = overscroll_sdl_x11_window(UnsafeMutableRawPointer(sdlWindow))
        guard window != 0 else { say("not an X11 window; SDL wheel events are used"); return nil }
        guard let display = XOpenDisplay(nil) else { say("cannot open the X display; SDL wheel events are used"); return nil }
        var opcode: Int32 = 0, event: Int32 = 0, error: Int32 = 0
        var major: Int32 = 2, minor: Int32 = 2
        guard XQueryExtension(display, "XInputExtension", &opcode, &event, &error) != 0,
            XIQueryVersion(display, &major, &minor) == Success, major > 2 || (major == 2 && minor >= 1)
        else {
            say("no XInput 2.1 on this server; SDL wheel events are used")
            XCloseDisplay(display)
            return nil
        }
        self.display = display
        self.window = window
        self.opcode = opcode
        translator = XInput2ScrollTranslator(settings: settings)
        waiter = SocketWaiter(fd: overscroll_x_connection_number(display), wake: wake)
        select()
        say(
            "opened XInput \(major).\(minor) on window 0x\(String(window, radix: 16)); selected XI_Motion, XI_Enter, XI_Leave,"
                + " XI_DeviceChanged for all master devices")
        let devices = queryDevices()
        _ = translator.translate(.devices(devices.map(\.device)), at: 0)
        for (d, values) in devices { _ = translator.translate(.current(device: d.id, values: values), at: 0) }
        for (d, _) in devices {
            let classes = d.scroll.map { "\($0.orientation == .vertical ? "v" : "h")\($0.number) increment \($0.increment)" }
            let pixels = d.pixelsPerValuatorUnit.map { "; \($0) px per valuator unit" } ?? ""
            say(
                "device \(d.id) '\(d.name)' \(d.kind.rawValue):"
                    + " \(classes.isEmpty ? "no scroll class" : classes.joined(separator: ", "))\(pixels)")
        }
        if translator.fallsBack { say("no scroll class; SDL wheel events are used") }
        waiter.start()
    }

    static func write(_ s: String) {
        StandardStreams.error("xinput2: \(s)\n")
    }

    private func select() {
        var bits = [UInt8](repeating: 0, count: Int(overscroll_xi_mask_len()))
        for e in [XI_Motion, XI_Enter, XI_Leave, XI_DeviceChanged] { overscroll_xi_set_mask(&bits, e) }
        bits.withUnsafeMutableBufferPointer { buffer in
            var mask = XIEventMask(deviceid: XIAllMasterDevices, mask_len: Int32(buffer.count), mask: buffer.baseAddress)
            _ = XISelectEvents(display, window, &mask, 1)
        }
        XFlush(display)
    }

    /// Every slave pointer with its scroll classes, kind and current valuator values.
    private func queryDevices() -> [(device: XI2Device, values: [Int: Double])] {
        var count: Int32 = 0
        guard let info = XIQueryDevice(display, XIAllDevices, &count) else { return [] }
        defer { XIFreeDeviceInfo(info) }
        let tapping = XInternAtom(display, "libinput Tapping Enabled", 1)
        let synaptics = XInternAtom(display, "Synaptics Off", 1)
        let libinput = XInternAtom(display, "libinput Send Events Modes Available", 1)
        var out: [(XI2Device, [Int: Double])] = []
        for i in 0..<Int(count) {
            let d = info[i]
            guard d.use == XISlavePointer || d.use == XIFloatingSlave else { continue }
            let name = d.name.map { String(cString: $0) } ?? "device \(d.deviceid)"
            let touchpadProperty = hasProperty(d.deviceid, [tapping, synaptics].filter { $0 != 0 })
            let device = XI2Device(
                id: d.deviceid, name: name, kind: XI2Device.kind(name: name, hasTouchpadProperty: touchpadProperty),
                scroll: Self.scrollClasses(d.classes, count: d.num_classes),
                pixelsPerValuatorUnit: XI2Device.pixelsPerValuatorUnit(
                    name: name, isLibinput: hasProperty(d.deviceid, [libinput].filter { $0 != 0 })))
            out.append((device, Self.valuatorValues(d.classes, count: d.num_classes)))
        }
        return out
    }

    /// The current valuator values of every slave pointer (one `XIQueryDevice` round trip).
    private func currentValues() -> [(Int32, [Int: Double])] {
        var count: Int32 = 0
        guard let info = XIQueryDevice(display, XIAllDevices, &count) else { return [] }
        defer { XIFreeDeviceInfo(info) }
        return (0..<Int(count)).compactMap { i in
            let d = info[i]
            guard d.use == XISlavePointer || d.use == XIFloatingSlave else { return nil }
            return (d.deviceid, Self.valuatorValues(d.classes, count: d.num_classes))
        }
    }

    /// The current values of a device's valuators, by number (its `XIValuatorClassInfo`s).
    static func valuatorValues(_ classes: UnsafeMutablePointer<UnsafeMutablePointer<XIAnyClassInfo>?>?, count: Int32) -> [Int: Double] {
        guard let classes else { return [:] }
        var out: [Int: Double] = [:]
        for i in 0..<Int(count) {
            guard let c = classes[i], c.pointee.type == XIValuatorClass else { continue }
            let v = UnsafeMutableRawPointer(c).assumingMemoryBound(to: XIValuatorClassInfo.self).pointee
            out[Int(v.number)] = v.value
        }
        return out
    }

    private func hasProperty(_ device: Int32, _ atoms: [Atom]) -> Bool {
        guard !atoms.isEmpty else { return false }
        var n: Int32 = 0
        guard let props = XIListProperties(display, device, &n) else { return false }
        defer { XFree(props) }
        return (0..<Int(n)).contains { atoms.contains(props[$0]) }
    }

    static func scrollClasses(_ classes: UnsafeMutablePointer<UnsafeMutablePointer<XIAnyClassInfo>?>?, count: Int32) -> [XI2ScrollValuator]
    {
        guard let classes else { return [] }
        var out: [XI2ScrollValuator] = []
        for i in 0..<Int(count) {
            guard let c = classes[i], c.pointee.type == XIScrollClass else { continue }
            let s = UnsafeMutableRawPointer(c).assumingMemoryBound(to: XIScrollClassInfo.self).pointee
            out.append(
                XI2ScrollValuator(
                    number: Int(s.number), orientation: s.scroll_type == XIScrollTypeVertical ? .vertical : .horizontal,
                    increment: s.increment, flags: Int(s.flags)))
        }
        return out
    }

    /// Reads every pending event; returns the wheel events they make, handled at `t`.
    func drain(at t: Double) -> [InputEvent] {
        var out: [InputEvent] = []
        while XPending(display) > 0 {
            var event = XEvent()
            XNextEvent(display, &event)
            var cookie = event.xcookie
            guard cookie.type == overscroll_x_generic_event(), cookie.extension == opcode,
                XGetEventData(display, &cookie) != 0
            else { continue }
            defer { XFreeEventData(display, &cookie) }
            guard let decoded = decode(cookie) else { continue }
            let before = translator.lastDelta
            if log { logEvent(decoded) }
            out += translator.translate(decoded, at: t)
            if case .enter = decoded {
                // The valuators' current values: the first delta inside the window counts.
                for (id, values) in currentValues() {
                    _ = translator.translate(.current(device: id, values: values), at: t)
                }
            }
            if log, let d = translator.lastDelta, d != before {
                Self.write("scroll \(d.source.rawValue) dx \(d.dx) dy \(d.dy) (\(d.precise ? "precise units" : "notches"))")
            }
        }
        waiter.rearm()
        return out
    }

    private func decode(_ cookie: XGenericEventCookie) -> XI2Event? {
        guard let data = cookie.data else { return nil }
        switch cookie.evtype {
        case XI_Motion:
            let e = data.assumingMemoryBound(to: XIDeviceEvent.self).pointee
            var values: [Int: Double] = [:]
            if let mask = e.valuators.mask, let v = e.valuators.values {
                var k = 0
                for bit in 0..<Int(e.valuators.mask_len) * 8 where overscroll_xi_mask_is_set(mask, Int32(bit)) != 0 {
                    values[bit] = v[k]
                    k += 1
                }
            }
            return .motion(device: e.sourceid, valuators: values, emulated: e.flags & XIPointerEmulated != 0)
        case XI_Enter, XI_Leave:
            let e = data.assumingMemoryBound(to: XIEnterEvent.self).pointee
            return cookie.evtype == XI_Enter ? .enter(device: e.sourceid) : .leave(device: e.sourceid)
        case XI_DeviceChanged:
            let e = data.assumingMemoryBound(to: XIDeviceChangedEvent.self).pointee
            let device = e.reason == XISlaveSwitch ? e.sourceid : e.deviceid
            return .deviceChanged(
                device: device, scroll: Self.scrollClasses(e.classes, count: e.num_classes),
                values: Self.valuatorValues(e.classes, count: e.num_classes))
        default:
            return nil
        }
    }

    private func logEvent(_ e: XI2Event) {
        switch e {
        case let .motion(device, values, emulated):
            Self.write("XI_Motion device \(device) valuators \(values.keys.sorted())\(emulated ? " (emulated)" : "")")
        case let .enter(device): Self.write("XI_Enter device \(device)")
        case let .leave(device): Self.write("XI_Leave device \(device)")
        case let .deviceChanged(device, scroll, _): Self.write("XI_DeviceChanged device \(device): \(scroll.count) scroll classes")
        case .devices, .current: break
        }
    }

    /// Window units (pixels) per point: finger pixels are divided by it.
    func setUnitsPerPoint(_ u: Double) { translator.unitsPerPoint = u }

    /// Closes the connection (and stops the socket thread).
    func close() {
        waiter.stop()
        XCloseDisplay(display)
        if log { Self.write("closed after \(translator.motionEvents) XI_Motion events") }
    }
}

extension XInput2Connection {
    /// The connection the window uses on the X11 backend, unless `OVERSCROLL_XINPUT2=0`;
    /// `OVERSCROLL_XINPUT2_LOG=1` logs what it sees to standard error.
    static func open(
        for sdlWindow: OpaquePointer, videoDriver: String?, settings: InputSettings,
        environment: [String: String], wake: @escaping @Sendable () -> Void
    ) -> XInput2Connection? {
        guard videoDriver == "x11", environment["OVERSCROLL_XINPUT2"] != "0" else { return nil }
        return XInput2Connection(sdlWindow: sdlWindow, settings: settings, log: environment["OVERSCROLL_XINPUT2_LOG"] == "1", wake: wake)
    }

    /// False for an SDL wheel event that is the server's emulation of smooth motion already read.
    func keeps(_ event: InputEvent, at t: Double) -> Bool {
        guard case .wheel(_, false, _) = event else { return true }
        return !translator.dropsNotch(at: t)
    }
}
