import ArgumentParser

/// The `parla` command: the screen by default, and its subcommands.
@main
struct Parla: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "parla",
        abstract: "An accessible, keyboard-only microblog client for the text terminal.",
        discussion: """
            With no command, Parla opens its screen. When standard output is not a terminal, or
            TERM is dumb, it writes plain lines instead and reads keys from standard input.
            """,
        subcommands: [OpenCommand.self, SayCommand.self, ServeCommand.self, GalleryCommand.self],
        defaultSubcommand: OpenCommand.self
    )
}
