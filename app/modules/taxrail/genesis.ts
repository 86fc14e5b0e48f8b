// Taxrail genesis: chain.taxrail.GenesisState in proto-JSON with snake_case names. Rules are held
// to the rules a transaction would be held to (a rule's jurisdiction need not have an authority:
// governance may set one without), except today's max_rate_bps, which a rule set before governance
// lowered it may exceed. Balances must sum to what bank's genesis credited the taxrail module
// account, so the invariant holds from the first block; taxrail's genesis runs after bank's for
// that reason. Export writes the same shape back.
import { create, fromJson, toJson } from "@bufbuild/protobuf";
import { GenesisStateSchema, TaxRuleSchema, type GenesisState } from "../../../gen/chain/taxrail/taxrail_pb.js";
import { accAddressToString, parseAccAddress } from "../../../common/address.js";
import { parseCoins } from "../../coins/coins.js";
import type { Context } from "../../context.js";
import type { StateReader } from "../../store/types.js";
import { brokenInvariants } from "./invariants.js";
import type { TaxrailKeeper } from "./keeper.js";
import { BPS_DENOMINATOR, defaultTaxrailParams, validateJurisdictionCode, validateParams, validateRate } from "./validation.js";

const JSON_OPTIONS = { useProtoFieldName: true, alwaysEmitImplicit: true } as const;

export function defaultTaxrailGenesis(): unknown {
  return toJson(GenesisStateSchema, create(GenesisStateSchema, { params: defaultTaxrailParams(), rules: [], balances: [] }), JSON_OPTIONS);
}

/** The module's whole state as genesis JSON: what initTaxrailGenesis reads back. */
export function exportTaxrailGenesis(state: StateReader, keeper: TaxrailKeeper): unknown {
  const g = create(GenesisStateSchema, { params: keeper.getParams(state), rules: keeper.rules(state), balances: keeper.balances(state) });
  return toJson(GenesisStateSchema, g, JSON_OPTIONS);
}

/** Runs `check`, turning any failure into a plain error naming the genesis field. */
function at<T>(where: string, check: () => T): T {
  try {
    return check();
  } catch (err) {
    throw new Error(`taxrail genesis${where ? ` ${where}` : ""}: ${(err as Error).message}`);
  }
}

function parseGenesis(raw: unknown): GenesisState {
  return at("", () => fromJson(GenesisStateSchema, raw as never));
}

export function initTaxrailGenesis(ctx: Context, keeper: TaxrailKeeper, raw: unknown): void {
  const g = parseGenesis(raw);
  const params = at("params", () => validateParams(g.params ?? defaultTaxrailParams()));
  keeper.setParams(ctx, params);

  for (const [i, r] of g.rules.entries()) {
    const where = `rules[${i}]`;
    at(`${where}.jurisdiction_code`, () => validateJurisdictionCode(r.jurisdictionCode));
    // At most 100 %, not max_rate_bps: a rule set before governance lowered the cap stays stored
    // (the cap binds it when tax is charged: keeper.effectiveRateBps), so an exported state must import back.
    at(`${where}.rate_bps`, () => validateRate(r.rateBps, BPS_DENOMINATOR));
    const setBy = accAddressToString(at(`${where}.set_by`, () => parseAccAddress(r.setBy, "set_by")));
    if (keeper.getRule(ctx.store, r.jurisdictionCode)) throw new Error(`taxrail genesis ${where}: duplicate rule for ${r.jurisdictionCode}`);
    keeper.setRule(ctx, create(TaxRuleSchema, { jurisdictionCode: r.jurisdictionCode, rateBps: r.rateBps, setBy, updatedAt: r.updatedAt ?? ctx.header.time }));
  }

  const seen = new Set<string>();
  for (const [i, b] of g.balances.entries()) {
    const where = `balances[${i}]`;
    at(`${where}.jurisdiction_code`, () => validateJurisdictionCode(b.jurisdictionCode));
    if (seen.has(b.jurisdictionCode)) throw new Error(`taxrail genesis ${where}: duplicate balance for ${b.jurisdictionCode}`);
    seen.add(b.jurisdictionCode);
    const collected = at(`${where}.collected`, () => parseCoins(b.collected));
    const balance = at(`${where}.balance`, () => parseCoins(b.balance));
    for (const c of balance) {
      const total = collected.find((x) => x.denom === c.denom)?.amount ?? 0n;
      if (total < c.amount) throw new Error(`taxrail genesis ${where}.balance: ${c.amount}${c.denom} is more than the ${total}${c.denom} collected`);
    }
    keeper.setBalance(ctx, { jurisdictionCode: b.jurisdictionCode, collected, balance });
  }

  const broken = brokenInvariants(ctx.store, keeper);
  if (broken.length > 0) throw new Error(`taxrail genesis balances: ${broken.join("; ")} (credit the taxrail module account in bank's genesis)`);
}
