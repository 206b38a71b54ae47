// RFC 5734 §4 data units: a 32-bit big-endian total length that counts its own 4 bytes, then the
// UTF-8 XML instance. TCP delivers them in arbitrary chunks, so the decoder buffers until a whole
// unit is there, and refuses a header that announces more than the maximum before reading any of it
// (a peer, or a stray non-EPP service, must not make us allocate 2 GB).

export const HEADER_BYTES = 4;
/** The largest data unit accepted unless the caller says otherwise: EPP answers are kilobytes. */
export const DEFAULT_MAX_FRAME_BYTES = 4 * 1024 * 1024;

export class FrameError extends Error {
  override name = "FrameError";
}

/** One data unit for `xml`: the header (total length, header included) then the UTF-8 bytes. */
export function encodeFrame(xml: string): Buffer {
  const body = Buffer.from(xml, "utf8");
  const frame = Buffer.allocUnsafe(HEADER_BYTES + body.length);
  frame.writeUInt32BE(HEADER_BYTES + body.length, 0);
  body.copy(frame, HEADER_BYTES);
  return frame;
}

/**
 * Streaming decoder: `push(chunk)` returns the XML of every data unit the chunk completed (none, one
 * or several). A bad header or bytes that are not UTF-8 throw `FrameError`, after which the
 * decoder stays failed: the stream is out of step and the connection must be closed.
 */
export class FrameDecoder {
  readonly maxFrameBytes: number;
  private chunks: Buffer[] = [];
  private buffered = 0;
  /** The total length announced by the current unit's header, once its 4 bytes are in. */
  private expected: number | null = null;
  private failed: FrameError | null = null;
  // fatal: a unit that is not UTF-8 is not an EPP instance; replacing bytes would hide it.
  private readonly utf8 = new TextDecoder("utf-8", { fatal: true });

  constructor(options: { maxFrameBytes?: number } = {}) {
    this.maxFrameBytes = options.maxFrameBytes ?? DEFAULT_MAX_FRAME_BYTES;
  }

  /** Bytes held for a unit not yet complete. */
  get pendingBytes(): number {
    return this.buffered;
  }

  push(chunk: Uint8Array): string[] {
    if (this.failed) throw this.failed;
    if (chunk.length > 0) {
      this.chunks.push(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.length));
      this.buffered += chunk.length;
    }
    const frames: string[] = [];
    for (;;) {
      if (this.expected === null) {
        if (this.buffered < HEADER_BYTES) break;
        const length = this.take(HEADER_BYTES).readUInt32BE(0);
        if (length < HEADER_BYTES + 1 || length > this.maxFrameBytes) {
          this.failed = new FrameError(
            length > this.maxFrameBytes
              ? `data unit of ${length} bytes announced, over the ${this.maxFrameBytes}-byte maximum`
              : `data unit of ${length} bytes announced: not an EPP data unit`,
          );
          this.chunks = [];
          this.buffered = 0;
          throw this.failed;
        }
        this.expected = length - HEADER_BYTES;
      }
      if (this.buffered < this.expected) break;
      const body = this.take(this.expected);
      this.expected = null;
      try {
        frames.push(this.utf8.decode(body));
      } catch {
        this.failed = new FrameError("data unit is not UTF-8");
        this.chunks = [];
        this.buffered = 0;
        throw this.failed;
      }
    }
    return frames;
  }

  /** Removes and returns the first `n` buffered bytes (the caller checked they are there). */
  private take(n: number): Buffer {
    const first = this.chunks[0];
    if (first && first.length >= n) {
      // The common case (a unit within one chunk): no copy.
      const head = first.subarray(0, n);
      if (first.length === n) this.chunks.shift();
      else this.chunks[0] = first.subarray(n);
      this.buffered -= n;
      return head;
    }
    const all = Buffer.concat(this.chunks, this.buffered);
    const head = all.subarray(0, n);
    const rest = all.subarray(n);
    this.chunks = rest.length > 0 ? [rest] : [];
    this.buffered -= n;
    return head;
  }
}
