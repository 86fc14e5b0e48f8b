// Elections: every election with its state, and one election with its options, eligibility and
// results as bars.
import { el } from "../dom.js";
import type { PageContext } from "../context.js";
import { ElectionStatus } from "../../gen/chain/voting/voting_pb.js";
import { percent } from "../format.js";
import { addressLink, badge, kv, link, pageTitle, section, table } from "../views/common.js";
import { barChart } from "../views/chart.js";
import { enumText, timestampText } from "../views/fields.js";
import { NotFoundError } from "../views/errors.js";

const statusBadge = (status: ElectionStatus) =>
  badge(enumText(ElectionStatus, status), status === ElectionStatus.OPEN ? "ok" : status === ElectionStatus.CANCELLED ? "bad" : "info");

export async function electionsPage(ctx: PageContext): Promise<HTMLElement> {
  const [{ elections }, { electoralAuthorities }] = await Promise.all([
    ctx.rest.voting.elections({ pagination: { limit: 200n, reverse: true } }),
    ctx.rest.voting.electoralAuthorities({ pagination: { limit: 200n } }),
  ]);
  return el(
    "div",
    {},
    pageTitle("Elections"),
    section(
      "Elections",
      table(
        ["id", "title", "status", "voting", "options"],
        elections.map((e) => [
          link(`election/${e.id}`, `#${e.id}`),
          e.title,
          statusBadge(e.status),
          `${timestampText(e.votingStart)} → ${timestampText(e.votingEnd)}`,
          e.options.join(", "),
        ]),
        "no elections yet",
      ),
    ),
    section(
      "Electoral authorities",
      table(
        ["name", "address", "added"],
        electoralAuthorities.map((a) => [a.name, addressLink(a.address), timestampText(a.addedAt)]),
        "none: governance names them",
      ),
    ),
  );
}

export async function electionPage(ctx: PageContext, idText: string): Promise<HTMLElement> {
  const id = BigInt(idText);
  const [{ election }, { results }] = await Promise.all([ctx.rest.voting.election({ id }), ctx.rest.voting.electionResults({ electionId: id })]);
  if (!election) throw new NotFoundError(`election ${id} not found`);
  const tallies = results?.tallies ?? [];
  const cast = results?.votesCast ?? 0n;
  return el(
    "div",
    {},
    pageTitle(election.title, statusBadge(election.status)),
    section(
      "Election",
      el("p", { class: "wrap" }, election.description),
      kv([
        ["id", `#${election.id}`],
        ["voting opens", timestampText(election.votingStart)],
        ["voting closes", timestampText(election.votingEnd)],
        [
          "who may vote",
          election.eligibilityCredentialType ? `holders of an active "${election.eligibilityCredentialType}" credential` : "any account that registers",
        ],
        ["authority", addressLink(election.authority)],
      ]),
    ),
    section(
      results?.final ? "Final results" : "Results so far",
      el(
        "div",
        { id: "election-results" },
        barChart(
          `Results of ${election.title}`,
          tallies.map((t) => ({ label: t.option, value: t.votes, display: `${t.votes} (${percent(t.votes, cast)})` })),
        ),
      ),
      kv([
        ["registered voters", (results?.registeredVoters ?? 0n).toString()],
        ["votes cast", cast.toString()],
        ["turnout", percent(cast, results?.registeredVoters ?? 0n)],
      ]),
    ),
  );
}
