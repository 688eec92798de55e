/**
 * Small real audio for transcription tests: a PCM WAV the test writes itself (a 440 Hz tone), and the duration a
 * mock provider reads back from whatever WAV it is sent, so the duration it reports matches the upload.
 */
export function makeWav(seconds: number, sampleRate = 8_000): Buffer {
  const samples = Math.round(seconds * sampleRate);
  const data = Buffer.alloc(samples * 2);
  for (let i = 0; i < samples; i++) data.writeInt16LE(Math.round(8_000 * Math.sin((2 * Math.PI * 440 * i) / sampleRate)), i * 2);
  const header = Buffer.alloc(44);
  header.write("RIFF", 0, "ascii");
  header.writeUInt32LE(36 + data.length, 4);
  header.write("WAVE", 8, "ascii");
  header.write("fmt ", 12, "ascii");
  header.writeUInt32LE(16, 16); // PCM fmt chunk size
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * 2, 28); // byte rate
  header.writeUInt16LE(2, 32); // block align
  header.writeUInt16LE(16, 34); // bits per sample
  header.write("data", 36, "ascii");
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

/** Seconds of audio in a PCM WAV, read from its chunks; undefined when the bytes are not one. */
export function wavSeconds(bytes: Buffer): number | undefined {
  if (bytes.length < 12 || bytes.toString("ascii", 0, 4) !== "RIFF" || bytes.toString("ascii", 8, 12) !== "WAVE") return undefined;
  let byteRate: number | undefined;
  for (let off = 12; off + 8 <= bytes.length; ) {
    const id = bytes.toString("ascii", off, off + 4);
    const size = bytes.readUInt32LE(off + 4);
    if (id === "fmt " && off + 20 <= bytes.length) byteRate = bytes.readUInt32LE(off + 16);
    if (id === "data") return byteRate ? size / byteRate : undefined;
    off += 8 + size + (size % 2);
  }
  return undefined;
}
