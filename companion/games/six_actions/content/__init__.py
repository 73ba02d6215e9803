"""The Six Actions content packs (TOML): model, loader, the SAMPLE default pack."""
