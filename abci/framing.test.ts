import { test } from "node:test";
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { FrameDecoder, FrameError, encodeFrame } from "./framing.js";

function frames(...payloads: Uint8Array[]): Buffer {
  return Buffer.concat(payloads.map(encodeFrame));
}

test("uvarint header: lengths on both sides of every byte boundary", () => {
  for (const len of [0, 1, 127, 128, 255, 16383, 16384, 2_097_151, 2_097_152]) {
    const payload = Buffer.alloc(len, 7);
    const encoded = encodeFrame(payload);
    const headerLen = encoded.length - len;
    assert.equal(headerLen, len < 128 ? 1 : len < 16384 ? 2 : len < 2_097_152 ? 3 : 4, `header of ${len}`);
    const out = new FrameDecoder().push(encoded);
    assert.equal(out.length, 1);
    assert.equal(out[0]!.length, len);
  }
});

test("many frames coalesced into one chunk come out in order", () => {
  const payloads = Array.from({ length: 50 }, (_, i) => Buffer.from(`message-${i}`.repeat(i + 1)));
  const out = new FrameDecoder().push(frames(...payloads));
  assert.deepEqual(
    out.map((b) => b.toString()),
    payloads.map((b) => b.toString()),
  );
});

test("frames split at every possible byte offset reassemble exactly", () => {
  const payloads = [Buffer.from("a"), Buffer.alloc(300, 1), Buffer.alloc(0), Buffer.from("last")];
  const stream = frames(...payloads);
  for (let cut = 0; cut <= stream.length; cut++) {
    const d = new FrameDecoder();
    const got = [...d.push(stream.subarray(0, cut)), ...d.push(stream.subarray(cut))];
    assert.deepEqual(
      got.map((b) => b.toString("hex")),
      payloads.map((b) => b.toString("hex")),
      `cut at ${cut}`,
    );
    assert.equal(d.pendingBytes, 0);
  }
});

test("a message above 1 MB fed byte-chunk by byte-chunk", () => {
  const big = randomBytes(1_500_000);
  const stream = frames(big, Buffer.from("tail"));
  const d = new FrameDecoder();
  const got: Buffer[] = [];
  for (let i = 0; i < stream.length; i += 65_536) got.push(...d.push(stream.subarray(i, i + 65_536)));
  assert.equal(got.length, 2);
  assert.ok(got[0]!.equals(big));
  assert.equal(got[1]!.toString(), "tail");
});

test("an oversized length is rejected before its payload is buffered", () => {
  const d = new FrameDecoder(1024);
  assert.throws(() => d.push(encodeFrame(Buffer.alloc(1025)).subarray(0, 3)), FrameError);
});

test("an endless varint is rejected", () => {
  const d = new FrameDecoder(Number.MAX_SAFE_INTEGER);
  assert.throws(() => d.push(Buffer.alloc(11, 0x80)), /malformed frame length|exceeds/);
});

test("random garbage never throws anything but FrameError", () => {
  for (let i = 0; i < 2000; i++) {
    const d = new FrameDecoder(1 << 16);
    try {
      d.push(randomBytes(1 + (i % 64)));
    } catch (err) {
      assert.ok(err instanceof FrameError, String(err));
    }
  }
});
