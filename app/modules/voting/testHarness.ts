// Test-only: the voting keeper and handlers over a real store branch, with the real identity
// keeper behind its expected-keeper interface (credentials are issued and revoked through
// identity's own handlers). Handlers run as the tx pipeline runs them (validateBasic, then handle)
// straight on the block's branch, so a failing handler that wrote anything would show in `dump()`.
// The block time is `now` (ms), which a test moves forward; `endBlock` runs the module's end block.
import { create, fromBinary, toBinary, type DescMessage, type MessageInitShape, type MessageShape } from "@bufbuild/protobuf";
import { timestampFromMs } from "@bufbuild/protobuf/wkt";
import { Context, type AbciEvent } from "../../context.js";
import { AppError } from "../../../common/errors.js";
import { QueryServices } from "../../query/service.js";
import { openStore, type Branch, type Store } from "../../store/index.js";
import { decodedMsg, executeMsg, type MsgHandler } from "../../tx/msgRouter.js";
import { testLogger } from "../../../test/support/logger.js";
import { accAddressToString } from "../../../common/address.js";
import { AccountKeeper } from "../auth/keeper.js";
import { IdentityKeeper } from "../identity/keeper.js";
import { msgAddIssuerHandler, msgIssueCredentialHandler, msgRemoveIssuerHandler, msgRevokeCredentialHandler } from "../identity/msgServer.js";
import { GOV_AUTHORITY } from "../../modules.js";
import { votingEndBlock } from "./endBlocker.js";
import { VotingKeeper } from "./keeper.js";
import {
  msgAddElectoralAuthorityHandler,
  msgCancelElectionHandler,
  msgCastVoteHandler,
  msgCreateElectionHandler,
  msgRegisterVoterHandler,
  msgRemoveElectoralAuthorityHandler,
  msgUpdateParamsHandler,
} from "./msgServer.js";
import { registerVotingQueries } from "./queryServer.js";

export const BLOCK_TIME_MS = 1_700_000_000_000;
export const HOUR_MS = 3_600_000;

/** A deterministic address: 20 copies of `n`, and its bech32. */
export function addr(n: number): { bytes: Uint8Array; text: string } {
  const bytes = new Uint8Array(20).fill(n);
  return { bytes, text: accAddressToString(bytes) };
}

const HASH = (n: number) => `0x${n.toString(16).padStart(2, "0").repeat(32)}`;

export class Harness {
  readonly store: Store = openStore(":memory:");
  readonly branch: Branch = this.store.begin();
  readonly identity = new IdentityKeeper(new AccountKeeper([{ name: "gov", permissions: [] }]), GOV_AUTHORITY);
  readonly keeper = new VotingKeeper(this.identity, GOV_AUTHORITY);
  readonly queries = new QueryServices();
  /** The block time of the next ctx(), in ms. */
  now = BLOCK_TIME_MS;
  readonly m = {
    addAuthority: msgAddElectoralAuthorityHandler(this.keeper),
    removeAuthority: msgRemoveElectoralAuthorityHandler(this.keeper),
    create: msgCreateElectionHandler(this.keeper),
    cancel: msgCancelElectionHandler(this.keeper),
    register: msgRegisterVoterHandler(this.keeper),
    vote: msgCastVoteHandler(this.keeper),
    params: msgUpdateParamsHandler(this.keeper),
  };
  readonly id = {
    addIssuer: msgAddIssuerHandler(this.identity),
    removeIssuer: msgRemoveIssuerHandler(this.identity),
    issue: msgIssueCredentialHandler(this.identity),
    revoke: msgRevokeCredentialHandler(this.identity),
  };
  private hashes = 0;

  constructor() {
    registerVotingQueries(this.queries, this.keeper);
  }

  ctx(): Context {
    return new Context(
      { chainId: "unit_2611-1", height: 7n, time: timestampFromMs(this.now), hash: new Uint8Array(32), proposerAddress: new Uint8Array(20) },
      this.branch,
      testLogger,
    );
  }

  /** Runs a message to success; returns its response and the events it emitted. */
  run<I extends DescMessage, O extends DescMessage>(handler: MsgHandler<I, O>, msg: MessageInitShape<I>): { response: MessageShape<O>; events: AbciEvent[] } {
    const ctx = this.ctx();
    const response = create(handler.response, executeMsg(ctx, decodedMsg(handler, create(handler.request, msg))) as MessageInitShape<O>);
    return { response, events: ctx.events };
  }

  /** Runs a message that must fail; returns the AppError (anything else fails the test). */
  fail<I extends DescMessage, O extends DescMessage>(handler: MsgHandler<I, O>, msg: MessageInitShape<I>): AppError {
    try {
      this.run(handler, msg);
    } catch (err) {
      if (err instanceof AppError) return err;
      throw err;
    }
    throw new Error(`${handler.request.typeName} unexpectedly succeeded`);
  }

  /** The module's end block at the current time; returns the events it emitted. */
  endBlock(): AbciEvent[] {
    const ctx = this.ctx();
    votingEndBlock(this.keeper, ctx);
    return ctx.events;
  }

  /** Every key and value in the branch, hex, in key order. */
  dump(): string[] {
    return [...this.branch.iterator()].map(({ key, value }) => `${Buffer.from(key).toString("hex")}=${Buffer.from(value).toString("hex")}`);
  }

  /** A gRPC-path query against the branch. */
  query<I extends DescMessage, O extends DescMessage>(path: string, input: I, req: MessageInitShape<I>, output: O): MessageShape<O> {
    const method = this.queries.method(path);
    if (!method) throw new Error(`no query method ${path}`);
    return fromBinary(output, method.handle(toBinary(input, create(input, req)), { state: this.branch, height: 7 }));
  }

  // ---- identity, through its own handlers

  addIssuer(issuer: string): void {
    this.run(this.id.addIssuer, { authority: GOV_AUTHORITY, issuerAddress: issuer, name: `issuer ${issuer.slice(-4)}` });
  }

  /** Issues a credential of `type` to `subject`; returns its id. */
  attest(issuer: string, subject: string, type = "kyc"): bigint {
    return this.run(this.id.issue, { issuer, subject, credentialType: type, credentialHash: HASH(++this.hashes) }).response.credentialId;
  }

  revoke(issuer: string, credentialId: bigint): void {
    this.run(this.id.revoke, { signer: issuer, credentialId });
  }

  // ---- voting shortcuts

  addAuthority(address: string, name = "Election Board"): void {
    this.run(this.m.addAuthority, { authority: GOV_AUTHORITY, address, name });
  }

  /** Creates an election by `authority` opening `startInMs` from now and lasting `lengthMs`; returns its id. */
  createElection(
    authority: string,
    overrides: Partial<{ options: string[]; eligibilityCredentialType: string; startInMs: number; lengthMs: number; title: string }> = {},
  ): bigint {
    const start = this.now + (overrides.startInMs ?? HOUR_MS);
    return this.run(this.m.create, {
      authority,
      title: overrides.title ?? "Board election",
      description: "Who sits on the board",
      options: overrides.options ?? ["yes", "no", "abstain"],
      eligibilityCredentialType: overrides.eligibilityCredentialType ?? "kyc",
      votingStart: timestampFromMs(start),
      votingEnd: timestampFromMs(start + (overrides.lengthMs ?? 2 * HOUR_MS)),
    }).response.electionId;
  }

  close(): void {
    this.store.close();
  }
}
