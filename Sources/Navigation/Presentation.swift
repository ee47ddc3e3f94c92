/// How a page appears: pushed onto the stack (gets a back link) or presented over it as a sheet
/// (a modal dialog with a dismiss link). One enum so coordinators present both through one call.
public enum Presentation: String, Hashable, Sendable, Codable, CaseIterable {
    case push
    case sheet
}
