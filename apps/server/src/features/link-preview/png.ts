import { promisify } from 'node:util';
import { crc32, deflate } from 'node:zlib';

const deflateAsync = promisify(deflate);

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const tail = Buffer.alloc(4);
  tail.writeUInt32BE(crc32(data, crc32(head.subarray(4))), 0);
  return Buffer.concat([head, data, tail]);
}

/** A channel kept to 5 bits, spread back over 0–255 (so white stays white). */
const fiveBits = (value: number) => (value & 0xf8) | (value >> 5);

/**
 * Opaque RGBA pixels as an 8-bit palette PNG, each channel kept to 5 bits: a card of a few flat colours,
 * text and a line then takes a third of its RGBA size or less, and looks the same. Null when the pixels are
 * not opaque or need more than 256 colours. The rows are compressed off the main thread (zlib's pool), so
 * other requests are answered meanwhile.
 */
export async function palettePng(rgba: Uint8Array, width: number, height: number): Promise<Buffer | null> {
  const slots = new Int16Array(1 << 15).fill(-1);
  const palette: number[] = [];
  const rows = Buffer.alloc(height * (width + 1));
  for (let y = 0; y < height; y++) {
    const row = y * (width + 1);
    rows[row] = 0; // no filter: the usual choice for palette images
    for (let x = 0; x < width; x++) {
      const at = (y * width + x) * 4;
      if (rgba[at + 3] !== 255) return null;
      const key =
        (((rgba[at] as number) >> 3) << 10) |
        (((rgba[at + 1] as number) >> 3) << 5) |
        ((rgba[at + 2] as number) >> 3);
      let slot = slots[key] as number;
      if (slot < 0) {
        if (palette.length === 256) return null;
        slot = palette.length;
        slots[key] = slot;
        palette.push(key);
      }
      rows[row + 1 + x] = slot;
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bits per index
  header[9] = 3; // palette colour
  const colours = Buffer.alloc(palette.length * 3);
  palette.forEach((key, index) => {
    colours[index * 3] = fiveBits((key >> 10) << 3);
    colours[index * 3 + 1] = fiveBits(((key >> 5) & 31) << 3);
    colours[index * 3 + 2] = fiveBits((key & 31) << 3);
  });
  return Buffer.concat([
    SIGNATURE,
    chunk('IHDR', header),
    chunk('PLTE', colours),
    chunk('IDAT', await deflateAsync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
