// What must hold between every two transitions (checked by the randomized test, usable by a
// simulation): nothing owed is negative; the outstanding rewards and the community pool are
// exactly what the distribution account holds, so no more was ever paid than collected; and every
// historical record is referenced exactly by what needs it.
import { DISTRIBUTION_ACCOUNT, moduleAddress } from "../../../common/moduleAccounts.js";
import type { StateReader } from "../../store/types.js";
import { addDecCoins, decCoinsEqual, decCoinsFromCoins, formatDecCoins, type DecCoin } from "./decCoins.js";
import type { DistributionKeeper } from "./keeper.js";

/** Throws with a description of the first broken invariant. */
export function checkDistributionInvariants(state: StateReader, k: DistributionKeeper): void {
  let owed: DecCoin[] = k.communityPool(state);
  const negative = (coins: readonly DecCoin[]) => coins.some((c) => c.amount <= 0n);
  if (negative(owed)) throw new Error(`community pool has a non-positive amount: ${formatDecCoins(owed)}`);
  for (const validator of k.validatorsWith(state, "outstanding")) {
    const outstanding = k.outstanding(state, validator);
    if (negative(outstanding)) throw new Error(`outstanding rewards with a non-positive amount: ${formatDecCoins(outstanding)}`);
    owed = addDecCoins(owed, outstanding);
  }
  // Every coin that entered the account was allocated (or funded the pool), and every coin that left was owed.
  const held = decCoinsFromCoins(k.bank.getAllBalances(state, moduleAddress(DISTRIBUTION_ACCOUNT)));
  if (!decCoinsEqual(owed, held))
    throw new Error(`outstanding rewards and the community pool (${formatDecCoins(owed)}) differ from the account's ${formatDecCoins(held)}`);

  const expected = new Map<string, number>();
  const ref = (validator: Uint8Array, period: bigint) => {
    const key = `${Buffer.from(validator).toString("hex")}/${period}`;
    expected.set(key, (expected.get(key) ?? 0) + 1);
  };
  for (const validator of k.validatorsWith(state, "current")) ref(validator, k.currentRewards(state, validator)!.period - 1n);
  for (const { validator, info } of k.allStartingInfos(state)) ref(validator, info.previousPeriod);
  for (const { validator, event } of k.allSlashEvents(state)) ref(validator, event.validatorPeriod);
  let records = 0;
  for (const { validator, period, rewards } of k.allHistoricalRewards(state)) {
    records++;
    const key = `${Buffer.from(validator).toString("hex")}/${period}`;
    if (expected.get(key) !== rewards.referenceCount)
      throw new Error(`historical rewards ${key}: reference count ${rewards.referenceCount}, ${expected.get(key) ?? 0} references`);
  }
  if (records !== expected.size) throw new Error(`${expected.size} periods referenced, ${records} historical records kept`);
}
