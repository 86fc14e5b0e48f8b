// The only code that touches mint's keys: its params and minter. Absent records read as the
// defaults (zero inflation), so a chain started before the module existed answers the same.
import { toBinary } from "@bufbuild/protobuf";
import { MinterSchema, ParamsSchema, type Minter, type Params } from "../../../gen/cosmos/mint/v1beta1/mint_pb.js";
import type { Context } from "../../context.js";
import { getMessage } from "../../store/messages.js";
import { StoreKey } from "../../storeKey.js";
import type { StateReader } from "../../store/types.js";
import { MINTER_KEY, MODULE_NAME, PARAMS_KEY } from "./keys.js";
import { defaultParams, validateMinter, validateParams, zeroMinter } from "./params.js";

export class MintKeeper {
  private readonly key = new StoreKey(MODULE_NAME);

  getParams(state: StateReader): Params {
    return getMessage(this.key.read(state), PARAMS_KEY, ParamsSchema) ?? defaultParams();
  }

  /** Validates (throws an Error naming the field) and stores params. */
  setParams(ctx: Context, params: Params): void {
    validateParams(params);
    this.key.write(ctx).set(PARAMS_KEY, toBinary(ParamsSchema, params));
  }

  getMinter(state: StateReader): Minter {
    return getMessage(this.key.read(state), MINTER_KEY, MinterSchema) ?? zeroMinter();
  }

  setMinter(ctx: Context, minter: Minter): void {
    validateMinter(minter);
    this.key.write(ctx).set(MINTER_KEY, toBinary(MinterSchema, minter));
  }
}
