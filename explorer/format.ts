// How numbers, coins, hashes and times read on the page. Pure functions: unit-tested in Node.

/** The bank denom has 6 decimals, the EVM's view of the same coin 18 (spec, section 1). */
export const DENOM_DECIMALS: Record<string, number> = { uunit: 6, aunit: 18 };
export const DISPLAY_SYMBOL = "UNIT";

/** `amount` (integer text) / 10^decimals with thousands separators, trailing zeros dropped: "1,234.5". */
export function formatUnits(amount: string | bigint, decimals: number): string {
  const text = typeof amount === "bigint" ? amount.toString() : amount.trim();
  if (!/^-?\d+$/.test(text)) return text;
  const negative = text.startsWith("-");
  const digits = (negative ? text.slice(1) : text).replace(/^0+(?=\d)/, "").padStart(decimals + 1, "0");
  const whole = digits.slice(0, digits.length - decimals).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, "");
  return `${negative ? "-" : ""}${whole}${fraction ? `.${fraction}` : ""}`;
}

/** A coin as a person reads it: "2.5 UNIT" for 2500000uunit, the raw "5 foo" for other denoms. */
export function formatCoin(coin: { denom: string; amount: string }): string {
  const decimals = DENOM_DECIMALS[coin.denom];
  if (decimals === undefined) return `${coin.amount} ${coin.denom}`;
  return `${formatUnits(coin.amount, decimals)} ${DISPLAY_SYMBOL}`;
}

export function formatCoins(coins: readonly { denom: string; amount: string }[]): string {
  return coins.length === 0 ? "none" : coins.map(formatCoin).join(", ");
}

/** A decimal coin amount (distribution's DecCoin, "12.345000000000000000uunit"): the integer part shown as a coin. */
export function formatDecCoin(coin: { denom: string; amount: string }): string {
  const [whole = "0"] = coin.amount.split(".");
  return formatCoin({ denom: coin.denom, amount: whole });
}

/** "ABCDEF12…7890": enough of a hash to tell it apart, short enough for a phone. */
export function shortHash(hash: string, head = 8, tail = 6): string {
  return hash.length <= head + tail + 1 ? hash : `${hash.slice(0, head)}…${hash.slice(-tail)}`;
}

export function bytesToHex(bytes: Uint8Array): string {
  let out = "";
  for (const b of bytes) out += b.toString(16).padStart(2, "0");
  return out;
}

export function hexToBytes(hex: string): Uint8Array {
  const clean = hex.replace(/^0x/i, "");
  if (clean.length % 2 !== 0 || /[^0-9a-fA-F]/.test(clean)) throw new Error(`not hex: ${JSON.stringify(hex.slice(0, 80))}`);
  const out = new Uint8Array(clean.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(clean.slice(2 * i, 2 * i + 2), 16);
  return out;
}

export function base64ToBytes(text: string): Uint8Array {
  const binary = atob(text);
  const out = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
  return out;
}

export function bytesToBase64(bytes: Uint8Array): string {
  let binary = "";
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary);
}

/** "2026-01-02 03:04:05 UTC" from an RFC 3339 time (CometBFT's nanoseconds dropped). */
export function formatTime(rfc3339: string): string {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2}:\d{2})/.exec(rfc3339);
  return match ? `${match[1]} ${match[2]} UTC` : rfc3339;
}

/** "4 s ago", "3 min ago", "2 h ago", "5 d ago"; "" for a time that cannot be read. */
export function timeAgo(rfc3339: string, nowMs: number): string {
  const then = Date.parse(rfc3339);
  if (Number.isNaN(then)) return "";
  const seconds = Math.max(0, Math.round((nowMs - then) / 1000));
  if (seconds < 60) return `${seconds} s ago`;
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min ago`;
  if (seconds < 86_400) return `${Math.floor(seconds / 3600)} h ago`;
  return `${Math.floor(seconds / 86_400)} d ago`;
}

/** Basis points as a percentage: 250 -> "2.5 %". */
export function formatBps(bps: number): string {
  return `${formatUnits(BigInt(bps), 2)} %`;
}

/** A share of a total as a percentage with one decimal; "0 %" when the total is zero. */
export function percent(part: bigint, total: bigint): string {
  if (total === 0n) return "0 %";
  const tenths = (part * 1000n) / total;
  return `${formatUnits(tenths, 1)} %`;
}

/** Proto enum names without their prefix: PROPOSAL_STATUS_PASSED -> "passed". */
export function enumLabel(name: string, prefix: string): string {
  return (name.startsWith(prefix) ? name.slice(prefix.length) : name).toLowerCase().replace(/_/g, " ");
}
