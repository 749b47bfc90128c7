import Testing
@testable import Desktop
@testable import ScrollEngine

/// The XI2 translator against sequences built from the XInput 2.2 protocol: a libinput touchpad
/// (scroll increment 15 on valuators 2 and 3), a high-resolution mouse wheel (increment 120),
/// and an Xvfb-like XTEST pointer with no scroll class.
@Suite struct XInput2ScrollTranslatorTests {
    static let touchpad = XI2Device(id: 12, name: "ELAN0501:00 04F3:3060 Touchpad", kind: .touchpad, scroll: [
        XI2ScrollValuator(number: 2, orientation: .horizontal, increment: 15),
        XI2ScrollValuator(number: 3, orientation: .vertical, increment: 15, flags: 2),
    ])
    static let mouse = XI2Device(id: 13, name: "Logitech USB Optical Mouse", kind: .wheel, scroll: [
        XI2ScrollValuator(number: 3, orientation: .vertical, increment: 120, flags: 2),
    ])
    static let xtest = XI2Device(id: 5, name: "Virtual core XTEST pointer", kind: .wheel, scroll: [])

    func translator() -> XInput2ScrollTranslator {
        var x = XInput2ScrollTranslator()
        _ = x.translate(.devices([Self.touchpad, Self.mouse, Self.xtest]), at: 0)
        return x
    }

    @Test func oneIncrementScrollsAsFarAsOneNotch() {
        #expect(XInput2ScrollTranslator().preciseUnitsPerIncrement == 4)   // 40 pt per notch / 10 pt per unit
    }

    @Test func touchpadValuatorChangesBecomePreciseTouchpadDeltas() {
        var x = translator()
        // The first motion only records the absolute value.
        #expect(x.translate(.motion(device: 12, valuators: [0: 300, 1: 200, 3: 1000], emulated: false), at: 1.0).isEmpty)
        // Scrolling down (value grows) by half an increment: content moves up, SDL's y < 0.
        #expect(x.translate(.motion(device: 12, valuators: [3: 1007.5], emulated: false), at: 1.01)
                == [.wheel(dy: -2, precise: true, source: .touchpad)])
        // A whole-number delta is still precise.
        #expect(x.translate(.motion(device: 12, valuators: [3: 1000], emulated: false), at: 1.02)
                == [.wheel(dy: 2, precise: true, source: .touchpad)])
        #expect(x.translate(.motion(device: 12, valuators: [3: 1000.75], emulated: false), at: 1.03)
                == [.wheel(dy: -0.2, precise: true, source: .touchpad)])
    }

    @Test func incrementsArePerDevice() {
        var x = translator()
        _ = x.translate(.motion(device: 13, valuators: [3: 0], emulated: false), at: 1)
        // One click of the 120-increment wheel is one notch's distance, like 15 on the touchpad.
        #expect(x.translate(.motion(device: 13, valuators: [3: 120], emulated: false), at: 1.1)
                == [.wheel(dy: -4, precise: true, source: .wheel)])
        #expect(x.translate(.motion(device: 13, valuators: [3: 105], emulated: false), at: 1.2)
                == [.wheel(dy: 0.5, precise: true, source: .wheel)])
        _ = x.translate(.motion(device: 12, valuators: [3: 0], emulated: false), at: 1.3)
        #expect(x.translate(.motion(device: 12, valuators: [3: 15], emulated: false), at: 1.4)
                == [.wheel(dy: -4, precise: true, source: .touchpad)])
    }

    @Test func enterAndLeaveResetTheLastValues() {
        var x = translator()
        _ = x.translate(.motion(device: 12, valuators: [3: 100], emulated: false), at: 1)
        _ = x.translate(.leave(device: 12), at: 2)
        // Scrolled elsewhere meanwhile: the jump is not a delta.
        _ = x.translate(.enter(device: 12), at: 3)
        #expect(x.translate(.motion(device: 12, valuators: [3: 9100], emulated: false), at: 3.1).isEmpty)
        #expect(x.translate(.motion(device: 12, valuators: [3: 9115], emulated: false), at: 3.2)
                == [.wheel(dy: -4, precise: true, source: .touchpad)])
        #expect(x.resets == 3)      // devices, leave, enter
    }

    @Test func aDeviceChangeResetsAndTakesTheNewClasses() {
        var x = translator()
        _ = x.translate(.motion(device: 12, valuators: [3: 100], emulated: false), at: 1)
        _ = x.translate(.deviceChanged(device: 12, scroll: [XI2ScrollValuator(number: 4, orientation: .vertical, increment: 30)]), at: 2)
        #expect(x.translate(.motion(device: 12, valuators: [3: 200, 4: 50], emulated: false), at: 2.1).isEmpty)
        #expect(x.translate(.motion(device: 12, valuators: [3: 300], emulated: false), at: 2.2).isEmpty)
        #expect(x.translate(.motion(device: 12, valuators: [4: 80], emulated: false), at: 2.3)
                == [.wheel(dy: -4, precise: true, source: .touchpad)])
        // A device first seen in a change event scrolls too.
        _ = x.translate(.deviceChanged(device: 20, scroll: [XI2ScrollValuator(number: 3, orientation: .vertical, increment: 15)]), at: 3)
        _ = x.translate(.motion(device: 20, valuators: [3: 0], emulated: false), at: 3.1)
        #expect(x.translate(.motion(device: 20, valuators: [3: -15], emulated: false), at: 3.2).count == 1)
    }

    @Test func emulatedMotionIsNotCountedButKeepsTheValue() {
        var x = translator()
        _ = x.translate(.motion(device: 13, valuators: [3: 0], emulated: false), at: 1)
        // Legacy button 5 emulated as valuator motion: SDL has the button.
        #expect(x.translate(.motion(device: 13, valuators: [3: 120], emulated: true), at: 1.1).isEmpty)
        #expect(x.emulatedDropped == 1)
        #expect(x.translate(.motion(device: 13, valuators: [3: 240], emulated: false), at: 1.2)
                == [.wheel(dy: -4, precise: true, source: .wheel)])
    }

    @Test func sdlNotchesAreDroppedOnlyWhileSmoothDeltasArrive() {
        var x = translator()
        #expect(!x.dropsNotch(at: 1))
        _ = x.translate(.motion(device: 13, valuators: [3: 0], emulated: true), at: 1)
        #expect(!x.dropsNotch(at: 1), "emulated motion is not smooth scrolling")
        _ = x.translate(.motion(device: 12, valuators: [3: 0], emulated: false), at: 2)
        #expect(x.dropsNotch(at: 2.1))
        #expect(x.dropsNotch(at: 1.9))
        #expect(!x.dropsNotch(at: 2.5))
        // Pointer motion with no scroll valuator, or an unchanged one, does not count.
        _ = x.translate(.motion(device: 12, valuators: [0: 10, 1: 10], emulated: false), at: 3)
        _ = x.translate(.motion(device: 12, valuators: [0: 12, 1: 10, 3: 0], emulated: false), at: 3.1)
        #expect(!x.dropsNotch(at: 3.1))
    }

    @Test func horizontalValuatorsAreKeptButScrollNothing() {
        var x = translator()
        _ = x.translate(.motion(device: 12, valuators: [2: 50, 3: 50], emulated: false), at: 1)
        #expect(x.translate(.motion(device: 12, valuators: [2: 80], emulated: false), at: 1.1).isEmpty)
        #expect(x.lastDelta?.dx == 8 && x.lastDelta?.dy == 0 && x.lastDelta?.source == .touchpad)
        #expect(x.translate(.motion(device: 12, valuators: [2: 65, 3: 57.5], emulated: false), at: 1.2)
                == [.wheel(dy: -2, precise: true, source: .touchpad)])
        #expect(x.lastDelta?.dx == -4)
    }

    @Test func aWrapOfTheAbsoluteValueIsUnwrapped() {
        var x = translator()
        _ = x.translate(.motion(device: 12, valuators: [3: 2_147_483_640], emulated: false), at: 1)
        #expect(x.translate(.motion(device: 12, valuators: [3: -2_147_483_641], emulated: false), at: 1.1)
                == [.wheel(dy: -4, precise: true, source: .touchpad)])
        #expect(x.translate(.motion(device: 12, valuators: [3: 2_147_483_640], emulated: false), at: 1.2)
                == [.wheel(dy: 4, precise: true, source: .touchpad)])
        // An absurd jump is taken for a reset, not a scroll.
        #expect(x.translate(.motion(device: 12, valuators: [3: 1_000_000], emulated: false), at: 1.3).isEmpty)
    }

    @Test func noScrollClassFallsBack() {
        var x = XInput2ScrollTranslator()
        _ = x.translate(.devices([Self.xtest]), at: 0)
        #expect(x.fallsBack)
        #expect(x.translate(.motion(device: 5, valuators: [0: 10, 1: 20], emulated: false), at: 1).isEmpty)
        #expect(x.motionEvents == 1)
        #expect(!x.dropsNotch(at: 1))
        #expect(!translator().fallsBack)
    }

    @Test func xwaylandsMergedPointerIsDecidedPerDelta() {
        let xwayland = XI2Device(id: 9, name: "xwayland-pointer:13", kind: .unknown, scroll: [
            XI2ScrollValuator(number: 3, orientation: .vertical, increment: 1)])
        var x = XInput2ScrollTranslator()
        _ = x.translate(.devices([xwayland]), at: 0)
        _ = x.translate(.motion(device: 9, valuators: [3: 0], emulated: false), at: 1)
        // A wheel click (1.0) and a high-resolution eighth are a wheel; still precise.
        #expect(x.translate(.motion(device: 9, valuators: [3: 1], emulated: false), at: 1.1)
                == [.wheel(dy: -4, precise: true, source: .wheel)])
        #expect(x.translate(.motion(device: 9, valuators: [3: 1.125], emulated: false), at: 1.2)
                == [.wheel(dy: -0.5, precise: true, source: .wheel)])
        // Touchpad pixels / 10 (wl_fixed): a touchpad.
        #expect(x.translate(.motion(device: 9, valuators: [3: 1.38671875], emulated: false), at: 1.3)
                == [.wheel(dy: -1.046875, precise: true, source: .touchpad)])
        #expect(XI2Device.kind(name: "xwayland-pointer:13", hasTouchpadProperty: false) == .unknown)
    }

    @Test func devicesAreTouchpadsByPropertyOrName() {
        #expect(XI2Device.kind(name: "SynPS/2 Synaptics TouchPad", hasTouchpadProperty: false) == .touchpad)
        #expect(XI2Device.kind(name: "Apple Inc. Magic Trackpad 2", hasTouchpadProperty: false) == .touchpad)
        #expect(XI2Device.kind(name: "bcm5974", hasTouchpadProperty: true) == .touchpad)
        #expect(XI2Device.kind(name: "Logitech USB Optical Mouse", hasTouchpadProperty: false) == .wheel)
    }
}
