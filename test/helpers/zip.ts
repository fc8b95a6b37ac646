// Zip archives as no upload of ours makes them: entries with unix modes (a symlink, a FIFO),
// escaping names, sizes that lie. For the tests of the hostile-artifact extraction.

import { deflateRawSync } from "node:zlib";

export interface ZipEntrySpec {
  name: string;
  /** st_mode, type bits included (0o100644 a file, 0o120777 a symlink, 0o010644 a FIFO …). */
  mode: number;
  data?: string | Buffer;
  /** Deflate the data (method 8) instead of storing it. */
  deflate?: boolean;
  /** The uncompressed size the directory claims (default: the real one). */
  claimedSize?: number;
}

/** A zip made "on unix" (version made by 3), so the extractor reads each entry's mode. */
export function makeZip(entries: ZipEntrySpec[]): Buffer {
  const parts: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name);
    const raw = Buffer.from(entry.data ?? "");
    const data = entry.deflate ? deflateRawSync(raw) : raw;
    const size = entry.claimedSize ?? raw.length;
    const method = entry.deflate ? 8 : 0;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE((3 << 8) | 20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(method, 10);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE((entry.mode << 16) >>> 0, 38);
    central.writeUInt32LE(offset, 42);
    parts.push(local, name, data);
    centrals.push(central, name);
    offset += local.length + name.length + data.length;
  }
  const cd = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, cd, end]);
}
