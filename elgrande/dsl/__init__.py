"""The card DSL: YAML card files, the Lark grammar's typed AST, the static checker and the
English renderer. It knows no game state (docs/architecture.md, "The layers")."""
