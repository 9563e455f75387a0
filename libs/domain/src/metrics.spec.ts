import { formatErrorRate, formatLatency } from './metrics';

describe('admin dashboard formats', () => {
  it('shows latencies in whole ms, and none ("—") for a window without requests', () => {
    expect(formatLatency(80.25, 3)).toBe('80 ms');
    expect(formatLatency(0.4, 1)).toBe('0 ms');
    expect(formatLatency(0, 0)).toBe('—');
  });

  it('shows an error rate (0..1) as a percentage', () => {
    expect(formatErrorRate(3 / 258)).toBe('1.2%');
    expect(formatErrorRate(0)).toBe('0.0%');
    expect(formatErrorRate(1)).toBe('100.0%');
  });
});
