// Shared by the import tests: byte streams cut into chunks of a chosen size, and collecting records.

const encoder = new TextEncoder();

/** The text (or bytes) as a stream of `chunkSize`-byte chunks (1 cuts every UTF-8 sequence apart). */
export async function* chunked(input: string | Uint8Array, chunkSize = 64 * 1024): AsyncGenerator<Uint8Array> {
  const bytes = typeof input === "string" ? encoder.encode(input) : input;
  for (let offset = 0; offset < bytes.length; offset += chunkSize) {
    yield bytes.subarray(offset, offset + chunkSize);
  }
}

/** Like `chunked`, but every chunk is written into the same buffer, as a producer that reuses its buffer would. */
export async function* reusedBuffer(input: string, chunkSize: number): AsyncGenerator<Uint8Array> {
  const bytes = encoder.encode(input);
  const buffer = new Uint8Array(chunkSize);
  for (let offset = 0; offset < bytes.length; offset += chunkSize) {
    const part = bytes.subarray(offset, offset + chunkSize);
    buffer.set(part);
    yield buffer.subarray(0, part.length);
    buffer.fill(0x41); // scribble over it once the consumer asks for more
  }
}

export async function collect<T>(records: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const record of records) out.push(record);
  return out;
}
