// A mistake in how the command was typed: shown as "Error: <message>" with exit code 1.
export class UsageError extends Error {
  override readonly name = "UsageError";
}
