// Command-line numbers of the benchmarks: one check and one message for all of them.

/** `text` (the value of `--name`) as a positive safe integer; throws naming the flag otherwise. */
export function positiveIntFlag(text: string | undefined, name: string): number {
  const n = Number(text);
  if (!Number.isSafeInteger(n) || n < 1) throw new Error(`--${name} must be a positive integer`);
  return n;
}
