// The only code that reads or writes the consensus module's record: CometBFT's consensus params.
// InitChain stores what CometBFT sent (the app calls initParams, as the SDK's baseapp stores them
// through the consensus keeper), MsgUpdateParams replaces them, and the app reads them for its
// proposal checks and to tell CometBFT of a change at the end of the block (app/app.ts).
import { fromBinary, toBinary } from "@bufbuild/protobuf";
import { ConsensusParamsSchema, type ConsensusParams } from "../../../gen/tendermint/types/params_pb.js";
import type { Context } from "../../context.js";
import { StoreKey } from "../../storeKey.js";
import type { StateReader } from "../../store/types.js";
import { MODULE_NAME, PARAMS_KEY } from "./keys.js";

export interface ConsensusKeeperOptions {
  /** The address governance-only messages must carry as their authority (the gov module account). */
  authority: string;
  /**
   * Key types every validator of this chain has (staking creates ed25519 keys only): an update
   * must keep allowing them, or CometBFT would halt at the next change of a validator's power.
   */
  validatorKeyTypes: readonly string[];
  /** The params of a chain started before this record existed, read where the record is absent. */
  legacyParams?: (state: StateReader) => ConsensusParams | undefined;
}

export class ConsensusKeeper {
  readonly authority: string;
  readonly validatorKeyTypes: readonly string[];
  private readonly legacyParams: ((state: StateReader) => ConsensusParams | undefined) | undefined;

  constructor(options: ConsensusKeeperOptions) {
    this.authority = options.authority;
    this.validatorKeyTypes = options.validatorKeyTypes;
    this.legacyParams = options.legacyParams;
  }

  private readonly key = new StoreKey(MODULE_NAME);

  /** The params in `state`: the record, else a legacy chain's, else none (InitChain sent none). */
  getParams(state: StateReader): ConsensusParams | undefined {
    const raw = this.key.read(state).get(PARAMS_KEY);
    return raw ? fromBinary(ConsensusParamsSchema, raw) : this.legacyParams?.(state);
  }

  setParams(ctx: Context, params: ConsensusParams): void {
    this.key.write(ctx).set(PARAMS_KEY, toBinary(ConsensusParamsSchema, params));
  }

  /** InitChain's params, kept whole (version and abci included) as CometBFT sent them. */
  initParams(ctx: Context, params: ConsensusParams): void {
    this.setParams(ctx, params);
  }
}
