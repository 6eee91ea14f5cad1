/// One-switch scanning in the reader: the switch goes into the text, and from then on each step reads the
/// next sentence whole (the host waits until it has been said, then a dwell), the sentence set apart and
/// the cursor on it; past the last sentence the edge sound plays and reading starts again at the first.
/// The switch or the second switch stops reading where it is.
extension TextView: SwitchScannable {
    /// The sentence under review (the first when none was read yet) is read.
    public func scanEnter(context: ControlContext) -> ControlResponse {
        guard !text.sentences.isEmpty else { return ControlResponse([.play(.edge), .text(context.string("lv.empty"))]) }
        return readSentence(currentSentence ?? 0, atEdge: false)
    }

    /// The next sentence, and after the last one the first again.
    public func scanStep(context: ControlContext) -> ControlResponse {
        let count = text.sentences.count
        guard count > 0 else { return .none }
        let next = currentSentence.map { $0 + 1 } ?? 0
        return next < count ? readSentence(next, atEdge: false) : readSentence(0, atEdge: true)
    }

    public func scanSelect(context: ControlContext) -> ScanOutcome { ScanOutcome(.none, stays: false) }

    public func scanBack(context: ControlContext) -> ScanOutcome { ScanOutcome(.none, stays: false) }

    public var scanCycle: Int { max(1, text.sentences.count) }

    /// The sentence review is in, if review began.
    private var currentSentence: Int? { review.index.map { text.sentence(of: $0) } }

    private func readSentence(_ index: Int, atEdge: Bool) -> ControlResponse {
        let span = text.sentences[index]
        review.set(span.lowerBound)
        return read(text.span(ofWords: span), atEdge: atEdge)
    }
}
