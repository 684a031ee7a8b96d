"""Tools on top of the game: the command line, validation, docs, schema and the scenario
runner (DESIGN.md 2). The rules core knows nothing of this package."""
