import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { platformSchemaTypesOf, schemaTypesOf, TYPED_SERVICES } from '@pt/testing';

const root = path.join(__dirname, '..', '..', '..');

describe('generated schema types', () => {
  it.each(TYPED_SERVICES)(
    "%s: the committed schema.ts is what the service's migrations produce (node scripts/db-types.mjs)",
    async (service) => {
      const { generated, committed } = await schemaTypesOf(root, service);
      expect(committed).toBe(generated);
    },
    60_000,
  );

  it("the platform's outbox tables: the committed outbox-schema.ts is what ensureOutboxTables creates", async () => {
    const { generated, committed } = await platformSchemaTypesOf(root);
    expect(committed).toBe(generated);
  }, 60_000);

  it('notices a column a migration adds that the committed types lack', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'migrations-'));
    try {
      fs.cpSync(path.join(root, 'services', 'pricing', 'migrations'), dir, { recursive: true });
      fs.writeFileSync(
        path.join(dir, '999_drift.sql'),
        'ALTER TABLE pricing.current_prices ADD COLUMN drifted text;',
      );
      const { generated, committed } = await schemaTypesOf(root, 'pricing', dir);
      expect(generated).toContain('  drifted: string | null;');
      expect(committed).not.toBe(generated);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
