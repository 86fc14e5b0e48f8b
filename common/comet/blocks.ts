// Block reads shared by the tendermint and tx services, with CometBFT's height errors turned into
// statuses a client can act on: a future height is OUT_OF_RANGE (it will exist), a height below
// the block store's base is NOT_FOUND (pruned for good).
import type { Timestamp } from "@bufbuild/protobuf/wkt";
import { GrpcCode } from "../errors.js";
import { QueryError } from "../grpc/queryError.js";
import { headerFromJson, resultBlockFromJson, type ResultBlock } from "./block.js";
import { CometRpcError, type CometRpcClient } from "./rpcClient.js";

/** The block at `height`, or the latest one when `height` is undefined. */
export async function getBlock(comet: CometRpcClient, height: bigint | undefined, signal?: AbortSignal): Promise<ResultBlock> {
  if (height !== undefined && height < 1n) throw new QueryError(GrpcCode.INVALID_ARGUMENT, `block height must be greater than 0, got ${height}`);
  try {
    return resultBlockFromJson(await comet.block(height, signal));
  } catch (err) {
    throw heightError(err, height);
  }
}

/** The header time of the block at `height`: a committed tx's timestamp. */
export async function getBlockTime(comet: CometRpcClient, height: bigint, signal?: AbortSignal): Promise<Timestamp> {
  try {
    const header = headerFromJson((await comet.header(height, signal)).get("header"));
    if (!header.time) throw new QueryError(GrpcCode.INTERNAL, `block ${height} has no time`);
    return header.time;
  } catch (err) {
    throw heightError(err, height);
  }
}

export function heightError(err: unknown, height: bigint | undefined): unknown {
  if (!(err instanceof CometRpcError)) return err;
  // CometBFT: "height 99 must be less than or equal to the current blockchain height 12"
  if (/must be less than or equal to the current blockchain height/.test(err.data)) {
    return new QueryError(GrpcCode.OUT_OF_RANGE, `requested block height ${height} is above the chain's height: ${err.data}`);
  }
  // CometBFT: "height 3 is not available, lowest height is 10"
  if (/is not available, lowest height is/.test(err.data)) return new QueryError(GrpcCode.NOT_FOUND, `block ${height} has been pruned: ${err.data}`);
  return err;
}
