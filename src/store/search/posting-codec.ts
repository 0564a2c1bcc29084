/**
 * A posting of the packed index (DESIGN §17): the entry's time (ms since the epoch), its seq, and
 * its conversation's number (assigned by the indexer, {@link ConversationNumbers}).
 * @internal
 */
export type Posting = [time: number, seq: number, conversation: number];

/** Hit order of postings, oldest first: time, then seq, then conversation number. @internal */
export function comparePostings(left: Posting, right: Posting): number {
  return left[0] - right[0] || left[1] - right[1] || left[2] - right[2];
}

/** The most bytes one posting takes: three varints of up to 53 bits (8 bytes each). */
const MOST_BYTES_PER_POSTING = 24;

/**
 * Encodes postings into one growing buffer, term after term, so a shard record's terms need no
 * array and no copy each (packing a batch's postings took ~0.3 s of its write transaction, §17.9).
 * @internal
 */
export class PostingWriter {
  #bytes = new Uint8Array(4096);
  /** Bytes written since the last {@link PostingWriter.reset}. */
  length = 0;

  reset(): void {
    this.length = 0;
  }

  /** Appends `postings` (sorted oldest first) exactly as {@link encodePostings} encodes them alone. */
  write(postings: readonly Posting[]): void {
    const needed = this.length + postings.length * MOST_BYTES_PER_POSTING;
    if (needed > this.#bytes.length) {
      const grown = new Uint8Array(Math.max(needed, 2 * this.#bytes.length));
      grown.set(this.#bytes.subarray(0, this.length));
      this.#bytes = grown;
    }
    let previous: number | undefined;
    for (const [time, seq, conversation] of postings) {
      this.#varint(previous === undefined ? (time < 0 ? -2 * time - 1 : 2 * time) : time - previous);
      this.#varint(seq);
      this.#varint(conversation);
      previous = time;
    }
  }

  /** A copy of the bytes written (a view would store the whole buffer with it). */
  take(): Uint8Array {
    return this.#bytes.slice(0, this.length);
  }

  #varint(value: number): void {
    const bytes = this.#bytes;
    let at = this.length;
    // Arithmetic above 31 bits: a time in ms needs 41.
    while (value >= 0x80000000) {
      bytes[at++] = (value % 128) + 128;
      value = Math.floor(value / 128);
    }
    while (value >= 128) {
      bytes[at++] = (value & 127) | 128;
      value >>>= 7;
    }
    bytes[at++] = value;
    this.length = at;
  }
}

/**
 * Postings sorted oldest first as bytes: per posting the time as a varint delta from the one
 * before (the first zigzag-encoded, as a time before 1970 is negative), the seq and the
 * conversation number as varints. About 4–6 bytes a posting, against ~180 for a row of 0.2's index.
 * @internal
 */
export function encodePostings(postings: readonly Posting[]): Uint8Array {
  const writer = new PostingWriter();
  writer.write(postings);
  return writer.take();
}

/** The postings of {@link encodePostings}' bytes, oldest first. @internal */
export function decodePostings(data: Uint8Array): Posting[] {
  const postings: Posting[] = [];
  let offset = 0;
  const read = (): number => {
    let value = 0;
    let scale = 1;
    for (;;) {
      const byte = data[offset++]!;
      value += (byte & 127) * scale;
      if (byte < 128) return value;
      scale *= 128;
    }
  };
  let time: number | undefined;
  while (offset < data.length) {
    const value = read();
    time = time === undefined ? (value % 2 === 1 ? -(value + 1) / 2 : value / 2) : time + value;
    postings.push([time, read(), read()]);
  }
  return postings;
}
