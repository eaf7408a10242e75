// The health module's public surface.
