import { API_ROUTES } from '@pt/contracts';
import { ANSWERS, checkAnswer, pathFitsRoute } from './api-answers';

describe('the web app reads every answer by its route contract', () => {
  it.each(Object.entries(ANSWERS))(
    '%s is a route of API_ROUTES, checked with its response schema',
    (key, schema) => {
      const [method, path] = key.split(' ');
      const route = API_ROUTES.find((r) => r.method.toUpperCase() === method && r.path === path);
      expect(route).toBeDefined();
      expect(route?.response.schema).toBe(schema);
    },
  );

  it('takes an address as the route it names, and no other', () => {
    expect(pathFitsRoute('GET /api/v1/products/{id}', '/api/v1/products/ebay%3A1?region=us')).toBe(true);
    expect(pathFitsRoute('GET /api/v1/products/{id}', '/api/v1/products/1/related')).toBe(false);
    expect(pathFitsRoute('GET /api/v1/products/{id}/related', '/api/v1/products/1/related?region=us')).toBe(
      true,
    );
    expect(pathFitsRoute('GET /api/v1/search', '/api/v1/search?q=x')).toBe(true);
    expect(pathFitsRoute('GET /api/v1/search', '/api/v1/searches')).toBe(false);
    expect(pathFitsRoute('GET /api/v1/trending', '/api/v1/deals?region=us')).toBe(false);
  });

  it('hands back the answer as the contract reads it, or an error naming the field that differs', () => {
    const answer = {
      countryCode: 'DE',
      countryName: 'Germany',
      region: 'de',
      supported: true,
      source: 'provider',
      extra: 1,
    };
    expect(checkAnswer('GET /api/v1/geo', '/api/v1/geo', answer)).toEqual({
      countryCode: 'DE',
      countryName: 'Germany',
      region: 'de',
      supported: true,
      source: 'provider',
    });
    expect(() => checkAnswer('GET /api/v1/geo', '/api/v1/geo', { ...answer, supported: 'yes' })).toThrow(
      /^The GET \/api\/v1\/geo answer could not be read \(supported: /,
    );
    expect(() => checkAnswer('GET /api/v1/geo', '/api/v1/search?q=x', answer)).toThrow(
      '/api/v1/search?q=x is not an address of GET /api/v1/geo.',
    );
  });
});
