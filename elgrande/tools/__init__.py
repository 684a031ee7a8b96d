"""Tools on top of the game: the command line, validation, docs, schema and the scenario
runner (docs/architecture.md, "The layers"). The rules core knows nothing of this package."""
