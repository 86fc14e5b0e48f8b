// Random registry and taxrail operations for the simulation: assets registered by jurisdiction
// authorities, transfers between the engine's accounts (each paying its jurisdiction's tax through
// taxrail), tax rules and withdrawals, valid and deliberately invalid. A small model of the chain
// (who is each jurisdiction's authority, who owns each asset, each jurisdiction's uunit tax
// balance) follows the committed txs and events, so most valid attempts are likely to succeed and
// every `mustFail` variant fails whatever else the block holds.
import type { Any } from "@bufbuild/protobuf/wkt";
import { MsgRegisterAssetResponseSchema, MsgRegisterAssetSchema, MsgTransferAssetResponseSchema } from "../../../gen/chain/registry/tx_pb.js";
import { MsgSetTaxRuleSchema } from "../../../gen/chain/taxrail/tx_pb.js";
import { FEE_COLLECTOR, GOV_ACCOUNT, moduleAddress } from "../../../common/moduleAccounts.js";
import { formatAccountAddress } from "../../../sdk/crypto/accountAddress.js";
import { packAny } from "../../../sdk/tx/index.js";
import { msgRegisterAsset, msgTransferAsset } from "../../../sdk/tx/registryMessages.js";
import { msgSetTaxRule, msgWithdrawTax } from "../../../sdk/tx/taxrailMessages.js";
import { firstResponse, ROLES, takesInvalid, typedAttr, type OpContext, type Planned, type SimEvent } from "./ops.js";

/** The jurisdictions governance moves authorities among; US-CA and DE have one at genesis, FR not. */
export const JURISDICTIONS = ["US-CA", "DE", "FR"] as const;
/** A valid code that never gets an authority: nobody but governance can act there. */
export const AUTHORITYLESS_JURISDICTION = "JP";
/** Rates valid ops and proposals set (0 to this); governance keeps max_rate_bps at 100 to 3000, so some exceed the cap of the day. */
export const MAX_SIM_RATE_BPS = 1_000;
/** Governance keeps max_asset_class_length at 3 to 32; the classes used are 3 to 7 long. */
const CLASSES = ["land", "vehicle", "art", "house"];
const UNIT = 1_000_000n;
const GOV_ADDRESS = formatAccountAddress(moduleAddress(GOV_ACCOUNT));
const FEE_COLLECTOR_ADDRESS = formatAccountAddress(moduleAddress(FEE_COLLECTOR));

interface AssetModel {
  id: bigint;
  jurisdictionCode: string;
  owner: string;
  metadataHash: string;
}

export class RegistryTaxrailSim {
  /** Account index of each jurisdiction's authority (absent: none), as of the last committed block. */
  private readonly authority: Record<string, number | undefined> = {};
  /** Each jurisdiction's uunit tax balance. */
  private readonly taxBalance: Record<string, bigint> = {};
  /** Registered assets in id order. */
  private readonly assets: AssetModel[] = [];
  /** Assets a transfer planned in the current block may move (a "not the owner" variant avoids them). */
  private touched = new Set<bigint>();

  constructor(private readonly addrs: readonly string[]) {
    this.authority["US-CA"] = ROLES.jurisdictionAuthorities[0];
    this.authority["DE"] = ROLES.jurisdictionAuthorities[1];
  }

  /** Genesis: the two jurisdiction authorities above, and their tax rules (3 % and 1.5 %). */
  editGenesis(state: Record<string, unknown>): Record<string, unknown> {
    const registry = state.registry as Record<string, unknown>;
    const taxrail = state.taxrail as Record<string, unknown>;
    const names: Record<string, string> = { "US-CA": "California", DE: "Germany" };
    return {
      ...state,
      registry: {
        ...registry,
        jurisdictions: JURISDICTIONS.filter((code) => this.authority[code] !== undefined).map((code) => ({
          jurisdiction_code: code,
          authority: this.addrs[this.authority[code]!],
          name: names[code],
        })),
      },
      taxrail: {
        ...taxrail,
        rules: [
          { jurisdiction_code: "DE", rate_bps: 150, set_by: this.addrs[ROLES.jurisdictionAuthorities[1]] },
          { jurisdiction_code: "US-CA", rate_bps: 300, set_by: this.addrs[ROLES.jurisdictionAuthorities[0]] },
        ],
      },
    };
  }

  beginBlock(): void {
    this.touched = new Set();
  }

  /** Governance moves authorities in its end block: the model learns it from the events. */
  observe(e: SimEvent): void {
    if (e.type === "chain.registry.EventJurisdictionAuthoritySet") {
      const index = this.addrs.indexOf(typedAttr(e, "authority"));
      this.authority[typedAttr(e, "jurisdiction_code")] = index >= 0 ? index : undefined;
    } else if (e.type === "chain.registry.EventJurisdictionAuthorityRemoved") {
      this.authority[typedAttr(e, "jurisdiction_code")] = undefined;
    }
  }

  private withAuthority(): string[] {
    return JURISDICTIONS.filter((code) => this.authority[code] !== undefined);
  }

  /** The assets the engine's accounts own (strangers' are stuck: nobody holds their keys). */
  private ownedAssets(): AssetModel[] {
    return this.assets.filter((a) => this.addrs.includes(a.owner));
  }

  /** An id no asset has, nor can get within one block. */
  private get unknownAssetId(): bigint {
    return BigInt(this.assets.length) + 1_000n;
  }

  async register(c: OpContext): Promise<Planned> {
    const kind = "registry/register";
    const codes = this.withAuthority();
    const owner = c.int(6) === 0 ? c.pick(c.strangers) : c.pick(c.addrs);
    const input = {
      jurisdictionCode: codes.length > 0 ? c.pick(codes) : AUTHORITYLESS_JURISDICTION,
      assetClass: c.pick(CLASSES),
      owner,
      metadataHash: c.freshHash("asset"),
      declaredValue: { denom: "uunit", amount: ((1n + BigInt(c.int(1_000))) * UNIT).toString() },
    };
    const signer = this.authority[input.jurisdictionCode] ?? c.pick(ROLES.nobody);
    const authority = c.addrs[signer]!;
    if (!takesInvalid(c, codes.length > 0)) {
      return {
        kind,
        tx: await c.cosmosTx(signer, [msgRegisterAsset({ ...input, authority })]),
        onOk: (res) => {
          const { assetId } = firstResponse(res, MsgRegisterAssetResponseSchema);
          this.assets.push({ id: assetId, jurisdictionCode: input.jurisdictionCode, owner, metadataHash: input.metadataHash });
        },
      };
    }
    const sent = async (from: number, msg: Any): Promise<Planned> => ({ kind, tx: await c.cosmosTx(from, [msg]), mustFail: true });
    const variants = [
      // A signer that is never a jurisdiction's authority.
      () => {
        const from = c.pick(ROLES.nobody);
        return sent(from, msgRegisterAsset({ ...input, authority: c.addrs[from]! }));
      },
      () => sent(signer, msgRegisterAsset({ ...input, jurisdictionCode: AUTHORITYLESS_JURISDICTION, authority })),
      // Longer than any max_asset_class_length governance sets (at most 32), within the hard limit of 64.
      () => sent(signer, msgRegisterAsset({ ...input, assetClass: "a".repeat(40), authority })),
      async (): Promise<Planned> => {
        const msg = packAny(MsgRegisterAssetSchema, { ...input, declaredValue: { denom: "uunit", amount: "0" }, authority });
        return { kind, tx: await c.refusedTx(signer, [msg]), mustFail: true };
      },
    ];
    // The metadata hash index is permanent: a title document registers once.
    if (this.assets.length > 0) variants.push(() => sent(signer, msgRegisterAsset({ ...input, metadataHash: c.pick(this.assets).metadataHash, authority })));
    return c.pick(variants)();
  }

  async transfer(c: OpContext): Promise<Planned> {
    const kind = "registry/transfer";
    const owned = this.ownedAssets();
    const price = { denom: "uunit", amount: ((1n + BigInt(c.int(100))) * UNIT).toString() };
    const unknown = async (): Promise<Planned> => {
      const from = c.int(c.addrs.length);
      const msg = msgTransferAsset({ owner: c.addrs[from]!, assetId: this.unknownAssetId, newOwner: c.pick(c.strangers), price });
      return { kind, tx: await c.cosmosTx(from, [msg]), mustFail: true };
    };
    // Nothing to transfer yet: usually register something first.
    if (owned.length === 0) return c.int(4) === 0 ? unknown() : this.register(c);
    const asset = c.pick(owned);
    const from = c.addrs.indexOf(asset.owner);
    const others = c.addrs.filter((a) => a !== asset.owner);
    const newOwner = c.int(6) === 0 ? c.pick(c.strangers) : c.pick(others);
    if (!takesInvalid(c, true)) {
      this.touched.add(asset.id);
      // Sometimes priced in a denom nobody holds: fine where the rate is 0, refused where tax is due.
      const priced = c.int(10) === 0 ? { denom: "uatom", amount: price.amount } : price;
      return {
        kind,
        tx: await c.cosmosTx(from, [msgTransferAsset({ owner: asset.owner, assetId: asset.id, newOwner, price: priced })]),
        onOk: (res) => {
          const { taxPaid } = firstResponse(res, MsgTransferAssetResponseSchema);
          asset.owner = newOwner;
          if (taxPaid?.denom === "uunit") this.taxBalance[asset.jurisdictionCode] = (this.taxBalance[asset.jurisdictionCode] ?? 0n) + BigInt(taxPaid.amount);
        },
      };
    }
    const refused = async (msg: Any): Promise<Planned> => ({ kind, tx: await c.refusedTx(from, [msg]), mustFail: true });
    const variants = [
      unknown,
      () => refused(msgTransferAsset({ owner: asset.owner, assetId: asset.id, newOwner: asset.owner, price })),
      // A zero price would carry an asset past its tax.
      () => refused(msgTransferAsset({ owner: asset.owner, assetId: asset.id, newOwner, price: { denom: "uunit", amount: "0" } })),
    ];
    if (!this.touched.has(asset.id)) {
      // Not the owner, and no transfer earlier in this block can make it one.
      variants.push(async () => {
        const thief = c.addrs.indexOf(c.pick(others));
        const msg = msgTransferAsset({ owner: c.addrs[thief]!, assetId: asset.id, newOwner: c.pick(c.strangers), price });
        return { kind, tx: await c.cosmosTx(thief, [msg]), mustFail: true };
      });
    }
    return c.pick(variants)();
  }

  async setRule(c: OpContext): Promise<Planned> {
    const kind = "taxrail/set-rule";
    const codes = this.withAuthority();
    const rateBps = c.int(MAX_SIM_RATE_BPS + 1);
    const code = codes.length > 0 ? c.pick(codes) : c.pick(JURISDICTIONS);
    const signer = this.authority[code] ?? c.pick(ROLES.nobody);
    const authority = c.addrs[signer]!;
    if (!takesInvalid(c, codes.length > 0)) return { kind, tx: await c.cosmosTx(signer, [msgSetTaxRule({ authority, jurisdictionCode: code, rateBps })]) };
    const sent = async (from: number, msg: Any): Promise<Planned> => ({ kind, tx: await c.cosmosTx(from, [msg]), mustFail: true });
    const variants = [
      () => {
        const from = c.pick(ROLES.nobody);
        return sent(from, msgSetTaxRule({ authority: c.addrs[from]!, jurisdictionCode: code, rateBps }));
      },
      // Only governance sets the rule of a jurisdiction without an authority.
      () => sent(signer, msgSetTaxRule({ authority, jurisdictionCode: AUTHORITYLESS_JURISDICTION, rateBps })),
      // Above every max_rate_bps governance sets (at most 3000), below 100 %: refused against the params.
      () => sent(signer, msgSetTaxRule({ authority, jurisdictionCode: code, rateBps: 5_000 })),
      async (): Promise<Planned> => {
        const msg = packAny(MsgSetTaxRuleSchema, { authority, jurisdictionCode: code, rateBps: 20_000 });
        return { kind, tx: await c.refusedTx(signer, [msg]), mustFail: true };
      },
    ];
    return c.pick(variants)();
  }

  async withdraw(c: OpContext): Promise<Planned> {
    const kind = "taxrail/withdraw";
    const codes = this.withAuthority();
    // A jurisdiction that has collected something, if any.
    const funded = codes.filter((code) => (this.taxBalance[code] ?? 0n) > 0n);
    // Nothing collected yet: usually transfer something first.
    if (funded.length === 0 && c.int(2) === 0) return this.transfer(c);
    const code = c.pick(funded.length > 0 ? funded : codes.length > 0 ? codes : JURISDICTIONS);
    const signer = this.authority[code] ?? c.pick(ROLES.nobody);
    const authority = c.addrs[signer]!;
    const balance = this.taxBalance[code] ?? 0n;
    const coins = (amount: bigint) => [{ denom: "uunit", amount: amount.toString() }];
    if (!takesInvalid(c, funded.length > 0)) {
      const amount = 1n + (BigInt(c.int(1_000_000_000)) % balance);
      const recipient = c.pick([...c.addrs, ...c.strangers, GOV_ADDRESS]);
      return {
        kind,
        tx: await c.cosmosTx(signer, [msgWithdrawTax({ authority, jurisdictionCode: code, recipient, amount: coins(amount) })]),
        onOk: () => {
          this.taxBalance[code] = (this.taxBalance[code] ?? 0n) - amount;
        },
      };
    }
    const sent = async (from: number, msg: Any): Promise<Planned> => ({ kind, tx: await c.cosmosTx(from, [msg]), mustFail: true });
    const variants = [
      () => {
        const from = c.pick(ROLES.nobody);
        return sent(from, msgWithdrawTax({ authority: c.addrs[from]!, jurisdictionCode: code, recipient: c.addrs[from]!, amount: coins(1n) }));
      },
      // More than the balance plus any tax a block could collect.
      () => sent(signer, msgWithdrawTax({ authority, jurisdictionCode: code, recipient: authority, amount: coins(balance + 10n ** 15n) })),
      // Module accounts other than gov's receive only through their modules.
      () => sent(signer, msgWithdrawTax({ authority, jurisdictionCode: code, recipient: FEE_COLLECTOR_ADDRESS, amount: coins(1n) })),
    ];
    return c.pick(variants)();
  }
}
