// How the EVM's balance changes become precisebank movements. The VM writes absolute balances
// (the sender's upfront gas, value moved by calls, the refund, the coinbase's priority fee); the
// state manager diffs each address's final balance against the store, and this plan turns those
// deltas into sends and burns:
//
//   1. Addresses are taken in ascending byte order (the hex keys sort the same way).
//   2. Payers (negative delta) and payees (positive delta) are paired greedily in that order:
//      the first payer pays the first payee as much as both can, and so on. At most
//      payers + payees - 1 sends, every one within what its payer lost, so none can fail for funds.
//   3. What payers lose beyond what payees gain is burned, from the last payers in order: the
//      balance of any account a SELFDESTRUCT deleted. (The VM credits the coinbase only the
//      priority fee; the state manager counts the tx's EIP-1559 base fee as fee_collector's gain,
//      so it is a send here and the evm end block burns the block's base fees: feeBurn.ts.)
//   4. Payees gaining more than payers lose would be a mint. The EVM never mints: that is an error.
//
// The rule fixes who pays whom only up to fungibility (a send from A to C may "really" be A's gas
// and B's value); balances, supply and events are identical on every validator, which is what counts.

export interface BalanceDelta {
  /** 20-byte address as lowercase hex. */
  address: string;
  /** New balance minus stored balance, in aunit; never zero. */
  delta: bigint;
}

export interface SettlementPlan {
  transfers: { from: string; to: string; amount: bigint }[];
  burns: { from: string; amount: bigint }[];
}

/** The sends and burns that realise `deltas`; throws when they would need a mint. */
export function planSettlement(deltas: readonly BalanceDelta[]): SettlementPlan {
  const sorted = [...deltas].sort((a, b) => (a.address < b.address ? -1 : a.address > b.address ? 1 : 0));
  const payers = sorted.filter((d) => d.delta < 0n).map((d) => ({ address: d.address, left: -d.delta }));
  const payees = sorted.filter((d) => d.delta > 0n).map((d) => ({ address: d.address, left: d.delta }));
  const gained = payees.reduce((s, p) => s + p.left, 0n);
  const lost = payers.reduce((s, p) => s + p.left, 0n);
  if (gained > lost) throw new Error(`EVM balance changes would mint ${gained - lost}aunit (gained ${gained}, lost ${lost})`);

  const plan: SettlementPlan = { transfers: [], burns: [] };
  let i = 0;
  for (const payee of payees) {
    while (payee.left > 0n) {
      const payer = payers[i]!; // exists: what payers have left covers what payees still need
      const amount = payer.left < payee.left ? payer.left : payee.left;
      plan.transfers.push({ from: payer.address, to: payee.address, amount });
      payer.left -= amount;
      payee.left -= amount;
      if (payer.left === 0n) i++;
    }
  }
  for (; i < payers.length; i++) if (payers[i]!.left > 0n) plan.burns.push({ from: payers[i]!.address, amount: payers[i]!.left });
  return plan;
}
