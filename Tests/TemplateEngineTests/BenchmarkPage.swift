import TemplateEngine

/// The benchmark page of `bench/PAGE_SPEC.md` (item detail: 8 categories, 50 items, 10 detail rows),
/// as a layout, a page that inherits it and two row partials, with its demo data.
enum BenchmarkPage {
    static let templates: [String: String] = [
        "layout": """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>{{pageTitle}}</title>
            <link rel="stylesheet" href="/static/app.css">
            </head>
            <body class="app">
            <header class="app-header">
            <nav class="app-tabs" aria-label="Main">
            {{#tabs}}
            {{>tab-link}}
            {{/tabs}}
            </nav>
            <div class="app-user">{{#signedIn}}Signed in as <strong>{{userName}}</strong>{{/signedIn}}{{^signedIn}}<a href="/session">Sign in</a>{{/signedIn}}</div>
            </header>
            <div class="app-body">
            {{$body}}
            {{/body}}
            </div>
            <footer class="app-footer">Demo library</footer>
            </body>
            </html>

            """,
        "tab-link": """
            <a class="{{class}}{{#selected}} is-selected{{/selected}}" href="{{href}}"{{#selected}} aria-current="page"{{/selected}}>{{name}}</a>

            """,
        "library/category-row": """
            <li class="category{{#selected}} is-selected{{/selected}}"><a href="{{href}}"><span class="category-name">{{name}}</span> <span class="category-count">{{count}}</span></a></li>

            """,
        "library/item-row": """
            <li class="item{{#selected}} is-selected{{/selected}}"><a href="{{href}}"><span class="item-title">{{title}}</span> <span class="item-subtitle">{{subtitle}}</span></a></li>

            """,
        "library/detail": """
            {{<layout}}
            {{$body}}
            <aside class="sidebar">
            <h2 class="sidebar-title">Categories</h2>
            <ul class="category-list">
            {{#categories}}
            {{>library/category-row}}
            {{/categories}}
            </ul>
            </aside>
            <section class="content-list">
            <h2 class="content-title">{{categoryName}}</h2>
            <ul class="item-list">
            {{#items}}
            {{>library/item-row}}
            {{/items}}
            </ul>
            </section>
            <main class="detail">
            <h1 class="detail-title">{{detail.title}}</h1>
            {{#detail}}
            <p class="detail-subtitle">{{subtitle}}</p>
            <p class="detail-created">Created <time datetime="{{created}}">{{created}}</time></p>
            <nav class="detail-tabs" aria-label="Item">
            {{#tabs}}
            {{>tab-link}}
            {{/tabs}}
            </nav>
            <table class="detail-fields">
            <thead><tr><th scope="col">Field</th><th scope="col">Value</th></tr></thead>
            <tbody>
            {{#rows}}
            <tr><th scope="row">{{key}}</th><td>{{value}}</td></tr>
            {{/rows}}
            </tbody>
            </table>
            {{/detail}}
            </main>
            {{/body}}
            {{/layout}}

            """,
    ]

    // Keys declared once, the way an app would.
    static let name: TemplateKey = "name"
    static let href: TemplateKey = "href"
    static let selected: TemplateKey = "selected"

    /// The page data for item `number` of category `category`, shown on `tab`, built as an app would per request.
    static func value(category: Int, number: Int, tab: String) -> TemplateValue {
        let slug = "category-\(category)"
        let title = "Item \(number) <\(category)>"
        let topTabs = [("Library", "/library"), ("Flow", "/flow"), ("Screen", "/screen")]
        let detailTabs = [("overview", "Overview"), ("details", "Details"), ("options", "Options")]
        let day = number % 28 + 1
        return [
            "pageTitle": "\(title) - Category \(category) - Library",
            "tabs": .list(topTabs) { tab in
                ["class": "app-tab", name: .string(tab.0), href: .string(tab.1), selected: .bool(tab.0 == "Library")]
            },
            "signedIn": true,
            "userName": "Demo User",
            "categories": .list(1...8) { c in
                [name: "Category \(c)", "count": 50, href: "/library/category-\(c)", selected: .bool(c == category)]
            },
            "categoryName": "Category \(category)",
            "items": .list(1...50) { n in
                [
                    "title": "Item \(n) <\(category)>",
                    "subtitle": "Subtitle of item \(n) in Category \(category) & friends",
                    href: "/library/\(slug)/items/\(n)/\(tab)",
                    selected: .bool(n == number),
                ]
            },
            "detail": [
                "title": .string(title),
                "subtitle": "Subtitle of item \(number) in Category \(category) & friends",
                "created": "2026-01-\(day < 10 ? "0" : "")\(day)",
                "tabs": .list(detailTabs) { detailTab in
                    [
                        "class": "detail-tab", name: .string(detailTab.1),
                        href: "/library/\(slug)/items/\(number)/\(detailTab.0)", selected: .bool(detailTab.0 == tab),
                    ]
                },
                "rows": .list(1...10) { k in ["key": "Field \(k)", "value": "Value \(k) of item \(number)"] },
            ],
        ]
    }
}
