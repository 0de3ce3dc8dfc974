// The `serialize` executable: everything it does lives in SerializeCommands.
import ArgumentParser
import SerializeCommands

@main
struct SerializeCLI {
    static func main() async {
        await Serialize.main(nil)
    }
}
