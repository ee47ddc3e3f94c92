@testable import Coordinators
import Foundation
import Models
import TestSupport
import Testing
import ViewModels

/// "Add in steps": a wizard in a sheet with its own child coordinator.
@Suite struct WizardTests {
    private func step(_ step: WizardStep) -> AppRoute { .library(.addItem(books, step)) }

    @Test func eachStepIsItsOwnURLInASheetAndTheItemIsAddedAtTheReview() throws {
        let fixture = Fixture()
        let app = fixture.coordinator()
        let ada = Viewer.signedIn(fixture.ada)
        let first = try #require(app.show(step(.title), viewer: ada).screen)
        #expect(first.sheet?.kind == .addItem)
        #expect(first.sheet?.form?.fields.map(\.name) == ["title"])
        #expect(first.sheet?.form?.backLabel == nil)
        #expect(first.sheet?.form?.cancelHref == .library(.category(books)))
        #expect(app.ledger.entries.contains { $0.kind == .start && $0.coordinator == "AddItemWizardCoordinator" })

        #expect(try app.submit(step(.title), form: ["title": "Middlemarch"], viewer: ada) == .redirect(step(.details)))
        let details = try #require(app.show(step(.details), viewer: ada).screen)
        #expect(details.sheet?.form?.fields.map(\.name) == ["subtitle"])
        #expect(details.sheet?.form?.backLabel == "Back")
        #expect(try app.submit(step(.details), form: ["subtitle": "Eliot", "intent": "back"], viewer: ada) == .redirect(step(.title)))
        #expect(app.show(step(.title), viewer: ada).screen?.sheet?.form?.fields.first?.value == "Middlemarch")
        #expect(try app.submit(step(.title), form: ["title": "Middlemarch"], viewer: ada) == .redirect(step(.details)))
        #expect(app.show(step(.details), viewer: ada).screen?.sheet?.form?.fields.first?.value == "Eliot")
        #expect(try app.submit(step(.details), form: ["subtitle": "Eliot"], viewer: ada) == .redirect(step(.review)))
        let review = try #require(app.show(step(.review), viewer: ada).screen)
        #expect(review.sheet?.message.contains("“Middlemarch”") == true)
        guard case .redirect(.library(.item(books, let id, nil))) = try app.submit(step(.review), form: [:], viewer: ada) else {
            Issue.record("the review did not add the item"); return
        }
        #expect(fixture.catalog.item(id)?.subtitle == "Eliot")
        #expect(app.wizard == nil)
        #expect(app.ledger.entries.last { $0.coordinator == "AddItemWizardCoordinator" }?.kind == .finish)
    }

    @Test func aStepChecksItsOwnFieldsAndALaterStepWaitsItsTurn() throws {
        let fixture = Fixture()
        let app = fixture.coordinator()
        let ada = Viewer.signedIn(fixture.ada)
        #expect(app.show(step(.review), viewer: ada) == .redirect(step(.title)))
        guard case .render(let refused) = try app.submit(step(.title), form: ["title": " "], viewer: ada) else {
            Issue.record("an empty title was accepted"); return
        }
        #expect(refused.status == .invalid)
        #expect(refused.sheet?.form?.failureTitle == "Item not added")
        #expect(refused.sheet?.form?.errors.map(\.fieldName) == ["title"])
        #expect(try app.submit(step(.review), form: [:], viewer: ada) == .redirect(step(.title)))
        #expect(fixture.catalog.items(in: books).count == 2)
    }

    @Test func cancelClosesTheSheetAndTheWizardFinishes() throws {
        let fixture = Fixture()
        let app = fixture.coordinator()
        let ada = Viewer.signedIn(fixture.ada)
        _ = try app.submit(step(.title), form: ["title": "Left behind"], viewer: ada)
        let cancel = try #require(app.show(step(.details), viewer: ada).screen?.sheet?.form?.cancelHref)
        let list = try #require(app.show(cancel, viewer: ada).screen)
        #expect(list.sheet == nil)
        #expect(app.wizard == nil)
        #expect(app.ledger.entries.last { $0.coordinator == "AddItemWizardCoordinator" }?.kind == .finish)
        #expect(app.show(step(.title), viewer: ada).screen?.sheet?.form?.fields.first?.value == "")
    }

    @Test func visitorsAreSentToSignInFirst() {
        let app = Fixture().coordinator()
        #expect(app.show(step(.title), viewer: visitor) == .redirect(.account(.login(next: step(.title)))))
        #expect(app.wizard == nil)
    }

    @Test func aWizardStepSurvivesSavingTheNavigation() throws {
        let route = LibraryRoute.addItem(books, .review)
        let data = try JSONEncoder().encode(route)
        #expect(try JSONDecoder().decode(LibraryRoute.self, from: data) == route)
    }
}
