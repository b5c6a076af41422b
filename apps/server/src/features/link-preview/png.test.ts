import { crc32, inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { palettePng } from './png.ts';

/** The chunks of a PNG by type, after checking the signature and every chunk's CRC. */
function chunks(png: Buffer): Map<string, Buffer> {
  expect(png.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
  const found = new Map<string, Buffer>();
  for (let offset = 8; offset < png.length; ) {
    const length = png.readUInt32BE(offset);
    const type = png.toString('ascii', offset + 4, offset + 8);
    const data = png.subarray(offset + 8, offset + 8 + length);
    expect(png.readUInt32BE(offset + 8 + length)).toBe(crc32(png.subarray(offset + 4, offset + 8 + length)));
    found.set(type, data);
    offset += 12 + length;
  }
  return found;
}

function image(width: number, height: number, colour: (x: number, y: number) => number[]) {
  const rgba = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) rgba.set(colour(x, y), (y * width + x) * 4);
  return rgba;
}

describe('palettePng', () => {
  it('writes an 8-bit palette PNG whose rows give back every pixel, kept to 5 bits a channel', async () => {
    const colours = [
      [30, 27, 75, 255],
      [255, 255, 255, 255],
      [251, 191, 36, 255],
    ];
    const rgba = image(7, 3, (x, y) => colours[(x + y) % 3] as number[]);
    const png = (await palettePng(rgba, 7, 3)) as Buffer;
    const found = chunks(png);
    const header = found.get('IHDR') as Buffer;
    expect([header.readUInt32BE(0), header.readUInt32BE(4), header[8], header[9]]).toEqual([7, 3, 8, 3]);
    const palette = found.get('PLTE') as Buffer;
    expect(palette.length).toBe(9);
    const rows = inflateSync(found.get('IDAT') as Buffer);
    expect(rows.length).toBe(3 * (1 + 7));
    expect(found.has('IEND')).toBe(true);
    for (let y = 0; y < 3; y++) {
      expect(rows[y * 8]).toBe(0);
      for (let x = 0; x < 7; x++) {
        const index = rows[y * 8 + 1 + x] as number;
        const shown = [...palette.subarray(index * 3, index * 3 + 3)];
        const wanted = (colours[(x + y) % 3] as number[]).slice(0, 3);
        for (const [channel, value] of shown.entries())
          expect(Math.abs(value - (wanted[channel] as number))).toBeLessThan(8);
      }
    }
    // White stays white.
    expect([...palette.subarray(3, 6)]).toEqual([255, 255, 255]);
  });

  it('gives nothing for pixels that are not opaque or need more than 256 colours', async () => {
    expect(
      await palettePng(
        image(2, 1, () => [0, 0, 0, 128]),
        2,
        1,
      ),
    ).toBeNull();
    expect(
      await palettePng(
        image(300, 1, (x) => [(x % 32) << 3, (x >> 5) << 3, 0, 255]),
        300,
        1,
      ),
    ).toBeNull();
  });
});
