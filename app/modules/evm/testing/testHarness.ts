// Test-only: the EVM state manager over a real store branch with the real auth, bank and
// precisebank keepers, built as app/modules.ts builds them (its module account list). Balances
// are set up genesis-style: bank genesis balances and supply, precisebank fractions, and a
// reserve that backs them exactly.
import { timestampFromMs } from "@bufbuild/protobuf/wkt";
import { Context } from "../../../context.js";
import { MODULE_ACCOUNTS } from "../../../modules.js";
import { openStore, type Branch, type Store } from "../../../store/index.js";
import { testLogger } from "../../../../test/support/logger.js";
import { accAddressToString } from "../../../../common/address.js";
import { AccountKeeper } from "../../auth/keeper.js";
import { moduleAddress, PRECISEBANK_RESERVE } from "../../../../common/moduleAccounts.js";
import { BankKeeper } from "../../bank/keeper.js";
import { BlockInfoKeeper } from "../../blockinfo/keeper.js";
import { CONVERSION_FACTOR, INTEGER_DENOM } from "../../precisebank/denoms.js";
import { initPrecisebankGenesis } from "../../precisebank/genesis.js";
import { brokenInvariants } from "../../precisebank/invariants.js";
import { PrecisebankKeeper } from "../../precisebank/keeper.js";
import { StoreStateManager } from "../state/stateManager.js";
import { EvmKeeper } from "../state/keeper.js";

export const CF = CONVERSION_FACTOR;

export interface Holding {
  address: Uint8Array;
  /** Full balance in aunit. */
  aunit: bigint;
}

export class EvmHarness {
  readonly store: Store = openStore(":memory:");
  readonly branch: Branch = this.store.begin();
  readonly accounts = new AccountKeeper(MODULE_ACCOUNTS.map((m) => ({ name: m.name, permissions: [...m.permissions] })));
  readonly bank = new BankKeeper(this.accounts);
  readonly precisebank = new PrecisebankKeeper(this.bank, this.accounts);
  readonly reserve = moduleAddress(PRECISEBANK_RESERVE);

  constructor(holdings: Holding[] = []) {
    const ctx = this.ctx();
    for (const m of this.accounts.moduleAccounts) this.accounts.newAccount(ctx, moduleAddress(m.name), { name: m.name, permissions: m.permissions });
    let fractions = 0n;
    for (const h of holdings) fractions += h.aunit % CF;
    const remainder = (CF - (fractions % CF)) % CF;
    const backing = [...holdings.map((h) => ({ address: h.address, uunit: h.aunit / CF })), { address: this.reserve, uunit: (fractions + remainder) / CF }];
    let supply = 0n;
    for (const b of backing) {
      if (b.uunit > 0n) this.bank.setGenesisBalance(ctx, b.address, { denom: INTEGER_DENOM, amount: b.uunit });
      supply += b.uunit;
    }
    this.bank.setSupply(ctx, { denom: INTEGER_DENOM, amount: supply });
    initPrecisebankGenesis(ctx, this.precisebank, {
      balances: holdings.filter((h) => h.aunit % CF !== 0n).map((h) => ({ address: accAddressToString(h.address), amount: (h.aunit % CF).toString() })),
      remainder: remainder.toString(),
    });
  }

  ctx(): Context {
    return new Context(
      { chainId: "unit_2611-1", height: 3n, time: timestampFromMs(1_700_000_000_000), hash: new Uint8Array(32), proposerAddress: new Uint8Array(20) },
      this.branch,
      testLogger,
    );
  }

  manager(): StoreStateManager {
    return new StoreStateManager({ evm: new EvmKeeper(), accounts: this.accounts, precisebank: this.precisebank, blocks: new BlockInfoKeeper() }, this.ctx());
  }

  balance(address: Uint8Array): bigint {
    return this.precisebank.getBalance(this.branch, address);
  }
  sequence(address: Uint8Array): bigint | undefined {
    return this.accounts.getAccount(this.ctx().store, address)?.sequence;
  }
  bankSupply(): bigint {
    return this.bank.getSupply(this.ctx().store, INTEGER_DENOM);
  }
  /** aunit in circulation. */
  totalSupply(): bigint {
    return this.precisebank.totalSupply(this.branch);
  }
  broken(): string[] {
    return brokenInvariants(this.precisebank, this.branch);
  }

  /** Every key and value in the branch, hex, in key order. */
  dump(): string[] {
    return [...this.branch.iterator()].map(({ key, value }) => `${Buffer.from(key).toString("hex")}=${Buffer.from(value).toString("hex")}`);
  }

  close(): void {
    this.store.close();
  }
}
