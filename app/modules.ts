// The composition of the state machine: keepers, the module list in the order the app runs their
// genesis, begin-block and end-block hooks, the message router and the query services.
import type { DescMessage } from "@bufbuild/protobuf";
import { validateModuleList, type AppModule } from "./module.js";
import { blockInfoModule } from "./modules/blockinfo/module.js";
import { AccountKeeper } from "./modules/auth/keeper.js";
import { authModule } from "./modules/auth/module.js";
import { BankKeeper } from "./modules/bank/keeper.js";
import { bankModule } from "./modules/bank/module.js";
import { IdentityKeeper } from "./modules/identity/keeper.js";
import { identityModule } from "./modules/identity/module.js";
import { QueryRouter } from "./query/router.js";
import { FEE_COLLECTOR } from "./tx/ante.js";
import { CosmosTxProcessor } from "./tx/cosmosTxProcessor.js";
import { MsgRouter } from "./tx/msgRouter.js";
import { SignatureCache } from "./tx/signatures.js";

/** Module accounts, created at genesis in this order (which fixes their account numbers). */
export const MODULE_ACCOUNTS = [
  { name: FEE_COLLECTOR, permissions: [] },
  { name: "gov", permissions: ["burner"] },
  // Staked tokens of bonded validators, and tokens on their way out (unbonding).
  { name: "bonded_tokens_pool", permissions: ["burner", "staking"] },
  { name: "not_bonded_tokens_pool", permissions: ["burner", "staking"] },
] as const;

function keepers() {
  const accounts = new AccountKeeper(MODULE_ACCOUNTS.map((m) => ({ name: m.name, permissions: [...m.permissions] })));
  const bank = new BankKeeper(accounts);
  const identity = new IdentityKeeper(accounts);
  return { accounts, bank, identity };
}

function modulesOf(k: ReturnType<typeof keepers>): readonly AppModule[] {
  return validateModuleList([
    // First: later modules' begin-block hooks may read the current block's record.
    blockInfoModule,
    // Before bank: bank's genesis creates accounts for the balances it credits, after the module accounts exist.
    authModule(k.accounts),
    bankModule(k.bank, k.accounts),
    identityModule(k.identity),
  ]);
}

export function appModules(): readonly AppModule[] {
  return modulesOf(keepers());
}

export interface AppWiring {
  modules: readonly AppModule[];
  queries: QueryRouter;
  msgs: MsgRouter;
  txProcessor: CosmosTxProcessor;
  /** Every type that may appear inside an Any: the Msgs and what modules declare. */
  anyTypes: DescMessage[];
}

/** Everything UnitApp needs besides its store and logger. */
export function wireApp(): AppWiring {
  const k = keepers();
  const modules = modulesOf(k);
  const queries = new QueryRouter();
  const msgs = new MsgRouter();
  for (const m of modules) m.registerServices?.({ msgs, queries: queries.services });
  const txProcessor = new CosmosTxProcessor(msgs, { accounts: k.accounts, bank: k.bank, sigCache: new SignatureCache() });
  const anyTypes = [...msgs.schemas(), ...modules.flatMap((m) => m.anyTypes ?? [])];
  return { modules, queries, msgs, txProcessor, anyTypes };
}
