// What server reflection can describe: the files of every served service and, transitively, every
// file they import, indexed by file name, by fully-qualified symbol and by extension. Built once
// when the server starts, from the protobuf-es descriptors the generated code already embeds, so
// reflection can never disagree with what the server actually decodes.
import { toBinary, type DescEnum, type DescExtension, type DescFile, type DescMessage, type DescService } from "@bufbuild/protobuf";
import { FileDescriptorProtoSchema } from "@bufbuild/protobuf/wkt";

export class DescriptorIndex {
  private readonly files = new Map<string, DescFile>();
  private readonly symbols = new Map<string, DescFile>();
  /** extendee type name → extension number → the extension */
  private readonly extensions = new Map<string, Map<number, DescExtension>>();
  private readonly serialized = new Map<DescFile, Uint8Array>();
  private readonly serviceNames: string[];

  /** `types`: messages described although no served method uses them (what the app packs into an Any). */
  constructor(services: readonly DescService[], types: readonly DescMessage[] = []) {
    this.serviceNames = [...new Set(services.map((s) => s.typeName))].sort();
    for (const service of services) this.addFile(service.file);
    for (const type of types) this.addFile(type.file);
  }

  /** Fully-qualified names of the served services, sorted. */
  services(): readonly string[] {
    return this.serviceNames;
  }

  /** A file by the path it was compiled under (`cosmos/bank/v1beta1/query.proto`). */
  fileByName(name: string): DescFile | undefined {
    return this.files.get(name);
  }

  /** The file declaring a service, method, message, field, oneof, enum, enum value or extension. */
  fileContainingSymbol(symbol: string): DescFile | undefined {
    return this.symbols.get(symbol.startsWith(".") ? symbol.slice(1) : symbol);
  }

  fileContainingExtension(extendee: string, number: number): DescFile | undefined {
    return this.extensions.get(extendee)?.get(number)?.file;
  }

  /** Extension numbers known for a message type; undefined when the type itself is unknown. */
  extensionNumbersOf(typeName: string): number[] | undefined {
    const known = this.symbols.has(typeName);
    const numbers = [...(this.extensions.get(typeName)?.keys() ?? [])].sort((a, b) => a - b);
    return known || numbers.length > 0 ? numbers : undefined;
  }

  /**
   * Serialized FileDescriptorProtos of `file` then of every file it imports, transitively, each
   * once: a client needs them all to build the file's types.
   */
  withDependencies(file: DescFile): Uint8Array[] {
    const seen = new Set<DescFile>();
    const out: Uint8Array[] = [];
    const visit = (f: DescFile) => {
      if (seen.has(f)) return;
      seen.add(f);
      out.push(this.bytesOf(f));
      for (const dep of f.dependencies) visit(dep);
    };
    visit(file);
    return out;
  }

  private bytesOf(file: DescFile): Uint8Array {
    let bytes = this.serialized.get(file);
    if (!bytes) {
      bytes = toBinary(FileDescriptorProtoSchema, file.proto);
      this.serialized.set(file, bytes);
    }
    return bytes;
  }

  private addFile(file: DescFile): void {
    const name = file.proto.name;
    if (this.files.has(name)) return;
    this.files.set(name, file);
    for (const service of file.services) {
      this.addSymbol(service.typeName, file);
      for (const method of service.methods) this.addSymbol(`${service.typeName}.${method.name}`, file);
    }
    for (const message of file.messages) this.addMessage(message, file);
    for (const e of file.enums) this.addEnum(e, file);
    for (const ext of file.extensions) this.addExtension(ext, file);
    for (const dep of file.dependencies) this.addFile(dep);
  }

  private addMessage(message: DescMessage, file: DescFile): void {
    this.addSymbol(message.typeName, file);
    for (const field of message.fields) this.addSymbol(`${message.typeName}.${field.name}`, file);
    for (const oneof of message.oneofs) this.addSymbol(`${message.typeName}.${oneof.name}`, file);
    for (const nested of message.nestedMessages) this.addMessage(nested, file);
    for (const e of message.nestedEnums) this.addEnum(e, file);
    for (const ext of message.nestedExtensions) this.addExtension(ext, file);
  }

  private addEnum(e: DescEnum, file: DescFile): void {
    this.addSymbol(e.typeName, file);
    // Enum values are scoped beside their enum, not inside it (C++ scoping rules).
    const scope = e.typeName.slice(0, e.typeName.lastIndexOf(".") + 1);
    for (const value of e.values) this.addSymbol(`${scope}${value.name}`, file);
  }

  private addExtension(ext: DescExtension, file: DescFile): void {
    this.addSymbol(ext.typeName, file);
    let byNumber = this.extensions.get(ext.extendee.typeName);
    if (!byNumber) this.extensions.set(ext.extendee.typeName, (byNumber = new Map()));
    byNumber.set(ext.number, ext);
  }

  private addSymbol(symbol: string, file: DescFile): void {
    // First wins: the same file object is reached along several import paths.
    if (!this.symbols.has(symbol)) this.symbols.set(symbol, file);
  }
}
