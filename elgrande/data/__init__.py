"""The data layer: YAML with positions, set manifests, card files and the library of
loaded sets (DESIGN.md 2). Knows no game flow."""
