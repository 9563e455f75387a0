import { PasswordHasher } from '../../src/services/password-hasher.service';

describe(PasswordHasher.name, () => {
  const sut = new PasswordHasher({ pepper: 'pepper-for-unit-tests-0123456789' });

  it('hashes with argon2id, m=19456 KiB, t=2, p=1, and a fresh salt each time', async () => {
    const a = await sut.hash('correct horse');
    const b = await sut.hash('correct horse');
    expect(a).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(a).not.toBe(b);
    expect(a).not.toContain('correct horse');
  });

  it('verifies the right password and refuses a wrong one', async () => {
    const hash = await sut.hash('correct horse');
    await expect(sut.verify(hash, 'correct horse')).resolves.toBe(true);
    await expect(sut.verify(hash, 'correct horsE')).resolves.toBe(false);
  });

  it('needs the pepper: the same hash does not verify under another pepper', async () => {
    const hash = await sut.hash('correct horse');
    const other = new PasswordHasher({ pepper: 'another-pepper-0123456789abcdef' });
    await expect(other.verify(hash, 'correct horse')).resolves.toBe(false);
  });

  it('answers false, never throws, for a hash it cannot read', async () => {
    await expect(sut.verify('not a hash', 'anything')).resolves.toBe(false);
  });

  it('spends about one verification on the dummy path (no account enumeration by timing)', async () => {
    const hash = await sut.hash('correct horse');
    await sut.verifyDummy('warm-up');
    const time = async (fn: () => Promise<unknown>) => {
      const start = process.hrtime.bigint();
      await fn();
      return Number(process.hrtime.bigint() - start) / 1e6;
    };
    const real = await time(() => sut.verify(hash, 'wrong password'));
    const dummy = await time(() => sut.verifyDummy('wrong password'));
    await expect(sut.verifyDummy('dummy password that never matches anything')).resolves.toBe(false);
    expect(dummy).toBeGreaterThan(real / 3);
  });
});
