// Asks a gRPC server, through server reflection (grpc.reflection.v1), which services it serves and
// for the descriptors of their files and every file those import. The gateway builds its routes
// and its JSON from these, so it describes exactly what the app serves, in the app's version.
import { create, createFileRegistry, fromBinary, toBinary, type DescService, type FileRegistry } from "@bufbuild/protobuf";
import { FileDescriptorProtoSchema, FileDescriptorSetSchema, type FileDescriptorProto } from "@bufbuild/protobuf/wkt";
import { Metadata, type Client, type ClientDuplexStream } from "@grpc/grpc-js";
import { GrpcCode } from "../../common/errors.js";
import {
  ServerReflectionRequestSchema,
  ServerReflectionResponseSchema,
  type ServerReflectionRequest,
  type ServerReflectionResponse,
} from "../../gen/grpc/reflection/v1/reflection_pb.js";

const REFLECTION_PATH = "/grpc.reflection.v1.ServerReflection/ServerReflectionInfo";

export interface ServedDescriptors {
  registry: FileRegistry;
  /** The served services, reflection itself excepted, sorted by name. */
  services: DescService[];
}

const passThrough = (b: Buffer) => b;

/** One reflection stream on which requests are answered in order. */
class ReflectionSession {
  private readonly stream: ClientDuplexStream<Buffer, Buffer>;
  private readonly pending: { resolve: (r: ServerReflectionResponse) => void; reject: (e: Error) => void }[] = [];
  private failure: Error | undefined;

  constructor(client: Client, timeoutMs: number) {
    this.stream = client.makeBidiStreamRequest(REFLECTION_PATH, passThrough, passThrough, new Metadata(), { deadline: new Date(Date.now() + timeoutMs) });
    this.stream.on("data", (chunk: Buffer) => {
      const waiter = this.pending.shift();
      if (!waiter) return;
      try {
        waiter.resolve(fromBinary(ServerReflectionResponseSchema, chunk));
      } catch (err) {
        waiter.reject(new Error(`undecodable reflection response: ${(err as Error).message}`));
      }
    });
    this.stream.on("error", (err: Error) => this.failAll(err));
    this.stream.on("end", () => this.failAll(new Error("the server ended the reflection stream early")));
  }

  ask(request: ServerReflectionRequest["messageRequest"]): Promise<ServerReflectionResponse> {
    return new Promise((resolve, reject) => {
      if (this.failure) return reject(this.failure);
      this.pending.push({ resolve, reject });
      this.stream.write(Buffer.from(toBinary(ServerReflectionRequestSchema, create(ServerReflectionRequestSchema, { messageRequest: request }))));
    });
  }

  /** The serialized files answering a file_containing_symbol request, decoded; undefined when the server knows no such symbol. */
  async filesContaining(symbol: string): Promise<FileDescriptorProto[] | undefined> {
    const answer = await this.ask({ case: "fileContainingSymbol", value: symbol });
    const r = answer.messageResponse;
    if (r.case === "errorResponse" && r.value.errorCode === GrpcCode.NOT_FOUND) return undefined;
    if (r.case !== "fileDescriptorResponse") throw unexpected(answer, `the file of ${symbol}`);
    return r.value.fileDescriptorProto.map((bytes) => fromBinary(FileDescriptorProtoSchema, bytes));
  }

  close(): void {
    this.stream.end();
    this.stream.cancel();
  }

  private failAll(err: Error): void {
    this.failure ??= err;
    for (const p of this.pending.splice(0)) p.reject(this.failure);
  }
}

export async function fetchServedDescriptors(client: Client, timeoutMs: number): Promise<ServedDescriptors> {
  const session = new ReflectionSession(client, timeoutMs);
  try {
    const listed = await session.ask({ case: "listServices", value: "" });
    if (listed.messageResponse.case !== "listServicesResponse") throw unexpected(listed, "a service list");
    const names = listed.messageResponse.value.service
      .map((s) => s.name)
      .filter((n) => !n.startsWith("grpc.reflection."))
      .sort();
    const files = new Map<string, FileDescriptorProto>();
    for (const name of names) {
      const found = await session.filesContaining(name);
      if (!found) throw new Error(`the server lists ${name} but has no file declaring it`);
      for (const file of found) if (!files.has(file.name)) files.set(file.name, file);
    }
    const registry = createFileRegistry(create(FileDescriptorSetSchema, { file: dependenciesFirst(files) }));
    const services = names.map((name) => {
      const service = registry.getService(name);
      if (!service) throw new Error(`the server lists ${name} but its descriptors do not declare it`);
      return service;
    });
    return { registry, services };
  } finally {
    session.close();
  }
}

/**
 * `base` plus the file declaring `typeName` (and its imports), asked of the server: how a type
 * found only inside an Any (a module's Msg, a public key) is learned. Undefined when the server
 * does not know the type either.
 */
export async function fetchTypeDescriptors(client: Client, typeName: string, base: FileRegistry, timeoutMs: number): Promise<FileRegistry | undefined> {
  const session = new ReflectionSession(client, timeoutMs);
  try {
    const found = await session.filesContaining(typeName);
    if (!found || found.length === 0) return undefined;
    const received = new Map(found.map((f) => [f.name, f]));
    const added = createFileRegistry(found[0]!, (name) => base.getFile(name) ?? received.get(name));
    const merged = createFileRegistry(base, added);
    return merged.getMessage(typeName) ? merged : undefined;
  } finally {
    session.close();
  }
}

/** The files ordered so each comes after everything it imports, as the registry needs them. */
function dependenciesFirst(files: Map<string, FileDescriptorProto>): FileDescriptorProto[] {
  const out: FileDescriptorProto[] = [];
  const state = new Map<string, "visiting" | "done">();
  const visit = (file: FileDescriptorProto) => {
    const seen = state.get(file.name);
    if (seen === "done") return;
    if (seen === "visiting") throw new Error(`import cycle through ${file.name}`);
    state.set(file.name, "visiting");
    for (const dep of file.dependency) {
      const imported = files.get(dep);
      if (!imported) throw new Error(`${file.name} imports ${dep}, which the server did not send`);
      visit(imported);
    }
    state.set(file.name, "done");
    out.push(file);
  };
  for (const name of [...files.keys()].sort()) visit(files.get(name)!);
  return out;
}

function unexpected(response: ServerReflectionResponse, wanted: string): Error {
  const r = response.messageResponse;
  if (r.case === "errorResponse") return new Error(`reflection refused ${wanted}: ${r.value.errorMessage} (code ${r.value.errorCode})`);
  return new Error(`reflection answered ${r.case ?? "nothing"} when asked for ${wanted}`);
}
