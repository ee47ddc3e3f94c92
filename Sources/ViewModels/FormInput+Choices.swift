/// Reading the controls whose values come from a fixed list (selects, hidden intents, checkboxes).
/// Their values are matched byte for byte: Swift's `==` compares by canonical equivalence, which
/// normalizes a long run of combining marks in time that grows with its square, so one hostile
/// value compared against "dark" could keep a worker busy for a minute.
extension Dictionary where Key == String, Value == String {
    /// The choice submitted as `name`, or nil when absent or not one of `Choice`'s raw values.
    func choice<Choice: CaseIterable & RawRepresentable>(_ name: String, of _: Choice.Type = Choice.self) -> Choice?
    where Choice.RawValue == String {
        guard let value = self[name] else { return nil }
        return Choice.allCases.first { $0.rawValue.utf8.elementsEqual(value.utf8) }
    }

    /// Whether the checkbox `name` is ticked: browsers send "on" (or the control's `value`); an
    /// unticked box is absent.
    func isTicked(_ name: String) -> Bool {
        guard let value = self[name] else { return false }
        return ["on", "true", "1", "yes"].contains { $0.utf8.elementsEqual(value.utf8) }
    }
}
