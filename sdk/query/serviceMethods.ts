// The method map of a generated service, for typing a client from it.
import type { GenService } from "@bufbuild/protobuf/codegenv2";

/** `typeof IdentityQuery` -> `{ params: {input, output, ...}, did: ..., ... }` */
export type ServiceMethods<T> = T extends GenService<infer S> ? S : never;
