// The demo marketplaces in a process of their own for the bench, so the catalog's numbers do not
// include the demo servers' CPU (in production the marketplaces are someone else's machines).
// Prints one JSON line with what the bench needs, then serves until stdin closes.
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const require = createRequire(path.join(root, 'package.json'));
const { startDemoMarketplaces } = require('@pt/demo-marketplaces');

const demo = await startDemoMarketplaces({ seed: 'bench' });
const sample = (marketplace) => demo.catalog.byMarketplace(marketplace).slice(0, 200);
process.stdout.write(
  `${JSON.stringify({
    env: demo.env,
    ebayUrl: demo.ebayUrl,
    credentials: demo.credentials,
    ebayIds: sample('ebay').map((p) => p.itemId),
    aliexpressIds: sample('aliexpress').map((p) => `aliexpress_${p.key}`),
  })}\n`,
);
process.stdin.resume();
process.stdin.on('end', () => {
  void demo.close().then(() => process.exit(0));
});
