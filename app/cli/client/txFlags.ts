// The flags of every `unitd tx` command and their checks: gas, fees, memo, chain id, keyring.
import { CoinParseError, parseCoins, type Coin } from "../../../sdk/tx/coins.js";
import { NODE_OPTIONS, UsageError } from "./cliArgs.js";
import { parseStrictArgs } from "../flags.js";

export const TX_OPTIONS = {
  ...NODE_OPTIONS,
  "chain-id": { type: "string" },
  fees: { type: "string" },
  gas: { type: "string" },
  "gas-adjustment": { type: "string" },
  yes: { type: "boolean", short: "y" },
  home: { type: "string" },
  "keyring-backend": { type: "string" },
  note: { type: "string" },
  memo: { type: "string" },
  "timeout-height": { type: "string" },
  wait: { type: "boolean" },
} as const;

/** The SDK's default gas limit for a tx without --gas. */
export const DEFAULT_GAS = 200_000n;
/** The SDK's default --gas-adjustment: the simulated amount as is. */
export const DEFAULT_GAS_ADJUSTMENT = 1.0;
/** The SDK's memo limit (auth param max_memo_characters). */
const MAX_MEMO_CHARACTERS = 256;
const MAX_GAS = (1n << 63n) - 1n;

export type GasSetting = { kind: "fixed"; limit: bigint } | { kind: "auto"; adjustment: number };

export function gasFlag(gas: string | undefined, adjustment: string | undefined): GasSetting {
  const factor = adjustment === undefined ? DEFAULT_GAS_ADJUSTMENT : Number(adjustment);
  if (adjustment !== undefined && (!/^[0-9]*\.?[0-9]+$/.test(adjustment) || !(factor > 0) || factor > 100)) {
    throw new UsageError(`--gas-adjustment expects a positive number such as 1.5, got "${adjustment}"`);
  }
  if (gas === "auto") return { kind: "auto", adjustment: factor };
  if (gas === undefined) return { kind: "fixed", limit: DEFAULT_GAS };
  if (!/^[0-9]{1,19}$/.test(gas) || BigInt(gas) === 0n || BigInt(gas) > MAX_GAS)
    throw new UsageError(`--gas expects a positive integer or "auto", got "${gas}"`);
  return { kind: "fixed", limit: BigInt(gas) };
}

/** Simulated gas scaled by the adjustment, rounded up (as the SDK does). */
export function adjustGas(simulated: bigint, adjustment: number): bigint {
  // Scale in integers (adjustment to 6 decimals) so large gas values do not lose precision.
  const micro = BigInt(Math.round(adjustment * 1_000_000));
  return (simulated * micro + 999_999n) / 1_000_000n;
}

export function coinsFlag(flag: string, value: string | undefined): Coin[] {
  if (value === undefined) return [];
  try {
    return parseCoins(value);
  } catch (err) {
    if (err instanceof CoinParseError) throw new UsageError(`${flag}: ${err.message}`);
    throw err;
  }
}

export function memoFlag(note: string | undefined, memo: string | undefined): string {
  if (note !== undefined && memo !== undefined && note !== memo) throw new UsageError("--note and --memo are the same flag; give only one");
  const text = note ?? memo ?? "";
  if ([...text].length > MAX_MEMO_CHARACTERS)
    throw new UsageError(`the memo has ${[...text].length} characters; the chain accepts at most ${MAX_MEMO_CHARACTERS}`);
  return text;
}

export function parseTxArgs(args: string[]) {
  return parseStrictArgs(args, TX_OPTIONS);
}

export type TxFlagValues = ReturnType<typeof parseTxArgs>["values"];
