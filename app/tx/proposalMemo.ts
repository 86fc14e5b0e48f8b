// The proposal this node built last, so ProcessProposal of its own block does not verify again
// what PrepareProposal just verified. Both run the same per-tx check over the same committed
// state: a proposal that PrepareProposal selected passes validateProposal (proposalValidation.ts)
// whenever the inputs match — same height, time, proposer and chain id, the same base height, the
// same txs in the same order, the same gas limits and a byte budget no smaller than the one it was
// selected under. The verdict is therefore the one a full verification would give: a pure
// function's result reused for the same inputs, which no validator's consensus depends on.
import type { TxEnv } from "./processor.js";

export interface ProposalInputs {
  env: TxEnv;
  txs: readonly Uint8Array[];
  /** Byte budget (negative = none). */
  maxTxBytes: number;
  /** Block max_gas (negative = none). */
  maxGas: bigint;
}

interface Prepared {
  key: string;
  txs: readonly Uint8Array[];
  maxTxBytes: number;
  maxGas: bigint;
}

/** What the check's result depends on besides the txs: the header fields it reads and the state it runs over. */
function envKey(env: TxEnv): string {
  const { chainId, height, time, proposerAddress } = env.header;
  return `${chainId}/${height}/${time.seconds}.${time.nanos}/${Buffer.from(proposerAddress).toString("hex")}/${env.state.baseHeight}`;
}

function sameTxs(a: readonly Uint8Array[], b: readonly Uint8Array[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (Buffer.compare(a[i]!, b[i]!) !== 0) return false;
  return true;
}

export class ProposalMemo {
  private last: Prepared | undefined;

  /** Records the txs PrepareProposal selected (each passed the proposal check, in order). */
  remember(p: ProposalInputs): void {
    this.last = { key: envKey(p.env), txs: p.txs, maxTxBytes: p.maxTxBytes, maxGas: p.maxGas };
  }

  /** True when `p` is exactly a proposal this node selected, under limits at least as wide. */
  accepts(p: ProposalInputs): boolean {
    const last = this.last;
    if (!last || last.maxGas !== p.maxGas) return false;
    const budgetFits = p.maxTxBytes < 0 || (last.maxTxBytes >= 0 && last.maxTxBytes <= p.maxTxBytes);
    return budgetFits && last.key === envKey(p.env) && sameTxs(last.txs, p.txs);
  }
}
