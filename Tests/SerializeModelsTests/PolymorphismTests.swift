import Foundation
import Testing
import SerializeCoding
import SerializeModels

@Suite("Comments and search results: a type discriminator, and a page that skips bad elements")
struct PolymorphismTests {
    @Test func targetsAreChosenByType() throws {
        let page = try fixture("comments.json", as: Page<PostedComment>.self)
        #expect(page.count == 57 && page.offset == 20 && page.limit == 5)
        #expect(page.results.map(\.id) == [1, 2, 5])
        #expect(page.results[0].target == .song(Song(id: 7, title: "Blue Train", artist: "John Coltrane", durationSeconds: 643)))
        #expect(page.results[1].target == .user(User(id: 42, username: "ada")))
        #expect(page.results[2].target == .song(Song(id: 8, title: "Naima", artist: "John Coltrane")))
    }

    @Test func heterogeneousResultsKeepTheirKinds() throws {
        let page = try fixture("search.json", as: Page<SearchResult>.self)
        #expect(page.results == [
            .song(Song(id: 7, title: "Blue Train", artist: "John Coltrane")),
            .user(User(id: 42, username: "ada")),
            .playlist(Playlist(id: 11, name: "Late night", songCount: 23)),
        ])
    }

    @Test func theDiscriminatorIsWrittenBesideThePayload() throws {
        #expect(try jsonText(SearchResult.user(User(id: 1, username: "a"))) == #"{"id":1,"type":"user","username":"a"}"#)
        #expect(try jsonText(CommentTarget.song(Song(id: 2, title: "t", artist: "a")))
            == #"{"artist":"a","id":2,"title":"t","type":"song"}"#)
    }

    @Test func aPageWithoutAReportStillSkips() throws {
        let page = try Coder.json.decode(
            Page<SearchResult>.self, from: Data(#"{"count":2,"offset":0,"limit":2,"results":[{"type":"x"},{"type":"user","id":1,"username":"u"}]}"#.utf8))
        #expect(page.results == [.user(User(id: 1, username: "u"))])
    }

    @Test func aPageMissingItsResultsFails() throws {
        let error = try #require(throws: DecodingError.self) {
            try Coder.json.decode(Page<User>.self, from: Data(#"{"count":0,"offset":0,"limit":10}"#.utf8))
        }
        #expect(decodingErrorPath(error) == "$.results")
    }
}

@Suite("Feed: exactly one payload, where {} and null both mean absent")
struct FeedTests {
    @Test func emptyObjectsAndNullsAreAbsent() throws {
        let feed = try fixture("feed.json", as: Feed.self)
        #expect(feed.items.map(\.template) == [.photo, .article, .poll, .photo])
        #expect(feed.items[0].content == .photo(Photo(url: "https://cdn.example.com/p/1.jpg", width: 800, height: 600, caption: "Dawn")))
        #expect(feed.items[2].content == .poll(Poll(question: "Tabs or spaces?", options: ["tabs", "spaces"])))
    }

    @Test(arguments: [Coder.xmlPlist, .binaryPlist])
    func plistMarkersAndEmptyDictionariesAreAbsent(coder: Coder) throws {
        // A property list has no null: PropertyListEncoder's "$null" marker stands for it.
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict>
            <key>id</key><integer>9</integer>
            <key>template</key><string>poll</string>
            <key>photo</key><dict/>
            <key>article</key><string>$null</string>
            <key>poll</key><dict><key>question</key><string>Q?</string><key>options</key><array/></dict>
            </dict></plist>
            """
        var data = Data(xml.utf8)
        if coder == .binaryPlist {
            let object = try PropertyListSerialization.propertyList(from: data, format: nil)
            data = try PropertyListSerialization.data(fromPropertyList: object, format: .binary, options: 0)
        }
        let item = try coder.decode(FeedItem.self, from: data)
        #expect(item == FeedItem(id: 9, content: .poll(Poll(question: "Q?", options: []))))
    }

    @Test func encodingWritesOnlyThePayload() throws {
        let item = FeedItem(id: 3, content: .article(Article(title: "T", summary: "S")))
        #expect(try jsonText(item) == #"{"article":{"summary":"S","title":"T"},"id":3,"template":"article"}"#)
    }

    static let broken: [(json: String, path: String, phrase: String)] = [
        (#"{"id":1,"template":"poll","photo":{},"article":null}"#, "", "found none"),
        (#"{"id":1,"template":"poll","photo":{"url":"u","width":1,"height":1}}"#, "template",
         #"Template "poll" but the payload is under "photo""#),
        (#"{"id":1,"template":"photo","photo":[1]}"#, "photo", "Expected to decode Dictionary"),
        (#"{"id":1,"template":"video","photo":{}}"#, "template", "FeedTemplate"),
    ]

    @Test(arguments: 0..<broken.count)
    func brokenItemsFailWithTheirPath(index: Int) throws {
        let (json, path, phrase) = Self.broken[index]
        let error = try #require(throws: DecodingError.self) { try Coder.json.decode(FeedItem.self, from: Data(json.utf8)) }
        #expect(decodingErrorPath(error) == (path.isEmpty ? "$" : "$." + path))
        #expect(String(describing: error).contains(phrase), "\(error)")
    }
}
