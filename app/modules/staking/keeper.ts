// The StakingKeeper other modules call (distribution, slashing, evidence, gov): reads of
// validators and delegations in plain numbers, and the slash, jail and unjail operations. Key
// access is StakingStore's (store.ts); the operations live in their own files.
import { accAddressToString } from "../../../common/address.js";
import { GOV_ACCOUNT, moduleAddress } from "../../../common/moduleAccounts.js";
import type { Context } from "../../context.js";
import type { StateReader } from "../../store/types.js";
import type { StakingAccountKeeper, StakingBankKeeper } from "./expectedKeepers.js";
import type { StakingHooks } from "./hooks.js";
import { slash } from "./slash.js";
import { StakingStore } from "./store.js";
import { jailByConsAddress, unjailByConsAddress } from "./validatorState.js";
import { validatorView, type ValidatorView } from "./validatorView.js";
import { decFromWire } from "./wire.js";

export { isBonded, validatorAmounts, withAmounts, type BondedValidator } from "./store.js";
export type { ValidatorView } from "./validatorView.js";

export class StakingKeeper extends StakingStore {
  private hooksSet = false;

  /**
   * `authority` signs MsgUpdateParams; by default the gov module account, the SDK's default
   * authority (the composition root passes it explicitly).
   */
  constructor(
    bank: StakingBankKeeper,
    accounts: StakingAccountKeeper,
    readonly authority: string = accAddressToString(moduleAddress(GOV_ACCOUNT)),
  ) {
    super(bank, accounts);
  }

  /** Called once by the composition root; a second call is a wiring mistake. */
  setHooks(hooks: StakingHooks): void {
    if (this.hooksSet) throw new Error("staking hooks are already set");
    this.hooks = hooks;
    this.hooksSet = true;
  }

  bondDenom(state: StateReader): string {
    return this.getParams(state).bondDenom;
  }

  validatorView(state: StateReader, operator: Uint8Array): ValidatorView | undefined {
    const v = this.getValidator(state, operator);
    return v && validatorView(operator, v);
  }

  validatorViewByConsAddress(state: StateReader, consAddress: Uint8Array): ValidatorView | undefined {
    const operator = this.validatorByConsAddress(state, consAddress);
    return operator && this.validatorView(state, Uint8Array.from(operator));
  }

  /** Ascending by operator address. */
  allValidatorViews(state: StateReader): ValidatorView[] {
    return [...this.validators(state)].map(({ operator, validator }) => validatorView(operator, validator));
  }

  /** LegacyDec atomics; undefined when there is no such delegation. */
  delegationShares(state: StateReader, delegator: Uint8Array, operator: Uint8Array): bigint | undefined {
    const d = this.getDelegation(state, delegator, operator);
    return d && decFromWire(d.shares);
  }

  /** Ascending by delegator address. */
  validatorDelegations(state: StateReader, operator: Uint8Array): { delegator: Uint8Array; shares: bigint }[] {
    return [...this.delegatorsOf(state, operator)].map((delegator) => ({ delegator, shares: this.delegationShares(state, delegator, operator)! }));
  }

  /**
   * SDK Keeper.Slash: `fraction` (LegacyDec atomics) of the stake at the infraction (`power` x
   * 10^6 tokens), from unbondings and redelegations begun at or after `infractionHeight`, then
   * from the validator. Returns the tokens burned from the validator; 0n when it is gone.
   */
  slash(ctx: Context, consAddress: Uint8Array, infractionHeight: bigint, power: bigint, fraction: bigint): bigint {
    return slash(ctx, this, consAddress, infractionHeight, power, fraction);
  }

  /** The next end block takes a jailed validator out of the set. */
  jail(ctx: Context, consAddress: Uint8Array): void {
    jailByConsAddress(ctx, this, consAddress);
  }

  unjail(ctx: Context, consAddress: Uint8Array): void {
    unjailByConsAddress(ctx, this, consAddress);
  }
}
