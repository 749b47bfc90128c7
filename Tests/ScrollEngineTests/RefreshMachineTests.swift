import Testing
@testable import ScrollEngine

/// The refresh state machines alone: events in, effects out, no scroll view.
@Suite struct RefreshMachineTests {
    let resting = InputFacts(directInput: false, offset: 0)

    @Test func aReleaseWhileTriggeredLocksAndStartsOneAction() {
        var m = RefreshCoordinatorMachine(timeout: 30)
        let pulled = InputFacts(directInput: true, offset: -100, insetTop: 0, isDragging: true)
        #expect(m.handle(.didScroll, at: 0.1, input: pulled) == [.forwardDidScroll])
        #expect(m.state == .triggered)
        let effects = m.handle(.didEndDragging, at: 0.2, input: pulled)
        #expect(
            effects == [
                .holdView, .scroll(.setInsetTop(80)), .scroll(.cancelDrag), .scroll(.stopMotion), .scroll(.setScrollEnabled(false)),
                .startAction(token: 1)
            ])
        #expect(m.state == .refreshing && m.refreshStart == 0.2 && m.hold?.startPull == 100 && m.hold?.startedByGesture == true)
        // The held offset eases from the release position to the locked offset.
        #expect(m.heldOffset(at: 0.2) == -100)
        #expect(m.heldOffset(at: 0.45) == -80)
    }

    @Test func whileLockedADisturbanceIsCorrectedAndNothingIsForwarded() {
        var m = RefreshCoordinatorMachine(timeout: 30)
        _ = m.handle(.begin(fromGesture: false), at: 0, input: resting)
        let quiet = m.handle(.frame, at: 1, input: InputFacts(directInput: false, offset: -80, insetTop: 80))
        #expect(quiet.isEmpty)
        let moved = m.handle(.didScroll, at: 1, input: InputFacts(directInput: false, offset: 300, insetTop: 80))
        #expect(moved == [.scroll(.stopMotion), .scroll(.correctOffset(-80))])
        #expect(m.statistics.corrections == 1 && m.statistics.forwarded == 0 && m.statistics.refreshes == 1)
    }

    @Test func completionRestoresTheInsetThenResyncsDownstreamOnce() {
        var m = RefreshCoordinatorMachine(timeout: 30)
        _ = m.handle(.begin(fromGesture: false), at: 0, input: resting)
        let locked = InputFacts(directInput: false, offset: -80, insetTop: 80)
        #expect(m.handle(.deliver(RefreshResult(token: 2, outcome: .success(3))), at: 1, input: locked).isEmpty)
        #expect(
            m.handle(.deliver(RefreshResult(token: 1, outcome: .success(3))), at: 1, input: locked)
                == [.scroll(.setScrollEnabled(true)), .scroll(.setInsetTop(0)), .finished(.success(3))])
        #expect(m.state == .completing && !m.ticket.isRunning)
        #expect(
            m.handle(.frame, at: 1.4, input: InputFacts(directInput: false, offset: -1))
                == [.scroll(.correctOffset(0)), .forwardDidScroll, .releaseView])
        #expect(m.state == .idle && m.statistics.forwarded == 1)
    }

    /// The iOS physics with programmatic animations twice as long as asked.
    struct SlowAnimations: ParentedScrollPhysics {
        let parent: any ScrollPhysics = PhysicsProfile.iOS
        func animation(from: Double, to: Double, duration: Double) -> any Simulation {
            EasingSimulation(from: from, to: to, duration: 2 * duration, curve: .easeOutCubic)
        }
    }

    /// The coordinator's eases of the held offset are the physics' animations, and its completion
    /// waits for a return that the physics makes longer than `completeDuration`.
    @Test func theCoordinatorsEasesAreThePhysicsAnimations() {
        var m = RefreshCoordinatorMachine(timeout: 30, physics: SlowAnimations())
        _ = m.handle(.begin(fromGesture: false), at: 0, input: resting)
        #expect(m.heldOffset(at: 0.5) == -80, "the start ease takes 2 × 0.25 s")
        #expect(m.heldOffset(at: 0.25)! > -80)
        let locked = InputFacts(directInput: false, offset: -80, insetTop: 80)
        _ = m.handle(.deliver(RefreshResult(token: 1, outcome: .success(3))), at: 1, input: locked)
        let held = m.handle(.frame, at: 1.4, input: locked)
        #expect(m.state == .completing, "the return takes 2 × 0.4 s")
        #expect(
            held == [.scroll(.correctOffset(EasingSimulation(from: -80, to: 0, duration: 0.8, curve: .easeOutCubic).position(at: 1.4 - 1)))]
        )
        #expect(
            m.handle(.frame, at: 1.8, input: InputFacts(directInput: false, offset: -1))
                == [.scroll(.correctOffset(0)), .forwardDidScroll, .releaseView])
        #expect(m.state == .idle)
    }

    @Test func theTimeoutCancelsAtItsDeadline() {
        var m = RefreshCoordinatorMachine(timeout: 2)
        _ = m.handle(.begin(fromGesture: false), at: 1, input: resting)
        #expect(m.ticket.deadline == 3)
        let effects = m.handle(.frame, at: 5, input: InputFacts(directInput: false, offset: -80, insetTop: 80))
        #expect(
            effects.prefix(4) == [
                .cancelAction(token: 1), .scroll(.setScrollEnabled(true)), .scroll(.setInsetTop(0)),
                .finished(.failure(RefreshFailure("timed out after 2 s")))
            ])
    }

    @Test func theRefreshableViewTriggersWhilePullingOnlyWhenReady() {
        var m = RefreshableMachine(config: RefreshableConfig(), timeout: 30)
        // Scrolled into the content: not ready, so a full pull does not trigger.
        _ = m.handle(.didScroll, at: 0, input: InputFacts(directInput: true, offset: 40))
        #expect(!m.isReady)
        #expect(m.handle(.didScroll, at: 0.1, input: InputFacts(directInput: true, offset: -90)).isEmpty)
        #expect(m.state == .pulling(1))
        // Rest at exactly the top for readyRest: ready again.
        _ = m.handle(.didScroll, at: 0.2, input: InputFacts(directInput: false, offset: 0))
        _ = m.handle(.frame, at: 0.25, input: InputFacts(directInput: false, offset: 0))
        #expect(m.readiness == .waiting(restingSince: 0.2) && m.readyAt == 0.2 + RefreshableConfig().readyRest)
        _ = m.handle(.frame, at: 0.3, input: InputFacts(directInput: false, offset: 0))
        #expect(m.isReady && m.readyAt == nil)
        // The pull triggers while the finger keeps control of the content.
        let effects = m.handle(.didScroll, at: 0.4, input: InputFacts(directInput: true, offset: -80, isDragging: true))
        #expect(effects == [.startAction(token: 1)])
        #expect(m.state == .refreshing && m.triggerPull == 80 && m.fingerHolds)
        // Further down follows the finger; back up stops at the refresh position.
        #expect(m.handle(.didScroll, at: 0.5, input: InputFacts(directInput: true, offset: -100, isDragging: true)).isEmpty)
        #expect(
            m.handle(.didScroll, at: 0.6, input: InputFacts(directInput: true, offset: -50, isDragging: true)) == [
                .scroll(.correctOffset(-75))
            ])
        // Letting go pushes the content into the gap and disables scrolling.
        #expect(
            m.handle(.didEndDragging, at: 0.7, input: InputFacts(directInput: false, offset: -75)) == [
                .scroll(.stopMotion), .scroll(.setScrollEnabled(false)), .scroll(.setInsetTop(75)), .scroll(.moveIntoGap(-75))
            ])
        #expect(!m.fingerHolds && m.state == .refreshing)
    }

    @Test func theRefreshableViewEasesBackAfterEsc() {
        var m = RefreshableMachine(config: RefreshableConfig(), timeout: 30)
        _ = m.handle(.trigger, at: 0, input: resting)
        #expect(m.handle(.trigger, at: 0.1, input: resting).isEmpty)  // one at a time
        #expect(
            m.handle(.endRefreshing, at: 1, input: InputFacts(directInput: false, offset: -75, insetTop: 75))
                == [
                    .cancelAction(token: 1), .finished(.failure(.cancelled)), .scroll(.stopMotion),
                    .scroll(.returnAfterRefresh(to: 0, duration: 0.1))
                ])
        // The scroll view runs the physics' return; the machine waits for it to end.
        #expect(m.handle(.frame, at: 1.05, input: InputFacts(directInput: false, offset: -56, insetTop: 75, isMoving: true)).isEmpty)
        #expect(m.state == .completing)
        #expect(
            m.handle(.frame, at: 1.1, input: InputFacts(directInput: false, offset: 0, insetTop: 75))
                == [.scroll(.setInsetTop(0)), .scroll(.setScrollEnabled(true)), .scroll(.returnToBounds)])
        #expect(m.state == .idle)
    }

    /// Every end is one `.finished` effect on both machines: a result, a failure, Esc, the timeout.
    @Test func everyEndOfARefreshIsOneFinishedEffectOnBothMachines() {
        let held = InputFacts(directInput: false, offset: -80, insetTop: 80)
        func finished<E>(_ effects: [E], _ match: (E) -> Result<Int, RefreshFailure>?) -> [Result<Int, RefreshFailure>] {
            effects.compactMap(match)
        }
        let coordinatorEnd: (RefreshCoordinatorMachine.Effect) -> Result<Int, RefreshFailure>? = {
            if case let .finished(o) = $0 { return o } else { return nil }
        }
        let refreshableEnd: (RefreshableMachine.Effect) -> Result<Int, RefreshFailure>? = {
            if case let .finished(o) = $0 { return o } else { return nil }
        }
        let failure = RefreshFailure("offline")
        let ends: [(String, Result<Int, RefreshFailure>)] = [
            ("success", .success(2)), ("failure", .failure(failure)), ("cancel", .failure(.cancelled)),
            ("timeout", .failure(RefreshFailure("timed out after 2 s")))
        ]
        for (end, expected) in ends {
            var c = RefreshCoordinatorMachine(timeout: 2)
            var r = RefreshableMachine(config: RefreshableConfig(), timeout: 2)
            var ce = c.handle(.begin(fromGesture: false), at: 0, input: resting)
            var re = r.handle(.trigger, at: 0, input: resting)
            switch end {
            case "success", "failure":
                let result = RefreshResult(token: 1, outcome: expected)
                ce += c.handle(.deliver(result), at: 1, input: held)
                re += r.handle(.deliver(result), at: 1, input: held)
            case "cancel":
                ce += c.handle(.cancel, at: 1, input: held)
                re += r.handle(.endRefreshing, at: 1, input: held)
            default:
                ce += c.handle(.frame, at: 2, input: held)
                re += r.handle(.frame, at: 2, input: held)
            }
            // Later frames and a late result end nothing again.
            ce +=
                c.handle(.frame, at: 3, input: held) + c.handle(.deliver(RefreshResult(token: 1, outcome: .success(1))), at: 3, input: held)
            re +=
                r.handle(.frame, at: 3, input: held) + r.handle(.deliver(RefreshResult(token: 1, outcome: .success(1))), at: 3, input: held)
            #expect(finished(ce, coordinatorEnd) == [expected], "coordinator, \(end)")
            #expect(finished(re, refreshableEnd) == [expected], "refreshable view, \(end)")
        }
    }

    @Test func theTicketIgnoresStaleResultsAndNamesTimeouts() {
        var ticket = RefreshTicket(timeout: 1)
        #expect(!ticket.accepts(RefreshResult(token: 0, outcome: .success(1))))
        let token = ticket.start(at: 2)
        #expect(ticket.accepts(RefreshResult(token: token, outcome: .success(1))))
        #expect(!ticket.accepts(RefreshResult(token: token - 1, outcome: .success(1))))
        #expect(!ticket.hasTimedOut(at: 2.9) && ticket.hasTimedOut(at: 3))
        ticket.end()
        #expect(!ticket.accepts(RefreshResult(token: token, outcome: .success(1))))
        #expect(ticket.deadline == nil && ticket.startedAt == 2)
        #expect(RefreshTicket.timeoutMessage(30) == "timed out after 30 s")
        #expect(RefreshTicket.timeoutMessage(1.5) == "timed out after 1.5 s")
    }

    @Test func theOffsetSetterForOwnersDoesNotNotify() {
        final class Counter: ScrollViewDelegate {
            var scrolls = 0
            func scrollViewDidScroll(_ s: ScrollView, at t: Double) { scrolls += 1 }
        }
        let sv = ScrollView(viewportHeight: 800, contentHeight: 4000)
        let counter = Counter()
        sv.delegate = counter
        sv.correctContentOffset(-40)
        #expect(sv.contentOffset == -40 && counter.scrolls == 0)
        sv.setContentOffset(10)
        #expect(counter.scrolls == 1)
    }
}
