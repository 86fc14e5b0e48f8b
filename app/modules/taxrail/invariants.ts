// The taxrail invariant, as the bank supply invariant: the module account holds exactly the sum
// of every jurisdiction's balance, denom by denom, and nothing else. Returns what is broken
// (empty when all holds); tests run it after random operations.
import { coinsEqual, formatCoins } from "../../coins/coins.js";
import type { StateReader } from "../../store/types.js";
import type { TaxrailKeeper } from "./keeper.js";

export function brokenInvariants(state: StateReader, keeper: TaxrailKeeper): string[] {
  const held = keeper.moduleAccountBalance(state);
  const owed = keeper.totalBalance(state);
  const broken: string[] = [];
  if (!coinsEqual(held, owed))
    broken.push(`taxrail module account holds ${formatCoins(held) || "nothing"}, jurisdiction balances sum to ${formatCoins(owed) || "nothing"}`);
  for (const b of keeper.balances(state)) {
    for (const c of b.balance) {
      const collected = b.collected.find((x) => x.denom === c.denom);
      if (!collected || BigInt(collected.amount) < BigInt(c.amount))
        broken.push(`${b.jurisdictionCode} holds ${c.amount}${c.denom}, more than it ever collected`);
    }
  }
  return broken;
}
