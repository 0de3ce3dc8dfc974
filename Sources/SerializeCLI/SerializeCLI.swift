// The `serialize` executable: everything it does lives in SerializeCommands.
import ArgumentParser
import SerializeCommands

@main
struct SerializeCLI {
    static func main() async {
        InputTruncationGuard.install()
        await Serialize.main(nil)
    }
}
