import zlib from 'node:zlib';
import {
  CHART_COLOURS,
  CHART_HEIGHT,
  CHART_WIDTH,
  historyChartPng,
  historyChartRaster,
} from '../../src/services/email-chart/history-chart';

const DAY = 86_400_000;
const NOW = new Date(Date.UTC(2026, 10, 1, 12));
const daysAgo = (d: number) => new Date(NOW.getTime() - d * DAY);
/** 100 for 80 days, 60 now; the alert's target 70. */
const POINTS = [
  { at: daysAgo(90), price: 100 },
  { at: daysAgo(10), price: 100 },
  { at: daysAgo(0.5), price: 60 },
];

/** The PNG's pixels, decoded by hand (filter 0 rows, RGB), to check the encoder round-trips. */
function decode(png: Buffer): { width: number; height: number; pixel(x: number, y: number): number[] } {
  expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  let offset = 8;
  let width = 0;
  let height = 0;
  const idat: Buffer[] = [];
  while (offset < png.length) {
    const length = png.readUInt32BE(offset);
    const type = png.toString('ascii', offset + 4, offset + 8);
    const data = png.subarray(offset + 8, offset + 8 + length);
    expect(png.readUInt32BE(offset + 8 + length)).toBe(
      zlib.crc32(png.subarray(offset + 4, offset + 8 + length)),
    );
    if (type === 'IHDR') [width, height] = [data.readUInt32BE(0), data.readUInt32BE(4)];
    if (type === 'IDAT') idat.push(data);
    offset += 12 + length;
  }
  const raw = zlib.inflateSync(Buffer.concat(idat));
  return {
    width,
    height,
    pixel: (x, y) => [...raw.subarray(y * (width * 3 + 1) + 1 + x * 3, y * (width * 3 + 1) + 4 + x * 3)],
  };
}

describe('price history chart for emails', () => {
  it('is a small PNG of the chart size that decodes to what was drawn', () => {
    const png = historyChartPng(POINTS, 70, NOW)!;
    expect(png.length).toBeLessThan(8_000);
    const image = decode(png);
    expect([image.width, image.height]).toEqual([CHART_WIDTH, CHART_HEIGHT]);
    const raster = historyChartRaster(POINTS, 70, NOW)!;
    for (const [x, y] of [
      [0, 0],
      [100, 40],
      [CHART_WIDTH - 5, CHART_HEIGHT - 13],
    ] as const) {
      const i = (y * CHART_WIDTH + x) * 3;
      expect(image.pixel(x, y)).toEqual([...raster.pixels.subarray(i, i + 3)]);
    }
  });

  it('draws the old price high on the left, the drop low on the right, the target between', () => {
    const raster = historyChartRaster(POINTS, 70, NOW)!;
    const colourAt = (x: number, y: number) => [
      ...raster.pixels.subarray((y * CHART_WIDTH + x) * 3, (y * CHART_WIDTH + x) * 3 + 3),
    ];
    const rowsOf = (colour: readonly number[], x: number) =>
      Array.from({ length: CHART_HEIGHT }, (_, y) => y).filter(
        (y) => colourAt(x, y).join() === colour.join(),
      );
    const leftLine = rowsOf(CHART_COLOURS.line, 40);
    const rightNow = rowsOf(CHART_COLOURS.now, CHART_WIDTH - 15);
    const target = rowsOf(CHART_COLOURS.target, 20);
    expect(leftLine.length).toBeGreaterThan(0);
    expect(rightNow.length).toBeGreaterThan(0);
    expect(target.length).toBeGreaterThan(0);
    // Screen y grows downwards: 100 above 70 above 60.
    expect(Math.max(...leftLine)).toBeLessThan(Math.min(...target));
    expect(Math.max(...target)).toBeLessThan(Math.min(...rightNow));
  });

  it('draws nothing for fewer than two prices', () => {
    expect(historyChartPng([], 70, NOW)).toBeNull();
    expect(historyChartPng([{ at: daysAgo(1), price: 60 }], 70, NOW)).toBeNull();
  });
});
