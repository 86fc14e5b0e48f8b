// Liveness: every block, each validator in the last commit either signed it or is marked missing
// in its signed-blocks window (the SDK's HandleValidatorSignature). A validator that has been
// bonded for a whole window and missed more than window - min_signed of it is slashed by
// slash_fraction_downtime, jailed until block time + downtime_jail_duration, and starts a clean
// window. Jailed validators are not counted: CometBFT may still list them for two blocks after
// the jailing, and their absence then must not be held against them.
import { BondStatus } from "../../../gen/cosmos/staking/v1beta1/staking_pb.js";
import { consAddressToString } from "../../../common/address.js";
import type { CommitVote, Context } from "../../context.js";
import { emitLiveness, emitSlash, REASON_MISSING_SIGNATURE } from "./events.js";
import type { SlashingKeeper } from "./keeper.js";
import { minSignedBlocks } from "./params.js";
import { addDuration } from "./time.js";

/** CometBFT's BlockIDFlagAbsent: the only flag that counts as a missed block. */
const BLOCK_ID_FLAG_ABSENT = 1;
/** Blocks between the app's validator updates and CometBFT applying them (the SDK's ValidatorUpdateDelay). */
export const VALIDATOR_UPDATE_DELAY = 1n;

/** Counts every vote of the last commit, in CometBFT's order. */
export function handleLastCommit(ctx: Context, keeper: SlashingKeeper): void {
  for (const vote of ctx.consensus.lastCommit.votes) handleValidatorSignature(ctx, keeper, vote);
}

export function handleValidatorSignature(ctx: Context, keeper: SlashingKeeper, vote: CommitVote): void {
  const height = ctx.header.height;
  const consAddress = vote.consAddress;
  const validator = keeper.staking.validatorViewByConsAddress(ctx.store, consAddress);
  if (!validator) {
    // CometBFT only lists validators staking handed it; the SDK would halt here. A record that
    // cannot be found is logged and left alone rather than stopping the chain.
    ctx.logger.error({ validator: consAddressToString(consAddress), height: height.toString() }, "last commit lists a validator staking does not know");
    return;
  }
  // An unbonded validator can still be in the last commit (CometBFT drops it two blocks after the
  // app does) but holds no stake to slash, and staking refuses to slash it: nothing to track.
  if (validator.jailed || validator.status === BondStatus.UNBONDED) return;

  // A validator bonded before this module kept records (or before it was added to the chain)
  // starts its window here, as if it had been bonded at this height.
  const info = keeper.getSigningInfo(ctx.store, consAddress) ?? keeper.newSigningInfo(consAddress, height);
  const params = keeper.params(ctx.store);
  const window = params.signedBlocksWindow;

  // Index in [0, window): the position, in the window, of the block the validator should have signed.
  const index = info.indexOffset % window;
  info.indexOffset++;
  const previous = keeper.getMissedBit(ctx.store, consAddress, index);
  const missed = vote.blockIdFlag === BLOCK_ID_FLAG_ABSENT;
  if (!previous && missed) {
    keeper.setMissedBit(ctx, consAddress, index, true);
    info.missedBlocksCounter++;
  } else if (previous && !missed) {
    keeper.setMissedBit(ctx, consAddress, index, false);
    info.missedBlocksCounter--;
  }

  const address = consAddressToString(consAddress);
  if (missed) emitLiveness(ctx, address, info.missedBlocksCounter);

  const minHeight = info.startHeight + window;
  const maxMissed = window - minSignedBlocks(params);
  if (height > minHeight && info.missedBlocksCounter > maxMissed) {
    // The stake that signed the last commit's block: the commit is of height - 1, whose validator
    // set the app chose ValidatorUpdateDelay blocks before it. A negative height (the first blocks)
    // only means "from genesis" to staking's filter of unbonding entries.
    const distributionHeight = height - VALIDATOR_UPDATE_DELAY - 1n;
    const burned = keeper.staking.slash(ctx, consAddress, distributionHeight, vote.power, params.slashFractionDowntime);
    emitSlash(ctx, { consAddress: address, power: vote.power, reason: REASON_MISSING_SIGNATURE, burned, jailed: true });
    keeper.staking.jail(ctx, consAddress);
    info.jailedUntil = addDuration(ctx.header.time, params.downtimeJailDuration);
    // A clean window, so the validator is not jailed again at once when it returns.
    info.missedBlocksCounter = 0n;
    info.indexOffset = 0n;
    keeper.clearMissedBitmap(ctx, consAddress);
    ctx.logger.info(
      {
        validator: address,
        height: height.toString(),
        minHeight: minHeight.toString(),
        threshold: minSignedBlocks(params).toString(),
        burned: burned.toString(),
      },
      "slashing and jailing validator for downtime",
    );
  }
  keeper.setSigningInfo(ctx, consAddress, info);
}
