import net from 'node:net';

/**
 * `count` consecutive free ports (the distributed runner numbers its services from a base). Below
 * Linux's ephemeral range (32768+), where any outgoing connection may take a port between this
 * probe and the runner's listen; probed on every address, as the servers bind.
 */
export async function freePortRange(count: number): Promise<number> {
  for (let attempt = 0; attempt < 30; attempt++) {
    const base = 21_000 + Math.floor(Math.random() * (11_000 - count));
    const ok = await Promise.all(
      Array.from(
        { length: count },
        (_, i) =>
          new Promise<boolean>((resolve) => {
            const server = net.createServer();
            server.once('error', () => resolve(false));
            server.listen(base + i, () => server.close(() => resolve(true)));
          }),
      ),
    );
    if (ok.every(Boolean)) return base;
  }
  throw new Error('no free port range');
}
