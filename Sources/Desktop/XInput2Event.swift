import ScrollEngine

/// The XInput 2 values the scroll translator needs, decoded from Xlib's structures by
/// `XInput2Connection` (which makes every Xlib call). Plain values, so the protocol logic is
/// tested with sequences built by hand from the XInput 2.2 protocol.
public enum XI2ScrollOrientation: Sendable, Equatable { case vertical, horizontal }

/// One scroll class (`XIScrollClassInfo`) of a device: which valuator scrolls, and by how much
/// per scroll unit (one wheel notch).
public struct XI2ScrollValuator: Sendable, Equatable {
    /// The valuator number (`XIScrollClassInfo.number`).
    public var number: Int
    public var orientation: XI2ScrollOrientation
    /// Valuator change per scroll unit (`increment`; negative flips the direction).
    public var increment: Double
    /// `XIScrollFlagNoEmulation` / `XIScrollFlagPreferred` bits, kept for the log.
    public var flags: Int
    public init(number: Int, orientation: XI2ScrollOrientation, increment: Double, flags: Int = 0) {
        self.number = number; self.orientation = orientation; self.increment = increment; self.flags = flags
    }
}

/// A slave device and its scroll classes.
public struct XI2Device: Sendable, Equatable {
    public var id: Int32
    public var name: String
    /// `.touchpad`, `.wheel`, or `.unknown` for a merged pointer whose deltas decide per event
    /// (see `XI2Device.kind(name:hasTouchpadProperty:)`).
    public var kind: WheelSource
    public var scroll: [XI2ScrollValuator]
    /// Logical pixels of finger travel per unit of scroll-valuator change, where the driver is
    /// known (`XI2Device.pixelsPerValuatorUnit(name:isLibinput:)`); nil: one increment is
    /// `XInput2ScrollTranslator.fallbackPixelsPerIncrement`.
    public var pixelsPerValuatorUnit: Double?
    public init(id: Int32, name: String, kind: WheelSource, scroll: [XI2ScrollValuator], pixelsPerValuatorUnit: Double? = nil) {
        self.id = id; self.name = name; self.kind = kind; self.scroll = scroll; self.pixelsPerValuatorUnit = pixelsPerValuatorUnit
    }

    /// Xwayland divides a Wayland axis value (logical pixels) by 10 before posting it on its
    /// scroll valuator (`xwayland-input.c`, `divisor = 10`; a wheel click is posted as one
    /// increment): 10 px per unit. xf86-input-libinput posts a finger scroll's pixels as they are
    /// (its increment is the "libinput Scrolling Pixel Distance", 15 by default): 1 px per unit.
    /// Other drivers: unknown.
    public static func pixelsPerValuatorUnit(name: String, isLibinput: Bool) -> Double? {
        if name.lowercased().hasPrefix("xwayland") { return 10 }
        return isLibinput ? 1 : nil
    }

    /// A touchpad when its driver exposes a touchpad-only property (libinput's "libinput Tapping
    /// Enabled", synaptics' "Synaptics Off") or its name says so. XWayland's one pointer
    /// ("xwayland-pointer:N") carries both the touchpad and the mouse of the Wayland seat: unknown,
    /// decided per delta. Any other scrolling device is taken for a wheel.
    public static func kind(name: String, hasTouchpadProperty: Bool) -> WheelSource {
        let n = name.lowercased()
        if hasTouchpadProperty || n.contains("touchpad") || n.contains("trackpad") { return .touchpad }
        return n.hasPrefix("xwayland") ? .unknown : .wheel
    }
}

/// An XI2 event, reduced to what the translator uses.
public enum XI2Event: Sendable, Equatable {
    /// The slave devices found at start (`XIQueryDevice(XIAllDevices)`).
    case devices([XI2Device])
    /// `XI_DeviceChanged`: `device` (the new slave on a slave switch, or the changed device) now
    /// has these scroll classes.
    /// `values`: the current absolute values of its valuators, by number (its valuator classes).
    case deviceChanged(device: Int32, scroll: [XI2ScrollValuator], values: [Int: Double] = [:])
    /// `XI_Enter` / `XI_Leave` of the window (from `sourceid`).
    case enter(device: Int32)
    case leave(device: Int32)
    /// The current absolute values of a device's valuators, by number (`XIValuatorClassInfo.value`
    /// from `XIQueryDevice`), read at start and when the pointer enters the window: the next
    /// motion's delta is taken from them, so the first delta after an enter is not lost.
    case current(device: Int32, values: [Int: Double])
    /// `XI_Motion` from slave `device` (`sourceid`): the absolute values of the valuators in the
    /// event's mask, by number; `emulated` when `XIPointerEmulated` is set (the server made the
    /// valuator motion up from legacy wheel buttons, which SDL already reports).
    case motion(device: Int32, valuators: [Int: Double], emulated: Bool)
}
