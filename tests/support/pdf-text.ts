import { inflateSync } from 'node:zlib';

/** The text a pdfkit document shows: its content streams inflated, the hex strings of each TJ decoded. */
export function pdfText(bytes: Buffer): string {
  const raw = bytes.toString('latin1');
  let out = '';
  for (const m of raw.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    // The data may itself end in a carriage return that the pattern's optional \r took: try it both ways.
    let content: string | undefined;
    for (const data of [m[1], `${m[1]}\r`]) {
      try {
        content = inflateSync(Buffer.from(data!, 'latin1')).toString('latin1');
        break;
      } catch {
        // not this one
      }
    }
    if (content === undefined) continue;
    for (const tj of content.matchAll(/\[([^\]]*)\]\s*TJ/g)) {
      out += [...tj[1]!.matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => Buffer.from(h[1]!, 'hex').toString('latin1')).join('') + '\n';
    }
  }
  return out;
}
