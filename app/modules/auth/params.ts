// Auth parameters (the SDK's, with its defaults) and the chain's minimum gas price: their values
// and checks. The keeper stores them.
import { create } from "@bufbuild/protobuf";
import { ParamsSchema, type Params } from "../../../gen/cosmos/auth/v1beta1/auth_pb.js";
import { sdkErrors } from "../../../common/errors.js";
import { validateDenom } from "../../coins/coins.js";

export type AuthParams = Params;

export function defaultAuthParams(): AuthParams {
  return create(ParamsSchema, {
    maxMemoCharacters: 256n,
    txSigLimit: 7n,
    txSizeCostPerByte: 10n,
    sigVerifyCostEd25519: 590n,
    sigVerifyCostSecp256k1: 1000n,
  });
}

export function validateAuthParams(p: AuthParams): void {
  for (const [name, value] of [
    ["max_memo_characters", p.maxMemoCharacters],
    ["tx_sig_limit", p.txSigLimit],
    ["tx_size_cost_per_byte", p.txSizeCostPerByte],
    ["sig_verify_cost_ed25519", p.sigVerifyCostEd25519],
    ["sig_verify_cost_secp256k1", p.sigVerifyCostSecp256k1],
  ] as const) {
    if (value === 0n) throw new Error(`invalid auth param ${name}: must be positive`);
  }
}

/** A price per unit of gas, as an exact decimal: `amount / 10^18` of `denom`. */
export interface GasPrice {
  denom: string;
  /** Price scaled by 10^18, so `0.025` is 25 * 10^15. */
  scaled: bigint;
}

const PRICE_SCALE = 10n ** 18n;
export const DEFAULT_MIN_GAS_PRICE = "0.025uunit";

/** Parses `0.025uunit` exactly (no floats): up to 18 decimal places. */
export function parseGasPrice(text: string): GasPrice {
  const m = /^(\d{1,30})(?:\.(\d{1,18}))?([a-zA-Z][a-zA-Z0-9/:._-]{2,127})$/.exec(text.trim());
  if (!m) throw sdkErrors.invalidCoins.wrap(`invalid gas price "${text}": expected a decimal amount followed by a denom, e.g. ${DEFAULT_MIN_GAS_PRICE}`);
  validateDenom(m[3]!);
  const scaled = BigInt(m[1]!) * PRICE_SCALE + BigInt((m[2] ?? "").padEnd(18, "0"));
  return { denom: m[3]!, scaled };
}

export function formatGasPrice(price: GasPrice): string {
  const whole = price.scaled / PRICE_SCALE;
  const frac = (price.scaled % PRICE_SCALE).toString().padStart(18, "0").replace(/0+$/, "");
  return `${whole}${frac ? `.${frac}` : ""}${price.denom}`;
}

/** As the SDK prints a DecCoin (a node's minimum gas prices): 18 fractional digits, "0.025000000000000000uunit". */
export function formatGasPriceAsDecCoin(price: GasPrice): string {
  const frac = (price.scaled % PRICE_SCALE).toString().padStart(18, "0");
  return `${price.scaled / PRICE_SCALE}.${frac}${price.denom}`;
}

/** The fee a tx with `gasLimit` must pay at least: gas x price, rounded up. */
export function requiredFee(price: GasPrice, gasLimit: bigint): bigint {
  return (price.scaled * gasLimit + PRICE_SCALE - 1n) / PRICE_SCALE;
}
