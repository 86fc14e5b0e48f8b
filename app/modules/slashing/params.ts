// Slashing parameters: the SDK's defaults, their validation (the SDK's Params.Validate, plus a
// bound on the jail duration so jailed_until stays a printable date), and a parsed form with
// exact integers. In state and on the wire the decimals are LegacyDec atomics text; in genesis
// JSON they are written in decimal form.
import { create } from "@bufbuild/protobuf";
import type { Duration } from "@bufbuild/protobuf/wkt";
import { ParamsSchema, type Params } from "../../../gen/cosmos/slashing/v1beta1/slashing_pb.js";
import { DEC_ONE, decMul, parseDec } from "../../../sdk/math/dec.js";
import { durationNanos } from "./time.js";

const MAX_JAIL_SECONDS = 100n * 365n * 86_400n;

/** Params with the decimals as LegacyDec atomics. */
export interface ParsedParams {
  signedBlocksWindow: bigint;
  minSignedPerWindow: bigint;
  downtimeJailDuration: Duration;
  slashFractionDoubleSign: bigint;
  slashFractionDowntime: bigint;
}

/** The SDK's DefaultParams: a 100-block window, 50 % signed, 10 minutes in jail, 5 % and 1 % slashes. */
export function defaultParams(): Params {
  return create(ParamsSchema, {
    signedBlocksWindow: 100n,
    minSignedPerWindow: parseDec("0.5").toString(),
    downtimeJailDuration: { seconds: 600n },
    slashFractionDoubleSign: parseDec("0.05").toString(),
    slashFractionDowntime: parseDec("0.01").toString(),
  });
}

function atomics(text: string, name: string): bigint {
  // An absent LegacyDec reads as zero, as gogoproto reads it.
  if (text === "") return 0n;
  if (!/^-?\d{1,80}$/.test(text)) throw new Error(`${name} is not a decimal's atomics: "${text.slice(0, 90)}"`);
  return BigInt(text);
}

function fraction(value: bigint, what: string): void {
  if (value < 0n) throw new Error(`${what} cannot be negative`);
  if (value > DEC_ONE) throw new Error(`${what} too large`);
}

/** Checks every param and returns them parsed; throws a plain Error naming the bad one. */
export function parseParams(p: Params): ParsedParams {
  if (p.signedBlocksWindow <= 0n) throw new Error(`signed blocks window must be positive: ${p.signedBlocksWindow}`);
  const minSignedPerWindow = atomics(p.minSignedPerWindow, "min_signed_per_window");
  fraction(minSignedPerWindow, "min signed per window");
  const jail = p.downtimeJailDuration;
  if (!jail || durationNanos(jail) <= 0n) throw new Error("downtime jail duration must be positive");
  if (jail.seconds > MAX_JAIL_SECONDS) throw new Error("downtime jail duration must be at most 100 years");
  const slashFractionDoubleSign = atomics(p.slashFractionDoubleSign, "slash_fraction_double_sign");
  fraction(slashFractionDoubleSign, "double sign slash fraction");
  const slashFractionDowntime = atomics(p.slashFractionDowntime, "slash_fraction_downtime");
  fraction(slashFractionDowntime, "downtime slash fraction");
  return { signedBlocksWindow: p.signedBlocksWindow, minSignedPerWindow, downtimeJailDuration: jail, slashFractionDoubleSign, slashFractionDowntime };
}

/** The params in their stored form: decimals as canonical atomics text. */
export function paramsOf(p: ParsedParams): Params {
  return create(ParamsSchema, {
    signedBlocksWindow: p.signedBlocksWindow,
    minSignedPerWindow: p.minSignedPerWindow.toString(),
    downtimeJailDuration: p.downtimeJailDuration,
    slashFractionDoubleSign: p.slashFractionDoubleSign.toString(),
    slashFractionDowntime: p.slashFractionDowntime.toString(),
  });
}

/** Blocks a validator must sign per window: min_signed_per_window x window, rounded half to even (LegacyDec.RoundInt64). */
export function minSignedBlocks(p: ParsedParams): bigint {
  // decMul by one atomic divides by 10^18 with the SDK's rounding.
  return decMul(p.minSignedPerWindow * p.signedBlocksWindow, 1n);
}
