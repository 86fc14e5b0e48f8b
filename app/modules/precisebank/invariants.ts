// The module's invariants as checks over a state, in the manner of Kava's: each returns a message
// when broken. The keeper keeps them by construction; tests (and any caller that wants to audit a
// state) run them. They walk every fractional balance, so they are not for the block path.
import type { StateReader } from "../../store/types.js";
import { accAddressToString } from "../../../common/address.js";
import { CONVERSION_FACTOR, EXTENDED_DENOM, INTEGER_DENOM } from "./denoms.js";
import type { PrecisebankKeeper } from "./keeper.js";

/** Every broken invariant, described; empty when the state is sound. */
export function brokenInvariants(keeper: PrecisebankKeeper, state: StateReader): string[] {
  const broken: string[] = [];
  let sum = 0n;
  for (const { address, amount } of keeper.fractionalBalances(state)) {
    if (amount <= 0n || amount >= CONVERSION_FACTOR)
      broken.push(`fractional balance of ${accAddressToString(address)} is ${amount}${EXTENDED_DENOM}, outside (0, ${CONVERSION_FACTOR})`);
    if (Buffer.from(address).equals(Buffer.from(keeper.reserveAddress))) broken.push(`the reserve holds a fractional balance of ${amount}${EXTENDED_DENOM}`);
    sum += amount;
  }
  const remainder = keeper.getRemainder(state);
  if (remainder < 0n || remainder >= CONVERSION_FACTOR) broken.push(`remainder ${remainder}${EXTENDED_DENOM} is outside [0, ${CONVERSION_FACTOR})`);
  const reserve = keeper.reserveBalance(state);
  if (reserve * CONVERSION_FACTOR !== sum + remainder) {
    broken.push(
      `reserve ${reserve}${INTEGER_DENOM} (${reserve * CONVERSION_FACTOR}${EXTENDED_DENOM}) does not back fractional balances ${sum}${EXTENDED_DENOM} + remainder ${remainder}${EXTENDED_DENOM}`,
    );
  }
  const extendedInBank = keeper.extendedSupplyInBank(state);
  if (extendedInBank !== 0n) broken.push(`bank holds a supply of ${extendedInBank}${EXTENDED_DENOM}; ${EXTENDED_DENOM} must never be a bank denom`);
  return broken;
}
