// Slashing genesis in the SDK's JSON shape (cosmos.slashing.v1beta1.GenesisState, snake_case):
// params with the decimals in decimal form ("0.500000000000000000"), signing infos and missed
// blocks by consensus address. Records are checked against each other (an index inside the
// window, a counter equal to the missed blocks listed), since a wrong counter would go negative.
import { create, fromJson, toJson, type JsonObject, type JsonValue } from "@bufbuild/protobuf";
import { GenesisStateSchema } from "../../../gen/cosmos/slashing/v1beta1/genesis_pb.js";
import { ParamsSchema, type Params } from "../../../gen/cosmos/slashing/v1beta1/slashing_pb.js";
import { consAddressToString, parseConsAddress } from "../../../common/address.js";
import { formatDec, parseDec } from "../../../sdk/math/dec.js";
import type { Context } from "../../context.js";
import type { StateReader } from "../../store/types.js";
import type { SlashingKeeper } from "./keeper.js";
import { defaultParams, paramsOf, parseParams } from "./params.js";

const DECIMAL_PARAMS = ["min_signed_per_window", "slash_fraction_double_sign", "slash_fraction_downtime"] as const;

export function paramsToJson(params: Params): JsonObject {
  const json = toJson(ParamsSchema, params, { useProtoFieldName: true, alwaysEmitImplicit: true }) as JsonObject;
  for (const name of DECIMAL_PARAMS) json[name] = formatDec(BigInt((json[name] as string) || "0"));
  return json;
}

export function defaultSlashingGenesis(): unknown {
  return { params: paramsToJson(defaultParams()), signing_infos: [], missed_blocks: [] };
}

/** Genesis params JSON with the decimals turned into atomics text, the stored form. */
function paramsFromJson(raw: JsonValue | undefined): Params {
  if (raw === undefined || raw === null) return defaultParams();
  if (typeof raw !== "object" || Array.isArray(raw)) throw new Error("params must be an object");
  const json: JsonObject = { ...raw };
  for (const name of DECIMAL_PARAMS) {
    const value = json[name];
    if (value === undefined) continue;
    if (typeof value !== "string") throw new Error(`${name} must be a decimal string such as "0.5"`);
    json[name] = parseDec(value).toString();
  }
  return paramsOf(parseParams(fromJson(ParamsSchema, json)));
}

export function initSlashingGenesis(ctx: Context, keeper: SlashingKeeper, raw: unknown): void {
  try {
    initGenesis(ctx, keeper, raw);
  } catch (err) {
    throw new Error(`slashing genesis: ${(err as Error).message}`);
  }
}

function initGenesis(ctx: Context, keeper: SlashingKeeper, raw: unknown): void {
  if (raw === null || typeof raw !== "object" || Array.isArray(raw)) throw new Error("must be an object");
  const { params: rawParams, ...rest } = raw as JsonObject;
  const params = paramsFromJson(rawParams);
  const g = fromJson(GenesisStateSchema, rest);
  keeper.setParams(ctx, params);

  const counters = new Map<string, bigint>();
  for (const [i, entry] of g.signingInfos.entries()) {
    const consAddress = parseConsAddress(entry.address, `signing_infos[${i}].address`);
    const address = consAddressToString(consAddress);
    if (counters.has(address)) throw new Error(`signing_infos[${i}]: ${address} is listed twice`);
    const info = entry.validatorSigningInfo ?? keeper.newSigningInfo(consAddress, 0n);
    if (info.startHeight < 0n || info.indexOffset < 0n || info.missedBlocksCounter < 0n)
      throw new Error(`signing_infos[${i}]: start_height, index_offset and missed_blocks_counter cannot be negative`);
    counters.set(address, info.missedBlocksCounter);
    keeper.setSigningInfo(ctx, consAddress, { ...info, address });
  }

  const seen = new Set<string>();
  for (const [i, entry] of g.missedBlocks.entries()) {
    const consAddress = parseConsAddress(entry.address, `missed_blocks[${i}].address`);
    const address = consAddressToString(consAddress);
    if (seen.has(address)) throw new Error(`missed_blocks[${i}]: ${address} is listed twice`);
    seen.add(address);
    let missed = 0n;
    for (const block of entry.missedBlocks) {
      if (block.index < 0n || block.index >= params.signedBlocksWindow)
        throw new Error(`missed_blocks[${i}]: index ${block.index} is outside the signed blocks window [0, ${params.signedBlocksWindow})`);
      if (keeper.getMissedBit(ctx.store, consAddress, block.index)) throw new Error(`missed_blocks[${i}]: index ${block.index} is listed twice`);
      if (!block.missed) continue;
      keeper.setMissedBit(ctx, consAddress, block.index, true);
      missed++;
    }
    if ((counters.get(address) ?? 0n) !== missed)
      throw new Error(`missed_blocks[${i}]: ${address} has ${missed} missed blocks but its signing info counts ${counters.get(address) ?? "none"}`);
  }
  for (const [address, counter] of counters) {
    if (counter !== 0n && !seen.has(address)) throw new Error(`signing info of ${address} counts ${counter} missed blocks that missed_blocks does not list`);
  }
}

/**
 * Params, every signing info and, for each, the window positions it missed (the SDK's
 * ExportGenesis lists only missed positions, one entry per signing info).
 */
export function exportSlashingGenesis(state: StateReader, keeper: SlashingKeeper): JsonValue {
  const infos = keeper.allSigningInfos(state);
  const g = create(GenesisStateSchema, {
    signingInfos: infos.map(({ consAddress, info }) => ({ address: consAddressToString(consAddress), validatorSigningInfo: info })),
    missedBlocks: infos.map(({ consAddress }) => ({
      address: consAddressToString(consAddress),
      missedBlocks: keeper.missedIndexes(state, consAddress).map((index) => ({ index, missed: true })),
    })),
  });
  const json = toJson(GenesisStateSchema, g, { useProtoFieldName: true, alwaysEmitImplicit: true }) as JsonObject;
  return { params: paramsToJson(keeper.getParams(state)), signing_infos: json.signing_infos ?? [], missed_blocks: json.missed_blocks ?? [] };
}
