"""The data layer: YAML with positions, set manifests, card files and the library of
loaded sets (docs/architecture.md, "The layers"). Knows no game flow."""
