// Free ports for the runner and the benches. Picked below Linux's ephemeral range (32768+): a port
// the OS hands out with listen(0) or to an outgoing connection can be taken by any client socket
// (a database pool, a Kafka client) between this probe and the server's listen, and then stays
// taken for as long as that connection lives.
import net from 'node:net';

const LOW = 21_000;
const EPHEMERAL = 32_768;

function canListen(port) {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, () => server.close(() => resolve(true)));
  });
}

/** `count` consecutive ports nothing listens on now (the runner numbers its services from a base). */
export async function freePortRange(count, attempts = 30) {
  for (let attempt = 0; attempt < attempts; attempt++) {
    const base = LOW + Math.floor(Math.random() * (EPHEMERAL - LOW - count));
    const ok = await Promise.all(Array.from({ length: count }, (_, i) => canListen(base + i)));
    if (ok.every(Boolean)) return base;
  }
  throw new Error(`no run of ${count} free ports below ${EPHEMERAL}`);
}

/** One port nothing listens on now, for a replica of its own. */
export const freePort = () => freePortRange(1);

/** Whether `count` ports from `base` are all free (a base the operator chose). */
export async function portsFree(base, count) {
  const ok = await Promise.all(Array.from({ length: count }, (_, i) => canListen(base + i)));
  return ok.every(Boolean);
}
