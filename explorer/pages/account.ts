// One account in both of its forms (unit1... and 0x...): bank balances and the same coin as the
// EVM sees it (18 decimals), tier, credentials, assets, delegations and rewards, contract code
// when it is a contract, and its latest txs.
import { el, type Child } from "../dom.js";
import type { PageContext } from "../context.js";
import { Query as BankQuery } from "../../gen/cosmos/bank/v1beta1/query_pb.js";
import { Query as StakingQuery } from "../../gen/cosmos/staking/v1beta1/query_pb.js";
import { Query as DistributionQuery } from "../../gen/cosmos/distribution/v1beta1/query_pb.js";
import { AccountTier, CredentialStatus } from "../../gen/chain/identity/identity_pb.js";
import { accountAddressForms, parseAccountAddress } from "../../sdk/crypto/accountAddress.js";
import { bytesToHex, formatCoin, formatCoins, formatDecCoin, formatUnits } from "../format.js";
import { txSummary } from "../api/txs.js";
import { badge, hashLink, kv, link, mono, pageTitle, section, table } from "../views/common.js";
import { enumText } from "../views/fields.js";
import { NotFoundError } from "../views/errors.js";
import { typedEventTerm, typedEventValues } from "./events.js";

/** keccak256 of no code: an account that is not a contract. */
const EMPTY_CODE_HASH = "c5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470";
const CREDENTIAL_ISSUED = "chain.identity.EventCredentialIssued";

async function credentialsOf(ctx: PageContext, subject: string): Promise<Child> {
  const { txs } = await ctx.comet.txSearch(typedEventTerm(CREDENTIAL_ISSUED, "subject", subject), 50);
  const ids = [...new Set(typedEventValues(txs, CREDENTIAL_ISSUED, "credential_id", { key: "subject", value: subject }))];
  const answers = await Promise.all(ids.map((id) => ctx.rest.identity.credential({ id: BigInt(id) })));
  const rows = answers
    .filter((a) => a.credential && a.credential.subject === subject)
    .map(({ credential, issuerAuthorized }) => [
      link(`credential/${credential!.id}`, `#${credential!.id}`),
      credential!.credentialType,
      credential!.status === CredentialStatus.ACTIVE && issuerAuthorized ? badge("active", "ok") : badge(enumText(CredentialStatus, credential!.status), "bad"),
      hashLink(`account/${credential!.issuer}`, credential!.issuer),
    ]);
  return table(["credential", "type", "status", "issuer"], rows, "no credentials issued to this account");
}

export async function accountPage(ctx: PageContext, address: string): Promise<HTMLElement> {
  let bytes: Uint8Array;
  try {
    bytes = parseAccountAddress(address);
  } catch (err) {
    throw new NotFoundError((err as Error).message);
  }
  const { bech32, hex } = accountAddressForms(bytes);
  const [balances, evmAccount, tier, assets, delegations, rewards, credentials, recent] = await Promise.all([
    ctx.query(BankQuery.method.allBalances, { address: bech32 }),
    ctx.rest.evm.account({ address: hex }),
    ctx.rest.identity.tier({ address: bech32 }),
    ctx.rest.registry.assetsByOwner({ owner: bech32 }),
    ctx.query(StakingQuery.method.delegatorDelegations, { delegatorAddr: bech32 }),
    ctx.query(DistributionQuery.method.delegationTotalRewards, { delegatorAddress: bech32 }),
    credentialsOf(ctx, bech32),
    ctx.comet.txSearch(`message.sender='${bech32}'`, 10),
  ]);
  const isContract = bytesToHex(evmAccount.codeHash) !== EMPTY_CODE_HASH && evmAccount.codeHash.length > 0;
  const code = isContract ? (await ctx.rest.evm.code({ address: hex })).code : undefined;
  const uunit = balances.balances.find((c) => c.denom === "uunit")?.amount ?? "0";

  return el(
    "div",
    {},
    pageTitle(isContract ? "Contract" : "Account", badge(enumText(AccountTier, tier.tier), tier.tier === AccountTier.ATTESTED ? "ok" : "info")),
    section(
      "Addresses",
      kv([
        ["Cosmos", mono(bech32)],
        ["EVM", mono(hex)],
        ["roles", tier.roleMetadata || undefined],
      ]),
    ),
    section(
      "Balances",
      kv([
        ["bank (uunit, 6 decimals)", el("span", { id: "bank-balance" }, formatCoin({ denom: "uunit", amount: uunit }))],
        ["EVM view (aunit, 18 decimals)", el("span", { id: "evm-balance" }, `${formatUnits(evmAccount.balance, 18)} UNIT`)],
        ["other coins", formatCoins(balances.balances.filter((c) => c.denom !== "uunit"))],
        ["nonce / sequence", evmAccount.nonce.toString()],
      ]),
    ),
    isContract && code
      ? section(
          "Contract code",
          kv([
            ["size", `${code.length} bytes`],
            ["code hash", mono(`0x${bytesToHex(evmAccount.codeHash)}`)],
            ["bytecode", el("pre", { class: "json code" }, `0x${bytesToHex(code.subarray(0, 2048))}${code.length > 2048 ? "…" : ""}`)],
          ]),
        )
      : null,
    section("Credentials", credentials),
    section(
      "Assets owned",
      table(
        ["asset", "class", "jurisdiction", "declared value"],
        assets.assets.map((a) => [link(`asset/${a.id}`, `#${a.id}`), a.assetClass, a.jurisdictionCode, a.declaredValue ? formatCoin(a.declaredValue) : "—"]),
        "no assets",
      ),
    ),
    section(
      "Delegations",
      table(
        ["validator", "stake"],
        delegations.delegationResponses.map((d) => [
          link(`validator/${d.delegation?.validatorAddress ?? ""}`, el("code", { class: "mono" }, d.delegation?.validatorAddress ?? "")),
          d.balance ? formatCoin(d.balance) : "—",
        ]),
        "no delegations",
      ),
      kv([["rewards", rewards.total.length === 0 ? "none" : rewards.total.map(formatDecCoin).join(", ")]]),
    ),
    section(
      "Latest transactions sent",
      table(
        ["hash", "block", "messages", "result"],
        recent.txs.map((t) => [
          hashLink(`tx/${t.hash}`, t.hash),
          link(`block/${t.height}`, t.height),
          txSummary(t.tx),
          t.result.code === 0 ? badge("ok", "ok") : badge("failed", "bad"),
        ]),
        "no txs sent by this account",
      ),
    ),
  );
}
