import type { AddressInfo } from 'node:net';
import { ConfigError, closeServer, listen, parseConfig, serviceEnvSchema } from '@pt/platform';

/**
 * A process started without HOST listens on loopback only (runServiceProcess,
 * the gateway's main, the embedded host and the pricing worker all listen on `env.HOST`).
 */
describe('listen host (HOST)', () => {
  const boundTo = async (rawEnv: Record<string, string>) => {
    const env = parseConfig(serviceEnvSchema, rawEnv);
    const server = await listen((_req, res) => res.end(), 0, env.HOST);
    try {
      return (server.address() as AddressInfo).address;
    } finally {
      await closeServer(server);
    }
  };

  it('is 127.0.0.1 when HOST is unset or empty', async () => {
    expect(await boundTo({})).toBe('127.0.0.1');
    expect(await boundTo({ HOST: '' })).toBe('127.0.0.1');
  });

  it('is what HOST says (containers set 0.0.0.0)', async () => {
    expect(await boundTo({ HOST: '0.0.0.0' })).toBe('0.0.0.0');
  });

  it('refuses a HOST that is not an address or host name', () => {
    expect(() => parseConfig(serviceEnvSchema, { HOST: 'http://0.0.0.0/' })).toThrow(ConfigError);
  });
});
