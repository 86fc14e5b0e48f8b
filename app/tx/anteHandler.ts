// What the Cosmos tx pipeline asks of the ante handler: everything a tx must pass before its
// messages run (fees, signatures, sequences). The auth module provides it (app/modules/auth/ante.ts)
// and the composition root hands it to the pipeline, which knows no module.
import type { Context } from "../context.js";
import type { DecodedTx } from "./decode.js";
import type { GasMeter } from "./gas.js";

/**
 * CheckTx, its recheck after a block, block delivery, gas estimation, or the verification of a
 * block proposal's txs (PrepareProposal and ProcessProposal): CheckTx's checks against the last
 * committed state, so never a rule that depends on one node's settings.
 */
export type ExecMode = "check" | "recheck" | "deliver" | "simulate" | "proposal";

/**
 * Runs the ante checks of `tx` against state. Writes (fee, pubkeys, sequences) go to `ctx`'s store;
 * the caller keeps them only if this returns normally.
 */
export type AnteHandler = (ctx: Context, tx: DecodedTx, mode: ExecMode, meter: GasMeter) => void;
