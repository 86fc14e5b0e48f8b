// The web explorer in real headless Chromium (Debian's package, driven by playwright-core) against
// a real node with activity in every module (test/explorerActivity.ts): every page draws its data
// without a console error or an uncaught exception, the search box finds each kind of id,
// "verify a document" finds the credential anchored with an uploaded file's SHA-256, the home page
// shows new blocks without a reload, the wallet buttons call injected EIP-1193 and Keplr-style
// doubles with the chain's parameters, a phone-sized screen never scrolls sideways, and failures
// read as messages. Skipped, with the reason, only outside CI when Chromium is not installed.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { chromiumUnavailable, launchChromium, type Browser } from "./explorerBrowser.js";
import { CREDENTIAL_DOCUMENT, DEED_DOCUMENT, startChainWithActivity, type ExplorerChain } from "./explorerActivity.js";

// The callbacks passed to page.evaluate and waitForFunction run in the page; Node's types know no DOM.
declare const document: any; // eslint-disable-line @typescript-eslint/no-explicit-any
declare const window: any; // eslint-disable-line @typescript-eslint/no-explicit-any

const unavailable = chromiumUnavailable();
if (unavailable) console.log(`# skipping the explorer's browser tests: ${unavailable}`);
const opts = { skip: unavailable ?? false };

let chain: ExplorerChain;
let browser: Browser;

before(async () => {
  if (unavailable) return;
  chain = await startChainWithActivity();
  browser = await launchChromium();
});

after(async () => {
  await browser?.close();
  await chain?.stop();
});

interface Watched {
  page: Page;
  /** Console errors and uncaught exceptions, in order. */
  errors: string[];
}

async function newPage(): Promise<Watched> {
  const page = await browser.context.newPage();
  const errors: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(`console: ${m.text()}`);
  });
  page.on("pageerror", (e) => errors.push(`uncaught: ${e.message}`));
  return { page, errors };
}

/** Opens an explorer page and waits until the router has drawn it. */
async function open(page: Page, path: string): Promise<void> {
  await page.goto(chain.explorerUrl + path);
  await waitRendered(page, path.split("?")[0]!.replace(/\/+$/, ""));
}

async function waitRendered(page: Page, path: string): Promise<void> {
  await page.waitForFunction((p) => document.body.dataset.rendered === p, path, { timeout: 15_000 });
}

const text = (page: Page) => page.locator("#page").innerText();

test("every page draws the chain's data, with no console error and no uncaught exception", opts, async () => {
  const f = chain.facts;
  const rest = async (path: string) => (await chain.gateway.get(path)).body;
  const taxCollected = (await rest("/vendor/chain/taxrail/balances")).balances[0].collected[0].amount as string;
  const results = (await rest(`/vendor/chain/voting/election/${f.electionId}/results`)).results.tallies as { option: string; votes: string }[];
  const code = (await chain.evm.result<string>("eth_getCode", f.contract, "latest")).length / 2 - 1;
  assert.equal(Number(taxCollected), 100_000, "2.5 % of the 4 UNIT sale");

  const pages: [string, (RegExp | string)[]][] = [
    ["", ["validator-0", "Latest blocks", "Latest transactions"]],
    [`block/${f.sendHeight}`, [`Block ${f.sendHeight}`, f.sendHash.slice(0, 8), "bank · Send", `href:validator/${f.validatorOperator}`]],
    [`tx/${f.sendHash}`, ["bank · Send", "staking · Delegate", `href:account/${f.citizen}`, "0.015 UNIT", "30 UNIT", "7 UNIT"]],
    [`tx/${f.ethTxHash}`, ["Ethereum transaction", f.ethTxHash, f.ethCometHash, "success", /topics/]],
    [`account/${f.citizen}`, ["attested", f.citizenHex, `#${f.credentialId}`, "kyc"]],
    [`account/${f.citizenHex}`, [f.citizen, "EVM view (aunit, 18 decimals)"]],
    [`account/${f.buyer}`, [`#${f.assetId}`, "real_estate", `href:asset/${f.assetId}`]],
    [`account/${f.contract}`, ["Contract code", `${code} bytes`]],
    ["validators", ["validator-0", "bonded"]],
    [`validator/${f.validatorOperator}`, ["validator-0", "Delegations"]],
    ["governance", ["Authorize the notary office", "passed"]],
    [`proposal/${f.proposalId}`, ["Authorize the notary office", "Final tally", "/chain.identity.MsgAddIssuer", "Notary office", "yes"]],
    ["identity", ["Civil registry", "Notary office", "Verify a document"]],
    [`credential/${f.credentialId}`, [f.credentialHash, "active", `href:account/${f.citizen}`]],
    ["registry", ["Germany", `#${f.assetId}`]],
    [`asset/${f.assetId}`, ["Transfer history", "0.1 UNIT", "4 UNIT", "250 UNIT", `href:account/${f.buyer}`, `href:account/${f.citizen}`]],
    ["elections", ["Budget 2027", "closed", "Election board"]],
    [`election/${f.electionId}`, ["Final results", "votes cast", "Budget 2027", 'holders of an active "kyc" credential']],
    ["taxrail", ["DE", "2.5 %", "0.1 UNIT"]],
    ["search/2", ["Block 2", "Credential #2", "Asset #2"]],
  ];
  const { page, errors } = await newPage();
  for (const [path, expected] of pages) {
    await open(page, path);
    assert.equal(await page.locator(".error").count(), 0, `${path}: ${await text(page)}`);
    const shown = await text(page);
    for (const e of expected) {
      // "href:<path>": a link to that page (addresses are shown shortened, linked in full).
      if (typeof e === "string" && e.startsWith("href:"))
        assert.ok((await page.locator(`#page a[href="${e.slice(5)}"]`).count()) > 0, `/explorer/${path} links to ${e.slice(5)}`);
      else assert.ok(typeof e === "string" ? shown.includes(e) : e.test(shown), `/explorer/${path} shows ${e}:\n${shown.slice(0, 1500)}`);
    }
    assert.equal(errors.join("\n"), "", `/explorer/${path}`);
  }
  // Charts are drawn from the answers: one bar per option, as long as its count.
  await open(page, `election/${f.electionId}`);
  const bars = await page.locator("#election-results .bar-fill").evaluateAll((rects) => rects.map((r) => r.getAttribute("data-value")));
  assert.deepEqual(
    bars,
    results.map((t) => t.votes),
  );
  assert.deepEqual(
    results.map((t) => t.votes),
    ["1", "1", "0"],
  );
  await open(page, "taxrail");
  assert.deepEqual(await page.locator("#tax-chart .bar-fill").evaluateAll((rects) => rects.map((r) => r.getAttribute("data-value"))), [taxCollected]);
  await open(page, `tx/${f.ethTxHash}`);
  assert.equal(await page.locator(".log").count(), 1, "Counter.increment emits one log");
  assert.equal(await page.locator(".log ol li").count(), 2, "Incremented(address indexed by, ...): the signature and one indexed topic");
  await page.close();
});

test("the search box finds a height, both tx hashes, both address forms and each kind of id", opts, async () => {
  const f = chain.facts;
  const { page, errors } = await newPage();
  await open(page, "");
  const search = async (query: string, expectedPath: string) => {
    await page.fill("#search", query);
    await page.press("#search", "Enter");
    await waitRendered(page, expectedPath);
    assert.equal(new URL(page.url()).pathname, `/explorer/${expectedPath}`, query);
    assert.equal(await page.locator(".error").count(), 0, `${query}: ${await text(page)}`);
  };
  await search(String(f.sendHeight), `search/${f.sendHeight}`);
  await page.click(`a[href="block/${f.sendHeight}"]`);
  await waitRendered(page, `block/${f.sendHeight}`);
  await search(`block ${f.sendHeight}`, `block/${f.sendHeight}`);
  await search(f.sendHash.toLowerCase(), `tx/${f.sendHash}`);
  await search(f.ethTxHash, `tx/${f.ethTxHash}`);
  assert.match(await text(page), new RegExp(f.ethCometHash));
  await search(f.citizen, `account/${f.citizen}`);
  await search(f.citizenHex, `account/${f.citizenHex}`);
  await search(f.validatorOperator, `validator/${f.validatorOperator}`);
  await search(`credential ${f.credentialId}`, `credential/${f.credentialId}`);
  await search(`asset #${f.assetId}`, `asset/${f.assetId}`);
  await search(`election ${f.electionId}`, `election/${f.electionId}`);
  await search(`proposal ${f.proposalId}`, `proposal/${f.proposalId}`);
  // Nothing to look up: a message under the box, and the page stays.
  await page.fill("#search", "not an id");
  await page.press("#search", "Enter");
  await page.waitForFunction(() => document.querySelector(".search-error")?.textContent !== "");
  assert.match(await page.locator(".search-error").innerText(), /nothing to look up/);
  assert.equal(new URL(page.url()).pathname, `/explorer/proposal/${f.proposalId}`);
  assert.equal(errors.join("\n"), "");
  await page.close();
});

test("verify a document: the file's SHA-256, made in the browser, finds the credential and the asset anchored with it", opts, async () => {
  const f = chain.facts;
  const { page, errors } = await newPage();
  const requests: string[] = [];
  page.on("request", (r) => requests.push(`${r.method()} ${r.url()} ${r.postData() ?? ""}`));
  await open(page, "identity");
  const verify = async (name: string, buffer: Buffer) => {
    await page.locator("#verify-result").evaluate((e) => e.replaceChildren());
    await page.setInputFiles("#verify-file", { name, mimeType: "application/octet-stream", buffer });
    await page.waitForFunction(() => /anchored|credential #|asset #/.test(document.querySelector("#verify-result")?.textContent ?? ""), undefined, {
      timeout: 15_000,
    });
    return page.locator("#verify-result").innerText();
  };
  const found = await verify("passport.txt", CREDENTIAL_DOCUMENT);
  assert.equal(await page.locator("#verify-digest").innerText(), f.credentialHash);
  assert.match(found, new RegExp(`credential #${f.credentialId}`));
  assert.match(found, /active/);
  assert.equal(await page.locator("#verify-result tbody tr").count(), 1, `only the credential with this hash, not the other one its tx issued:\n${found}`);
  await page.click(`#verify-result a[href="credential/${f.credentialId}"]`);
  await waitRendered(page, `credential/${f.credentialId}`);
  assert.equal(await page.locator("#credential-hash").innerText(), f.credentialHash);

  await open(page, "identity");
  assert.match(await verify("deed.txt", DEED_DOCUMENT), new RegExp(`asset #${f.assetId}`));
  await open(page, "identity");
  assert.match(await verify("other.txt", Buffer.from("a document nobody anchored")), /No credential or asset/);
  // Only the digest went out: no request carries the documents' text.
  for (const doc of [CREDENTIAL_DOCUMENT, DEED_DOCUMENT]) {
    const words = doc.toString().slice(0, 20);
    assert.ok(!requests.some((r) => r.includes(words)), `the document "${words}…" was sent`);
  }
  assert.equal(errors.join("\n"), "");
  await page.close();
});

test("the home page shows new blocks as they come, without a reload", opts, async () => {
  const { page, errors } = await newPage();
  await open(page, "");
  const first = Number(await page.locator("#latest-height").innerText());
  await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
  await page.waitForFunction((h) => Number(document.querySelector("#latest-height")?.textContent) > h + 1, first, { timeout: 15_000 });
  const later = Number(await page.locator("#latest-height").innerText());
  assert.ok(later > first + 1, `${first} -> ${later}`);
  assert.equal(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument), true, "no reload happened");
  assert.equal(await page.locator("#latest-blocks tbody tr").first().locator("td").first().innerText(), String(later), "the blocks list follows");
  assert.equal(errors.join("\n"), "");
  await page.close();
});

test("the wallet buttons add the chain to injected EIP-1193 and Keplr-style wallets with the chain's parameters", opts, async () => {
  const f = chain.facts;
  const { page, errors } = await newPage();
  // As page text: the test runner's transpiler would decorate a function with helpers the page lacks.
  await page.addInitScript({
    content: `
      const calls = [];
      window.walletCalls = calls;
      window.ethereum = {
        request: async (args) => { calls.push({ wallet: "evm", method: args.method, params: args.params }); return null; },
      };
      window.keplr = {
        experimentalSuggestChain: async (info) => { calls.push({ wallet: "keplr", method: "experimentalSuggestChain", params: info }); },
        enable: async (chainId) => { calls.push({ wallet: "keplr", method: "enable", params: chainId }); },
        getOfflineSigner: (chainId) => {
          calls.push({ wallet: "keplr", method: "getOfflineSigner", params: chainId });
          return {
            getAccounts: async () => [{ address: ${JSON.stringify(f.citizen)}, algo: "secp256k1", pubkey: new Uint8Array(33) }],
            signDirect: async () => { throw new Error("the explorer never signs"); },
          };
        },
      };`,
  });
  await open(page, "");
  const calls = () => page.evaluate(() => (window as unknown as { walletCalls: { wallet: string; method: string; params: any }[] }).walletCalls);
  const chainId = (await chain.node.status()).network;

  const statusAfter = async (button: string) => {
    await page.locator("#wallet-status").evaluate((e) => e.replaceChildren());
    await page.click(button);
    await page.waitForFunction(() => (document.querySelector("#wallet-status")?.textContent ?? "") !== "", undefined, { timeout: 20_000 });
    return page.locator("#wallet-status").innerText();
  };
  assert.match(await statusAfter("#connect-evm"), /Added .* \(chain id 0xa33\)/);
  const [evm] = await calls();
  assert.equal(evm!.method, "wallet_addEthereumChain");
  const network = evm!.params[0];
  assert.equal(network.chainId, "0xa33");
  assert.equal(network.nativeCurrency.decimals, 18);
  assert.deepEqual(network.rpcUrls, [`http://127.0.0.1:${chain.node.ports.evmHttp}`]);
  assert.deepEqual(network.blockExplorerUrls, [chain.explorerUrl]);

  assert.equal(await statusAfter("#connect-keplr"), `Connected ${f.citizen}`);
  const keplr = (await calls()).filter((c) => c.wallet === "keplr");
  assert.deepEqual(
    keplr.map((c) => c.method),
    ["experimentalSuggestChain", "enable", "getOfflineSigner"],
  );
  const info = keplr[0]!.params;
  assert.equal(info.chainId, chainId);
  assert.equal(info.bech32Config.bech32PrefixAccAddr, "unit");
  assert.equal(info.bech32Config.bech32PrefixValAddr, "unitvaloper");
  assert.equal(info.bip44.coinType, 118);
  assert.deepEqual(info.currencies[0], { coinDenom: "UNIT", coinMinimalDenom: "uunit", coinDecimals: 6 });
  assert.equal(info.stakeCurrency.coinMinimalDenom, "uunit");
  assert.equal(info.feeCurrencies[0].coinMinimalDenom, "uunit");
  assert.equal(info.rpc, chain.node.rpcUrl);
  assert.equal(info.rest, chain.gateway.url);
  assert.equal(keplr[1]!.params, chainId);
  assert.equal(keplr[2]!.params, chainId);
  await page.click(`#wallet-status a[href="account/${f.citizen}"]`);
  await waitRendered(page, `account/${f.citizen}`);
  assert.equal(errors.join("\n"), "");
  await page.close();
});

test("on a phone-sized screen (390 x 844) no page is wider than the screen", opts, async () => {
  const f = chain.facts;
  const { page, errors } = await newPage();
  await page.setViewportSize({ width: 390, height: 844 });
  for (const path of [
    "",
    `block/${f.sendHeight}`,
    `tx/${f.sendHash}`,
    `tx/${f.ethTxHash}`,
    `account/${f.citizen}`,
    `account/${f.contract}`,
    "validators",
    `proposal/${f.proposalId}`,
    "identity",
    `asset/${f.assetId}`,
    `election/${f.electionId}`,
    "taxrail",
  ]) {
    await open(page, path);
    const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
    assert.ok(scrollWidth <= innerWidth, `/explorer/${path} is ${scrollWidth}px wide on a ${innerWidth}px screen`);
  }
  assert.equal(errors.join("\n"), "");
  await page.close();
});

test("failures read as messages: not found, no such page, and a node that does not answer", opts, async () => {
  const { page, errors } = await newPage();
  await open(page, "block/999999999");
  assert.match(await page.locator(".error-not-found").innerText(), /Not found[\s\S]*there is no block 999999999: the chain is at height \d+/);
  await open(page, "no/such/page");
  assert.match(await page.locator(".error-not-found").innerText(), /the explorer has no page at \/explorer\/no\/such\/page/);
  await open(page, `tx/${"ab".repeat(32)}`);
  assert.match(await page.locator(".error-not-found").innerText(), /no tx with hash/);
  await open(page, "account/unit1notanaddress");
  assert.match(await page.locator(".error").innerText(), /Not found[\s\S]*invalid/i);
  assert.equal(errors.join("\n"), "", "none of these needed a failing request");

  await open(page, "credential/999999");
  assert.match(await page.locator(".error-not-found").innerText(), /credential 999999 not found/);
  assert.ok(
    errors.every((e) => /Failed to load resource: the server responded with a status of 404/.test(e)),
    `only the browser's own note of the 404: ${errors.join("\n")}`,
  );
  errors.length = 0;

  // CometBFT out of reach: the proxy's answers are cut off.
  await page.route("**/explorer/rpc", (route) => route.abort("connectionrefused"));
  await page.goto(chain.explorerUrl);
  await waitRendered(page, "");
  assert.match(await page.locator(".error-unreachable").innerText(), /The node cannot be reached[\s\S]*cannot reach the node/);
  assert.ok(!errors.some((e) => e.startsWith("uncaught")), errors.join("\n"));
  await page.close();
});
