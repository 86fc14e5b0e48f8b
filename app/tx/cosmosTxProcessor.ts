// The Cosmos tx pipeline: decode, ante, then the messages. Ante writes (fee, sequence, pubkey)
// land in one branch and message writes in a nested one, so a tx whose messages fail still pays
// its fee and uses up its sequence, exactly as in the SDK, while a tx that fails ante changes
// nothing at all.
import { create } from "@bufbuild/protobuf";
import type { Any } from "@bufbuild/protobuf/wkt";
import { packAny } from "../../sdk/tx/registry.js";
import { Context, QuietContext, type AbciEvent } from "../context.js";
import { errorResult, sdkErrors } from "../../common/errors.js";
import { accountText } from "./addressText.js";
import type { AnteHandler, ExecMode } from "./anteHandler.js";
import { decodeCosmosTx, type DecodedTx } from "./decode.js";
import { markIndexed } from "./eventIndex.js";
import { encodeTxMsgData } from "./txMsgData.js";
import { GasKVStore, GasMeter } from "./gas.js";
import { executeMsg, type MsgRouter } from "./msgRouter.js";
import { isFatal, type SimulationResult, type TxEnv, type TxProcessor, type TxResult } from "./processor.js";

/** Most gas one tx may ask for, and what simulation runs with. */
export const MAX_TX_GAS = 10_000_000n;

interface Outcome {
  result: TxResult;
  msgResponses: Any[];
  /** The gas limit the tx itself asks for (simulation runs with the maximum instead). */
  txGasLimit?: bigint;
}

export class CosmosTxProcessor implements TxProcessor {
  constructor(
    private readonly router: MsgRouter,
    private readonly ante: AnteHandler,
  ) {}

  check(env: TxEnv, tx: Uint8Array, recheck: boolean): TxResult {
    return this.run(env, tx, recheck ? "recheck" : "check").result;
  }

  deliver(env: TxEnv, tx: Uint8Array): TxResult {
    return this.run(env, tx, "deliver").result;
  }

  /**
   * A proposal's tx: decoding, the messages' stateless checks and the whole ante (fee, signatures,
   * sequence) as in CheckTx, as the SDK's ProcessProposal runs them; no message executes. The
   * ante's writes stay in `env.state`, so the signer's next tx in the proposal is checked after it.
   */
  validateForProposal(env: TxEnv, tx: Uint8Array): TxResult {
    return this.run(env, tx, "proposal").result;
  }

  /** Runs a tx on a branch that is always discarded; throws the tx's error on failure. */
  simulate(env: TxEnv, tx: Uint8Array): SimulationResult {
    const { result, msgResponses, txGasLimit } = this.run(env, tx, "simulate");
    if ((result.code ?? 0) !== 0) throw Object.assign(sdkErrors.invalidRequest.wrap(result.log), { result: { ...result, gasWanted: txGasLimit } });
    return {
      gasWanted: txGasLimit ?? 0n,
      gasUsed: result.gasUsed ?? 0n,
      data: result.data ?? new Uint8Array(),
      log: result.log ?? "",
      events: result.events ?? [],
      msgResponses,
    };
  }

  private run(env: TxEnv, bytes: Uint8Array, mode: ExecMode): Outcome {
    let tx: DecodedTx;
    try {
      tx = decodeCosmosTx(bytes, this.router, mode === "deliver");
    } catch (err) {
      return failed(err, 0n, 0n);
    }
    const gasLimit = mode === "simulate" ? MAX_TX_GAS : (tx.authInfo.fee?.gasLimit ?? 0n);
    if (gasLimit > MAX_TX_GAS) return failed(sdkErrors.invalidGasLimit.wrap(`gas limit ${gasLimit} exceeds the maximum of ${MAX_TX_GAS}`), gasLimit, 0n);
    const meter = new GasMeter(gasLimit);

    const anteBranch = env.state.branch();
    const anteStore = new GasKVStore(anteBranch, meter);
    // CheckTx, rechecks and proposal checks return no events (see below): no need to build them.
    const anteCtx =
      mode === "deliver" || mode === "simulate" ? new Context(env.header, anteStore, env.logger) : new QuietContext(env.header, anteStore, env.logger);
    try {
      this.ante(anteCtx, tx, mode, meter);
    } catch (err) {
      return failed(err, gasLimit, meter.consumed);
    }
    // CheckTx (and a proposal's verification) stops after ante, as the SDK does: messages execute
    // only in blocks and simulation. Its events are left out: CometBFT neither indexes nor shows
    // them, and encoding them is a measurable share of the mempool's cost per tx.
    if (mode === "check" || mode === "recheck" || mode === "proposal") {
      anteBranch.write();
      return { result: { gasWanted: gasLimit, gasUsed: meter.consumed }, msgResponses: [] };
    }

    const msgBranch = anteBranch.branch();
    const events: AbciEvent[] = [];
    const msgResponses: Any[] = [];
    let index = 0;
    try {
      for (const decoded of tx.msgs) {
        const { typeUrl, handler, signers } = decoded;
        const msgCtx = new Context(env.header, new GasKVStore(msgBranch, meter), env.logger);
        const sender = signers[0];
        msgCtx.emit("message", { action: typeUrl, module: handler.module, ...(sender ? { sender: accountText(sender) } : {}) });
        msgResponses.push(packAny(handler.response, create(handler.response, executeMsg(msgCtx, decoded))));
        for (const e of msgCtx.events)
          events.push({
            type: e.type ?? "",
            attributes: [
              ...((e.attributes ?? []) as { key: string; value: string; index: boolean }[]),
              { key: "msg_index", value: String(index), index: true },
            ],
          });
        index++;
      }
    } catch (err) {
      // The messages' writes go; the ante's (fee, sequence) stay, as in the SDK.
      const { result } = failed(err, gasLimit, meter.consumed);
      if (mode === "deliver") anteBranch.write();
      return {
        result: { ...result, log: `failed to execute message; message index: ${index}: ${result.log}`, events: [...markIndexed(anteCtx.events)] },
        msgResponses: [],
      };
    }
    if (mode === "deliver") {
      msgBranch.write();
      anteBranch.write();
    }
    const data = encodeTxMsgData(msgResponses);
    return {
      result: { gasWanted: gasLimit, gasUsed: meter.consumed, data, events: [...markIndexed(anteCtx.events), ...markIndexed(events)] },
      msgResponses,
      txGasLimit: tx.authInfo.fee?.gasLimit ?? 0n,
    };
  }
}

function failed(err: unknown, gasWanted: bigint, gasUsed: bigint): Outcome {
  if (isFatal(err)) throw err;
  const { codespace, code, log } = errorResult(err);
  return { result: { codespace, code, log, gasWanted, gasUsed }, msgResponses: [] };
}
