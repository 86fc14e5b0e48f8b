// The explorer's files (dist/explorer, built by esbuild) as the gateway serves them: a request path
// under /explorer/ maps to a file inside that folder and nowhere else, and a page URL that names no
// file (/explorer/block/12) gets index.html, whose router draws the page.
import fs from "node:fs";
import path from "node:path";
import { GrpcCode } from "../../../common/errors.js";
import { RestError } from "../restErrors.js";

export const EXPLORER_PREFIX = "/explorer/";

const CONTENT_TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".map": "application/json; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".ico": "image/x-icon",
  ".txt": "text/plain; charset=utf-8",
};

/** esbuild names built files `<name>-<8 base32 characters>.<ext>`: such a file never changes. */
const HASHED_NAME = /-[A-Z0-9]{8}\.[a-z0-9]+$/;

export interface StaticFile {
  file: string;
  contentType: string;
  cacheControl: string;
  /** True when the path named no file and index.html stands in for the page. */
  fallback: boolean;
}

/**
 * The file that answers `requestPath` (still percent-encoded, starting with /explorer/). Throws
 * RestError 400 for a path that tries to leave the folder, 404 for a missing file with an extension.
 */
export function resolveStaticFile(root: string, requestPath: string): StaticFile {
  if (!requestPath.startsWith(EXPLORER_PREFIX)) throw new RestError(GrpcCode.NOT_FOUND, `no explorer file at ${requestPath.slice(0, 200)}`);
  const segments = requestPath.slice(EXPLORER_PREFIX.length).split("/").map(decodeSegment);
  if (segments.length > 1 && segments.at(-1) === "") segments.pop();
  const index = (fallback: boolean): StaticFile => ({
    file: path.join(root, "index.html"),
    contentType: CONTENT_TYPES[".html"]!,
    cacheControl: "no-cache",
    fallback,
  });
  if (segments.length === 1 && segments[0] === "") return index(false);
  const file = path.join(root, ...segments);
  const relative = path.relative(root, file);
  if (relative.startsWith("..") || path.isAbsolute(relative)) throw invalidPath(requestPath);
  const name = segments.at(-1)!;
  const extension = path.extname(name).toLowerCase();
  if (isFileInside(root, file)) {
    return {
      file,
      contentType: CONTENT_TYPES[extension] ?? "application/octet-stream",
      cacheControl: HASHED_NAME.test(name) ? "public, max-age=31536000, immutable" : "no-cache",
      fallback: false,
    };
  }
  // A name with an extension asks for a file; anything else is a page of the single-page app.
  if (extension !== "") throw new RestError(GrpcCode.NOT_FOUND, `no explorer file ${requestPath.slice(0, 200)}`);
  return index(true);
}

/** One path segment, decoded; a segment that could step out of the folder or hide a separator is refused. */
function decodeSegment(segment: string): string {
  let decoded: string;
  try {
    decoded = decodeURIComponent(segment);
  } catch {
    throw invalidPath(segment);
  }
  if (decoded === "." || decoded === ".." || /[/\\\0]/.test(decoded) || decoded.startsWith(".")) throw invalidPath(segment);
  return decoded;
}

/** A regular file whose real path (symbolic links followed) is still inside the folder. */
function isFileInside(root: string, file: string): boolean {
  try {
    const real = fs.realpathSync(file);
    const realRoot = fs.realpathSync(root);
    const relative = path.relative(realRoot, real);
    return !relative.startsWith("..") && !path.isAbsolute(relative) && fs.statSync(real).isFile();
  } catch {
    return false;
  }
}

function invalidPath(text: string): RestError {
  return new RestError(GrpcCode.INVALID_ARGUMENT, `invalid explorer path ${JSON.stringify(text.slice(0, 200))}: it may not leave the explorer's folder`);
}
