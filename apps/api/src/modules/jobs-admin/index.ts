// The jobs-admin module's public surface.

