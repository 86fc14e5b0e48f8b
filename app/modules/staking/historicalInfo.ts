// Historical info (SDK TrackHistoricalInfo): at each begin block the header and the validator set
// CometBFT runs with are kept under the height, for the last `historical_entries` heights (IBC
// light clients of this chain ask for them). The header carries what the app knows of it in
// FinalizeBlock: chain id, height, time and proposer.
import { create } from "@bufbuild/protobuf";
import { HistoricalInfoSchema, type Validator } from "../../../gen/cosmos/staking/v1beta1/staking_pb.js";
import { HeaderSchema } from "../../../gen/tendermint/types/types_pb.js";
import type { Context } from "../../context.js";
import { compareBytes } from "../../store/bytes.js";
import type { StakingStore } from "./store.js";
import { potentialPower } from "./validatorState.js";
import { validatorView } from "./validatorView.js";

/** Highest power first, then ascending consensus address (SDK ValidatorsByVotingPower). */
function byVotingPower(set: { operator: Uint8Array; validator: Validator }[]): Validator[] {
  const keyed = set.map(({ operator, validator }) => ({ validator, power: potentialPower(validator), cons: validatorView(operator, validator).consAddress }));
  keyed.sort((a, b) => (a.power !== b.power ? (a.power > b.power ? -1 : 1) : compareBytes(a.cons, b.cons)));
  return keyed.map((k) => k.validator);
}

export function trackHistoricalInfo(ctx: Context, keeper: StakingStore): void {
  const { historicalEntries } = keeper.getParams(ctx.store);
  const height = ctx.header.height;
  // Everything at or below height - entries goes; a lowered param prunes several at once.
  keeper.pruneHistoricalInfo(ctx, height - BigInt(historicalEntries) + 1n);
  if (historicalEntries === 0) return;
  const set = [...keeper.lastValidatorOperators(ctx.store)].map((operator) => ({ operator, validator: keeper.getValidator(ctx.store, operator)! }));
  const header = create(HeaderSchema, {
    chainId: ctx.header.chainId,
    height,
    time: ctx.header.time,
    proposerAddress: ctx.header.proposerAddress,
  });
  keeper.setHistoricalInfo(ctx, height, create(HistoricalInfoSchema, { header, valset: byVotingPower(set) }));
}
