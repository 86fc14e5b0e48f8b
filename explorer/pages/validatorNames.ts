// CometBFT knows validators by consensus key and power; staking knows their names. This joins the
// two so every list shows a moniker next to the power.
import { Query as StakingQuery } from "../../gen/cosmos/staking/v1beta1/query_pb.js";
import { PubKeySchema as Ed25519PubKeySchema } from "../../gen/cosmos/crypto/ed25519/keys_pb.js";
import { anyUnpack } from "@bufbuild/protobuf/wkt";
import type { Validator } from "../../gen/cosmos/staking/v1beta1/staking_pb.js";
import type { PageContext } from "../context.js";
import { bytesToBase64 } from "../format.js";

export interface NamedValidator {
  moniker: string;
  operator: string;
  /** base64 of the ed25519 consensus key, as CometBFT's validators list shows it. */
  consensusKey: string;
  validator: Validator;
}

export async function stakingValidators(ctx: PageContext): Promise<NamedValidator[]> {
  const { validators } = await ctx.query(StakingQuery.method.validators, { pagination: { limit: 200n } });
  return validators.map((validator) => {
    const key = validator.consensusPubkey ? anyUnpack(validator.consensusPubkey, Ed25519PubKeySchema) : undefined;
    return {
      moniker: validator.description?.moniker || validator.operatorAddress,
      operator: validator.operatorAddress,
      consensusKey: key ? bytesToBase64(key.key) : "",
      validator,
    };
  });
}
