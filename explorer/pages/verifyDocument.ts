// "Verify a document": the file is hashed here, in the browser (SHA-256 with WebCrypto), and only
// the digest is looked up: credentials issued with it as credential_hash and assets registered
// with it as metadata_hash, found through the typed events the chain indexes. The file itself is
// never sent anywhere.
import { el, replaceChildren } from "../dom.js";
import type { PageContext } from "../context.js";
import { CredentialStatus } from "../../gen/chain/identity/identity_pb.js";
import { sha256 } from "../../sdk/crypto/hashes.js";
import { bytesToHex, formatCoin } from "../format.js";
import { addressLink, badge, link, mono, table } from "../views/common.js";
import { enumText } from "../views/fields.js";
import { errorBox } from "../views/errors.js";
import { typedEventTerm, typedEventValues } from "./events.js";

const CREDENTIAL_ISSUED = "chain.identity.EventCredentialIssued";
const ASSET_REGISTERED = "chain.registry.EventAssetRegistered";

/** "0x" + the SHA-256 of the bytes; WebCrypto where the page is a secure context, else the SDK's. */
export async function documentDigest(data: ArrayBuffer): Promise<string> {
  const digest = globalThis.crypto?.subtle ? new Uint8Array(await crypto.subtle.digest("SHA-256", data)) : sha256(new Uint8Array(data));
  return `0x${bytesToHex(digest)}`;
}

async function anchoredWith(ctx: PageContext, digest: string): Promise<HTMLElement> {
  const [credentialTxs, assetTxs] = await Promise.all([
    ctx.comet.txSearch(typedEventTerm(CREDENTIAL_ISSUED, "credential_hash", digest), 50),
    ctx.comet.txSearch(typedEventTerm(ASSET_REGISTERED, "metadata_hash", digest), 50),
  ]);
  const credentialIds = [...new Set(typedEventValues(credentialTxs.txs, CREDENTIAL_ISSUED, "credential_id", { key: "credential_hash", value: digest }))];
  const assetIds = [...new Set(typedEventValues(assetTxs.txs, ASSET_REGISTERED, "asset_id", { key: "metadata_hash", value: digest }))];
  const [credentials, assets] = await Promise.all([
    Promise.all(credentialIds.map((id) => ctx.rest.identity.credential({ id: BigInt(id) }))),
    Promise.all(assetIds.map((id) => ctx.rest.registry.asset({ id: BigInt(id) }))),
  ]);
  if (credentials.length === 0 && assets.length === 0)
    return el("p", { class: "verify-none" }, "No credential or asset on this chain is anchored with this document's hash.");
  return el(
    "div",
    {},
    credentials.length > 0
      ? table(
          ["credential", "type", "subject", "status"],
          credentials.map(({ credential: c, issuerAuthorized }) => [
            link(`credential/${c!.id}`, `credential #${c!.id}`),
            c!.credentialType,
            addressLink(c!.subject),
            c!.status === CredentialStatus.ACTIVE && issuerAuthorized ? badge("active", "ok") : badge(enumText(CredentialStatus, c!.status), "bad"),
          ]),
        )
      : null,
    assets.length > 0
      ? table(
          ["asset", "class", "owner", "declared value"],
          assets.map(({ asset: a }) => [
            link(`asset/${a!.id}`, `asset #${a!.id}`),
            a!.assetClass,
            addressLink(a!.owner),
            a!.declaredValue ? formatCoin(a!.declaredValue) : "—",
          ]),
        )
      : null,
  );
}

export function verifyDocumentForm(ctx: PageContext): HTMLElement {
  const result = el("div", { id: "verify-result", "aria-live": "polite" });
  const input = el("input", { type: "file", id: "verify-file", "aria-label": "document to verify" });
  input.addEventListener("change", () => {
    const file = input.files?.[0];
    if (!file) return;
    replaceChildren(result, el("p", { class: "muted" }, `Hashing ${file.name}…`));
    void (async () => {
      try {
        const digest = await documentDigest(await file.arrayBuffer());
        replaceChildren(result, el("p", {}, "SHA-256 ", mono(digest)), el("p", { class: "muted" }, "Looking it up…"));
        const found = await anchoredWith(ctx, digest);
        if (!ctx.signal.aborted) replaceChildren(result, el("p", {}, "SHA-256 ", el("code", { class: "mono", id: "verify-digest" }, digest)), found);
      } catch (err) {
        if (!ctx.signal.aborted) replaceChildren(result, errorBox(err));
      }
    })();
  });
  return el(
    "div",
    { class: "verify" },
    el(
      "p",
      {},
      "Pick a document to see whether a credential or an asset was anchored with its SHA-256 hash. The file is hashed in this browser and never leaves it.",
    ),
    el("label", { class: "file-label" }, input),
    result,
  );
}
