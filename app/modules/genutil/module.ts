// The genutil module: genesis transactions. Its genesis runs last among the modules with state
// (after staking's, whose params and gen_validators it builds on): each gentx is delivered through
// the tx pipeline, then staking's validator set is computed and handed to CometBFT.
import { type Registry } from "@bufbuild/protobuf";
import type { AppModule, ValidatorUpdate } from "../../module.js";
import type { Context } from "../../context.js";
import { Branch } from "../../store/branch.js";
import type { TxEnv, TxResult } from "../../tx/processor.js";
import { defaultGenutilGenesis, describeFailure, genTxsOf, MODULE_NAME, parseGenTxJson, txRawBytes } from "./genesis.js";

/** What delivers a gentx: the app's Cosmos tx pipeline and the types its Anys may hold. */
export interface GenesisTxPipeline {
  deliver(env: TxEnv, tx: Uint8Array): TxResult;
  registry: Registry;
}

export interface GenutilDeps {
  /** Set by the composition root once the tx pipeline exists (it is built after the modules). */
  pipeline: () => GenesisTxPipeline | undefined;
  /** Staking's end-block validator set computation: the validators the gentxs created. */
  applyValidatorSetUpdates: (ctx: Context) => ValidatorUpdate[];
}

export function genutilModule(deps: GenutilDeps): AppModule {
  return {
    name: MODULE_NAME,
    defaultGenesis: defaultGenutilGenesis,
    initGenesis: (ctx, genesis) => deliverGenTxs(ctx, genTxsOf(genesis), deps),
  };
}

function deliverGenTxs(ctx: Context, genTxs: ReturnType<typeof genTxsOf>, deps: GenutilDeps): ValidatorUpdate[] {
  if (genTxs.length === 0) return [];
  const pipeline = deps.pipeline();
  if (!pipeline) throw new Error("genutil genesis: gen_txs need the app's tx pipeline, which this wiring lacks");
  if (!(ctx.store instanceof Branch)) throw new Error("genutil genesis: gen_txs are delivered on the InitChain branch");
  for (const [i, json] of genTxs.entries()) {
    let bytes: Uint8Array;
    try {
      bytes = txRawBytes(parseGenTxJson(json, pipeline.registry));
    } catch (err) {
      throw new Error(`genutil genesis gen_txs[${i}]: not a tx: ${(err as Error).message}`);
    }
    const result = pipeline.deliver({ header: ctx.header, state: ctx.store, logger: ctx.logger }, bytes);
    if ((result.code ?? 0) !== 0) throw new Error(`genutil genesis gen_txs[${i}]: ${describeFailure(result)}`);
  }
  return deps.applyValidatorSetUpdates(ctx);
}
