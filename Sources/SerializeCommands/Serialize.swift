/// The `serialize` command line: conversion between JSON, property lists and CSV, and plist
/// inspection.
///
/// `SerializeCommands` holds the swift-argument-parser commands so that tests can parse and run
/// them in-process (`Serialize.parseAsRoot([...])`); the `serialize` executable is a thin `@main`
/// around ``Serialize``. Each subcommand lives in its own `Serialize+Verb.swift` file.

public import ArgumentParser

/// The root `serialize` command.
public struct Serialize: AsyncParsableCommand {
    /// The version `serialize --version` prints.
    public static let version = "0.1.0"

    public static let configuration = CommandConfiguration(
        commandName: "serialize",
        abstract: "Move data between JSON, property lists (XML and binary) and CSV.",
        discussion: """
            serialize converts between formats without losing information silently: a value the \
            target format cannot hold is kept through a named strategy or refused with a named \
            error that says where it is and which flag fixes it.
            """,
        version: Serialize.version,
        subcommands: [
            Convert.self, Insert.self, Replace.self, Remove.self, Create.self, Lint.self, Print.self, TypeOf.self, Extract.self,
            Inspect.self, Roundtrip.self,
        ]
    )

    public init() {}
}
