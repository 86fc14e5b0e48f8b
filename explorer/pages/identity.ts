// Identity: the authorized issuers, a credential by id, "verify a document", and one credential
// with its status and the tx that issued it.
import { el } from "../dom.js";
import type { PageContext } from "../context.js";
import { CredentialStatus } from "../../gen/chain/identity/identity_pb.js";
import { addressLink, badge, hashLink, kv, link, mono, pageTitle, section, table } from "../views/common.js";
import { enumText, timestampText } from "../views/fields.js";
import { NotFoundError } from "../views/errors.js";
import { typedEventTerm } from "./events.js";
import { verifyDocumentForm } from "./verifyDocument.js";

/** A small form that opens `<kind>/<id>`. */
export function idForm(ctx: PageContext, kind: string, label: string): HTMLElement {
  const input = el("input", { type: "text", inputmode: "numeric", pattern: "[0-9]+", placeholder: "id", "aria-label": label, required: true });
  const form = el("form", { class: "id-form" }, input, el("button", { type: "submit" }, "Open"));
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    if (/^\d{1,20}$/.test(input.value.trim())) ctx.navigate(`${kind}/${BigInt(input.value.trim())}`);
  });
  return form;
}

export async function identityPage(ctx: PageContext): Promise<HTMLElement> {
  const [{ params }, { issuers }] = await Promise.all([ctx.rest.identity.params({}), ctx.rest.identity.issuers({ pagination: { limit: 200n } })]);
  return el(
    "div",
    {},
    pageTitle("Identity"),
    section("Verify a document", verifyDocumentForm(ctx)),
    section("Credential by id", idForm(ctx, "credential", "credential id")),
    section(
      "Authorized issuers",
      el("p", { class: "muted" }, `An account holding an active credential of type "${params?.attestedCredentialType ?? "kyc"}" from one of them is attested.`),
      table(
        ["issuer", "address", "added"],
        issuers.map((i) => [i.name, addressLink(i.address), timestampText(i.addedAt)]),
        "no issuers: governance adds them",
      ),
    ),
  );
}

export async function credentialPage(ctx: PageContext, idText: string): Promise<HTMLElement> {
  const id = BigInt(idText);
  const [{ credential, issuerAuthorized }, issued] = await Promise.all([
    ctx.rest.identity.credential({ id }),
    ctx.comet.txSearch(typedEventTerm("chain.identity.EventCredentialIssued", "credential_id", id.toString()), 1),
  ]);
  if (!credential) throw new NotFoundError(`credential ${id} not found`);
  const active = credential.status === CredentialStatus.ACTIVE && issuerAuthorized;
  const tx = issued.txs[0];
  return el(
    "div",
    {},
    pageTitle(`Credential #${credential.id}`, active ? badge("active", "ok") : badge(enumText(CredentialStatus, credential.status), "bad")),
    section(
      "Credential",
      kv([
        ["type", credential.credentialType],
        ["subject", addressLink(credential.subject)],
        ["issuer", addressLink(credential.issuer)],
        ["issuer still authorized", issuerAuthorized ? "yes" : badge("no: the credential no longer attests", "bad")],
        ["document hash (SHA-256)", el("span", { id: "credential-hash" }, mono(credential.credentialHash))],
        ["issued in", tx ? el("span", {}, hashLink(`tx/${tx.hash}`, tx.hash), " at block ", link(`block/${tx.height}`, tx.height)) : "genesis"],
      ]),
      el("p", { class: "muted" }, "Only the hash is on chain; the document itself is kept by its holder."),
    ),
  );
}
