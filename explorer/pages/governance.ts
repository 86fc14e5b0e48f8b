// Governance: every proposal with its status and tally, and one proposal with its messages,
// tally bars and votes. A proposal still voting shows the live tally, a settled one its final.
import { el } from "../dom.js";
import type { PageContext } from "../context.js";
import { Query as GovQuery } from "../../gen/cosmos/gov/v1/query_pb.js";
import { ProposalStatus, ProposalSchema, VoteOption, type Proposal, type TallyResult } from "../../gen/cosmos/gov/v1/gov_pb.js";
import { formatCoins, formatUnits } from "../format.js";
import { addressLink, badge, jsonBlock, kv, link, pageTitle, section, table } from "../views/common.js";
import { barChart } from "../views/chart.js";
import { enumText, messageJson, timestampText } from "../views/fields.js";
import { NotFoundError } from "../views/errors.js";

const statusBadge = (status: ProposalStatus) =>
  badge(
    enumText(ProposalStatus, status),
    status === ProposalStatus.PASSED ? "ok" : status === ProposalStatus.REJECTED || status === ProposalStatus.FAILED ? "bad" : "info",
  );

async function tallyOf(ctx: PageContext, proposal: Proposal): Promise<TallyResult | undefined> {
  if (proposal.status !== ProposalStatus.VOTING_PERIOD) return proposal.finalTallyResult;
  return (await ctx.query(GovQuery.method.tallyResult, { proposalId: proposal.id })).tally;
}

/** Vote weights are stake in uunit: shown as UNIT. */
function tallyChart(tally: TallyResult | undefined): SVGSVGElement {
  const bar = (label: string, count: string) => ({ label, value: BigInt(count || "0"), display: `${formatUnits(count || "0", 6)} UNIT` });
  return barChart("Tally", [
    bar("yes", tally?.yesCount ?? "0"),
    bar("no", tally?.noCount ?? "0"),
    bar("no with veto", tally?.noWithVetoCount ?? "0"),
    bar("abstain", tally?.abstainCount ?? "0"),
  ]);
}

export async function governancePage(ctx: PageContext): Promise<HTMLElement> {
  const { proposals } = await ctx.query(GovQuery.method.proposals, { pagination: { limit: 100n, reverse: true } });
  const tallies = await Promise.all(proposals.map((p) => tallyOf(ctx, p)));
  const rows = proposals.map((p, i) => {
    const t = tallies[i];
    return [
      link(`proposal/${p.id}`, `#${p.id}`),
      p.title || "(untitled)",
      statusBadge(p.status),
      t
        ? `yes ${formatUnits(t.yesCount, 6)} · no ${formatUnits(t.noCount, 6)} · veto ${formatUnits(t.noWithVetoCount, 6)} · abstain ${formatUnits(t.abstainCount, 6)}`
        : "—",
      timestampText(p.votingEndTime),
    ];
  });
  return el(
    "div",
    {},
    pageTitle("Governance"),
    section("Proposals", table(["id", "title", "status", "tally (UNIT)", "voting ends"], rows, "no proposals yet")),
  );
}

export async function proposalPage(ctx: PageContext, idText: string): Promise<HTMLElement> {
  const id = BigInt(idText);
  const { proposal } = await ctx.query(GovQuery.method.proposal, { proposalId: id });
  if (!proposal) throw new NotFoundError(`no proposal ${id}`);
  const [tally, votes] = await Promise.all([tallyOf(ctx, proposal), ctx.query(GovQuery.method.votes, { proposalId: id, pagination: { limit: 200n } })]);
  const json = messageJson(ProposalSchema, proposal) as { messages: unknown[] };
  return el(
    "div",
    {},
    pageTitle(`Proposal #${proposal.id}`, statusBadge(proposal.status)),
    section(
      proposal.title || "(untitled)",
      el("p", { class: "wrap" }, proposal.summary),
      kv([
        ["proposer", addressLink(proposal.proposer)],
        ["deposit", formatCoins(proposal.totalDeposit)],
        ["submitted", timestampText(proposal.submitTime)],
        ["voting starts", timestampText(proposal.votingStartTime)],
        ["voting ends", timestampText(proposal.votingEndTime)],
        ["metadata", proposal.metadata || undefined],
        ["failed because", proposal.failedReason || undefined],
      ]),
    ),
    section(proposal.status === ProposalStatus.VOTING_PERIOD ? "Tally so far" : "Final tally", tallyChart(tally)),
    section(
      `Messages (${json.messages.length})`,
      json.messages.length === 0 ? el("p", { class: "muted" }, "a text proposal: no messages") : jsonBlock(json.messages),
    ),
    section(
      `Votes (${votes.votes.length})`,
      table(
        ["voter", "option"],
        votes.votes.map((v) => [
          addressLink(v.voter),
          v.options.map((o) => `${enumText(VoteOption, o.option)}${o.weight && !/^1(\.0*)?$/.test(o.weight) ? ` (${o.weight})` : ""}`).join(", "),
        ]),
        "no votes yet",
      ),
    ),
  );
}
