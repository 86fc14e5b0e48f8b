// The validator set: each validator's name, stake, voting power, commission and state; and one
// validator with its delegations and outstanding rewards.
import { el } from "../dom.js";
import type { PageContext } from "../context.js";
import { Query as StakingQuery } from "../../gen/cosmos/staking/v1beta1/query_pb.js";
import { Query as DistributionQuery } from "../../gen/cosmos/distribution/v1beta1/query_pb.js";
import { BondStatus } from "../../gen/cosmos/staking/v1beta1/staking_pb.js";
import { formatCoin, formatDecCoin, percent } from "../format.js";
import { addressLink, badge, kv, link, mono, pageTitle, section, table } from "../views/common.js";
import { enumText } from "../views/fields.js";
import { stakingValidators } from "./validatorNames.js";
import { accountAddressForms } from "../../sdk/crypto/accountAddress.js";
import { decodeBech32 } from "../../sdk/crypto/bech32.js";
import { BECH32_PREFIX_VALIDATOR } from "../../sdk/crypto/prefixes.js";
import { NotFoundError } from "../views/errors.js";

/** A LegacyDec rate as the gateway writes it ("0.100000000000000000") as a percentage. */
function ratePercent(rate: string): string {
  const value = Number(rate);
  return Number.isFinite(value) ? `${(value * 100).toFixed(2).replace(/\.?0+$/, "")} %` : rate;
}

const statusBadge = (status: BondStatus, jailed: boolean) =>
  jailed ? badge("jailed", "bad") : status === BondStatus.BONDED ? badge("bonded", "ok") : badge(enumText(BondStatus, status), "warn");

export async function validatorsPage(ctx: PageContext): Promise<HTMLElement> {
  const [named, powers] = await Promise.all([stakingValidators(ctx), ctx.comet.validators()]);
  const powerByKey = new Map(powers.map((p) => [p.pubKey, p.votingPower]));
  const total = powers.reduce((s, p) => s + p.votingPower, 0n);
  const rows = named.map((v) => {
    const power = powerByKey.get(v.consensusKey) ?? 0n;
    return [
      link(`validator/${v.operator}`, v.moniker),
      formatCoin({ denom: "uunit", amount: v.validator.tokens }),
      `${power} (${percent(power, total)})`,
      ratePercent(v.validator.commission?.commissionRates?.rate ?? ""),
      statusBadge(v.validator.status, v.validator.jailed),
    ];
  });
  return el(
    "div",
    {},
    pageTitle("Validators"),
    section(`${named.length} validators`, table(["validator", "stake", "voting power", "commission", "status"], rows)),
  );
}

export async function validatorPage(ctx: PageContext, operator: string): Promise<HTMLElement> {
  let operatorBytes: Uint8Array;
  try {
    operatorBytes = decodeBech32(operator, { prefix: BECH32_PREFIX_VALIDATOR });
  } catch (err) {
    throw new NotFoundError((err as Error).message);
  }
  const [{ validator }, delegations, outstanding] = await Promise.all([
    ctx.query(StakingQuery.method.validator, { validatorAddr: operator }),
    ctx.query(StakingQuery.method.validatorDelegations, { validatorAddr: operator, pagination: { limit: 100n } }),
    ctx.query(DistributionQuery.method.validatorOutstandingRewards, { validatorAddress: operator }),
  ]);
  if (!validator) throw new NotFoundError(`no validator ${operator}`);
  return el(
    "div",
    {},
    pageTitle(validator.description?.moniker || operator, statusBadge(validator.status, validator.jailed)),
    section(
      "Validator",
      kv([
        ["operator", mono(operator)],
        ["operator account", addressLink(accountAddressForms(operatorBytes).bech32)],
        ["stake", formatCoin({ denom: "uunit", amount: validator.tokens })],
        ["commission", ratePercent(validator.commission?.commissionRates?.rate ?? "")],
        ["website", validator.description?.website || undefined],
        ["details", validator.description?.details || undefined],
        ["outstanding rewards", (outstanding.rewards?.rewards ?? []).map(formatDecCoin).join(", ") || "none"],
      ]),
    ),
    section(
      "Delegations",
      table(
        ["delegator", "stake"],
        delegations.delegationResponses.map((d) => [addressLink(d.delegation?.delegatorAddress ?? ""), d.balance ? formatCoin(d.balance) : "—"]),
        "no delegations",
      ),
    ),
  );
}
