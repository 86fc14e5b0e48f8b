// Mint genesis in the SDK's JSON shape (cosmos.mint.v1beta1.GenesisState) with LegacyDec fields in
// decimal form ("0.670000000000000000"), as SDK genesis files print them. Params and minter must
// describe zero inflation (params.ts).
import { fromJson, toJson, type JsonObject, type JsonValue } from "@bufbuild/protobuf";
import { GenesisStateSchema } from "../../../gen/cosmos/mint/v1beta1/genesis_pb.js";
import { MinterSchema, ParamsSchema, type Minter, type Params } from "../../../gen/cosmos/mint/v1beta1/mint_pb.js";
import { formatDec, parseDec } from "../../../sdk/math/dec.js";
import type { Context } from "../../context.js";
import type { StateReader } from "../../store/types.js";
import type { MintKeeper } from "./keeper.js";
import { decFromWire, decToWire, defaultParams, zeroMinter } from "./params.js";

const JSON_OPTIONS = { useProtoFieldName: true, alwaysEmitImplicit: true } as const;
const PARAMS_DECS = ["inflation_rate_change", "inflation_max", "inflation_min", "goal_bonded"] as const;
const MINTER_DECS = ["inflation", "annual_provisions"] as const;

/** A message's JSON with the named LegacyDec fields rewritten by `convert`. */
function mapDecs(json: JsonValue | undefined, names: readonly string[], convert: (text: string, name: string) => string): JsonValue | undefined {
  if (json === null || typeof json !== "object" || Array.isArray(json)) return json;
  const out: JsonObject = { ...json };
  for (const name of names) if (typeof out[name] === "string") out[name] = convert(out[name], name);
  return out;
}

function decimalToWire(text: string, name: string): string {
  try {
    return decToWire(parseDec(text));
  } catch {
    throw new Error(`${name}: "${text.slice(0, 80)}" is not a non-negative decimal such as 0.67`);
  }
}

export function mintGenesisJson(params: Params, minter: Minter): unknown {
  const wireToDecimal = (text: string, name: string) => formatDec(decFromWire(text, name));
  return {
    minter: mapDecs(toJson(MinterSchema, minter, JSON_OPTIONS), MINTER_DECS, wireToDecimal),
    params: mapDecs(toJson(ParamsSchema, params, JSON_OPTIONS), PARAMS_DECS, wireToDecimal),
  };
}

export function defaultMintGenesis(): unknown {
  return mintGenesisJson(defaultParams(), zeroMinter());
}

export function initMintGenesis(ctx: Context, keeper: MintKeeper, raw: unknown): void {
  if (raw === null || typeof raw !== "object" || Array.isArray(raw)) throw new Error("mint genesis: expected an object with params and minter");
  let g;
  try {
    const json = raw as JsonObject;
    g = fromJson(
      GenesisStateSchema,
      { ...json, minter: mapDecs(json.minter, MINTER_DECS, decimalToWire) ?? null, params: mapDecs(json.params, PARAMS_DECS, decimalToWire) ?? null },
      { ignoreUnknownFields: false },
    );
  } catch (err) {
    throw new Error(`mint genesis: ${(err as Error).message}`);
  }
  try {
    keeper.setParams(ctx, g.params ?? defaultParams());
    keeper.setMinter(ctx, g.minter ?? zeroMinter());
  } catch (err) {
    throw new Error(`mint genesis: ${(err as Error).message}`);
  }
}

/** The params and minter in `state` (the SDK's ExportGenesis). */
export function exportMintGenesis(state: StateReader, keeper: MintKeeper): unknown {
  return mintGenesisJson(keeper.getParams(state), keeper.getMinter(state));
}
