import zlib from 'node:zlib';

/** An RGB raster a chart is drawn on: 3 bytes a pixel, rows top to bottom. */
export class Raster {
  readonly pixels: Buffer;

  constructor(
    readonly width: number,
    readonly height: number,
    background: Rgb,
  ) {
    this.pixels = Buffer.alloc(width * height * 3);
    this.fill(0, 0, width, height, background);
  }

  /** The rectangle [x0, x1) × [y0, y1), clipped to the raster. */
  fill(x0: number, y0: number, x1: number, y1: number, [r, g, b]: Rgb): void {
    const left = Math.max(0, Math.floor(Math.min(x0, x1)));
    const right = Math.min(this.width, Math.ceil(Math.max(x0, x1)));
    const top = Math.max(0, Math.floor(Math.min(y0, y1)));
    const bottom = Math.min(this.height, Math.ceil(Math.max(y0, y1)));
    for (let y = top; y < bottom; y++)
      for (let x = left; x < right; x++) {
        const i = (y * this.width + x) * 3;
        this.pixels[i] = r;
        this.pixels[i + 1] = g;
        this.pixels[i + 2] = b;
      }
  }

  /** A filled disc (the latest price's dot). */
  disc(cx: number, cy: number, radius: number, colour: Rgb): void {
    for (let dy = -radius; dy <= radius; dy++) {
      const half = Math.floor(Math.sqrt(radius * radius - dy * dy));
      this.fill(cx - half, cy + dy, cx + half + 1, cy + dy + 1, colour);
    }
  }

  /** The raster as a PNG file (8-bit truecolour, no filter, zlib-compressed). */
  toPng(): Buffer {
    const rowBytes = this.width * 3;
    const raw = Buffer.alloc((rowBytes + 1) * this.height);
    for (let y = 0; y < this.height; y++) {
      raw[y * (rowBytes + 1)] = 0; // filter type None
      this.pixels.copy(raw, y * (rowBytes + 1) + 1, y * rowBytes, (y + 1) * rowBytes);
    }
    const header = Buffer.alloc(13);
    header.writeUInt32BE(this.width, 0);
    header.writeUInt32BE(this.height, 4);
    header.set([8, 2, 0, 0, 0], 8); // bit depth 8, colour type RGB, deflate, no filter, no interlace
    return Buffer.concat([
      PNG_SIGNATURE,
      chunk('IHDR', header),
      chunk('IDAT', zlib.deflateSync(raw, { level: 9 })),
      chunk('IEND', Buffer.alloc(0)),
    ]);
  }
}

export type Rgb = readonly [number, number, number];

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length, 0);
  const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(typed) >>> 0, 0);
  return Buffer.concat([length, typed, crc]);
}
