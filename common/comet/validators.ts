// CometBFT's validator set at a height (`/validators`), all pages read, in CometBFT's order
// (voting power, then address), with the SDK's shapes: bech32 consensus addresses and Any keys.
import { ValidatorSchema, type Validator } from "../../gen/cosmos/base/tendermint/v1beta1/query_pb.js";
import { PubKeySchema as Ed25519PubKeySchema } from "../../gen/cosmos/crypto/ed25519/keys_pb.js";
import { create } from "@bufbuild/protobuf";
import { encodeBech32 } from "../../sdk/crypto/bech32.js";
import { BECH32_PREFIX_CONSENSUS } from "../../sdk/crypto/prefixes.js";
import { packAny } from "../../sdk/tx/registry.js";
import { GrpcCode } from "../errors.js";
import { QueryError } from "../grpc/queryError.js";
import { heightError } from "./blocks.js";
import type { Json } from "./json.js";
import type { CometRpcClient } from "./rpcClient.js";

/** CometBFT's largest page of validators. */
const PER_PAGE = 100;

export async function getValidatorSet(
  comet: CometRpcClient,
  height: bigint | undefined,
  signal?: AbortSignal,
): Promise<{ blockHeight: bigint; validators: Validator[] }> {
  if (height !== undefined && height < 1n) throw new QueryError(GrpcCode.INVALID_ARGUMENT, `block height must be greater than 0, got ${height}`);
  const validators: Validator[] = [];
  let blockHeight = 0n;
  try {
    for (let page = 1; ; page++) {
      const res = await comet.call(
        "validators",
        { ...(height === undefined ? {} : { height: height.toString() }), page: String(page), per_page: String(PER_PAGE) },
        signal,
      );
      blockHeight = res.get("block_height").bigint();
      for (const v of res.get("validators").list()) validators.push(validatorFromJson(v));
      if (validators.length >= res.get("total").int() || res.get("count").int() === 0) break;
    }
  } catch (err) {
    throw heightError(err, height);
  }
  return { blockHeight, validators };
}

function validatorFromJson(v: Json): Validator {
  const key = v.get("pub_key");
  if (key.get("type").str() !== "tendermint/PubKeyEd25519")
    throw new QueryError(GrpcCode.INTERNAL, `validator key type ${key.get("type").str()} is not supported`);
  return create(ValidatorSchema, {
    address: encodeBech32(BECH32_PREFIX_CONSENSUS, v.get("address").hex()),
    pubKey: packAny(Ed25519PubKeySchema, { key: key.get("value").base64() }),
    votingPower: v.get("voting_power").bigint(),
    proposerPriority: v.get("proposer_priority").bigint(),
  });
}
