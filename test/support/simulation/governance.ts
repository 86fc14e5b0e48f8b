// The governance-only messages of registry, taxrail and voting, driven the only way they can run:
// inside a gov proposal. A random account submits a proposal carrying one or two of them with at
// least the minimum deposit (so voting starts at once); in the next block account 0, the only
// validator's operator, votes on it (usually yes), and gov's end block runs the messages when the
// short voting period ends. Each message keeps the roles of ops.ts (a jurisdiction authority is
// always account 2 or 3, an electoral authority 4 or 5) and the param bounds the other generators
// rely on. Invalid variant: a proposal whose message is not signed by the gov account, refused at
// submission. The outcome of every such proposal is counted from gov's end-block events.
import type { Any } from "@bufbuild/protobuf/wkt";
import { MsgSubmitProposalResponseSchema } from "../../../gen/cosmos/gov/v1/tx_pb.js";
import {
  MsgRemoveJurisdictionAuthoritySchema,
  MsgSetJurisdictionAuthoritySchema,
  MsgUpdateParamsSchema as RegistryParamsSchema,
} from "../../../gen/chain/registry/tx_pb.js";
import { MsgSetTaxRuleSchema, MsgUpdateParamsSchema as TaxrailParamsSchema } from "../../../gen/chain/taxrail/tx_pb.js";
import {
  MsgAddElectoralAuthoritySchema,
  MsgCancelElectionSchema,
  MsgRemoveElectoralAuthoritySchema,
  MsgUpdateParamsSchema as VotingParamsSchema,
} from "../../../gen/chain/voting/tx_pb.js";
import { GOV_ACCOUNT, moduleAddress } from "../../../common/moduleAccounts.js";
import { formatAccountAddress } from "../../../sdk/crypto/accountAddress.js";
import { packAny } from "../../../sdk/tx/index.js";
import { msgSubmitProposal, msgVote, VoteOption } from "../../../sdk/tx/govMessages.js";
import { firstResponse, ROLES, type OpContext, type Planned, type SimEvent } from "./ops.js";
import { AUTHORITYLESS_JURISDICTION, JURISDICTIONS, MAX_SIM_RATE_BPS } from "./registryTaxrail.js";
import type { VotingSim } from "./voting.js";

const GOV_ADDRESS = formatAccountAddress(moduleAddress(GOV_ACCOUNT));
/** gov's min_deposit (10 UNIT) and up to 5 UNIT more. */
const MIN_DEPOSIT = 10_000_000n;
/** The validator's operator: its vote carries every delegator who does not vote. */
const VALIDATOR_ACCOUNT = 0;

/** How the proposals carrying module messages ended: passed (messages executed) or not. */
export interface ProposalOutcomes {
  ok: number;
  failed: number;
  /** The log of the first proposal that did not pass, or whose messages failed. */
  firstFailure?: string;
}

export class GovernanceSim {
  /** Proposals submitted in the last block: account 0 votes on them in the next. */
  private toVote: bigint[] = [];
  /** Ids of the proposals this generator submitted. */
  private readonly ours = new Set<bigint>();
  private submitted = 0;
  readonly outcomes: ProposalOutcomes = { ok: 0, failed: 0 };

  constructor(
    private readonly addrs: readonly string[],
    private readonly voting: VotingSim,
  ) {}

  /** One governance-only message with the gov account (or, when `authority` says so, another) as its authority. */
  private message(c: OpContext, authority: string): Any {
    const roll = c.int(13);
    const secs = (n: number) => ({ seconds: BigInt(n) });
    if (roll < 3)
      return packAny(MsgSetJurisdictionAuthoritySchema, {
        authority,
        jurisdictionCode: c.pick(JURISDICTIONS),
        authorityAddress: this.addrs[c.pick(ROLES.jurisdictionAuthorities)]!,
        name: `jurisdiction authority set at ${c.height}`,
      });
    // May name a jurisdiction without an authority: the proposal then fails on execution.
    if (roll < 4) return packAny(MsgRemoveJurisdictionAuthoritySchema, { authority, jurisdictionCode: c.pick(JURISDICTIONS) });
    // May go below the length of classes already registered ("vehicle"); they stay registered.
    if (roll < 5) return packAny(RegistryParamsSchema, { authority, params: { requireAttestedOwner: c.int(4) !== 0, maxAssetClassLength: 3 + c.int(30) } });
    if (roll < 7)
      return packAny(MsgSetTaxRuleSchema, {
        authority,
        jurisdictionCode: c.pick([...JURISDICTIONS, AUTHORITYLESS_JURISDICTION]),
        rateBps: c.int(MAX_SIM_RATE_BPS + 1),
      });
    // May go below rules already set; they then charge the cap.
    if (roll < 8) return packAny(TaxrailParamsSchema, { authority, params: { maxRateBps: 100 + c.int(2_901) } });
    // Adding an account that already is one fails on execution; so does removing one that is not.
    if (roll < 10)
      return packAny(MsgAddElectoralAuthoritySchema, { authority, address: this.addrs[c.pick(ROLES.electoralAuthorities)]!, name: "electoral authority" });
    if (roll < 11) return packAny(MsgRemoveElectoralAuthoritySchema, { authority, address: this.addrs[c.pick(ROLES.electoralAuthorities)]! });
    if (roll < 12)
      return packAny(VotingParamsSchema, {
        authority,
        params: { minVotingPeriod: secs(2 + c.int(2)), maxVotingPeriod: secs(30 + c.int(31)), maxOptions: 4 + c.int(7) },
      });
    // gov may cancel any election that has not ended; one that has makes the proposal fail.
    const ids = this.voting.recentElectionIds();
    return packAny(MsgCancelElectionSchema, { signer: authority, electionId: ids.length > 0 ? c.pick(ids) : 1n });
  }

  async proposal(c: OpContext): Promise<Planned> {
    const kind = "gov/authority";
    const from = c.int(this.addrs.length);
    const invalid = c.int(6) === 0;
    const count = c.int(3) === 0 ? 2 : 1;
    const forged = invalid ? c.int(count) : -1;
    const messages = Array.from({ length: count }, (_, i) => this.message(c, i === forged ? this.addrs[from]! : GOV_ADDRESS));
    this.submitted++;
    const msg = msgSubmitProposal({
      messages,
      initialDeposit: [{ denom: "uunit", amount: (MIN_DEPOSIT + BigInt(c.int(5_000_000))).toString() }],
      proposer: this.addrs[from]!,
      metadata: "",
      title: `sim ${c.seed} governance #${this.submitted}`,
      summary: "simulated governance of registry, taxrail and voting",
    });
    // A message not signed by the gov account fails the submission's stateless checks.
    if (invalid) return { kind, tx: await c.refusedTx(from, [msg]), mustFail: true };
    return {
      kind,
      tx: await c.cosmosTx(from, [msg]),
      onOk: (res) => {
        const { proposalId } = firstResponse(res, MsgSubmitProposalResponseSchema);
        this.ours.add(proposalId);
        this.toVote.push(proposalId);
      },
    };
  }

  /** Account 0's votes on the proposals submitted in the last block: yes five times in six. */
  async validatorVotes(c: OpContext): Promise<Planned[]> {
    const ids = this.toVote;
    this.toVote = [];
    const planned: Planned[] = [];
    for (const proposalId of ids) {
      const option = c.int(6) === 0 ? VoteOption.NO : VoteOption.YES;
      const msg = msgVote({ proposalId, voter: this.addrs[VALIDATOR_ACCOUNT]!, option });
      planned.push({ kind: "gov/validator-vote", tx: await c.cosmosTx(VALIDATOR_ACCOUNT, [msg]) });
    }
    return planned;
  }

  /** Gov's end-block events: how each of our proposals ended. */
  observe(e: SimEvent): void {
    if (e.type !== "active_proposal" && e.type !== "inactive_proposal") return;
    const id = e.attributes.proposal_id;
    if (id === undefined || !this.ours.has(BigInt(id))) return;
    const result = e.attributes.proposal_result;
    // An expedited rejection would continue as a regular proposal; these are never expedited.
    if (result === "proposal_passed") this.outcomes.ok++;
    else {
      this.outcomes.failed++;
      this.outcomes.firstFailure ??= `proposal ${id}: ${result}${e.attributes.proposal_log ? ` (${e.attributes.proposal_log})` : ""}`;
    }
  }
}
