// Flag checks shared by the gateway processes (REST gateway, faucet).

/** A positive integer flag value, at most `max`; the error names the flag and what it got. */
export function positiveInt(flag: string, text: string, max = Number.MAX_SAFE_INTEGER): number {
  if (!/^[0-9]+$/.test(text) || Number(text) < 1 || Number(text) > max)
    throw new Error(`${flag} expects a positive integer${max < Number.MAX_SAFE_INTEGER ? ` up to ${max}` : ""}, got "${text}"`);
  return Number(text);
}
