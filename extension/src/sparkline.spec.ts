import { sparklinePath } from './sparkline';

describe('extension: the history sparkline', () => {
  it('draws one segment per price, the highest price at the top and the lowest at the bottom', () => {
    const { path } = sparklinePath([10, 20, 15], 100, 20);
    expect(path).toBe('M2.0,18.0 L50.0,2.0 L98.0,10.0');
  });

  it('a flat history is a flat line in the middle', () => {
    expect(sparklinePath([5, 5, 5], 100, 20).path).toBe('M2.0,10.0 L50.0,10.0 L98.0,10.0');
  });

  it.each([[[]], [[7]], [[Number.NaN, 3]]])('fewer than two prices draw nothing: %p', (prices) => {
    expect(sparklinePath(prices).path).toBe('');
  });
});
