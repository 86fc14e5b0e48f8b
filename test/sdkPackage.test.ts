// The SDK as a user gets it: compiled and packed into a tarball (sdk/package.json as it is), then
// installed into a fresh project next to CosmJS from the registry. The examples of docs/sdk.md are
// copied into that project and run with plain `node` against a real node (CometBFT + app + REST
// gateway): a credential over REST, queries over CosmJS's ABCI query, a bank send signed by the
// SDK, a dapp connecting a Keplr-like wallet and adding the EVM network to an EIP-1193 one. The
// installed entries import in Node and bundle for a browser, and a TypeScript project type-checks
// against the shipped .d.ts.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { faucetAddress } from "../app/localGenesis.js";
import { REPO_ROOT } from "../common/node/paths.js";
import { FAUCET_TEST_MNEMONIC } from "../common/node/testKeys.js";
import { formatAccountAddress } from "../sdk/crypto/accountAddress.js";
import { bundleForBrowser } from "./support/browserBundle.js";
import { LocalNode } from "./support/localNode.js";
import { RestGatewayProcess } from "./support/restGateway.js";

const run = promisify(execFile);
const SUBJECT = formatAccountAddress(new Uint8Array(20).fill(0x22));
const HASH = "0x" + "ab".repeat(32);
/** The recipient dapp-keplr.mjs pays. */
const DAPP_RECIPIENT = "unit1squt7f8va6eee6wf8hahchz8n6uxcrg28qa59z";

let dir: string;
let project: string;
let tarball: string;
let node: LocalNode;
let gateway: RestGatewayProcess;

const version = (name: string) =>
  (JSON.parse(fs.readFileSync(path.join(REPO_ROOT, "node_modules", name, "package.json"), "utf8")) as { version: string }).version;

/** The ```js blocks of docs/sdk.md that start with `// file: <name>`, by name. */
function docExamples(): Map<string, string> {
  const doc = fs.readFileSync(path.join(REPO_ROOT, "docs", "sdk.md"), "utf8");
  return new Map([...doc.matchAll(/```js\n\/\/ file: (\S+)\n([\s\S]*?)```/g)].map((m) => [m[1]!, m[2]!]));
}

/** window.keplr and window.ethereum for Node: a Keplr-like wallet over the faucet key, an EIP-1193 recorder. */
const WALLET_DOUBLES = `
import { DirectSecp256k1HdWallet } from "@cosmjs/proto-signing";
import { stringToPath } from "@cosmjs/crypto";
const signer = await DirectSecp256k1HdWallet.fromMnemonic(process.env.MNEMONIC, { prefix: "unit", hdPaths: [stringToPath("m/44'/118'/0'/0/0")] });
const enabled = new Set();
const report = (what, value) => console.error("WALLET " + JSON.stringify({ what, value }));
globalThis.window = {
  keplr: {
    async experimentalSuggestChain(info) { report("suggest", info); },
    async enable(chainId) { enabled.add(chainId); report("enable", chainId); },
    getOfflineSigner(chainId) { if (!enabled.has(chainId)) throw new Error(chainId + " is not enabled"); return signer; },
  },
  ethereum: { async request(args) { report("request", args); return null; } },
};
`;

before(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "unit-sdk-package-"));
  const pkg = path.join(dir, "pkg");
  // The build of `npm run build:sdk`, into a scratch folder so the checkout's sdk/dist is left alone.
  await run(path.join(REPO_ROOT, "node_modules", ".bin", "tsc"), [
    "-p",
    path.join(REPO_ROOT, "sdk", "tsconfig.build.json"),
    "--outDir",
    path.join(pkg, "dist"),
  ]);
  for (const file of ["package.json", "README.md"]) fs.copyFileSync(path.join(REPO_ROOT, "sdk", file), path.join(pkg, file));
  const packed = await run("npm", ["pack", "--ignore-scripts", "--pack-destination", dir], { cwd: pkg });
  tarball = path.join(dir, packed.stdout.trim().split("\n").pop()!);

  project = path.join(dir, "app");
  fs.mkdirSync(project);
  fs.writeFileSync(path.join(project, "package.json"), JSON.stringify({ name: "sdk-consumer", private: true, type: "module" }));
  const cosmjs = ["stargate", "tendermint-rpc", "proto-signing"].map((name) => `@cosmjs/${name}@${version(`@cosmjs/${name}`)}`);
  await run("npm", ["install", tarball, ...cosmjs, "--prefer-offline", "--no-audit", "--no-fund", "--loglevel=error"], { cwd: project });

  node = await LocalNode.create({
    editAppState: (state) => ({
      ...state,
      identity: {
        params: { attested_credential_type: "kyc" },
        issuers: [{ address: faucetAddress(), name: "Acme KYC", added_at: "2026-01-02T03:04:05Z" }],
        credentials: [
          { id: "1", subject: SUBJECT, issuer: faucetAddress(), credential_type: "kyc", credential_hash: HASH, status: "CREDENTIAL_STATUS_ACTIVE" },
        ],
        next_credential_id: "2",
      },
    }),
  });
  await node.start();
  await node.waitForHeight(2);
  gateway = new RestGatewayProcess(node.ports.rest, ["--home", node.paths.root]);
  await gateway.waitFor("/vendor/chain/identity/params");

  fs.writeFileSync(path.join(project, "wallet-doubles.mjs"), WALLET_DOUBLES);
  // The examples as documented, pointed at this node instead of the default ports.
  for (const [name, code] of docExamples()) {
    const local = code.replaceAll("http://127.0.0.1:1317", gateway.url).replaceAll("http://127.0.0.1:26657", node.rpcUrl);
    fs.writeFileSync(path.join(project, name), local);
  }
});

after(async () => {
  await gateway?.stop();
  await node?.destroy();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

/** Runs a script of the project with plain node; its last stdout line parsed as JSON. */
async function example(script: string, args: string[] = [], env: NodeJS.ProcessEnv = {}, nodeArgs: string[] = []) {
  const { stdout, stderr } = await run(process.execPath, [...nodeArgs, script, ...args], { cwd: project, env: { ...process.env, ...env }, timeout: 60_000 });
  const lines = stdout.trim().split("\n");
  return { json: JSON.parse(lines[lines.length - 1]!) as any, stderr }; // eslint-disable-line @typescript-eslint/no-explicit-any
}

async function balance(address: string): Promise<bigint> {
  const res = await gateway.get(`/cosmos/bank/v1beta1/balances/${address}/by_denom?denom=uunit`);
  return BigInt(res.body.balance.amount);
}

test("docs/sdk.md has the five runnable examples", () => {
  assert.deepEqual([...docExamples().keys()].sort(), ["dapp-evm.mjs", "dapp-keplr.mjs", "query-abci.mjs", "query-credential.mjs", "send-bank.mjs"]);
});

test("the tarball holds the compiled SDK and the generated modules it uses: no tests, no sources, nothing of the node", async () => {
  const { stdout } = await run("tar", ["-tzf", tarball]);
  const files = stdout.trim().split("\n");
  for (const required of [
    "package/package.json",
    "package/README.md",
    "package/dist/sdk/index.js",
    "package/dist/sdk/index.d.ts",
    "package/dist/sdk/query/index.d.ts",
    "package/dist/gen/chain/identity/query_pb.js",
  ])
    assert.ok(files.includes(required), required);
  assert.deepEqual(
    files.filter((f) => /\.test\.|\.ts$/.test(f) && !f.endsWith(".d.ts")),
    [],
    "no tests or TypeScript sources",
  );
  assert.deepEqual(
    files.filter((f) => !/^package\/(package\.json|README\.md|dist\/(sdk|gen)\/.+\.(js|d\.ts))$/.test(f)),
    [],
    "only the SDK and gen/ under dist",
  );
  assert.ok(!files.some((f) => f.includes("secp256k1Verify.js")), "the node's native verifier stays out");
  const manifest = JSON.parse(fs.readFileSync(path.join(project, "node_modules", "@unit", "sdk", "package.json"), "utf8"));
  assert.equal(manifest.name, "@unit/sdk");
  assert.equal(manifest.type, "module");
});

test("query-credential.mjs reads a credential over REST with the typed client", async () => {
  const { json } = await example("query-credential.mjs", ["1"]);
  assert.deepEqual(json, { id: "1", subject: SUBJECT, type: "kyc", status: "ACTIVE", issuerAuthorized: true, tier: json.tier, issuers: ["Acme KYC"] });
  assert.equal(typeof json.tier, "number");
  const missing = await example("query-credential.mjs", ["99"]);
  assert.match(missing.json.notFound, /99/);
});

test("query-abci.mjs queries the custom modules over CosmJS's ABCI query", async () => {
  const { json } = await example("query-abci.mjs");
  assert.deepEqual(json, { attestedCredentialType: "kyc", issuers: ["Acme KYC"], evmChainId: "2611" });
});

test("send-bank.mjs signs a bank send with the SDK and the node includes it", async () => {
  const recipient = formatAccountAddress(new Uint8Array(20).fill(0x77));
  const { json } = await example("send-bank.mjs", [recipient, "4321"], { MNEMONIC: FAUCET_TEST_MNEMONIC });
  assert.equal(json.code, 0);
  assert.equal(json.from, faucetAddress());
  assert.match(json.hash, /^[0-9A-F]{64}$/);
  assert.ok(Number(json.height) > 0);
  assert.equal(await balance(recipient), 4321n);
});

function walletReports(stderr: string): { what: string; value: any }[] {
  // eslint-disable-line @typescript-eslint/no-explicit-any
  return stderr
    .split("\n")
    .filter((line) => line.startsWith("WALLET "))
    .map((line) => JSON.parse(line.slice("WALLET ".length)));
}

test("dapp-keplr.mjs connects a Keplr-like wallet with the node's /chain-info/keplr and sends through its client", async () => {
  const before_ = await balance(DAPP_RECIPIENT);
  const { json, stderr } = await example("dapp-keplr.mjs", [], { MNEMONIC: FAUCET_TEST_MNEMONIC }, ["--import", "./wallet-doubles.mjs"]);
  assert.equal(json.code, 0);
  assert.equal(json.address, faucetAddress());
  assert.equal(await balance(DAPP_RECIPIENT), before_ + 1000n);
  const reports = walletReports(stderr);
  assert.deepEqual(
    reports.map((r) => r.what),
    ["suggest", "enable"],
  );
  assert.deepEqual(reports[0]!.value, (await gateway.get("/chain-info/keplr")).body, "the wallet was given the node's chain info");
  assert.equal(reports[0]!.value.rpc, node.rpcUrl);
});

test("dapp-evm.mjs adds the EVM network: the node's EIP-3085 parameters and the SDK's agree", async () => {
  const { json, stderr } = await example("dapp-evm.mjs", [], { MNEMONIC: FAUCET_TEST_MNEMONIC }, ["--import", "./wallet-doubles.mjs"]);
  const requests = walletReports(stderr).filter((r) => r.what === "request");
  assert.deepEqual(
    requests.map((r) => r.value.method),
    ["wallet_addEthereumChain", "wallet_addEthereumChain"],
  );
  assert.deepEqual(requests[0]!.value.params, [json.fromNode]);
  assert.deepEqual(requests[1]!.value.params, [json.fromSdk]);
  assert.equal(json.fromNode.chainId, "0xa33");
  assert.equal(json.fromSdk.chainId, "0xa33");
  assert.deepEqual(json.fromNode.nativeCurrency, { name: "UNIT", symbol: "UNIT", decimals: 18 });
  assert.deepEqual(json.fromNode.rpcUrls, [`http://127.0.0.1:${node.ports.evmHttp}`]);
});

const BROWSER_SUBPATHS = ["", "/query", "/tx", "/wallet", "/client", "/cosmjs", "/crypto", "/keys", "/math", "/signer", "/proto/chain/identity/identity_pb"];

/** Bundles `source` for a browser from the project's node_modules; the Node builtins it imports. */
async function browserBundle(source: string): Promise<string[]> {
  return (await bundleForBrowser(project, { stdin: { contents: source, resolveDir: project, loader: "js" } })).builtins;
}

test("the installed entries import in Node and bundle for a browser; the keyring is Node-only", async () => {
  const imports = [...BROWSER_SUBPATHS, "/keyring"].map(
    (sub, i) => `import * as m${i} from "@unit/sdk${sub}"; names.push(["${sub}", Object.keys(m${i}).length]);`,
  );
  fs.writeFileSync(path.join(project, "imports.mjs"), `const names = [];\n${imports.join("\n")}\nconsole.log(JSON.stringify(Object.fromEntries(names)));\n`);
  const { json } = await example("imports.mjs");
  for (const sub of [...BROWSER_SUBPATHS, "/keyring"]) assert.ok(json[sub] > 0, `@unit/sdk${sub} exports something`);

  for (const sub of BROWSER_SUBPATHS) assert.deepEqual(await browserBundle(`export * from "@unit/sdk${sub}";`), [], `@unit/sdk${sub} in a browser bundle`);
  for (const page of ["dapp-keplr.mjs", "dapp-evm.mjs"])
    assert.deepEqual(await browserBundle(fs.readFileSync(path.join(project, page), "utf8")), [], `${page} bundled as a page`);
  await assert.rejects(browserBundle(`export * from "@unit/sdk/keyring";`), /keyring/);
});

test("a TypeScript project type-checks against the shipped declarations", async () => {
  fs.writeFileSync(
    path.join(project, "tsconfig.json"),
    JSON.stringify({
      compilerOptions: {
        module: "nodenext",
        moduleResolution: "nodenext",
        target: "es2022",
        lib: ["es2023", "dom"],
        types: [],
        strict: true,
        noEmit: true,
        skipLibCheck: true,
      },
      files: ["consumer.ts"],
    }),
  );
  fs.writeFileSync(
    path.join(project, "consumer.ts"),
    `import { createRestQueryClient, setupUnitExtensions, type RestQueryClient } from "@unit/sdk/query";
import { msgSend, type Coin } from "@unit/sdk/tx";
import { keplrChainInfo } from "@unit/sdk/wallet";
import { CredentialStatus } from "@unit/sdk/proto/chain/identity/identity_pb";
import { openKeyring } from "@unit/sdk/keyring";

const rest: RestQueryClient = createRestQueryClient("http://127.0.0.1:1317");
export async function credentialId(): Promise<bigint> {
  const { credential } = await rest.identity.credential({ id: 1n });
  if (credential?.status !== CredentialStatus.ACTIVE) throw new Error("inactive");
  // @ts-expect-error the id is a bigint, not a string: the types are the protos'
  const wrong: string = credential.id;
  return credential.id;
}
const coin: Coin = { denom: "uunit", amount: "1" };
export const any = msgSend({ fromAddress: "unit1...", toAddress: "unit1...", amount: [coin] });
export const info = keplrChainInfo({ chainId: "unit_2611-1", chainName: "Unit", rpcEndpoint: "http://127.0.0.1:26657", restEndpoint: "http://127.0.0.1:1317" }).bip44.coinType;
export const setup = setupUnitExtensions;
export const keyring = openKeyring;
`,
  );
  const tsc = path.join(REPO_ROOT, "node_modules", ".bin", "tsc");
  await run(tsc, ["-p", project]).catch((err: { stdout: string }) => assert.fail(`tsc failed:\n${err.stdout}`));
});
