// The runner's balancer for a service run as several replicas (`--replicas`): the service's one
// address, in front of replicas on ports of their own, so a replica can come and go while the
// gateway and the other services keep the URL they were started with.
import net from 'node:net';

/**
 * A TCP round-robin balancer. Each connection goes to the next replica in rotation; one that
 * refuses (crashed, restarting) is skipped for the next. With none accepting, the connection is
 * reset, which the gateway answers as an unreachable service (503 with Retry-After).
 * `setTargets` changes the rotation for new connections only: one open to a replica taken out
 * stays until either end closes it, as the replica's drain does on its graceful stop.
 */
export function createBalancer() {
  let targets = [];
  let next = 0;
  const server = net.createServer((client) => {
    client.pause();
    client.on('error', () => undefined);
    const order = targets.map((_, i) => targets[(next + i) % targets.length]);
    next = targets.length > 0 ? (next + 1) % targets.length : 0;
    const attempt = (i) => {
      if (client.destroyed) return;
      if (i >= order.length) {
        client.resetAndDestroy();
        return;
      }
      const upstream = net.connect(order[i], '127.0.0.1');
      const refused = () => attempt(i + 1);
      upstream.once('error', refused);
      upstream.once('connect', () => {
        upstream.off('error', refused);
        upstream.on('error', () => client.destroy());
        client.on('error', () => upstream.destroy());
        client.on('close', () => upstream.destroy());
        upstream.on('close', (hadError) => hadError && client.destroy());
        client.pipe(upstream);
        upstream.pipe(client);
        client.resume();
      });
    };
    attempt(0);
  });
  return {
    server,
    /** The replicas' ports in rotation. */
    setTargets(ports) {
      targets = [...ports];
    },
    listen(port, host) {
      return new Promise((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, host, () => {
          server.off('error', reject);
          resolve();
        });
      });
    },
  };
}
