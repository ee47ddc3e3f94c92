import Coordinators
import TemplateEngine

/// The fast way a page's links are printed: Coordinators' one route printer, specialized for the
/// template data's text writer, stores each link's bytes straight into the page's data.
extension TemplateData.TextWriter: RouteOutput {}
